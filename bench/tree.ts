// The tree as a user clicks through it (src/tree/model.ts, the same code the extension renders), timed
// per expand, with the requests each expand sent counted in the emulator's own log.
import { CmaClient } from '../src/cma';
import type { Project, ProjectSource } from '../src/projects/project';
import { ProjectData } from '../src/projects/projectData';
import { TreeModel } from '../src/tree/model';
import { type TreeNode } from '../src/tree/nodes';
import { WIDE_MODEL_API_KEY, type EmulatorProcess } from './lib';

export interface Expand {
  step: string;
  ms: number;
  requests: number;
  children: number;
}

/** The VS Code setting's default: records per page in the tree. */
const TREE_PAGE_SIZE = 30;

function projectSource(url: string, token: string): ProjectSource {
  const project: Project = { key: 'emulated-bistro', siteId: '84213', name: 'Emulated Bistro', baseUrl: url, internalDomain: null };
  const data = new ProjectData(new CmaClient({ apiToken: token, baseUrl: url }));
  return {
    list: () => [project],
    get: (key) => (key === project.key ? project : undefined),
    environmentOf: () => 'main',
    data: async () => data,
  };
}

/**
 * One user session from a cold start: project → Models → Article → Records (first page), then the
 * 50-field model → Fields. Returns each expand's time and request count.
 */
export async function treeSession(emulator: EmulatorProcess): Promise<Expand[]> {
  const model = new TreeModel({ projects: projectSource(emulator.url, emulator.token), pageSize: () => TREE_PAGE_SIZE });
  const expands: Expand[] = [];
  const expand = async (step: string, node: TreeNode | undefined): Promise<TreeNode[]> => {
    if (!node) throw new Error(`tree benchmark: no node to expand for "${step}"`);
    await emulator.clearRequests();
    const started = performance.now();
    const children = await model.children(node);
    const ms = performance.now() - started;
    const requests = (await emulator.requests()).length;
    const failed = children.find((child) => child.kind === 'error');
    if (failed) throw new Error(`tree benchmark: expanding ${step} showed an error: ${failed.label}`);
    expands.push({ step, ms, requests, children: children.length });
    return children;
  };
  const [project] = model.roots();
  const sections = await expand('project', project);
  const models = await expand(
    'Models',
    sections.find((n) => n.kind === 'models'),
  );
  const byApiKey = (apiKey: string) => models.find((n) => n.kind === 'model' && n.itemType.attributes['api_key'] === apiKey);
  const article = await expand('model article', byApiKey('article'));
  const records = await expand(
    'article → Records (first page)',
    article.find((n) => n.kind === 'records'),
  );
  if (!records.some((n) => n.kind === 'record')) throw new Error('tree benchmark: the first page of records is empty');
  const wide = await expand(`model ${WIDE_MODEL_API_KEY} (50 fields)`, byApiKey(WIDE_MODEL_API_KEY));
  const fields = await expand(
    `${WIDE_MODEL_API_KEY} → Fields`,
    wide.find((n) => n.kind === 'fields'),
  );
  if (fields.filter((n) => n.kind === 'field').length !== 50)
    throw new Error(`tree benchmark: the wide model shows ${fields.length} fields, expected 50`);
  return expands;
}
