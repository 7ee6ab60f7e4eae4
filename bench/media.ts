// media_first_page: the Media node as a user opens it in a project of 10,000 uploads, from a cold start (the code
// the extension renders: TreeModel with the media feature's MediaLibrary): project → Media (its collections and
// first page of uploads) → a collection (one pass over the uploads, pages of 500, 4 in flight). Times, and the
// requests each expand sent counted in the emulator's own log.
import { CmaClient } from '../src/cma';
import { MediaLibrary } from '../src/media/library';
import { lazy } from '../src/platform/lazy';
import { formatMessage } from '../src/platform/translate';
import type { Project, ProjectSource } from '../src/projects/project';
import { ProjectData } from '../src/projects/projectData';
import { TreeModel } from '../src/tree/model';
import type { TreeNode } from '../src/tree/nodes';
import { median, round, type EmulatorProcess } from './lib';

export const MEDIA_TARGETS = { firstPageRequests: 2 };
const PAGE_SIZE = 30;
const LATENCIES = [80, 0] as const;

interface Row {
  name: string;
  value: string;
  target: string;
  ok: boolean | undefined;
}

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

/** One cold session: project, then Media, then its first collection with uploads. Each expand's ms and requests. */
async function session(emulator: EmulatorProcess): Promise<{ step: string; ms: number; requests: number }[]> {
  const library = lazy(() => new MediaLibrary({ t: formatMessage, pageSize: () => PAGE_SIZE, tree: model }));
  const model: TreeModel = new TreeModel({
    projects: projectSource(emulator.url, emulator.token),
    pageSize: () => PAGE_SIZE,
    media: library,
  });
  const steps: { step: string; ms: number; requests: number }[] = [];
  const expand = async (step: string, node: TreeNode | undefined) => {
    if (!node) throw new Error(`media benchmark: nothing to expand for "${step}"`);
    await emulator.clearRequests();
    const started = performance.now();
    const children = await model.children(node);
    steps.push({ step, ms: performance.now() - started, requests: (await emulator.requests()).length });
    const failed = children.find((child) => child.kind === 'error');
    if (failed) throw new Error(`media benchmark: expanding ${step} showed an error: ${failed.label}`);
    return children;
  };
  const sections = await expand('project', model.roots()[0]);
  const media = await expand(
    'Media',
    sections.find((n) => n.kind === 'media'),
  );
  if (media.filter((n) => n.kind === 'upload').length !== PAGE_SIZE) throw new Error('media benchmark: the first page is not full');
  const photography = await expand(
    'Media → Photography',
    media.find((n) => n.kind === 'uploadCollection'),
  );
  await expand(
    'Photography → Dishes',
    photography.find((n) => n.kind === 'uploadCollection'),
  );
  return steps;
}

export async function benchMediaNode(emulator: EmulatorProcess, runs: number, rows: Row[], progress: (m: string) => void) {
  const out: Record<string, unknown> = {};
  for (const latency of LATENCIES) {
    progress(`media_first_page at ${latency} ms latency, ${runs} cold sessions`);
    await emulator.setLatency(latency);
    await session(emulator); // warm-up
    const sessions: Awaited<ReturnType<typeof session>>[] = [];
    for (let i = 0; i < runs; i++) sessions.push(await session(emulator));
    const at = (index: number) => ({
      ms: round(median(sessions.map((s) => s[index]!.ms))),
      requests: Math.max(...sessions.map((s) => s[index]!.requests)),
    });
    const [project, media, collection, inner] = [at(0), at(1), at(2), at(3)];
    out[`latency_${latency}`] = { project, media, collection, inner };
    rows.push({
      name: `media @${latency} ms: Media's first page from cold (collections + 30 of 10,010 uploads)`,
      value: `${media.ms} ms, ${media.requests} requests`,
      target: `≤ ${MEDIA_TARGETS.firstPageRequests} requests`,
      ok: media.requests <= MEDIA_TARGETS.firstPageRequests,
    });
    rows.push({
      name: `media @${latency} ms: a collection (one pass over 10,010 uploads), then one inside it`,
      value: `${collection.ms} ms, ${collection.requests} requests; ${inner.ms} ms, ${inner.requests} requests`,
      target: '',
      ok: undefined,
    });
  }
  await emulator.setLatency(0);
  return out;
}
