// Open as Markdown in the real workbench: a record's Structured Text field opens from its CodeLens as a Markdown
// document named "Body (en) · <title>"; an untouched save sends nothing; a changed word is one PUT of that field
// alone (every locale, the unchanged block as its id) on top of a colleague's change to the title; Markdown DAST
// cannot hold is refused with its problem at its line and the text kept; auto-save never writes; new blocks are
// offered from the field's block models.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  clearRequests,
  cma,
  dismissToasts,
  ensureSignedIn,
  requests,
  revertAndCloseAll,
  tabIsDirty,
  toasts,
  waitFor,
  writes,
  screenshot,
} from './helpers';
import { editJson, openEditor, pressSave, recordUri, replaceIn, replaceText, waitForClean } from './editing';

interface Dast {
  document: { children: { type: string; item?: unknown }[] };
}

/** An article whose English body holds a block, with that block's id and the body as DatoCMS has it. */
async function articleWithBlock(): Promise<{ id: string; blockId: string; body: Record<string, Dast> }> {
  const page = await cma('GET', '/items?filter%5Btype%5D=article&page%5Blimit%5D=20');
  for (const record of page.data as { id: string; attributes: { body: Record<string, Dast> } }[]) {
    const block = record.attributes.body.en?.document.children.find((c) => c.type === 'block');
    if (block) return { id: record.id, blockId: String(block.item), body: record.attributes.body };
  }
  throw new Error('the emulator has an article whose body holds a block');
}

async function setAutoSave(mode: string | undefined): Promise<void> {
  const files = vscode.workspace.getConfiguration('files');
  await files.update('autoSave', mode, vscode.ConfigurationTarget.Global);
  await files.update('autoSaveDelay', mode ? 300 : undefined, vscode.ConfigurationTarget.Global);
  await waitFor(() => vscode.workspace.getConfiguration('files').inspect('autoSave')?.globalValue === mode, 5_000, 'auto-save set');
}

