// upload_100mb and list_uploads_10k, against an emulator process of their own holding 10,000 more uploads.
// upload_100mb: the PUT our upload streams (storagePut, as createFromFile runs it for a local file: 1 MiB
// reads into a reused buffer, progress)
// against a bare undici PUT of a file stream, same bytes, same presigned URL, on a kept-alive pool — the
// throughput ratio; the whole createFromFile flow's time; and our memory growth, alone in a child process.
// list_uploads_10k: client.uploads.listAll() at its defaults against bare undici GETs + JSON.parse of the same
// pages (500 per page, 4 in flight), at 0 and 80 ms of simulated round trip.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { putToStorage } from '../src/cma/storagePut';
import { ourClient } from './contenders';
import { benchMediaNode } from './media';
import { alternate, median, ratio, round, ROOT, startEmulatorProcess, type EmulatorProcess } from './lib';

const FILE_BYTES = 100 * 1024 * 1024;
const EXTRA_UPLOADS = 10_000;
const PAGE_SIZE = 500;
const CONCURRENCY = 4;
export const UPLOAD_TARGETS = { throughputVsRaw: 0.9, ownGrowthMb: 20, listVsRaw: 1.05 };

interface Row {
  name: string;
  value: string;
  target: string;
  ok: boolean | undefined;
}

type Json = Record<string, unknown>;

export async function benchUploads(
  runs: number,
  rows: Row[],
  progress: (message: string) => void,
  wanted: (section: string) => boolean,
): Promise<Json> {
  const out: Json = {};
  const emulator = await startEmulatorProcess(['--records', '10', '--uploads', String(EXTRA_UPLOADS), '--job-duration', '20']);
  const dir = await mkdtemp(join(tmpdir(), 'datocms-bench-upload-'));
  try {
    if (wanted('upload_100mb')) out['upload_100mb'] = await benchUpload(emulator, dir, runs, rows, progress);
    if (wanted('list_uploads_10k')) out['list_uploads_10k'] = await benchListUploads(emulator, runs, rows, progress);
    if (wanted('media_first_page')) out['media_first_page'] = await benchMediaNode(emulator, runs, rows, progress);
  } finally {
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}

/** A file of `bytes` random bytes (random, so nothing on the way can compress it). */
async function makeFile(path: string, bytes: number): Promise<void> {
  const handle = await open(path, 'w');
  const block = randomBytes(1024 * 1024);
  for (let written = 0; written < bytes; written += block.length) await handle.write(block, 0, Math.min(block.length, bytes - written));
  await handle.close();
}

async function benchUpload(
  emulator: EmulatorProcess,
  dir: string,
  runs: number,
  rows: Row[],
  progress: (m: string) => void,
): Promise<Json> {
  const file = join(dir, 'bench-100mb.bin');
  await makeFile(file, FILE_BYTES);
  await writeFile(`${file}.small`, randomBytes(64 * 1024));
  await emulator.setLatency(0);
  const client = ourClient(emulator.url, emulator.token);
  const media = client.media;
  const permission = await media.uploadRequests.create('bench-100mb.bin');
  const url = new URL(permission.url);
  const raw = new Pool(url.origin);
  let progressCalls = 0;
  const contenders = {
    ours: () =>
      putToStorage({
        url: permission.url,
        requestHeaders: permission.requestHeaders,
        contentType: 'application/octet-stream',
        size: FILE_BYTES,
        source: { path: file },
        filename: 'bench-100mb.bin',
        onProgress: () => progressCalls++,
      }),
    raw: async () => {
      const response = await raw.request({
        method: 'PUT',
        path: `${url.pathname}${url.search}`,
        headers: { ...permission.requestHeaders, 'content-type': 'application/octet-stream', 'content-length': String(FILE_BYTES) },
        body: createReadStream(file),
      });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`upload_100mb: the raw PUT answered ${response.statusCode}`);
    },
  };
  progress(`upload_100mb: ${runs} rounds × (ours, raw) of a 100 MiB PUT`);
  const samples = await alternate(contenders, runs);
  await raw.close();
  // the whole flow, as the extension would run it: upload request, PUT, create job
  const full: number[] = [];
  for (let i = 0; i < Math.min(runs, 3); i++) {
    const started = performance.now();
    const upload = await media.uploads.createFromFile({ path: file });
    full.push(performance.now() - started);
    if (upload.attributes['size'] !== FILE_BYTES)
      throw new Error(`upload_100mb: the upload has ${String(upload.attributes['size'])} bytes`);
  }
  progress(`upload_100mb: memory, ${runs} × (ours, raw) alone in a child process`);
  const memory: Record<'ours' | 'raw', ChildResult[]> = { ours: [], raw: [] };
  for (let i = 0; i < runs; i++) for (const mode of ['ours', 'raw'] as const) memory[mode].push(await runChild(emulator, file, mode));
  const mb = FILE_BYTES / (1024 * 1024);
  const oursMs = median(samples.ours);
  const rawMs = median(samples.raw);
  const throughputRatio = ratio(rawMs, oursMs); // ours / raw in MB/s
  // A bare PUT of a 100 MiB stream grows a process's RSS by some 30 MB of native memory here (once the process
  // has made any undici request before), the same for any client: the row's "own" is ours above that floor,
  // beside the JS memory (heap, external, array buffers) the upload holds.
  const rssGrowth = median(memory.ours.map((r) => r.peakRssGrowthMb));
  const rawGrowth = median(memory.raw.map((r) => r.peakRssGrowthMb));
  const own = Math.max(0, rssGrowth - rawGrowth);
  const jsGrowth = median(memory.ours.map((r) => r.peakHeapGrowthMb));
  const entry = {
    ours_ms: round(oursMs),
    raw_ms: round(rawMs),
    ours_mb_per_s: round(mb / (oursMs / 1000)),
    raw_mb_per_s: round(mb / (rawMs / 1000)),
    ratio_throughput_ours_vs_raw: throughputRatio,
    progress_calls_per_upload: Math.round(progressCalls / (runs + 1)),
    full_flow_ms: round(median(full)),
    own_rss_growth_mb: round(own),
    rss_growth_mb: round(rssGrowth),
    raw_put_rss_growth_mb: round(rawGrowth),
    js_growth_mb: round(jsGrowth),
    raw_put_js_growth_mb: round(median(memory.raw.map((r) => r.peakHeapGrowthMb))),
    samples_ms: { ours: samples.ours.map((v) => round(v)), raw: samples.raw.map((v) => round(v)) },
    samples_own_rss_growth_mb: memory.ours.map((r) => round(r.peakRssGrowthMb)),
  };
  rows.push({
    name: 'upload_100mb: throughput ours / raw undici PUT',
    value: `${entry.ours_mb_per_s} / ${entry.raw_mb_per_s} MB/s = ${throughputRatio}× (whole flow ${entry.full_flow_ms} ms)`,
    target: `≥ ${UPLOAD_TARGETS.throughputVsRaw}×`,
    ok: throughputRatio >= UPLOAD_TARGETS.throughputVsRaw,
  });
  rows.push({
    name: 'upload_100mb: our memory growth (child process)',
    value: `${entry.own_rss_growth_mb} MB own RSS (${entry.rss_growth_mb} MB, bare PUT ${entry.raw_put_rss_growth_mb} MB); JS ${entry.js_growth_mb} MB (bare PUT ${entry.raw_put_js_growth_mb} MB)`,
    target: `≤ ${UPLOAD_TARGETS.ownGrowthMb} MB own and JS`,
    ok: own <= UPLOAD_TARGETS.ownGrowthMb && jsGrowth <= UPLOAD_TARGETS.ownGrowthMb,
  });
  return entry;
}

