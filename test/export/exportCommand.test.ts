// "Export Records" as the user meets it: the save dialog, progress counted in records with cancel, and one
// message per outcome.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runExportCommand } from '../../src/export/exportCommand';
import { formatMessage } from '../../src/platform/translate';
import { useFakeItems, type FakeItemsServer } from './fakeItemsServer';
import { ScriptedUi } from '../platform/scriptedUi';

class SavingUi extends ScriptedUi {
  saveAnswer: string | undefined;
  override async saveFile(options?: { title: string; defaultName: string }): Promise<string | undefined> {
    this.transcript.push(`save: ${options?.title} (${options?.defaultName})`);
    return this.saveAnswer;
  }
}

let fake: FakeItemsServer;
let dir: string;
let ui: SavingUi;

useFakeItems(1200, 'datocms-export-command-', (bench) => {
  ({ fake, dir } = bench);
  ui = new SavingUi();
  ui.saveAnswer = join(dir, 'article.json');
});

const exportArticles = () =>
  runExportCommand(ui, formatMessage, { client: fake.client(), modelId: 'model', label: 'Article', defaultName: 'article.json' });

describe('the Export Records command', () => {
  test('exports with progress in records, then says how many and where, with Open File', async () => {
    // (ScriptedUi records info messages without choosing an action)
    await exportArticles();
    assert.deepEqual(ui.transcript, [
      'save: Export records of Article (article.json)',
      `info: Exported 1,200 records to ${join(dir, 'article.json')}.`,
    ]);
    assert.deepEqual(ui.progressTitles, ['Exporting Article']);
    assert.deepEqual(ui.progressMessages.slice(0, 3), ['100 of 1,200 records', '200 of 1,200 records', '300 of 1,200 records']);
    assert.equal(ui.progressMessages.at(-1), '1,200 of 1,200 records');
    assert.equal((JSON.parse(await readFile(join(dir, 'article.json'), 'utf8')) as unknown[]).length, 1200);
  });

  test('dismissing the save dialog does nothing', async () => {
    ui.saveAnswer = undefined;
    await exportArticles();
    assert.equal(fake.requests.length, 0);
    assert.deepEqual(await readdir(dir), []);
  });

  test('cancelling says so, and names the file that was not written', async () => {
    ui.cancelProgressWhen = (message) => Number(message.split(' ')[0]?.replace(',', '')) >= 400;
    await exportArticles();
    assert.deepEqual(ui.transcript.slice(1), [`info: Export of Article cancelled; nothing was written to ${join(dir, 'article.json')}.`]);
    assert.deepEqual(await readdir(dir), []);
    // the five pages up to the 400th record, and at most the three in flight then
    assert.ok(fake.requests.length <= 8, `stopped early (${fake.requests.length} requests)`);
  });

  test('a failure tells why and that the file was not changed', async () => {
    fake.beforePage = ({ offset }) => (offset > 0 ? { ids: [] } : undefined);
    await assert.rejects(exportArticles(), (error: Error) => {
      assert.match(
        error.message,
        /^DatoCMS ended the page at offset 95 after 0 records although it announced 1,200\. .* .*article\.json was not changed\.$/,
      );
      return true;
    });
    assert.deepEqual(await readdir(dir), []);
  });

  test('a second export to the file being written is refused with what to do, the first goes on', async () => {
    const outcomes = await Promise.allSettled([exportArticles(), exportArticles()]);
    // whichever reaches the file first writes it
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    assert.equal(refused.length, 1, 'one export refused, the other done');
    assert.equal(
      refused[0]!.reason.message,
      `Another write to ${join(dir, 'article.json')} is already running. Wait for it to finish (or cancel it), then try again.`,
    );
    assert.equal((JSON.parse(await readFile(join(dir, 'article.json'), 'utf8')) as unknown[]).length, 1200);
  });

  test('records deleted while exporting: a warning names them, and Open File opens the export', async () => {
    fake.beforePage = ({ number }) => {
      if (number === 4) fake.records = fake.records.filter((r) => r.id !== 'r00007');
    };
    ui.answers.push((_message, actions) => actions[0]);
    await exportArticles();
    assert.equal(
      ui.transcript[1],
      `warn: Exported 1,200 records to ${join(dir, 'article.json')}. DatoCMS counted 1,200 records for this export when it started and 1,199 when it ended. 1 deleted on DatoCMS while exporting (the file has them as they were): r00007. [Open File]`,
    );
    assert.ok(ui.progressMessages.some((m) => /^Checking for changes made meanwhile: [\d,]+ of 1,199 records$/.test(m)));
    assert.deepEqual(ui.shownFiles, [join(dir, 'article.json')]);
  });
});