describe('Open as Markdown', () => {
  before(ensureSignedIn);
  after(async () => {
    await setAutoSave(undefined);
    await revertAndCloseAll();
  });

  it('a Structured Text field: untouched save sends nothing, a word is one PUT of that field, a refusal stays at its line, auto-save never writes', async function () {
    this.timeout(240_000);
    // code-server auto-saves after a second by default: the edits below are saved only when the test says so
    await setAutoSave('off');
    const { id, blockId, body } = await articleWithBlock();
    const record = await openEditor(recordUri(id));
    let lenses: vscode.CodeLens[] = [];
    await waitFor(
      async () => {
        lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', record.document.uri, 50)) ?? [];
        return lenses.some((l) => l.command?.arguments?.[1] === 'body');
      },
      20_000,
      'the record document to offer Open as Markdown on its body',
    );
    const lens = lenses.find((l) => l.command?.arguments?.[1] === 'body' && l.command.arguments[2] === 'en')!;
    assert.equal(lens.command!.command, 'datocms.openAsMarkdown');
    await vscode.commands.executeCommand(lens.command!.command, ...lens.command!.arguments!);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.path.endsWith('.md') === true, 20_000, 'the Markdown document');
    const markdown = vscode.window.activeTextEditor!;
    const uri = markdown.document.uri;
    assert.equal(markdown.document.languageId, 'markdown');
    assert.match(vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? '', /^Body \(en\) · .+\.md$/);
    assert.ok(markdown.document.getText().includes(`::block{#${blockId}}`), 'the block stands by its id');
    await screenshot('readme-markdown', '.part.editor');

    // untouched: nothing is sent
    await clearRequests();
    await vscode.commands.executeCommand('datocms.documents.save', uri);
    assert.deepEqual(await requests(), [], 'an untouched save makes no request');

    // a colleague renames the article; then one word changes here
    const title = { en: 'Renamed by a colleague', it: 'Rinominato da un collega' };
    await cma('PUT', `/items/${id}`, { data: { type: 'item', id, attributes: { title } } });
    await clearRequests();
    const paragraph = markdown.document.getText().split('\n\n')[1]!;
    const word = paragraph.split(' ')[0]!;
    await replaceIn(markdown.document, `\n\n${paragraph}`, `\n\nChanged${paragraph.slice(word.length)}`);
    await pressSave(markdown);
    await waitForClean(uri);
    const puts = await writes();
    assert.deepEqual(
      puts.map((r) => `${r.method} ${r.path}`),
      [`PUT /items/${id}`],
    );
    const sent = puts[0]!.body.data.attributes;
    assert.deepEqual(Object.keys(sent), ['body'], 'only the field');
    assert.deepEqual(sent.body.it, body['it'], 'the other locale as DatoCMS has it');
    assert.equal((sent.body.en as Dast).document.children.find((c) => c.type === 'block')?.item, blockId, 'the block as its id');
    const after = await cma('GET', `/items/${id}`);
    assert.deepEqual(after.data.attributes.title, title, 'the colleague’s title is kept');

    // refused: an image is not Structured Text
    const refusedText = `${markdown.document.getText()}\n![a photo](https://example.com/a.png)\n`;
    await replaceText(markdown.document, refusedText);
    const line = refusedText.split('\n').findIndex((l) => l.startsWith('!['));
    await clearRequests();
    await dismissToasts();
    await pressSave(markdown);
    await waitFor(
      () => vscode.languages.getDiagnostics(uri).some((d) => d.range.start.line === line && /image/i.test(d.message)),
      20_000,
      'the image refused at its line',
    );
    assert.equal(markdown.document.getText(), refusedText, 'the text is kept');
    assert.equal(tabIsDirty(uri), true);
    assert.deepEqual(await writes(), [], 'nothing sent');

    // auto-save: the workbench saves on its own, nothing is written
    await replaceText(markdown.document, markdown.document.getText().replace('\n![a photo](https://example.com/a.png)\n', '\nAuto.\n'));
    const autoSaved = new Promise<void>((resolve) => {
      const listener = vscode.workspace.onWillSaveTextDocument((event) => {
        if (event.document.uri.toString() === uri.toString() && event.reason !== vscode.TextDocumentSaveReason.Manual) {
          listener.dispose();
          resolve();
        }
      });
    });
    await clearRequests();
    await setAutoSave('afterDelay');
    await autoSaved;
    await setAutoSave(undefined);
    assert.deepEqual(await writes(), [], 'auto-save wrote nothing');
    assert.equal(tabIsDirty(uri), true, 'the edit is still unsaved');
  });

  it('offers the block models the field allows as new blocks; one with empty required fields is refused at its line', async function () {
    this.timeout(120_000);
    await revertAndCloseAll();
    await setAutoSave('off');
    const { id } = await articleWithBlock();
    const record = await openEditor(recordUri(id));
    await vscode.commands.executeCommand('datocms.openAsMarkdown', record.document.uri.toString(), 'body', 'en');
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.path.endsWith('.md') === true, 20_000, 'the Markdown document');
    const markdown = vscode.window.activeTextEditor!;
    const uri = markdown.document.uri;
    await replaceText(markdown.document, `${markdown.document.getText()}\n::`);
    const line = markdown.document.lineCount - 1;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      uri,
      new vscode.Position(line, 2),
      ':',
    );
    const offered = list.items.filter((i) => typeof i.insertText === 'string' && i.insertText.startsWith('::block{'));
    assert.deepEqual(
      offered.map((i) => [i.label, i.detail, i.insertText]),
      [
        ['Image block', 'image_block', '::block{model="image_block"}'],
        ['Quote block', 'quote_block', '::block{model="quote_block"}'],
      ],
    );

    // the quote's own field is required: the save is refused at the block's line, the text kept, nothing sent
    const text = `${markdown.document.getText().replace(/::$/, '')}${String(offered[1]!.insertText)}\n`;
    await replaceText(markdown.document, text);
    await clearRequests();
    await dismissToasts();
    await pressSave(markdown);
    await waitFor(
      () => vscode.languages.getDiagnostics(uri).some((d) => d.range.start.line === line && /quote/.test(d.message)),
      20_000,
      'the new block refused at its line',
    );
    assert.equal(markdown.document.getText(), text, 'the text is kept');
    assert.deepEqual(await writes(), [], 'nothing sent');
  });

  it('refuses to open a field as Markdown while the record’s editor holds unsaved changes to it, naming that editor', async function () {
    this.timeout(120_000);
    await revertAndCloseAll();
    const { id } = await articleWithBlock();
    const record = await openEditor(recordUri(id));
    await editJson(record.document, (doc) => {
      doc.body.en.document.children.push({ type: 'paragraph', children: [{ type: 'span', value: 'Unsaved in the JSON' }] });
    });
    await dismissToasts();
    await clearRequests();
    await vscode.commands.executeCommand('datocms.openAsMarkdown', record.document.uri.toString(), 'body', 'en');
    let shown: string[] = [];
    await waitFor(
      async () => (shown = (await toasts()).map((t) => t.message)).some((m) => /unsaved changes to Body \(en\)/.test(m)),
      15_000,
      'the refusal naming the unsaved editor',
    );
    const name = record.document.uri.path.split('/').pop()!;
    assert.ok(
      shown.some((m) => m.includes(name)),
      `the message names the editor ${name}: ${shown.join(' | ')}`,
    );
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    assert.ok(!tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.path.endsWith('.md')), 'no Markdown document opened');
    assert.ok(record.document.getText().includes('Unsaved in the JSON'), 'the JSON edit is kept');
    assert.deepEqual(await writes(), []);
  });
});
