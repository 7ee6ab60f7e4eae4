// Untrusted workspaces: saving to DatoCMS asks first (modal); refusing keeps the text in the editor.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { maySaveToDatoCms, notConfirmedMessage, type WorkspaceTrust } from '../../src/documents/trust';
import { formatMessage } from '../../src/ui/translate';

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
    assert.match(notConfirmedMessage(formatMessage, 'webhook 7'), /^The webhook 7 was not saved: this workspace is not trusted.*Your changes are still in the editor\.$/);
  });

  test('the documents feature asks before every save (the gate sits in front of the service call)', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const source = readFileSync(join(__dirname, '..', '..', 'src', 'documents', 'datoDocuments.ts'), 'utf8');
    const gate = source.indexOf('maySaveToDatoCms(this.trust');
    const send = source.indexOf('this.service.save(');
    assert.ok(gate > 0 && send > gate, 'maySaveToDatoCms runs before DocumentService.save in DatoDocuments.save');
    assert.match(source, /isTrusted: \(\) => vscode\.workspace\.isTrusted/);
    assert.match(source, /showWarningMessage\(message, \{ modal: true, detail \}, action\)/);
  });
});
