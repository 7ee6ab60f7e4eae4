// Hover on a link id (src/language, the same code the extension's hover runs): the record document is
// open (its models and fields loaded), the pointer rests on a link value, and the hover needs the linked
// record's title. Uncached: the name cache is cold (one listing by ids, while the target model's fields
// load); cached: the same hover again. Requests counted in the emulator's own log.
import { CmaClient } from '../src/cma';
import { DocumentService } from '../src/documents/documentService';
import { DatoJsonLanguageServices } from '../src/language/jsonLanguage';
import { RecordNames, nameLinkedRecord } from '../src/language/names';
import { modelIdOf, referenceAt } from '../src/language/references';
import { ProjectData } from '../src/projects/projectData';
import type { EmulatorProcess } from './lib';

export interface HoverRun {
  uncachedMs: number;
  uncachedRequests: number;
  cachedMs: number;
  cachedRequests: number;
}

/** One session: open an article that links an author, hover the author id twice. */
export async function hoverLinkSession(emulator: EmulatorProcess): Promise<HoverRun> {
  const data = new ProjectData(new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url }));
  const page = await data.client.items.list({ filter: { type: 'article' }, version: 'current', page: { limit: 50 } });
  const article = page.data.find((r) => typeof r.attributes['author'] === 'string');
  if (!article) throw new Error('hover benchmark: no article links an author');
  const ref = { project: 'bench', environment: 'main', kind: 'record', modelApiKey: 'article', id: article.id } as const;
  const opened = await new DocumentService(async () => data).open(ref);
  const services = new DatoJsonLanguageServices();
  const names = new RecordNames(data);
  const context = { kind: 'record', ctx: opened.ctx, modelId: modelIdOf(opened.resource) } as const;
  const offset = opened.text.indexOf(`"${String(article.attributes['author'])}"`) + 2;

  const hover = async (): Promise<{ ms: number; requests: number }> => {
    await emulator.clearRequests();
    const started = performance.now();
    const { json } = services.parse(`datocms:/bench/${article.id}`, `/bench/main/records/article/${article.id}.json`, 1, opened.text);
    const reference = referenceAt(json, offset, context);
    if (reference?.kind !== 'record') throw new Error('hover benchmark: the author id is not a link');
    const name = await nameLinkedRecord(names, json, reference, context);
    const ms = performance.now() - started;
    if (!name?.titled) throw new Error('hover benchmark: the author has no title');
    return { ms, requests: (await emulator.requests()).length };
  };
  const uncached = await hover();
  const cached = await hover();
  return { uncachedMs: uncached.ms, uncachedRequests: uncached.requests, cachedMs: cached.ms, cachedRequests: cached.requests };
}

const LATENCY_MS = 80;
/** A hover that waits at most this long feels immediate. */
const CACHED_TARGET_MS = 150;
/** Beyond one round trip, what an uncached hover may add (parsing, naming, the emulator's own work). */
const UNCACHED_OVERHEAD_MS = 50;

/** The `hover_link_ms` rows: medians over `runs` cold sessions at 80 ms round trip. */
export async function benchHoverLink(
  emulator: EmulatorProcess,
  runs: number,
  rows: { name: string; value: string; target: string; ok: boolean | undefined }[],
  progress: (message: string) => void,
): Promise<Record<string, number>> {
  progress(`hover on a link id at ${LATENCY_MS} ms latency, ${runs} sessions`);
  await emulator.setLatency(LATENCY_MS);
  try {
    await hoverLinkSession(emulator); // warm-up
    const sessions: HoverRun[] = [];
    for (let i = 0; i < runs; i++) sessions.push(await hoverLinkSession(emulator));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const out = {
      cached_ms: Math.round(median(sessions.map((s) => s.cachedMs)) * 10) / 10,
      cached_requests: Math.max(...sessions.map((s) => s.cachedRequests)),
      uncached_ms: Math.round(median(sessions.map((s) => s.uncachedMs)) * 10) / 10,
      uncached_requests: Math.max(...sessions.map((s) => s.uncachedRequests)),
    };
    const uncachedTarget = LATENCY_MS + UNCACHED_OVERHEAD_MS;
    rows.push({
      name: `hover_link_ms @${LATENCY_MS} ms: cached`,
      value: `${out.cached_ms} ms, ${out.cached_requests} requests`,
      target: `≤ ${CACHED_TARGET_MS} ms, 0 requests`,
      ok: out.cached_ms <= CACHED_TARGET_MS && out.cached_requests === 0,
    });
    rows.push({
      name: `hover_link_ms @${LATENCY_MS} ms: uncached`,
      value: `${out.uncached_ms} ms, ${out.uncached_requests} requests`,
      target: `≤ ${uncachedTarget} ms (one round trip)`,
      ok: out.uncached_ms <= uncachedTarget,
    });
    return out;
  } finally {
    await emulator.setLatency(0);
  }
}
