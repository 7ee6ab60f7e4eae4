// The three first-rule failures a new user hit in an hour, each as the user met it: a runaway request loop after the
// primary's guard, Publish (and bulk Publish, bulk Delete) of a record open in an editor, and an Overwrite that reverted
// a colleague's other locale.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import { stopAskingSchemaChanges } from '../../../src/projects/primaryGuard';
import {
  answerConfirmations,
  clearRequests,
  clickButton,
  closeEditors,
  cma,
  cmaJob,
  describeRequests,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  requests,
  restoreConfirmations,
  runWithInputs,
  settledToasts,
  tabIsDirty,
  toasts,
  waitFor,
  writes,
} from './helpers';
import { editJson, MAIN, openEditor, pressSave, recordIdOf, recordUri, waitForClean } from './editing';
import { recordsOf } from './treeKit';
import type { RecordNode } from '../../../src/tree';

const statusOf = async (id: string) => (await cma('GET', `/items/${id}`)).data.meta.status as string;
const tabOpen = (uri: vscode.Uri) =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString());

const GENERIC = /Failed to save|Unable to write|FileSystemError|NoPermissions|Cannot read properties|is not a function|TypeError/i;

/** Waits until no request reached the emulator for a while; fails when more than `budget` arrived meanwhile. */
async function quietAfter(budget: number, what: string): Promise<void> {
  const start = (await requests()).length;
  let last = start;
  let quietPolls = 0;
  await waitFor(
    async () => {
      const now = (await requests()).length;
      assert.ok(now - start <= budget, `${what}: ${now - start} requests nobody asked for`);
      quietPolls = now === last ? quietPolls + 1 : 0;
      last = now;
      return quietPolls >= 12;
    },
    60_000,
    `${what} to go quiet`,
  );
}

