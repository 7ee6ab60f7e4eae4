// bulk_publish_1000: publishing 1,000 records the way the extension does it (src/records/bulk.ts: requests
// of 200, each a DatoCMS job, one after the other, and the chunk's records read again for their status)
// against the official client's items.bulkPublish in chunks of 200, one after the other.
import type { CmaClient } from '../src/cma';
import { ProjectData } from '../src/projects/projectData';
import { runBulk } from '../src/records/bulk';
import type { RecordHost } from '../src/records/recordActions';
import { formatMessage } from '../src/platform/translate';
import type { Ui } from '../src/platform/ui';
import { ourClient, officialClient } from './contenders';
import { alternate, median, ratio, round, type EmulatorProcess } from './lib';

const RECORDS = 1_000;
const CHUNK = 200;
// Ours also reads the records back to name any that failed: it must still be no slower than the official client.
const TARGET_RATIO = 1;

interface Row {
  name: string;
  value: string;
  target: string;
  ok: boolean | undefined;
}

/** The window the bulk action talks to, silent: the progress notification runs its task at once. */
function silentHost(client: CmaClient): RecordHost {
  const data = new ProjectData(client);
  const quiet = async () => undefined;
  const ui = {
    info: quiet,
    warn: quiet,
    error: quiet,
    confirm: quiet,
    pickMany: quiet,
    withProgress: (_options: unknown, task: (report: { message(): void }, signal: AbortSignal) => Promise<unknown>) =>
      task({ message: () => undefined }, new AbortController().signal),
  } as unknown as Ui;
  return {
    ui,
    t: formatMessage,
    data: async () => data,
    isDirty: () => false,
    save: async () => true,
    showServerProblems: async () => 0,
    changed: () => undefined,
    removed: () => undefined,
    log: () => undefined,
  };
}

export async function benchBulkPublish(
  emulator: EmulatorProcess,
  runs: number,
  rows: Row[],
  progress: (message: string) => void,
): Promise<Record<string, unknown>> {
  const ours = ourClient(emulator.url, emulator.token);
  const official = officialClient(emulator.url, emulator.token);
  const ids: string[] = [];
  for (const offset of [0, 500])
    ids.push(...(await ours.items.list({ filter: { type: 'article' }, page: { offset, limit: 500 } })).data.map((record) => record.id));
  if (ids.length < RECORDS) throw new Error(`bulk_publish_1000: the emulator has only ${ids.length} articles`);
  const host = silentHost(ours);
  const targets = ids.map((id) => ({
    ref: { project: 'bench', environment: 'main', kind: 'record' as const, modelApiKey: 'article', id },
    title: id,
  }));
  // The official client polls a job's result 1 s after starting it, then 2 s…: few rounds keep the row short.
  const rounds = Math.min(runs, 3);
  progress(`bulk_publish_1000, ${rounds} rounds`);
  const samples = await alternate(
    {
      ours: async () => {
        const result = await runBulk(host, targets, 'publish');
        if (result?.done.length !== RECORDS) throw new Error(`bulk_publish_1000: ours published ${result?.done.length ?? 0} of ${RECORDS}`);
      },
      official: async () => {
        for (let i = 0; i < ids.length; i += CHUNK) {
          await official.items.bulkPublish({ items: ids.slice(i, i + CHUNK).map((id) => ({ type: 'item' as const, id })) });
        }
      },
    },
    rounds,
  );
  const oursMs = median(samples.ours);
  const officialMs = median(samples.official);
  const value = ratio(oursMs, officialMs);
  rows.push({
    name: 'bulk_publish_1000: ours (5 jobs + status re-reads) / official (bulkPublish × 5)',
    value: `${round(oursMs)} / ${round(officialMs)} ms = ${value}×`,
    target: `≤ ${TARGET_RATIO}`,
    ok: value <= TARGET_RATIO,
  });
  return {
    ours_ms: round(oursMs),
    official_ms: round(officialMs),
    ratio_ours_vs_official: value,
    samples_ms: { ours: samples.ours.map((v) => round(v)), official: samples.official.map((v) => round(v)) },
  };
}
