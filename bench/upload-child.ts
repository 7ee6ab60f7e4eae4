// Uploads one file alone in this process and reports how much memory that took on top of what the process
// held before: one JSON line on stdout.
//
// node --expose-gc --import tsx bench/upload-child.ts URL TOKEN FILE [MODE]
// MODE: `ours` (default): client.media.uploads.createFromFile, the whole flow (upload request, streamed
// PUT, create job); `raw`: the same upload request and create through the client around a bare undici PUT of
// a file stream, for comparison.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Pool } from 'undici';
import { CmaClient, closeAllDispatchers } from '../src/cma';

async function rawUpload(client: CmaClient, file: string): Promise<void> {
  const media = client.media;
  const permission = await media.uploadRequests.create(basename(file));
  const url = new URL(permission.url);
  const pool = new Pool(url.origin);
  const size = (await stat(file)).size;
  const response = await pool.request({
    method: 'PUT',
    path: `${url.pathname}${url.search}`,
    headers: { ...permission.requestHeaders, 'content-type': 'application/octet-stream', 'content-length': String(size) },
    body: createReadStream(file),
  });
  await response.body.text();
  if (response.statusCode !== 200) throw new Error(`raw PUT answered ${response.statusCode}`);
  await pool.close();
  await media.uploads.create(permission.path);
}

async function main(): Promise<void> {
  const [url, token, file, mode = 'ours'] = process.argv.slice(2);
  if (!url || !token || !file) throw new Error('usage: upload-child.ts URL TOKEN FILE [ours|raw]');
  const client = new CmaClient({ apiToken: token, baseUrl: url, jobs: { firstDelayMs: 5, maxDelayMs: 20 } });
  let measuring = false;
  let peakRss = 0;
  let peakHeap = 0;
  const sample = (): void => {
    if (!measuring) return;
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.external + now.arrayBuffers);
  };
  const upload = (path: string) =>
    mode === 'raw'
      ? rawUpload(client, path)
      : client.media.uploads.createFromFile({ path }, { onProgress: () => sample() }).then(() => undefined);
  // Load and connect first (a small upload the same way), so the baseline holds the code and the pools.
  await upload(`${file}.small`);
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const base = process.memoryUsage();
  peakRss = base.rss;
  peakHeap = base.heapUsed + base.external + base.arrayBuffers;
  measuring = true;
  const sampler = setInterval(sample, 5);
  const started = performance.now();
  await upload(file);
  const ms = performance.now() - started;
  clearInterval(sampler);
  sample();
  await closeAllDispatchers();
  const mb = (bytes: number) => bytes / (1024 * 1024);
  process.stdout.write(
    `${JSON.stringify({
      mode,
      ms,
      baseRssMb: mb(base.rss),
      peakRssGrowthMb: mb(peakRss - base.rss),
      peakHeapGrowthMb: mb(peakHeap - (base.heapUsed + base.external + base.arrayBuffers)),
    })}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
