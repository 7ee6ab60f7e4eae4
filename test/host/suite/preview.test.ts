// The Record Preview in the real workbench: Open Preview to the Side shows the record as content (its webview
// renders it and reports the text it shows), and typing in the JSON moves the preview along with no request to
// DatoCMS; the preview marks the text unsaved.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { clearRequests, describeRequests, dismissToasts, ensureSignedIn, extensionApi, requests, screenshot, waitFor } from './helpers';
import { cursorAtEndOf, openEditor, recordIdOf, recordUri, typeAndWait, valueAt } from './editing';

const previewTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('datocms.recordPreview'));

describe('record preview', () => {
  afterEach(async () => {
    await dismissToasts();
    await vscode.commands.executeCommand('workbench.action.files.revert').then(undefined, () => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Open Preview to the Side renders the record; typing in the JSON updates the preview with 0 requests', async function () {
    this.timeout(120_000);
    await ensureSignedIn();
    const api = await extensionApi();
    const uri = recordUri(await recordIdOf('article', 2));
    const editor = await openEditor(uri);
    const title = valueAt(editor, ['title', 'en']) as string;
    await vscode.commands.executeCommand('datocms.openRecordPreview', uri);
    await waitFor(() => previewTabs().length === 1, 15_000, 'the preview tab');
    await waitFor(() => api.previewed(uri)?.text.includes(title) === true, 20_000, `the preview to show "${title}"`);
    const first = api.previewed(uri)!;
    assert.match(first.text, /Article/, 'the model’s name');
    assert.doesNotMatch(first.text, /Unsaved changes/);

    // names of linked records and uploads no cache knew are fetched once after opening: counted from when that is done
    await waitFor(() => api.previewed(uri)?.settled === true, 20_000, 'the preview to name what the record links to');
    await clearRequests();
    await cursorAtEndOf(editor, ['title', 'en']);
    await typeAndWait(editor, ' previewed', ['title', 'en'], `${title} previewed`);
    await waitFor(() => api.previewed(uri)?.text.includes(`${title} previewed`) === true, 10_000, 'the preview to follow the typing');
    assert.match(api.previewed(uri)!.text, /Unsaved changes/, 'the preview marks the text unsaved');
    assert.ok(api.previewed(uri)!.version > first.version);
    const sent = await requests();
    assert.equal(sent.length, 0, `no request while typing, got ${describeRequests(sent)}`);
    await screenshot('record-preview');
    // the README's picture: the JSON from its first column beside the preview
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    editor.revealRange(new vscode.Range(0, 0, 0, 0));
    await screenshot('readme-preview', '.part.editor');
  });

  it('the preview of an open record is one: asking again shows the same panel', async function () {
    this.timeout(60_000);
    await ensureSignedIn();
    const api = await extensionApi();
    const uri = recordUri(await recordIdOf('article', 3));
    await openEditor(uri);
    await vscode.commands.executeCommand('datocms.openRecordPreview', uri);
    await waitFor(() => api.previewed(uri) !== undefined, 20_000, 'the preview to render');
    await vscode.commands.executeCommand('datocms.openRecordPreview', uri);
    assert.equal(previewTabs().length, 1);
  });
});
