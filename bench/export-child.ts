// Runs the extension's export (src/commands/exportRecords.ts) alone in this process and reports how much
// memory it took on top of what the process held before: one JSON line on stdout.
//
// node --expose-gc --import tsx bench/export-child.ts URL TOKEN MODEL_ID OUT_FILE
import { stat } from 'node:fs/promises';
import { CmaClient, closeAllDispatchers } from '../src/cma';
import { exportRecords } from '../src/commands/exportRecords';

async function main(): Promise<void> {
  const [url, token, modelId, path] = process.argv.slice(2);
  if (!url || !token || !modelId || !path) throw new Error('usage: export-child.ts URL TOKEN MODEL_ID OUT_FILE');
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
  const sampler = setInterval(sample, 5);
  const started = performance.now();
  const { count } = await exportRecords({ client, modelId, path, onProgress: sample });
  const ms = performance.now() - started;
  clearInterval(sampler);
  sample();
  const fileBytes = (await stat(path)).size;
  await closeAllDispatchers();
  const mb = (bytes: number) => bytes / (1024 * 1024);
  process.stdout.write(`${JSON.stringify({
    count, ms, fileBytes,
    baseRssMb: mb(base.rss),
    peakRssGrowthMb: mb(peakRss - base.rss),
    peakHeapGrowthMb: mb(peakHeap - (base.heapUsed + base.external + base.arrayBuffers)),
  })}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
