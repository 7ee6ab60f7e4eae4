// The agent tools in a real VS Code, called as a chat calls them (vscode.lm.invokeTool: code-server has no chat
// model): every declared tool is registered; the read tools answer for the emulator's state within their caps; a
// proposal leaves a dirty editor and sends nothing until the user's Ctrl+S, which sends exactly the proposal's keys
// (or creates the draft), through the usual save — the primary environment's guard included.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { stopAskingSchemaChanges } from '../../../src/projects/primaryGuard';
import {
  answerConfirmations,
  clearRequests,
  cma,
  describeRequests,
  dismissToasts,
  ensureSignedIn,
  EXTENSION_ID,
  extensionApi,
  requests,
  restoreConfirmations,
  tabIsDirty,
  waitFor,
  writes,
} from './helpers';
import { json, MAIN, modelUri, openEditor, pressSave, recordIdOf, recordUri, waitForClean } from './editing';

/** What a chat would receive: the tool's text. */
async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => String((part as { value?: unknown }).value ?? '')).join('');
}

/** The JSON lines, or the JSON document, of an answer's first fenced block. */
function block(answer: string): string {
  const match = /^(`{3,})jsonl?\n([\s\S]*?)\n\1$/m.exec(answer);
  assert.ok(match, `a fenced block in: ${answer.slice(0, 400)}`);
  return match[2]!;
}
const rows = (answer: string) =>
  block(answer)
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const tabOf = (path: string) =>
  vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .map((tab) => (tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined))
    .find((uri) => uri?.path.includes(path));

describe('agent tools', () => {
  before(ensureSignedIn);
  afterEach(async () => {
    await dismissToasts();
    await restoreConfirmations();
    for (const document of vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'datocms' && d.isDirty)) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('every tool package.json declares is registered and answers', async () => {
    const declared = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { languageModelTools: { name: string }[] } }
    ).contributes.languageModelTools.map((tool) => tool.name);
    assert.equal(declared.length, 8);
    const listed = vscode.lm.tools.filter((tool) => tool.name.startsWith('datocms_')).map((tool) => tool.name);
    assert.deepEqual([...listed].sort(), [...declared].sort());
    const answer = await invoke('datocms_get_schema', { model: 'author' });
    assert.match(
      answer,
      /^DatoCMS project "Emulated Bistro" \(key emulated-bistro\), environment main \(the primary one\) — the only signed-in project\./,
    );
    await assert.rejects(invoke('datocms_find_records', { model: 'author', limitt: 3 }), /datocms_find_records does not take "limitt"/);
  });

  it('the read tools answer for the emulator, within their caps', async function () {
    this.timeout(60_000);
    const article = rows(await invoke('datocms_get_schema', { model: 'article' }))[0]!;
    assert.equal(article['api_key'], 'article');
    assert.ok((article['fields'] as { api_key: string }[]).some((f) => f.api_key === 'title'));

    const authors = await cma('GET', '/items?filter%5Btype%5D=author&page%5Blimit%5D=1');
    const found = await invoke('datocms_find_records', { model: 'author', limit: 500 });
    assert.match(found, new RegExp(`Records of author: ${authors.meta.total_count} in all`));
    assert.match(found, /You asked for 500 records; at most 100 are returned per call, so 100 are\./);
    assert.equal(rows(found).length, authors.meta.total_count);
    const many = await invoke('datocms_find_records', { model: 'article', limit: 1000 });
    assert.equal(rows(many).length, 100, 'at most 100 rows');

    const id = await recordIdOf('author', 0);
    const document = await invoke('datocms_get_document', { kind: 'record', id });
    const editor = await vscode.workspace.openTextDocument(recordUri(id, 'main', 'author'));
    assert.deepEqual(JSON.parse(block(document)), JSON.parse(editor.getText()), 'the document as its editor shows it');

    const checked = await invoke('datocms_validate_document', { kind: 'record', id, changes: { email: 'not an address' } });
    assert.equal(rows(checked.slice(checked.indexOf('Our checks find')))[0]!['path'], 'email');
  });

  it('a proposal leaves a dirty editor and sends nothing; Ctrl+S sends exactly its keys', async function () {
    this.timeout(90_000);
    const id = await recordIdOf('author', 5);
    const uri = recordUri(id, 'main', 'author');
    const editor = await openEditor(uri);
    const before = json(editor);
    await clearRequests();
    const role = before.role === 'critic' ? 'guest' : 'critic';
    const email = `agent-${Date.now()}@emulated-bistro.example`;
    // no kind: the focused document
    const answer = await invoke('datocms_propose_edit', { changes: { role, email } });
    assert.match(answer, /with the proposal as unsaved changes to role, email\. Nothing was sent to DatoCMS/);
    await waitFor(() => tabIsDirty(editor.document.uri), 10_000, 'the editor to hold the proposal');
    assert.deepEqual(json(editor), { ...before, role, email });
    assert.deepEqual(await requests(), [], 'no request at all reached DatoCMS');

    await pressSave(editor);
    await waitForClean(editor.document.uri);
    const sent = await writes();
    assert.equal(sent.length, 1, describeRequests(sent));
    assert.equal(sent[0]!.method, 'PUT');
    assert.equal(sent[0]!.path, `/items/${id}`);
    assert.deepEqual(Object.keys(sent[0]!.body.data.attributes).sort(), ['email', 'role']);
  });

  it('a proposal for a document nobody opened reads it, opens it dirty, and writes nothing', async function () {
    this.timeout(60_000);
    const id = await recordIdOf('author', 4);
    await clearRequests();
    await invoke('datocms_propose_edit', { kind: 'record', id, changes: { role: 'guest', email: `reader-${Date.now()}@example.com` } });
    const uri = tabOf(`/records/author/${id}`);
    assert.ok(uri, 'the record opened in an editor');
    await waitFor(() => tabIsDirty(uri), 10_000, 'the proposal as unsaved changes');
    assert.deepEqual(await writes(), []);
    assert.ok((await requests()).every((r) => r.method === 'GET'));
  });

  it('Structured Text read as Markdown and a changed word proposed in it: a dirty editor holding DAST, nothing sent', async function () {
    this.timeout(60_000);
    const id = await recordIdOf('article', 12);
    await clearRequests();
    const read = await invoke('datocms_get_document', { kind: 'record', id, structuredText: 'markdown' });
    assert.match(read, /Structured Text shown as Markdown \(the dialect of Open as Markdown\): body \(en\)/);
    const body = (JSON.parse(block(read)) as { body: Record<string, { markdown: string }> }).body;
    const markdown = body['en']!.markdown;
    // the first word of the first paragraph (after the heading)
    const word = /\n\n([A-Za-z]+) /.exec(markdown)?.[1];
    assert.ok(word, `a paragraph in: ${markdown}`);
    const answer = await invoke('datocms_propose_edit', {
      kind: 'record',
      id,
      changes: { body: { ...body, en: { markdown: markdown.replace(`\n\n${word} `, '\n\nProposed ') } } },
    });
    assert.match(answer, /with the proposal as unsaved changes to body\. Nothing was sent to DatoCMS/);
    const uri = tabOf(`/records/article/${id}`);
    assert.ok(uri, 'the record opened in an editor');
    await waitFor(() => tabIsDirty(uri), 10_000, 'the proposal as unsaved changes');
    const text = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())!.getText();
    const en = (JSON.parse(text) as { body: { en: { schema: string } } }).body.en;
    assert.equal(en.schema, 'dast', 'the editor holds DAST, not Markdown');
    assert.ok(JSON.stringify(en).includes('"Proposed '), 'the changed word is in the DAST');
    assert.deepEqual(await writes(), [], 'no write request');
    assert.ok((await requests()).every((r) => r.method === 'GET'));
  });

  it('a new record proposal opens a draft with its values; Ctrl+S creates it with them', async function () {
    this.timeout(90_000);
    await clearRequests();
    const name = `Agent Author ${Date.now()}`;
    const slug = name.toLowerCase().replace(/\s+/g, '-');
    const answer = await invoke('datocms_propose_new', { kind: 'record', model: 'author', values: { name, slug } });
    assert.match(answer, /The first save creates it in DatoCMS/);
    const uri = tabOf('/records/author/new~');
    assert.ok(uri, 'a draft opened');
    await waitFor(() => tabIsDirty(uri), 10_000, 'the draft to hold the values');
    assert.deepEqual(await writes(), [], 'nothing is created by the proposal');
    const draft = await vscode.window.showTextDocument(uri, { preview: false });
    await pressSave(draft);
    await waitFor(async () => (await writes()).some((r) => r.method === 'POST'), 20_000, 'the create');
    const posts = (await writes()).filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1, describeRequests(posts));
    assert.equal(posts[0]!.path, '/items');
    assert.deepEqual([posts[0]!.body.data.attributes.name, posts[0]!.body.data.attributes.slug], [name, slug]);
  });

  it("a schema proposal in the primary environment asks the guard on the user's save", async function () {
    this.timeout(90_000);
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('datocms.resetSchemaGuard');
    await dismissToasts();
    try {
      const editor = await openEditor(modelUri('category'));
      const hint = `Proposed by an agent ${Date.now()}`;
      await clearRequests();
      const answer = await invoke('datocms_propose_edit', { changes: { hint } });
      assert.match(answer, /This is the primary environment: saving a schema change there asks the user to confirm first\./);
      await waitFor(() => tabIsDirty(editor.document.uri), 10_000, 'the proposal in the editor');
      assert.deepEqual(await requests(), []);

      const declined = await answerConfirmations(undefined);
      await pressSave(editor);
      await waitFor(() => declined.length === 1, 10_000, 'the guard to ask');
      assert.equal(declined[0]!.message, `Update the model category (hint) in the primary environment "main" of Emulated Bistro?`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.deepEqual(await writes(), [], 'declined: nothing sent');
      assert.ok(tabIsDirty(editor.document.uri), 'the proposal is still in the editor');

      const accepted = await answerConfirmations('Change Schema');
      await pressSave(editor);
      await waitForClean(editor.document.uri);
      assert.equal(accepted.length, 1);
      const sent = await writes();
      assert.equal(sent.length, 1, describeRequests(sent));
      assert.deepEqual(sent[0]!.body.data.attributes, { hint });
    } finally {
      await stopAskingSchemaChanges(registry.store.state, MAIN.project);
    }
  });
});
