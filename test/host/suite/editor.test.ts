import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { documentUri, parseDocumentUri } from '../../../src/platform/uris';
import { clearRequests, cma, ensureSignedIn, requests, revertAndCloseAll, waitFor } from './helpers';
import { openDocument, replaceIn } from './editing';

const PROJECT = { project: 'emulated-bistro', environment: 'main' } as const;

/** The hovers' text, markdown escapes removed. */
const hoverText = (hovers: vscode.Hover[]) =>
  hovers
    .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)))
    .join('\n')
    .replace(/\\(.)/g, '$1');
const labelOf = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);

/** An article with an author, and the author's name (the author model's title field). */
async function articleWithAuthor(): Promise<{ article: any; authorId: string; authorName: string }> {
  const page = await cma('GET', '/items?filter%5Btype%5D=article&version=current&page%5Blimit%5D=50');
  const article = page.data.find((r: any) => typeof r.attributes.author === 'string');
  assert.ok(article, 'the emulator has an article with an author');
  const author = (await cma('GET', `/items/${article.attributes.author}`)).data;
  return { article, authorId: author.id, authorName: String(author.attributes.name) };
}

describe('editor: names, links and quick fixes', () => {
  before(ensureSignedIn);
  afterEach(revertAndCloseAll);

  it('hover on a link id names the record; Go to Definition opens it, its tab titled by the record', async () => {
    const { article, authorId, authorName } = await articleWithAuthor();
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'record', modelApiKey: 'article', id: article.id }));
    const onId = document.positionAt(document.getText().indexOf(`"${authorId}"`) + 3);

    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, onId);
    assert.match(hoverText(hovers), new RegExp(`${authorName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*author`));

    const locations = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
      'vscode.executeDefinitionProvider',
      document.uri,
      onId,
    );
    assert.equal(locations.length, 1);
    const target = 'uri' in locations[0]! ? locations[0].uri : locations[0]!.targetUri;
    assert.deepEqual(parseDocumentUri(target), { ...PROJECT, kind: 'record', modelApiKey: 'author', id: authorId, title: authorName });

    const opened = await openDocument(target);
    assert.equal(JSON.parse(opened.getText()).$readonly.id, authorId, 'the id stays in $readonly');
    await waitFor(
      () => vscode.window.tabGroups.activeTabGroup.activeTab?.label === `${authorName} · author`,
      5000,
      'the tab titled by the record',
    );
    const again = documentUri({ ...PROJECT, kind: 'record', modelApiKey: 'author', id: authorId });
    assert.equal(again.toString(), target.toString(), 'the record keeps the URI it is open under');
  });

  it("a model's title_field names its field on hover, and Go to Definition opens the field", async () => {
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'model', apiKey: 'author' }));
    const titleFieldId = JSON.parse(document.getText()).title_field.id as string;
    const field = (await cma('GET', `/fields/${titleFieldId}`)).data;
    const onId = document.positionAt(document.getText().indexOf(`"${titleFieldId}"`) + 3);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, onId);
    assert.ok(hoverText(hovers).includes(`**${field.attributes.label}** · field \`${field.attributes.api_key}\``), hoverText(hovers));
    const [location] = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeDefinitionProvider', document.uri, onId);
    assert.deepEqual(parseDocumentUri(location!.uri), {
      ...PROJECT,
      kind: 'field',
      modelApiKey: 'author',
      apiKey: field.attributes.api_key,
      // named as the tree names it, so that its tab reads the same however it was opened
      title: field.attributes.label,
    });
  });

  it('completion inside a link value offers the records the field allows, by title, and inserts the id', async () => {
    const { article, authorId } = await articleWithAuthor();
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'record', modelApiKey: 'article', id: article.id }));
    await replaceIn(document, `"author": "${authorId}"`, '"author": ""');
    const inside = document.positionAt(document.getText().indexOf('"author": ""') + '"author": "'.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, inside);
    const authors = (await cma('GET', '/items?filter%5Btype%5D=author&version=current&page%5Blimit%5D=100')).data as any[];
    const byName = new Map(authors.map((a) => [String(a.attributes.name), a.id]));
    const offered = list.items.filter((i) => i.kind === vscode.CompletionItemKind.Reference);
    assert.ok(offered.length > 0, 'records are offered');
    for (const item of offered) {
      assert.ok(byName.has(labelOf(item)), `${labelOf(item)} is an author's name`);
      assert.equal(item.insertText, byName.get(labelOf(item)));
    }
  });

  it('a string where an integer belongs is one problem, and its quick fix writes the number', async () => {
    const { article } = await articleWithAuthor();
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'record', modelApiKey: 'article', id: article.id }));
    const match = /"reading_time": (\d+|null)/.exec(document.getText());
    assert.ok(match);
    await replaceIn(document, match[0], '"reading_time": "12"');
    await waitFor(() => vscode.languages.getDiagnostics(document.uri).length > 0, 5000, 'the problem');
    await new Promise((resolve) => setTimeout(resolve, 600)); // anything else that would report has reported
    const diagnostics = vscode.languages.getDiagnostics(document.uri);
    assert.equal(diagnostics.length, 1, diagnostics.map((d) => `${d.source}: ${d.message}`).join('\n'));
    assert.match(diagnostics[0]!.message, /reading_time: expected an integer/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      diagnostics[0]!.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => a.title === 'Change to the number 12');
    assert.ok(fix?.edit, actions.map((a) => a.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.match(document.getText(), /"reading_time": 12,/);
    await waitFor(() => vscode.languages.getDiagnostics(document.uri).length === 0, 5000, 'the problem to go');
  });
  it('hover on an upload id names the file with its size and dimensions, all uploads of the record in one request', async () => {
    const page = await cma('GET', '/items?filter%5Btype%5D=article&version=current&page%5Blimit%5D=50');
    const article = page.data.find((r: any) => r.attributes.cover?.upload_id);
    assert.ok(article, 'the emulator has an article with a cover');
    const upload = (await cma('GET', `/uploads/${article.attributes.cover.upload_id}`)).data;
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'record', modelApiKey: 'article', id: article.id }));
    await clearRequests();
    const onId = document.positionAt(document.getText().indexOf(`"${upload.id}"`) + 3);
    const text = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, onId));
    assert.ok(text.includes(upload.attributes.filename), text);
    const size = upload.attributes.size as number;
    assert.ok(text.includes(`${size >= 1e6 ? (size / 1e6).toFixed(1).replace(/\.0$/, '') + ' MB' : Math.round(size / 1e3) + ' KB'}`), text);
    assert.ok(text.includes(`${upload.attributes.width} × ${upload.attributes.height}`), text);
    assert.ok(text.includes('![') && text.includes('datocms-assets.com'), 'an image preview');
    const uploadRequests = (await requests()).filter((r) => r.path.startsWith('/uploads'));
    assert.equal(uploadRequests.length, 1, 'one request names every upload of the document');
  });

  it('completion inside an upload id offers uploads by file name and inserts the id', async () => {
    const page = await cma('GET', '/items?filter%5Btype%5D=article&version=current&page%5Blimit%5D=50');
    const article = page.data.find((r: any) => r.attributes.cover?.upload_id);
    const upload = (await cma('GET', `/uploads/${article.attributes.cover.upload_id}`)).data;
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'record', modelApiKey: 'article', id: article.id }));
    await replaceIn(document, `"upload_id": "${upload.id}"`, '"upload_id": ""');
    const inside = document.positionAt(document.getText().indexOf('"upload_id": ""') + '"upload_id": "'.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, inside);
    const offered = list.items.filter((i) => i.kind === vscode.CompletionItemKind.File);
    const uploads = (await cma('GET', '/uploads?page%5Blimit%5D=100')).data as any[];
    const byName = new Map(uploads.map((u) => [String(u.attributes.filename), u.id]));
    assert.ok(offered.length > 0, 'uploads are offered');
    for (const item of offered) assert.equal(item.insertText, byName.get(labelOf(item)), `${labelOf(item)} inserts its id`);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it("Find All References on an author's id lists the records that link to it, as DatoCMS says", async () => {
    const { authorId } = await articleWithAuthor();
    const expected = (await cma('GET', `/items/${authorId}/references?version=current`)).data.map((r: any) => r.id).sort();
    assert.ok(expected.length > 0, 'the author is linked');
    const document = await openDocument(documentUri({ ...PROJECT, kind: 'record', modelApiKey: 'author', id: authorId }));
    const text = document.getText();
    const onOwnId = document.positionAt(text.indexOf(`"${authorId}"`, text.indexOf('"$readonly"')) + 3);
    const locations = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', document.uri, onOwnId);
    const others = locations.filter((l) => l.uri.toString() !== document.uri.toString());
    const found = others.map((l) => parseDocumentUri(l.uri));
    assert.deepEqual([...new Set(found.map((r) => (r && 'id' in r ? r.id : undefined)))].sort(), expected);
    assert.ok(found.every((r) => r?.kind === 'record' && r.modelApiKey === 'article'));
    // each place is the link itself (a record may link from its author field and from its text)
    for (const location of others.slice(0, 3)) {
      const linking = await openDocument(location.uri);
      assert.equal(linking.getText(location.range), `"${authorId}"`, location.uri.toString());
    }
  });
});
