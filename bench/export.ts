// export_peak_mb: the memory an export of every record takes, each run alone in a child process
// (bench/export-child.ts). A fresh process grows by some 30 MB just walking the pages through the client
// (V8 sizing its heap for the parsing, the HTTP pool's buffers), and that would be the same for any export:
// the row reports that floor beside the export's own growth above it, and what the export keeps reachable.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, round, ROOT, type EmulatorProcess } from './lib';

/** The export's own peak (RSS over the client's page walk), and what it holds reachable, in MB. */
export const EXPORT_TARGET_MB = 20;

interface ChildResult {
  mode: string;
  count: number;
  ms: number;
  fileBytes: number;
  baseRssMb: number;
  peakRssGrowthMb: number;
  peakHeapGrowthMb: number;
  peakLiveGrowthMb: number;
}

interface Row {
  name: string;
  value: string;
  target: string;
  ok: boolean | undefined;
}

export async function benchExport(
  emulator: EmulatorProcess,
  articleId: string,
  rows: Row[],
  options: { runs: number; records: number; progress: (message: string) => void },
): Promise<Record<string, unknown>> {
  const { runs, records } = options;
  options.progress(`export_peak_mb: ${records} records to a file, ${runs} × (export, page walk) + live, child processes`);
  const dir = await mkdtemp(join(tmpdir(), 'datocms-bench-export-'));
  const results: Record<'export' | 'walk' | 'live', ChildResult[]> = { export: [], walk: [], live: [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const mode of ['export', 'walk'] as const)
        results[mode].push(await runChild(emulator, articleId, join(dir, `export-${i}.json`), mode, records));
    }
    results.live.push(await runChild(emulator, articleId, join(dir, 'export-live.json'), 'live', records));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const mid = (list: ChildResult[], pick: (r: ChildResult) => number) => median(list.map(pick));
  const peak = mid(results.export, (r) => r.peakRssGrowthMb);
  const floor = mid(results.walk, (r) => r.peakRssGrowthMb);
  const own = peak - floor;
  const live = mid(results.live, (r) => r.peakLiveGrowthMb);
  const entry = {
    peak_rss_growth_mb: round(peak),
    page_walk_rss_growth_mb: round(floor),
    own_rss_growth_mb: round(own),
    live_growth_mb: round(live),
    peak_heap_growth_mb: round(mid(results.export, (r) => r.peakHeapGrowthMb)),
    ms: round(mid(results.export, (r) => r.ms)),
    file_mb: round(mid(results.export, (r) => r.fileBytes) / (1024 * 1024)),
    base_rss_mb: round(mid(results.export, (r) => r.baseRssMb)),
    samples_peak_rss_growth_mb: results.export.map((r) => round(r.peakRssGrowthMb)),
    samples_page_walk_rss_growth_mb: results.walk.map((r) => round(r.peakRssGrowthMb)),
  };
  rows.push({
    name: `export_peak_mb: ${records} records (${entry.file_mb} MB file, ${entry.ms} ms)`,
    value: `${entry.own_rss_growth_mb} MB own (${entry.peak_rss_growth_mb} MB RSS growth, page walk alone ${entry.page_walk_rss_growth_mb} MB); ${entry.live_growth_mb} MB live`,
    target: `≤ ${EXPORT_TARGET_MB} MB own and live`,
    ok: own <= EXPORT_TARGET_MB && live <= EXPORT_TARGET_MB,
  });
  return entry;
}

async function runChild(
  emulator: EmulatorProcess,
  articleId: string,
  path: string,
  mode: 'export' | 'walk' | 'live',
  records: number,
): Promise<ChildResult> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench', 'export-child.ts'), emulator.url, emulator.token, articleId, path, mode],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`export child (${mode}) exited with code ${String(code)}`);
  const parsed = JSON.parse(output) as ChildResult;
  if (parsed.count !== records) throw new Error(`export child (${mode}) read ${parsed.count} records, expected ${records}`);
  return parsed;
}
