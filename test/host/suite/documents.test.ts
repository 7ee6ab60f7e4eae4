import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import { openEditor, pressSave, waitForClean } from './editing';
import {
  clearRequests,
  clickButton,
  cma,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  requests,
  settledToasts,
  tabIsDirty,
  waitFor,
} from './helpers';

const PROJECT = { project: 'emulated-bistro', environment: 'main' } as const;

async function open(uri: vscode.Uri): Promise<vscode.TextDocument> {
  return (await openEditor(uri)).document;
}

/** Replaces the editor's text with the document's JSON changed by `change`, as a user's edit. */
async function edit(document: vscode.TextDocument, change: (json: any) => void): Promise<void> {
  const json = JSON.parse(document.getText());
  change(json);
  await replaceText(document, `${JSON.stringify(json, null, 2)}\n`);
}

async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  const all = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(document.uri, all, text);
  assert.ok(await vscode.workspace.applyEdit(workspaceEdit));
}

const writes = async () => (await requests()).filter((r) => r.method !== 'GET');

async function firstArticleId(): Promise<string> {
  const page = await cma('GET', '/items?filter%5Btype%5D=article&page%5Blimit%5D=1');
  return page.data[0].id;
}

describe('documents', () => {
  before(ensureSignedIn);
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('opens every kind as JSON through datocms:, read-only part last', async () => {
    const recordId = await firstArticleId();
    const webhooks = await cma('GET', '/webhooks');
    const uris = [
      documentUri({ ...PROJECT, kind: 'model', apiKey: 'article' }),
      documentUri({ ...PROJECT, kind: 'model', apiKey: 'cta_block' }),
      documentUri({ ...PROJECT, kind: 'field', modelApiKey: 'article', apiKey: 'title' }),
      documentUri({ ...PROJECT, kind: 'webhook', id: webhooks.data[0].id }),
      documentUri({ ...PROJECT, kind: 'record', modelApiKey: 'article', id: recordId }),
    ];
    for (const uri of uris) {
      const document = await open(uri);
      assert.equal(document.languageId, 'datocms-json', uri.toString());
      const json = JSON.parse(document.getText());
      assert.equal(Object.keys(json).at(-1), '$readonly', uri.toString());
      assert.equal(document.isDirty, false);
    }
    const record = JSON.parse((await open(uris[4]!)).getText());
    assert.equal(typeof record.title, 'object', 'a localized title reads as {locale: value}');
    assert.ok('en' in record.title && 'it' in record.title);
  });

  it('saves a record edit as one PUT carrying only the changed key and the version', async () => {
    const recordId = await firstArticleId();
    const uri = documentUri({ ...PROJECT, kind: 'record', modelApiKey: 'article', id: recordId });
    const document = await open(uri);
    const version = JSON.parse(document.getText()).$readonly.meta.current_version;
    await clearRequests();
    await edit(document, (json) => (json.title.en = 'Saved from the real extension host'));
    assert.equal(await document.save(), true);
    const [put, ...others] = await writes();
    assert.equal(others.length, 0);
    assert.equal(put?.method, 'PUT');
    assert.equal(put?.path, `/items/${recordId}`);
    const body = put!.body as { data: { attributes: Record<string, unknown>; meta: Record<string, unknown> } };
    assert.deepEqual(Object.keys(body.data.attributes), ['title']);
    assert.equal(body.data.meta['current_version'], version);
    await waitFor(
      () => JSON.parse(document.getText()).$readonly.meta.current_version !== version && !document.isDirty,
      10_000,
      'the document to show the saved version, clean',
    );
    assert.equal(JSON.parse(document.getText()).title.en, 'Saved from the real extension host');
    assert.equal((await writes()).length, 1, "showing the server's answer sends nothing more");
  });

  it('saving without a change sends nothing', async () => {
    const document = await open(documentUri({ ...PROJECT, kind: 'model', apiKey: 'page' }));
    await clearRequests();
    await replaceText(document, document.getText().replace('\n}', '\n }'));
    assert.equal(await document.save(), true);
    assert.deepEqual(await writes(), []);
  });

  it('saves a model through its job, sending only the changed attribute', async () => {
    const document = await open(documentUri({ ...PROJECT, kind: 'model', apiKey: 'category' }));
    await clearRequests();
    await edit(document, (json) => (json.hint = 'Edited in VS Code'));
    assert.equal(await document.save(), true);
    const log = await requests();
    const put = log.find((r) => r.method === 'PUT');
    assert.match(put?.path ?? '', /^\/item-types\//);
    assert.deepEqual((put!.body as any).data.attributes, { hint: 'Edited in VS Code' });
    assert.ok(
      log.some((r) => r.path.startsWith('/job-results/') && r.status === 200),
      'the job was polled to its end',
    );
    assert.equal(JSON.parse(document.getText()).hint, 'Edited in VS Code');
  });

  it('an invalid edit shows diagnostics at its place, sends nothing and keeps the text', async () => {
    const uri = documentUri({ ...PROJECT, kind: 'webhook', id: (await cma('GET', '/webhooks')).data[0].id });
    const document = await open(uri);
    await clearRequests();
    await edit(document, (json) => (json.events[0].event_types = ['deploy_started']));
    const edited = document.getText();
    await waitFor(() => vscode.languages.getDiagnostics(uri).some((d) => /deploy_started/.test(d.message)), 10_000, 'a diagnostic');
    const diagnostic = vscode.languages.getDiagnostics(uri).find((d) => /deploy_started/.test(d.message))!;
    assert.match(diagnostic.message, /^events\[0\]\.event_types\[0\]/);
    assert.equal(document.lineAt(diagnostic.range.start.line).text.includes('deploy_started'), true);
    assert.equal(await document.save(), false);
    assert.deepEqual(await writes(), []);
    assert.equal(document.isDirty, true);
    assert.equal(document.getText(), edited);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('a record changed elsewhere is a conflict: nothing is lost, and Overwrite sends your keys on the new version', async function () {
    this.timeout(90_000);
    const recordId = await firstArticleId();
    const uri = documentUri({ ...PROJECT, kind: 'record', modelApiKey: 'article', id: recordId });
    const document = await open(uri);
    const remote = (await cma('GET', `/items/${recordId}`)).data;
    // someone else changes the excerpt meanwhile
    await cma('PUT', `/items/${recordId}`, { data: { type: 'item', id: recordId, attributes: { reading_time: 42 } } });
    await clearRequests();
    await edit(document, (json) => (json.title.en = 'Mine wins'));
    const mine = document.getText();
    await dismissToasts();
    await pressSave(await vscode.window.showTextDocument(document));
    const [conflict, ...others] = await settledToasts(1, 1500);
    assert.equal(tabIsDirty(uri), true, 'the save finds the newer version and stops');
    assert.equal(document.getText(), mine);
    const refused = await writes();
    assert.ok(
      refused.every((r) => r.status === 422),
      `the PUT carried the version the editor was opened at, and DatoCMS refused it: ${JSON.stringify(refused.map((r) => r.status))}`,
    );
    assert.match(conflict!.message, /^DatoCMS has a newer version of the record/);
    assert.equal(others.length, 0, `one notification: ${JSON.stringify([conflict, ...others])}`);
    assert.ok(
      conflict!.buttons.includes('Compare') && conflict!.buttons.includes('Overwrite'),
      `it offers ${conflict!.buttons.join(', ')}: "${conflict!.message}"`,
    );

    await clearRequests();
    await clickButton('Overwrite');
    await waitForClean(uri);
    const [put, ...more] = await writes();
    if (!put) {
      const { readdirSync, readFileSync } = await import('node:fs');
      const { logUri } = await extensionApi();
      const texts = readdirSync(logUri.fsPath, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => readFileSync(`${d.parentPath ?? (d as any).path}/${d.name}`, 'utf8'));
      assert.fail(
        `no PUT; log: ${texts
          .join('\n')
          .split('\n')
          .filter((l) => !/ GET /.test(l))
          .slice(-15)
          .join('\n')}`,
      );
    }
    assert.equal(more.length, 0);
    assert.equal(put?.status, 200);
    assert.deepEqual(Object.keys((put!.body as any).data.attributes), ['title']);
    assert.notEqual((put!.body as any).data.meta.current_version, remote.meta.current_version);
    const saved = (await cma('GET', `/items/${recordId}`)).data;
    assert.equal(saved.attributes.title.en, 'Mine wins');
    assert.equal(saved.attributes.reading_time, 42, 'the other change survives');
  });
});
