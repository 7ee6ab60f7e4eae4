// An export while a colleague deletes records: a valid JSON file, and no record silently missing.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ModelNode, SectionNode } from '../../../src/tree';
import {
  addFault,
  clearFaults,
  clearRequests,
  cma,
  cmaJob,
  config,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  requests,
  toasts,
  typeIntoQuickInput,
  waitFor,
  type Toast,
} from './helpers';
import { sleep } from './editing';

async function articleModel(): Promise<ModelNode> {
  const { model } = await extensionApi();
  const [project] = model.roots();
  const models = (await model.children(project)).find((n) => n.kind === 'models') as SectionNode;
  return (await model.children(models)).find((n) => n.kind === 'model' && n.itemType.attributes['api_key'] === 'article') as ModelNode;
}

async function allArticleIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await cma('GET', `/items?filter%5Btype%5D=article&page%5Blimit%5D=500&page%5Boffset%5D=${offset}`);
    ids.push(...page.data.map((r: { id: string }) => r.id));
    if (ids.length >= page.meta.total_count || page.data.length === 0) return ids;
  }
}

/** A parsed query ({page: {offset: 0}}) back to the wire's bracket form (page%5Boffset%5D=0). */
function queryString(query: Record<string, unknown>, prefix = ''): string {
  return Object.entries(query)
    .map(([key, value]) => {
      const name = prefix ? `${prefix}[${key}]` : key;
      return value !== null && typeof value === 'object'
        ? queryString(value as Record<string, unknown>, name)
        : `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`;
    })
    .join('&');
}

describe('export while records are deleted', () => {
  before(() => ensureSignedIn());
  after(() => clearFaults());

  it('the file is valid JSON and holds every record that existed throughout, or the message names the deleted ones', async function () {
    this.timeout(90_000);
    const target = join(config().workspace, 'second-export.json');
    const before = await allArticleIds();
    const article = await articleModel();
    await dismissToasts();
    await clearRequests();
    // the export's first two pages answer slowly, so the deletions land between them (the test's own
    // listing below is not slowed)
    await addFault({ kind: 'timeout', method: 'GET', path: '/items', delayMs: 3000, count: 2 });
    const exported = vscode.commands.executeCommand('datocms.exportRecords', article);
    await typeIntoQuickInput(target, 'Export records of Article');
    await waitFor(
      async () => (await requests()).some((r) => r.path === '/items' && r.status === 200),
      30_000,
      'the first page of the export',
    );
    // delete three records the export has already read (the same query as its first page)
    const firstPage = (await requests()).find((r) => r.path === '/items' && r.status === 200)!;
    const doomed = (await cma('GET', `/items?${queryString(firstPage.query)}`)).data
      .slice(0, 3)
      .map((r: { id: string }) => r.id) as string[];
    await Promise.all(doomed.map((id) => cmaJob('DELETE', `/items/${id}`)));
    const survivors = before.filter((id) => !doomed.includes(id));

    // the export ends with a message (the command resolves once it is dismissed), or an error
    let shown: Toast[] = [];
    await waitFor(
      async () => {
        shown = (await toasts()).filter((t) => /export/i.test(t.message) && !/^Exporting/i.test(t.message));
        return existsSync(target) || shown.some((t) => t.severity === 'error');
      },
      60_000,
      'the export to end',
    );
    await sleep(1000);
    shown = await toasts();
    await dismissToasts();
    await exported;
    assert.ok(existsSync(target), `the export wrote ${target}; toasts: ${JSON.stringify(shown)}`);
    const records = JSON.parse(readFileSync(target, 'utf8')) as { id: string }[];
    const ids = new Set(records.map((r) => r.id));
    assert.equal(ids.size, records.length, 'no record twice');
    const missing = survivors.filter((id) => !ids.has(id));
    const pages = (await requests()).filter((r) => r.path === '/items').length;
    const message = shown.map((t) => t.message.split(target).join('<file>')).join('\n');
    const keptDeleted = doomed.filter((id) => ids.has(id));
    if (keptDeleted.length > 0) {
      assert.match(
        message,
        new RegExp(`\\b${keptDeleted.length}\\b[^.]*deleted`, 'i'),
        `the file holds ${keptDeleted.length} records deleted meanwhile; the message should say so: "${message}"`,
      );
    }
    if (missing.length > 0) {
      assert.match(
        message,
        /delet|removed|changed|missing/i,
        `${missing.length} of ${survivors.length} records that were never deleted are missing from the file (${pages} listing requests), and the message says nothing: "${message}"`,
      );
    }
  });
});
