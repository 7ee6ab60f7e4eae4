// After Refresh, the DatoCMS view and the Record History view say what DatoCMS says: the models, block models,
// webhooks and environments; each record row's status and version; a model's record count; a record's versions.
import * as vscode from 'vscode';
import type { ModelNode, RecordNode, RecordsNode, TreeNode } from '../../../src/tree';
import { extensionApi, waitFor } from '../suite/helpers';
import { server, ServerError } from './server';
import type { Breach } from './state';
import { note, type Step } from './step';

const breach = (step: Step, detail: string): Breach => ({
  seed: step.state.seed,
  step: step.n,
  invariant: 'the tree and Record History agree with DatoCMS',
  detail,
});

export async function refreshAndCompare(step: Step): Promise<Breach[]> {
  const { registry } = await extensionApi();
  const project = registry.list()[0];
  if (!project) {
    note(step, 'signed out: nothing to compare');
    return [];
  }
  note(step, 'Refresh, then compare the tree and Record History with DatoCMS');
  await vscode.commands.executeCommand('datocms.refresh');
  step.reach.forget();
  const environment = registry.environmentOf(project.key);
  const nodes = await step.reach.all();
  const found: Breach[] = [];
  const say = (detail: string) => found.push(breach(step, detail));
  await compareSections(nodes, environment, say);
  const records = nodes.filter((n): n is RecordNode => n.kind === 'record');
  await compareRecords(records, environment, say);
  for (const node of nodes.filter((n): n is RecordsNode => n.kind === 'records' && isPlainQuery(n)))
    await compareCount(node, environment, say);
  const record = step.random.pick(records);
  if (record) await compareHistory(step, record, say);
  return found;
}

const isPlainQuery = (node: RecordsNode) => Object.values(node.query).every((v) => v === undefined || (Array.isArray(v) && v.length === 0));

async function compareSections(nodes: TreeNode[], environment: string, say: (d: string) => void): Promise<void> {
  const sections = new Map(
    nodes
      .filter((n) => n.kind === 'models' || n.kind === 'blockModels' || n.kind === 'webhooks' || n.kind === 'environments')
      .map((n) => [n.kind, n]),
  );
  const shown = (kind: string, parent: TreeNode | undefined, key: (n: any) => string) =>
    nodes
      .filter((n) => n.kind === kind && n.parent === parent)
      .map(key)
      .sort();
  const itemTypes = (await server('GET', '/item-types', environment)).data as any[];
  const lists: [string, string[] | undefined, string[]][] = [
    [
      'models',
      sections.has('models')
        ? shown('model', sections.get('models'), (n: ModelNode) => n.itemType.attributes['api_key'] as string)
        : undefined,
      itemTypes.filter((m) => !m.attributes.modular_block).map((m) => m.attributes.api_key),
    ],
    [
      'block models',
      sections.has('blockModels')
        ? shown('model', sections.get('blockModels'), (n: ModelNode) => n.itemType.attributes['api_key'] as string)
        : undefined,
      itemTypes.filter((m) => m.attributes.modular_block).map((m) => m.attributes.api_key),
    ],
    [
      'webhooks',
      sections.has('webhooks') ? shown('webhook', sections.get('webhooks'), (n) => n.webhook.id) : undefined,
      ((await server('GET', '/webhooks', environment)).data as any[]).map((w) => w.id),
    ],
    [
      'environments',
      sections.has('environments') ? shown('environment', sections.get('environments'), (n) => n.resource.id) : undefined,
      ((await server('GET', '/environments')).data as any[]).map((e) => e.id),
    ],
  ];
  for (const [what, tree, dato] of lists) {
    if (tree === undefined) continue;
    const expected = [...dato].sort();
    if (JSON.stringify(tree) !== JSON.stringify(expected))
      say(`${what}: the tree shows [${tree.join(', ')}], DatoCMS has [${expected.join(', ')}]`);
  }
}

async function compareRecords(records: RecordNode[], environment: string, say: (d: string) => void): Promise<void> {
  for (const node of records.filter((n) => n.environment === environment && !(n.parent as RecordsNode | undefined)?.query?.version)) {
    let current: any;
    try {
      current = (await server('GET', `/items/${node.record.id}`, environment)).data;
    } catch (error) {
      if (error instanceof ServerError && error.status === 404)
        say(`record ${node.record.id} ("${node.label}") is in the tree, not in DatoCMS`);
      else throw error;
      continue;
    }
    for (const key of ['status', 'current_version'])
      if (current.meta[key] !== node.record.meta[key])
        say(
          `record ${node.record.id} ("${node.label}"): the tree has ${key} ${String(node.record.meta[key])}, DatoCMS ${String(current.meta[key])}`,
        );
  }
}

async function compareCount(node: RecordsNode, environment: string, say: (d: string) => void): Promise<void> {
  const { model } = await extensionApi();
  const counts = model.recordCounts(node);
  if (!counts) return;
  const page = await server('GET', `/items?filter%5Btype%5D=${node.model.itemType.id}&page%5Blimit%5D=1`, environment);
  if (counts.total !== page.meta.total_count)
    say(`model ${node.model.label}: the tree counts ${counts.total} records, DatoCMS ${page.meta.total_count}`);
}

/** Show Version History on a record: the versions listed are DatoCMS's, newest first. */
async function compareHistory(step: Step, record: RecordNode, say: (d: string) => void): Promise<void> {
  const { history } = await extensionApi();
  await vscode.commands.executeCommand('datocms.history.show', record);
  const listed = () =>
    (history()?.children() ?? []).flatMap((n) => (n.kind === 'version' && n.record.id === record.record.id ? [n.entry] : []));
  const shown = await waitFor(() => listed().length > 0, 20_000, `the versions of ${record.record.id}`).then(
    () => true,
    () => false,
  );
  if (!shown) return say(`Record History listed no version of record ${record.record.id} ("${record.label}")`);
  const versions = (await server('GET', `/items/${record.record.id}/versions?page%5Blimit%5D=50`, record.environment)).data as any[];
  const tree = listed().map((e) => `${e.id}${e.isCurrent ? '*' : ''}`);
  const dato = versions.map((v) => `${v.id}${v.meta.is_current ? '*' : ''}`);
  if (JSON.stringify(tree) !== JSON.stringify(dato.slice(0, tree.length)))
    say(`Record History of ${record.record.id} lists [${tree.join(', ')}], DatoCMS [${dato.join(', ')}] (* = current)`);
  note(step, `history of ${record.record.id}: ${tree.length} version(s)`);
}