describe('trust: the three breakers', () => {
  before(ensureSignedIn);
  afterEach(async () => {
    await restoreConfirmations();
    await closeEditors();
  });

  it('a field save in the primary, declined ("Don\'t Change") and then accepted, leaves no request loop behind', async function () {
    this.timeout(120_000);
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('datocms.resetSchemaGuard');
    try {
      const uri = documentUri({ ...MAIN, kind: 'field', modelApiKey: 'author', apiKey: 'role' });
      const editor = await openEditor(uri);
      const hint = `Loop-free ${Date.now()}`;
      await editJson(editor.document, (json) => (json.hint = hint));
      await dismissToasts();
      const declined = await answerConfirmations(undefined);
      await clearRequests();
      await pressSave(editor);
      await waitFor(() => declined.length === 1, 15_000, 'the guard to ask');
      await waitFor(async () => (await toasts()).length > 0, 15_000, 'the refusal');
      assert.deepEqual(await writes(), [], 'declined: nothing was written');
      assert.ok(tabIsDirty(uri), 'the edit is kept');

      await dismissToasts();
      const accepted = await answerConfirmations('Change Schema');
      await pressSave(editor);
      await waitForClean(uri, 30_000);
      assert.equal(accepted.length, 1);
      const puts = await writes();
      assert.equal(puts.length, 1, describeRequests(puts));
      await quietAfter(10, 'after the accepted save');
      assert.equal((await toasts()).filter((t) => GENERIC.test(t.message)).length, 0);
    } finally {
      await stopAskingSchemaChanges(registry.store.state, MAIN.project);
    }
  });

  it('a DatoCMS document opened for a moment by the workbench (no editor) is read once, with no loop and no error', async function () {
    this.timeout(90_000);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const uri = documentUri({ ...MAIN, kind: 'model', apiKey: 'author' });
    await clearRequests();
    // Something resolves the document for a moment and lets it go (a hover's preview, a peek, another extension):
    // here the workbench's own language change, which loads a document that is not open and releases it at once.
    await vscode.languages.setTextDocumentLanguage({ uri } as vscode.TextDocument, 'datocms-json').then(
      () => undefined,
      () => undefined,
    );
    await quietAfter(8, 'after a passing look at models/author.json');
    const reads = (await requests()).filter((r) => r.path.startsWith('/item-types/author'));
    assert.ok(reads.length <= 2, `read once: ${describeRequests(await requests())}`);
  });

  it('documents of an environment deleted meanwhile, opened one after another: one message and at most four requests in all', async function () {
    this.timeout(120_000);
    const name = `gone-${Date.now().toString(36)}`;
    await cmaJob('POST', '/environments/main/fork', { data: { type: 'environment', id: name } });
    const uris = [recordUri(await recordIdOf('article', 0), name), recordUri(await recordIdOf('article', 1), name)];
    await cmaJob('DELETE', `/environments/${name}`);
    await dismissToasts();
    await clearRequests();
    // as editors restored after a reload read their documents, one after another
    for (const uri of uris)
      await vscode.workspace.openTextDocument(uri).then(
        () => assert.fail(`${uri.toString()} opened from a deleted environment`),
        () => undefined,
      );
    await quietAfter(8, 'after opening documents of a deleted environment');
    const sent = await requests();
    // the environments, read again for the missing name, and the first document's reads (its schema and record)
    assert.ok(sent.length <= 4, `at most four requests: ${describeRequests(sent)}`);
    const told = (await toasts()).filter((t) => t.message.includes(`"${name}"`) || t.message.includes('does not exist'));
    assert.equal(told.length, 1, `one message: ${JSON.stringify(await toasts())}`);
    assert.doesNotMatch(told[0]!.message, GENERIC);
  });

  it('Publish, Unpublish, bulk Publish and bulk Delete with the record open in an editor: no error; editor and tree follow', async function () {
    this.timeout(150_000);
    const records = await recordsOf('dish');
    const { model, ui } = await extensionApi();
    await model.refresh(records);
    const nodes = (await model.children(records)).filter((n): n is RecordNode => n.kind === 'record').slice(0, 3);
    assert.equal(nodes.length, 3, 'three dishes on the first page');
    for (const node of nodes) if (node.record.meta['status'] !== 'draft') await cma('PUT', `/items/${node.record.id}/unpublish`);
    const [first, ...others] = nodes as [RecordNode, ...RecordNode[]];
    const id = first.record.id;
    const uri = documentUri(first.ref);
    const editor = await openEditor(uri);
    const statusShown = () => JSON.parse(editor.document.getText()).$readonly?.meta?.status as string | undefined;
    const noErrors = async (after: string) => {
      const shown = await toasts();
      assert.deepEqual(
        shown.filter((t) => t.severity === 'error' || GENERIC.test(t.message)),
        [],
        `no error after ${after}: ${JSON.stringify(shown)}`,
      );
    };
    await dismissToasts();

    await runWithInputs('datocms.records.publish', [uri], [{ text: '' }]);
    await waitFor(async () => (await statusOf(id)) === 'published', 20_000, 'the record to be published');
    await waitFor(() => statusShown() === 'published', 20_000, 'the editor to show it published');
    await noErrors('Publish');

    await answerConfirmations('Unpublish');
    await runWithInputs('datocms.records.unpublish', [uri], [{ text: '' }]);
    await waitFor(async () => (await statusOf(id)) === 'draft', 20_000, 'the record to be a draft');
    await waitFor(() => statusShown() === 'draft', 20_000, 'the editor to show it a draft');
    await noErrors('Unpublish');
    await restoreConfirmations();

    // bulk: the open record with two others; the tree shows all three published without a manual refresh
    await vscode.commands.executeCommand('datocms.records.publish', first, nodes);
    await waitFor(
      async () => (await Promise.all(nodes.map((n) => statusOf(n.record.id)))).every((s) => s === 'published'),
      30_000,
      'all three to be published',
    );
    await waitFor(() => statusShown() === 'published', 20_000, 'the open editor to show it published');
    await waitFor(
      async () =>
        (await model.children(records))
          .filter((n): n is RecordNode => n.kind === 'record' && nodes.some((m) => m.record.id === n.record.id))
          .every((n) => n.record.meta['status'] === 'published'),
      20_000,
      'the tree to show the three published',
    );
    await noErrors('bulk Publish');

    // bulk delete of the open (clean) record and another: both gone, the editor closed, no error
    const asked: string[] = [];
    ui.confirm = async (options) => (asked.push(options.message), options.actions[0]);
    await vscode.commands.executeCommand('datocms.records.bulkDelete', first, [first, others[0]!]);
    await waitFor(
      async () =>
        await cma('GET', `/items/${id}`).then(
          () => false,
          () => true,
        ),
      30_000,
      'the record to be deleted',
    );
    await waitFor(() => !tabOpen(uri), 20_000, "the deleted record's editor to close");
    assert.equal(asked.length, 1, `one question: ${asked.join(' | ')}`);
    await noErrors('bulk Delete');
  });

  it("Overwrite sends only the locale the user changed: the colleague's other locale stays", async function () {
    this.timeout(90_000);
    const id = await recordIdOf('article', 11);
    const uri = recordUri(id);
    const editor = await openEditor(uri);
    const before = (await cma('GET', `/items/${id}`)).data.attributes.excerpt as Record<string, string>;
    // the colleague changes both locales of the excerpt
    const theirs = { en: `Colleague EN ${Date.now()}`, it: `Collega IT ${Date.now()}` };
    await cma('PUT', `/items/${id}`, { data: { type: 'item', id, attributes: { excerpt: { ...before, ...theirs } } } });
    // the user changes only the English one
    const mine = `Mine EN ${Date.now()}`;
    await editJson(editor.document, (json) => (json.excerpt.en = mine));
    await dismissToasts();
    await clearRequests();
    await pressSave(editor);
    const conflict = (await settledToasts(1, 1000)).find((t) => /newer version/.test(t.message));
    assert.ok(conflict, 'the save is refused as a conflict');
    assert.match(conflict.message, /excerpt \(en\)/, `the prompt names the value both changed: ${conflict.message}`);
    await clearRequests();
    await clickButton('Overwrite');
    await waitFor(async () => (await writes()).some((r) => r.status === 200), 20_000, 'the Overwrite save');
    const sent = (await writes()).filter((r) => r.method === 'PUT');
    assert.equal(sent.length, 1, describeRequests(sent));
    assert.deepEqual(sent[0]!.body.data.attributes, { excerpt: { ...before, ...theirs, en: mine } });
    const stored = (await cma('GET', `/items/${id}`)).data.attributes.excerpt;
    assert.equal(stored.en, mine, "the user's English text is saved");
    assert.equal(stored.it, theirs.it, "the colleague's Italian text is kept");
    await waitForClean(uri);
    await waitFor(() => JSON.parse(editor.document.getText()).excerpt.it === theirs.it, 20_000, 'the editor to show the merged record');
    assert.equal(JSON.parse(editor.document.getText()).excerpt.en, mine);
  });
});
