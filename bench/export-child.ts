// Runs the extension's export (src/export/exportRecords.ts) alone in this process and reports how much
// memory it took on top of what the process held before: one JSON line on stdout.
//
// node --expose-gc --import tsx bench/export-child.ts URL TOKEN MODEL_ID OUT_FILE [MODE]
// MODE: `export` (default); `walk`: the same pages through the client with each record turned into
// JSON text, no file: what the client alone costs; `live`: the export with a full collection every
// 1,000 records, measuring what stays reachable (the memory the export holds, without garbage).
import { stat } from 'node:fs/promises';
import { CmaClient, closeAllDispatchers } from '../src/cma';
import { EXPORT_ORDER, exportRecords } from '../src/export/exportRecords';

const PAGE_SIZE = 100; // the export's default

async function main(): Promise<void> {
  const [url, token, modelId, path, mode = 'export'] = process.argv.slice(2);
  if (!url || !token || !modelId || !path) throw new Error('usage: export-child.ts URL TOKEN MODEL_ID OUT_FILE [export|walk|live]');
  const client = new CmaClient({ apiToken: token, baseUrl: url });
  // Load and connect first, so the baseline holds the code and the pool, not just an idle process.
  await client.site.find();
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed + base.external + base.arrayBuffers;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.external + now.arrayBuffers);
  };
  let peakLive = 0;
  const sampleLive = (done: number) => {
    if (done % 1000 !== 0) return;
    collect?.();
    const now = process.memoryUsage();
    peakLive = Math.max(peakLive, now.heapUsed + now.external + now.arrayBuffers - (base.heapUsed + base.external + base.arrayBuffers));
  };
  const sampler = setInterval(sample, 5);
  const started = performance.now();
  let count = 0;
  if (mode === 'walk') {
    for (let offset = 0, total = 1; offset < total; offset += PAGE_SIZE) {
      const page = await client.items.list({ filter: { type: modelId }, order_by: EXPORT_ORDER, page: { offset, limit: PAGE_SIZE } });
      total = page.totalCount;
      for (const record of page.data) {
        if (JSON.stringify(record).length > 0) count++;
        sample();
      }
    }
  } else {
    ({ count } = await exportRecords({ client, modelId, path, onProgress: mode === 'live' ? sampleLive : sample }));
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  sample();
  const fileBytes = mode === 'walk' ? 0 : (await stat(path)).size;
  await closeAllDispatchers();
  const mb = (bytes: number) => bytes / (1024 * 1024);
  process.stdout.write(
    `${JSON.stringify({
      mode,
      count,
      ms,
      fileBytes,
      baseRssMb: mb(base.rss),
      peakRssGrowthMb: mb(peakRss - base.rss),
      peakHeapGrowthMb: mb(peakHeap - (base.heapUsed + base.external + base.arrayBuffers)),
      peakLiveGrowthMb: mb(peakLive),
    })}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