interface ChildResult {
  mode: string;
  ms: number;
  peakRssGrowthMb: number;
  peakHeapGrowthMb: number;
}

async function runChild(emulator: EmulatorProcess, file: string, mode: 'ours' | 'raw'): Promise<ChildResult> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench', 'upload-child.ts'), emulator.url, emulator.token, file, mode],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`upload child (${mode}) exited with code ${String(code)}`);
  return JSON.parse(output) as ChildResult;
}

async function benchListUploads(emulator: EmulatorProcess, runs: number, rows: Row[], progress: (m: string) => void): Promise<Json> {
  const client = ourClient(emulator.url, emulator.token);
  const total = (await client.uploads.list({ page: { limit: 0 } })).totalCount;
  const pool = new Pool(emulator.url, { connections: 16 });
  const headers = { authorization: `Bearer ${emulator.token}`, accept: 'application/json', 'x-api-version': '3' };
  const rawPage = async (offset: number): Promise<{ data: { id: string }[]; meta: { total_count: number } }> => {
    const response = await pool.request({
      method: 'GET',
      path: `/uploads?page%5Boffset%5D=${offset}&page%5Blimit%5D=${PAGE_SIZE}`,
      headers,
    });
    const body = JSON.parse(await response.body.text()) as { data: { id: string }[]; meta: { total_count: number } };
    if (response.statusCode !== 200) throw new Error(`raw GET /uploads answered ${response.statusCode}`);
    return body;
  };
  const expect = (what: string) => (count: number) => {
    if (count !== total) throw new Error(`list_uploads_10k: ${what} read ${count} uploads, expected ${total}`);
  };
  const contenders = {
    ours: async () => {
      let count = 0;
      for await (const upload of client.uploads.listAll()) if (upload.id) count++;
      expect('ours')(count);
    },
    raw: async () => {
      const first = await rawPage(0);
      let count = first.data.length;
      let next = PAGE_SIZE;
      const worker = async () => {
        while (next < first.meta.total_count) {
          const offset = next;
          next += PAGE_SIZE;
          const page = await rawPage(offset);
          count += page.data.length;
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      expect('raw')(count);
    },
  };
  const out: Json = { uploads: total };
  for (const latency of [80, 0]) {
    progress(`list_uploads_10k at ${latency} ms latency (${runs} rounds × 2)`);
    await emulator.setLatency(latency);
    const samples = await alternate(contenders, runs);
    const oursMs = median(samples.ours);
    const rawMs = median(samples.raw);
    const entry = {
      ours_ms: round(oursMs),
      raw_ms: round(rawMs),
      ratio_ours_vs_raw: ratio(oursMs, rawMs),
      samples_ms: { ours: samples.ours.map((v) => round(v)), raw: samples.raw.map((v) => round(v)) },
    };
    out[`latency_${latency}`] = entry;
    rows.push({
      name: `list_uploads_10k @${latency} ms: ours / raw (${total} uploads)`,
      value: `${entry.ours_ms} / ${entry.raw_ms} ms = ${entry.ratio_ours_vs_raw}×`,
      target: `≤ ${UPLOAD_TARGETS.listVsRaw}×`,
      ok: entry.ratio_ours_vs_raw <= UPLOAD_TARGETS.listVsRaw,
    });
  }
  await emulator.setLatency(0);
  await pool.close();
  return out;
}
