// Untrusted workspaces: saving to DatoCMS asks first (modal); refusing keeps the text in the editor.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CmaClient, closeAllDispatchers } from '../../src/cma';
import { DocumentService } from '../../src/documents/documentService';
import { ProjectData } from '../../src/projects/projectData';
import { startEmulator } from '../emulator';
import { maySaveToDatoCms, notConfirmedMessage, type WorkspaceTrust } from '../../src/documents/trust';
import { formatMessage } from '../../src/platform/translate';

function trust(trusted: boolean, answer: boolean) {
  const asked: { message: string; detail: string; action: string }[] = [];
  const gate: WorkspaceTrust = {
    isTrusted: () => trusted,
    confirm: async (message, detail, action) => {
      asked.push({ message, detail, action });
      return answer;
    },
  };
  return { gate, asked };
}

describe('saving in an untrusted workspace', () => {
  test('a trusted workspace saves without asking', async () => {
    const { gate, asked } = trust(true, false);
    assert.equal(await maySaveToDatoCms(gate, formatMessage, 'record 12 of article'), true);
    assert.deepEqual(asked, []);
  });

  test('an untrusted workspace asks, naming the document and the token, and saves only when confirmed', async () => {
    const yes = trust(false, true);
    assert.equal(await maySaveToDatoCms(yes.gate, formatMessage, 'webhook 7'), true);
    assert.equal(yes.asked.length, 1);
    assert.equal(yes.asked[0]?.message, 'Save the webhook 7 to DatoCMS?');
    assert.match(yes.asked[0]?.detail ?? '', /not trusted.*API token/);
    assert.equal(yes.asked[0]?.action, 'Save to DatoCMS');

    const no = trust(false, false);
    assert.equal(await maySaveToDatoCms(no.gate, formatMessage, 'webhook 7'), false);
    assert.match(
      notConfirmedMessage(formatMessage, 'webhook 7'),
      /^The webhook 7 was not saved: this workspace is not trusted.*Your changes are still in the editor\.$/,
    );
  });

  test('a save asks only when it has something to send, and a declined save sends nothing', async () => {
    const emulator = await startEmulator({ records: 3 });
    try {
      const data = new ProjectData(new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url, retry: { maxAttempts: 1 } }));
      const service = new DocumentService(async () => data);
      const opened = await service.open({ project: 'emulated-bistro', environment: 'main', kind: 'model', apiKey: 'author' });
      let asked = 0;
      const decline = async () => (asked++, false);
      assert.equal((await service.save(opened.text, { opened, basisText: opened.text }, { confirm: decline })).status, 'unchanged');
      assert.equal(asked, 0, 'nothing to send: nothing to ask');
      const edited = `${JSON.stringify({ ...JSON.parse(opened.text), hint: 'Typed in an untrusted folder' }, null, 2)}\n`;
      emulator.clearRequests();
      assert.equal((await service.save(edited, { opened, basisText: opened.text }, { confirm: decline })).status, 'declined');
      assert.equal(asked, 1);
      assert.deepEqual(
        emulator.requests.filter((r) => r.method !== 'GET'),
        [],
        'declined: no write reaches DatoCMS',
      );
    } finally {
      await emulator.close();
      await closeAllDispatchers();
    }
  });
});
