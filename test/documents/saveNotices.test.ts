// What a save shows, as the user reads it: a success's status bar message, a refusal's one notification (its
// reason, its buttons, the action a button stands for), a failed save's actions offered again, and the progress
// of a save that runs as a job, whose Cancel stops the wait. The results are real saves against the emulator,
// told the way the save path tells them (SaveFlow, SaveCommands): through SaveNotices and a scripted Ui.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CancelledError } from '../../src/cma';
import type { OpenedDocument, SaveResult } from '../../src/documents/documentService';
import { SaveNotices } from '../../src/documents/saveNotices';
import { describeRefusal } from '../../src/documents/saveOutcome';
import type { DocumentRef } from '../../src/domain/paths';
import { formatMessage as t } from '../../src/platform/translate';
import { ScriptedUi } from '../platform/scriptedUi';
import { basis, edit, expectStatus, parse, recordRef, useDocumentService, where } from './documentServiceHelpers';

const bench = useDocumentService();

function told() {
  const ui = new ScriptedUi();
  return { ui, notices: new SaveNotices(ui, t) };
}

/** A save as the save path sends it: inside the notices' progress, with its job callback and signal. */
function save(notices: SaveNotices, text: string, opened: OpenedDocument, overwrite?: OpenedDocument): Promise<SaveResult> {
  return notices.saving(opened.ref, overwrite !== undefined, (onJob, signal) =>
    bench.service.save(text, basis(opened), { onJob, signal, ...(overwrite ? { overwrite } : {}) }),
  );
}

/** A record opened, and the user's new English title typed into it. */
async function retitled(title: string) {
  const [id] = await bench.articleIds(1);
  const opened = await bench.service.open(recordRef(id!));
  const text = edit(opened.text, (doc) => {
    (doc['title'] as Record<string, unknown>)['en'] = title;
  });
  return { id: id!, opened, text };
}

