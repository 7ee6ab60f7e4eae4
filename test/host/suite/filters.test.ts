// The Records item's Filter dialogue in the real workbench: linked records picked by title from a search as
// typed (one request per search), a page more on "Load more…", several conditions shown next to Records and
// in its hover, each removed on its own, and the filters the API receives.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordNode, RecordsNode } from '../../../src/tree';
import {
  clearRequests,
  clickQuickPickItem,
  cma,
  ensureSignedIn,
  extensionApi,
  pressKeys,
  requests,
  runWithInputs,
  typeIntoQuickInput,
  waitFor,
} from './helpers';
import { recordsOf } from './treeKit';

const description = async (node: RecordsNode) => String((await extensionApi()).provider.getTreeItem(node).description ?? '');
const hover = async (node: RecordsNode) => {
  const { provider } = await extensionApi();
  const item = await provider.resolveTreeItem(provider.getTreeItem(node), node);
  return (item?.tooltip as vscode.MarkdownString | undefined)?.value ?? '';
};
/** The GET /items listings since the last clear, with their filter. */
const listings = async () =>
  (await requests()).filter((r) => r.method === 'GET' && r.path === '/items').map((r) => r.query as Record<string, any>);
const recordsShown = async (node: RecordsNode) =>
  (await (await extensionApi()).model.children(node)).filter((n): n is RecordNode => n.kind === 'record');

describe('records filter', () => {
  before(ensureSignedIn);
  after(async () => vscode.commands.executeCommand('datocms.records.clearQuery', await recordsOf('article')));

  it('picks an author by title as typed and categories by name; both conditions show on Records and its hover; one is removed on its own', async () => {
    const authors = (await cma('GET', '/items?filter%5Btype%5D=author&page%5Blimit%5D=100')).data as any[];
    const marco = authors.find((a) => a.attributes.name === 'Marco Bellini');
    const wine = (await cma('GET', '/items?filter%5Btype%5D=category&page%5Blimit%5D=100')).data.find(
      (c: any) => c.attributes.name.en === 'Wine' || c.attributes.name === 'Wine',
    );
    await clearRequests();
    await runWithInputs(
      'datocms.records.filter',
      [await recordsOf('article')],
      [
        { text: 'Author', title: 'Filter records by' },
        { text: '=', title: 'Filter author' },
        { text: 'Bellini', title: 'author =' },
      ],
    );
    // the picker's searches: every author first, then the typed text in the title field, one request each
    const searches = (await listings()).filter((q) => q['filter']?.['type'] === marco.relationships.item_type.data.id);
    assert.deepEqual(
      searches.map((q) => q['filter']['fields']?.['name']?.['matches']?.['pattern'] ?? ''),
      ['', 'Bellini'],
    );
    let records = await recordsOf('article');
    assert.equal(await description(records), 'author = "Marco Bellini"');
    const byMarco = await recordsShown(records);
    assert.ok(byMarco.length > 0 && byMarco.every((r) => r.record.attributes['author'] === marco.id));

    await runWithInputs(
      'datocms.records.filter',
      [records],
      [
        { text: 'Categories', title: 'Filter records by' },
        { text: 'has any of', title: 'Filter categories' },
        { text: 'Wine', title: 'categories has any of' },
      ],
    );
    records = await recordsOf('article');
    assert.match(await description(records), /^author = "Marco Bellini" · categories has any of \("Wine"\)/);
    // the hover, Markdown-escaped, reads the same
    const tooltip = (await hover(records)).replace(/\\(.)/g, '$1');
    assert.match(tooltip, /Filter: author = "Marco Bellini"/);
    assert.match(tooltip, /Filter: categories has any of \("Wine"\)/);
    await clearRequests();
    const both = await recordsShown(records);
    assert.ok(
      both.every((r) => r.record.attributes['author'] === marco.id && (r.record.attributes['categories'] as string[]).includes(wine.id)),
    );
    assert.deepEqual((await listings()).at(-1)?.['filter']['fields'], {
      author: { eq: marco.id },
      categories: { any_in: [wine.id] },
    });

    await runWithInputs('datocms.records.removeFilter', [records], [{ text: 'author', title: 'Remove which filter condition?' }]);
    records = await recordsOf('article');
    assert.match(await description(records), /^categories has any of \("Wine"\)/);
    await recordsShown(records);
    assert.deepEqual((await listings()).at(-1)?.['filter']['fields'], { categories: { any_in: [wine.id] } });
  });

  it('pages the records of a link with "Load more…" (one request per page); dismissing the picker adds no condition', async () => {
    const records = await recordsOf('home_page');
    await clearRequests();
    const done = vscode.commands.executeCommand('datocms.records.filter', records);
    await typeIntoQuickInput('Featured articles', 'Filter records by');
    await typeIntoQuickInput('has any of', 'Filter featured_articles');
    const pages = async () => (await listings()).filter((q) => q['page']?.['limit'] === '20').map((q) => Number(q['page']['offset']));
    await waitFor(async () => (await pages()).length === 1, 15_000, 'the first page of articles');
    await clickQuickPickItem('Load more…');
    await waitFor(async () => (await pages()).length === 2, 15_000, 'the second page of articles');
    assert.deepEqual(await pages(), [0, 20]);
    await pressKeys('Escape', false);
    await done;
    assert.equal(await description(await recordsOf('home_page')), '');
  });
});