describe('what a save shows', () => {
  test('a saved record: the status bar names the key sent and where, for 5 seconds, after progress in the status bar', async () => {
    const { ui, notices } = told();
    const { id, opened, text } = await retitled('Told in the status bar');
    const saved = expectStatus(await save(notices, text, opened), 'saved');
    notices.saved(opened.ref, saved);
    assert.deepEqual(ui.progress, [{ location: 'window', title: `Saving the record ${id} of article to DatoCMS…` }]);
    assert.deepEqual(ui.statuses, [{ message: '$(check) "title" saved to emulated-bistro · main', ms: 5000 }]);
    assert.deepEqual(ui.transcript, ['status: $(check) "title" saved to emulated-bistro · main'], 'no notification, no question');
  });

  test('nothing changed: a shorter status bar message says so', async () => {
    const { ui, notices } = told();
    const opened = await bench.service.open({ ...where, kind: 'model', apiKey: 'category' });
    expectStatus(await save(notices, opened.text, opened), 'unchanged');
    notices.unchanged();
    assert.deepEqual(ui.statuses, [{ message: '$(check) No changes to save to DatoCMS', ms: 4000 }]);
  });

  test("a colleague's change: one warning that says why, offering Compare, Overwrite and Revert; Overwrite then saves", async () => {
    const { ui, notices } = told();
    const { id, opened, text } = await retitled('Mine');
    await bench.client.items.update(id, { data: { type: 'item', id, attributes: { excerpt: { en: 'Theirs', it: 'Loro' } } } });
    const conflict = expectStatus(await save(notices, text, opened), 'conflict');
    ui.answers.push((_message, actions) => actions.find((a) => a === 'Overwrite'));
    const chosen = await notices.refused(describeRefusal(t, opened.ref, conflict, '', false));
    assert.equal(chosen, 'overwrite');
    assert.deepEqual(ui.transcript, [
      `warn: DatoCMS has a newer version of the record ${id} of article: it changed since you opened it. Nothing was saved and your text is kept. ` +
        'Your changes and the newer ones touch different values: Overwrite sends yours and keeps theirs. Or compare, or revert. [Compare, Overwrite, Revert]',
    ]);
    const saved = expectStatus(await save(notices, text, opened, conflict.remote), 'saved');
    notices.saved(opened.ref, saved);
    assert.equal(ui.progressTitles.at(-1), `Overwriting the record ${id} of article on DatoCMS…`);
    assert.equal(ui.statuses.at(-1)?.message, '$(check) "title" saved to emulated-bistro · main');
    assert.deepEqual(parse(saved.document.text)['excerpt'], { en: 'Theirs', it: 'Loro' }, "the colleague's change stays");
  });

  test('a colleague changed the same value: the warning names it; Compare is the action its button stands for', async () => {
    const { ui, notices } = told();
    const { id, opened, text } = await retitled('Mine, the same value');
    await bench.client.items.update(id, { data: { type: 'item', id, attributes: { title: { en: 'Theirs', it: 'Loro' } } } });
    const conflict = expectStatus(await save(notices, text, opened), 'conflict');
    ui.answers.push(() => 'Compare');
    assert.equal(await notices.refused(describeRefusal(t, opened.ref, conflict, '', false)), 'compare');
    assert.deepEqual(ui.transcript, [
      `warn: DatoCMS has a newer version of the record ${id} of article: it changed since you opened it. Nothing was saved and your text is kept. ` +
        'Both you and DatoCMS changed title (en): Overwrite replaces that with yours and keeps their other changes. Or compare, or revert. ' +
        '[Compare, Overwrite, Revert]',
    ]);
  });

  test('DatoCMS refuses the change (422): one error with its reason, offering Show Problems, Revert and Show Log', async () => {
    const { ui, notices } = told();
    const [first, second] = await bench.articleIds(2);
    const taken = parse((await bench.service.open(recordRef(second!))).text)['slug'];
    const opened = await bench.service.open(recordRef(first!));
    const invalid = expectStatus(
      await save(
        notices,
        edit(opened.text, (doc) => void (doc['slug'] = taken)),
        opened,
      ),
      'invalid',
    );
    const reason = invalid.problems[0]!.message;
    ui.answers.push(() => undefined);
    assert.equal(await notices.refused(describeRefusal(t, opened.ref, invalid, '', false)), undefined, 'dismissed: no action');
    assert.deepEqual(ui.transcript, [
      `error: DatoCMS refused the change to the record ${first} of article: ${reason}. Nothing was saved; your text is kept. ` +
        'Fix it and save again. [Show Problems, Revert, Show Log]',
    ]);
    assert.match(reason, /slug/i, 'the reason is the one DatoCMS gave');
  });

  test('a schema change the primary guard declined: a warning that says so, with nothing to click', async () => {
    const { ui, notices } = told();
    const model: DocumentRef = { ...where, kind: 'model', apiKey: 'category' };
    ui.answers.push(() => undefined);
    await notices.refused(describeRefusal(t, model, { status: 'declined', reason: 'guard' }, '', false));
    assert.deepEqual(ui.transcript, [
      'warn: The model category was not saved: changing the schema of the primary environment "main" was not confirmed. ' +
        'Your changes are still in the editor. []',
    ]);
  });

  test('a model update runs as a job: a notification with Cancel says it waits; Cancel stops the save', async () => {
    const { ui, notices } = told();
    const opened = await bench.service.open({ ...where, kind: 'model', apiKey: 'category' });
    const text = edit(opened.text, (doc) => void (doc['hint'] = 'Cancelled while it waits'));
    ui.cancelProgressWhen = (message) => message.startsWith('waiting for DatoCMS');
    const failed = expectStatus(await save(notices, text, opened), 'failed');
    assert.ok(failed.error instanceof CancelledError, `cancelled, not ${String(failed.error)}`);
    assert.deepEqual(
      ui.progress.map((p) => [p.location ?? 'notification', p.title, p.cancellable ?? false]),
      [
        ['window', 'Saving the model category to DatoCMS…', false],
        ['notification', 'Saving the model category to DatoCMS…', true],
      ],
    );
    assert.match(ui.progressMessages[0]!, /^waiting for DatoCMS to apply the change \(job .+\)$/);
  });

  test("a failed save's actions, offered again from the status bar: a pick titled with its message", async () => {
    const { ui, notices } = told();
    const ref = recordRef('42');
    ui.picks.push((labels) => labels[2]);
    const action = await notices.offerActions({
      ref,
      message: 'DatoCMS has a newer version…',
      actions: ['compare', 'overwrite', 'revert'],
    });
    assert.equal(action, 'revert');
    assert.deepEqual(ui.pickOptions, [{ title: 'DatoCMS has a newer version…', placeholder: 'What do you want to do?' }]);
    assert.deepEqual(ui.transcript, ['pick: DatoCMS has a newer version…']);
  });

  test("the save command's hints: a comparison copy, nothing to overwrite, no DatoCMS document", () => {
    const { ui, notices } = told();
    ui.answers.push(() => undefined);
    notices.comparisonCopy();
    notices.nothingToOverwrite(recordRef('42'));
    notices.notADocument();
    assert.deepEqual(ui.transcript, [
      'info: This is a copy from another environment, shown for comparison: it is not saved.',
      'info: The record 42 of article has no unsaved changes to send.',
      'warn: Open a DatoCMS document (a datocms: editor) first. []',
    ]);
  });
});
