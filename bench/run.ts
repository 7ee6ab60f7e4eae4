// `npm run bench [-- --json] [-- --runs N] [-- --only list_all,save_field,…]`
// Our CMA client against the official @datocms/cma-client-node and a raw-undici floor, side by side in
// one run, against the emulator on loopback (in its own process). See bench/README.md for each row.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { closeAllDispatchers } from '../src/cma';
import { measureActivation, type ActivationResult } from './activate';
import { benchExport } from './export';
import { listAllOfficial, listAllOurs, officialClient, ourClient, RawLister } from './contenders';
import { liveCheckRow } from './livecheck';
import { alternate, median, ratio, round, ROOT, sleep, startEmulatorProcess, type EmulatorProcess } from './lib';
import { benchSaveRecord } from './saveRecord';
import { benchCreateRecord } from './createRecord';
import { RATE_LIMIT, RATE_LIMITED_PAGES, rateLimitFloorMs, readPagesUnderLimit, type RateLimitedRun } from './ratelimit';
import { treeSession, type Expand } from './tree';
import { benchHoverLink } from './hoverLink';
import { benchGraphqlLanguage } from './graphqlLanguage';
import { benchBulkPublish } from './bulkPublish';
import { benchUploads } from './uploads';
import { benchGraphqlRun } from './graphql';
import { benchStructuredText } from './structuredText';
import { benchRecordPreview } from './preview';

const RECORDS = 10_000;
const LATENCIES = [80, 0] as const;
const OUR_PAGE_SIZE = 500; // our listAll defaults, which the official client is tuned to in official_tuned
const OUR_CONCURRENCY = 4;
const JOB_MS = 20;
const TARGETS = {
  listAllVsOfficialDefault: 0.1,
  listAllVsOfficialTuned: 0.9,
  listAllVsRaw: 1.05,
  saveVsOfficial: 0.06,
  requestsPerExpand: 1,
  firstPageRequests: 2,
  bundleBytes: 100 * 1024,
  activateMs: 20,
  rateLimitedOverFloor: 1.1,
};

type Json = Record<string, unknown>;
interface Row {
  name: string;
  value: string;
  target: string;
  ok: boolean | undefined;
}

const argv = process.argv.slice(2);
const asJson = argv.includes('--json');
const runs = Math.max(5, Number(argv[argv.indexOf('--runs') + 1]) || 5);
const only = argv.includes('--only') ? new Set((argv[argv.indexOf('--only') + 1] ?? '').split(',')) : undefined;
const wanted = (section: string) => !only || only.has(section);
const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

async function main(): Promise<void> {
  const started = performance.now();
  const result: Json = { runs, records: RECORDS, node: process.version, cpus: (await import('node:os')).cpus().length };
  const rows: Row[] = [];
  const emulator = await startEmulatorProcess([
    '--records',
    String(RECORDS),
    '--job-duration',
    String(JOB_MS),
    '--wide-model-fields',
    '50',
  ]);
  try {
    const ours = ourClient(emulator.url, emulator.token);
    const articleId = (await ours.itemTypes.find('article')).id;
    if (wanted('list_all')) result['list_all'] = await benchListAll(emulator, articleId, rows);
    await emulator.setLatency(0);
    if (wanted('save_field') || wanted('save_model')) Object.assign(result, await benchSaves(emulator, rows));
    if (wanted('save_record')) {
      const saveRecord = await benchSaveRecord(emulator, runs, progress);
      result['save_record'] = saveRecord.json;
      rows.push(...saveRecord.rows);
    }
    if (wanted('create_record')) {
      const created = await benchCreateRecord(emulator, runs, progress);
      result['create_record'] = created.json;
      rows.push(...created.rows);
    }
    if (wanted('tree')) result['tree'] = await benchTree(emulator, rows);
    if (wanted('export_peak_mb'))
      result['export_peak_mb'] = await benchExport(emulator, articleId, rows, { runs, records: RECORDS, progress });
    if (wanted('rate_limited')) result['rate_limited'] = await benchRateLimited(emulator, articleId, rows);
    if (wanted('hover_link_ms')) result['hover_link_ms'] = await benchHoverLink(emulator, runs, rows, progress);
    if (wanted('graphql_language')) result['graphql_language'] = await benchGraphqlLanguage(runs, rows, progress);
    if (wanted('bulk_publish_1000')) result['bulk_publish_1000'] = await benchBulkPublish(emulator, runs, rows, progress);
    if (wanted('graphql_run')) result['graphql_run'] = await benchGraphqlRun(emulator, runs, rows, progress);
    if (wanted('record_preview')) result['record_preview'] = await benchRecordPreview(emulator, runs, rows, progress);
  } finally {
    await emulator.close();
    await closeAllDispatchers();
  }
  if (wanted('upload_100mb') || wanted('list_uploads_10k') || wanted('media_first_page')) {
    try {
      Object.assign(result, await benchUploads(runs, rows, progress, wanted));
    } finally {
      await closeAllDispatchers();
    }
  }
  if (wanted('bundle_bytes') || wanted('activate_ms')) Object.assign(result, await benchBundleAndActivation(rows));
  if (wanted('live_check_ms')) Object.assign(result, await liveCheckRow(4 * runs, rows));
  if (wanted('structured_text_markdown')) result['structured_text_markdown'] = await benchStructuredText(runs, rows, progress);
  result['total_s'] = round((performance.now() - started) / 1000);

  if (asJson) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else printTable(rows, result['total_s'] as number);
  // Timers of the official client's pool may keep the loop alive; the numbers are out.
  process.exit(0);
}

// ---- 1. list_all ------------------------------------------------------------------------------------

async function benchListAll(emulator: EmulatorProcess, articleId: string, rows: Row[]): Promise<Json> {
  const ours = ourClient(emulator.url, emulator.token);
  const official = officialClient(emulator.url, emulator.token);
  const raw = new RawLister(emulator.url, emulator.token);
  const expect = (what: string) => (count: number) => {
    if (count !== RECORDS) throw new Error(`list_all: ${what} read ${count} records, expected ${RECORDS}`);
  };
  const contenders = {
    ours: () => listAllOurs(ours, articleId).then(expect('ours')),
    official_default: () => listAllOfficial(official, articleId).then(expect('official (defaults)')),
    official_tuned: () =>
      listAllOfficial(official, articleId, { perPage: OUR_PAGE_SIZE, concurrency: OUR_CONCURRENCY }).then(expect('official (tuned)')),
    raw: () => raw.listAll(articleId, OUR_PAGE_SIZE, OUR_CONCURRENCY).then(expect('raw')),
  };
  // Warm every contender once without latency (JIT, connections), then measure each latency.
  await emulator.setLatency(0);
  for (const run of Object.values(contenders)) await run();
  const out: Json = {};
  for (const latency of LATENCIES) {
    progress(`list_all at ${latency} ms latency (${runs} rounds × 4 contenders)`);
    await emulator.setLatency(latency);
    const samples = await alternate(contenders, runs, { warmUp: false });
    const m = Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values as number[])])) as Record<
      keyof typeof contenders,
      number
    >;
    const entry = {
      ours_ms: round(m.ours),
      official_default_ms: round(m.official_default),
      official_tuned_ms: round(m.official_tuned),
      raw_ms: round(m.raw),
      ratio_ours_vs_official_default: ratio(m.ours, m.official_default),
      ratio_ours_vs_official_tuned: ratio(m.ours, m.official_tuned),
      ratio_ours_vs_raw: ratio(m.ours, m.raw),
      samples_ms: Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, (values as number[]).map((v) => round(v))])),
    };
    out[`latency_${latency}`] = entry;
    const label = `list_all @${latency} ms`;
    rows.push({
      name: `${label}: ours / official default`,
      value: `${entry.ours_ms} / ${entry.official_default_ms} ms = ${entry.ratio_ours_vs_official_default}×`,
      target: `≤ ${TARGETS.listAllVsOfficialDefault}×`,
      ok: entry.ratio_ours_vs_official_default <= TARGETS.listAllVsOfficialDefault,
    });
    rows.push({
      name: `${label}: ours / official tuned`,
      value: `${entry.ours_ms} / ${entry.official_tuned_ms} ms = ${entry.ratio_ours_vs_official_tuned}×`,
      target: `≤ ${TARGETS.listAllVsOfficialTuned}×`,
      ok: entry.ratio_ours_vs_official_tuned <= TARGETS.listAllVsOfficialTuned,
    });
    rows.push({
      name: `${label}: ours / raw floor`,
      value: `${entry.ours_ms} / ${entry.raw_ms} ms = ${entry.ratio_ours_vs_raw}×`,
      target: `≤ ${TARGETS.listAllVsRaw}×`,
      ok: entry.ratio_ours_vs_raw <= TARGETS.listAllVsRaw,
    });
  }
  await raw.close();
  await emulator.setLatency(0);
  return out;
}

// ---- 2. save_field / save_model -----------------------------------------------------------------------

async function benchSaves(emulator: EmulatorProcess, rows: Row[]): Promise<Json> {
  const ours = ourClient(emulator.url, emulator.token);
  const official = officialClient(emulator.url, emulator.token);
  const field = await ours.fields.find('event::ticket_url');
  const event = await ours.itemTypes.find('event');
  let n = 0;
  const cases = {
    save_field: {
      ours: () => ours.fields.update(field.id, { data: { type: 'field', id: field.id, attributes: { label: `Ticket page ${++n}` } } }),
      official: () => official.fields.update(field.id, { label: `Ticket page ${++n}` }),
    },
    save_model: {
      ours: () => ours.itemTypes.update(event.id, { data: { type: 'item_type', id: event.id, attributes: { hint: `Book early ${++n}` } } }),
      official: () => official.itemTypes.update(event.id, { hint: `Book early ${++n}` }),
    },
  };
  const out: Json = {};
  for (const [name, contenders] of Object.entries(cases)) {
    if (!wanted(name)) continue;
    progress(`${name}: job of ${JOB_MS} ms, ${runs} rounds`);
    const samples = await alternate(contenders, runs);
    const oursMs = median(samples.ours);
    const officialMs = median(samples.official);
    const entry = {
      ours_ms: round(oursMs),
      official_ms: round(officialMs),
      ratio_ours_vs_official: ratio(oursMs, officialMs),
      job_ms: JOB_MS,
      latency_ms: 0,
      samples_ms: { ours: samples.ours.map((v) => round(v)), official: samples.official.map((v) => round(v)) },
    };
    out[name] = entry;
    rows.push({
      name: `${name} (job ${JOB_MS} ms): ours / official`,
      value: `${entry.ours_ms} / ${entry.official_ms} ms = ${entry.ratio_ours_vs_official}×`,
      target: `≤ ${TARGETS.saveVsOfficial}×`,
      ok: entry.ratio_ours_vs_official <= TARGETS.saveVsOfficial,
    });
  }
  return out;
}

// ---- 3. tree ------------------------------------------------------------------------------------------

async function benchTree(emulator: EmulatorProcess, rows: Row[]): Promise<Json> {
  const out: Json = {};
  for (const latency of LATENCIES) {
    progress(`tree at ${latency} ms latency, ${runs} cold sessions`);
    await emulator.setLatency(latency);
    await treeSession(emulator); // warm-up
    const sessions: Expand[][] = [];
    for (let i = 0; i < runs; i++) sessions.push(await treeSession(emulator));
    const steps = sessions[0]!.map((expand, index) => ({
      step: expand.step,
      requests: Math.max(...sessions.map((s) => s[index]!.requests)),
      ms: round(median(sessions.map((s) => s[index]!.ms))),
    }));
    const sum = (from: number, to: number) => median(sessions.map((s) => s.slice(from, to).reduce((total, e) => total + e.ms, 0)));
    const maxRequests = Math.max(...steps.map((s) => s.requests));
    const entry = {
      first_page_ms: round(sum(0, 4)), // project → Models → article → Records
      first_page_requests: steps.slice(0, 4).reduce((total, s) => total + s.requests, 0),
      fields_50_ms: round(sum(4, 6)), // wide model → Fields
      fields_50_requests: steps.slice(4, 6).reduce((total, s) => total + s.requests, 0),
      max_requests_per_expand: maxRequests,
      expands: steps,
    };
    out[`latency_${latency}`] = entry;
    rows.push({
      name: `tree @${latency} ms: first page of records (4 expands)`,
      value: `${entry.first_page_ms} ms`,
      target: '',
      ok: undefined,
    });
    rows.push({
      name: `tree @${latency} ms: first page of records, requests from a cold start`,
      value: String(entry.first_page_requests),
      target: `≤ ${TARGETS.firstPageRequests}`,
      ok: entry.first_page_requests <= TARGETS.firstPageRequests,
    });
    rows.push({
      name: `tree @${latency} ms: fields of a 50-field model (2 expands)`,
      value: `${entry.fields_50_ms} ms, ${entry.fields_50_requests} requests`,
      target: '',
      ok: undefined,
    });
    rows.push({
      name: `tree @${latency} ms: requests per expand (max)`,
      value: String(maxRequests),
      target: `≤ ${TARGETS.requestsPerExpand}`,
      ok: maxRequests <= TARGETS.requestsPerExpand,
    });
  }
  await emulator.setLatency(0);
  return out;
}

// ---- 5. export_peak_mb: bench/export.ts ----------------------------------------------------------------

// ---- 6. rate_limited ----------------------------------------------------------------------------------

async function benchRateLimited(emulator: EmulatorProcess, articleId: string, rows: Row[]): Promise<Json> {
  const pageSize = RECORDS / RATE_LIMITED_PAGES;
  progress(`rate_limited: ${RATE_LIMITED_PAGES} pages under ${RATE_LIMIT.limit} requests / ${RATE_LIMIT.windowMs} ms, ${runs} runs`);
  // The same 100 pages without a limit, for the floor's last window.
  await emulator.setLatency(0);
  const unthrottled: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const run = await readPagesUnderLimit(emulator.url, emulator.token, articleId, pageSize);
    if (run.error) throw new Error(`rate_limited: the unthrottled read failed: ${run.error}`);
    if (i > 0) unthrottled.push(run.ms);
  }
  const unthrottledMs = median(unthrottled);
  const floorMs = rateLimitFloorMs(RATE_LIMITED_PAGES, unthrottledMs / RATE_LIMITED_PAGES);

  const limited = await startEmulatorProcess(['--records', String(RECORDS), '--rate-limit']);
  const samples: RateLimitedRun[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      samples.push(await readPagesUnderLimit(limited.url, limited.token, articleId, pageSize));
      await sleep(RATE_LIMIT.windowMs + 200); // the next run starts in a fresh window
    }
  } finally {
    await limited.close();
  }
  const errors = samples.filter((s) => s.error !== undefined);
  const ms = median(samples.map((s) => s.ms));
  const entry = {
    ms: round(ms),
    floor_ms: round(floorMs),
    ratio_vs_floor: ratio(ms, floorMs),
    unthrottled_ms: round(unthrottledMs),
    errors: errors.length,
    first_error: errors[0]?.error ?? null,
    status_429_median: median(samples.map((s) => s.status429)),
    attempts_median: median(samples.map((s) => s.attempts)),
    page_size: pageSize,
    samples_ms: samples.map((s) => round(s.ms)),
  };
  rows.push({
    name: `rate_limited: ${RATE_LIMITED_PAGES} pages, errors reaching the caller`,
    value: String(errors.length),
    target: '0',
    ok: errors.length === 0,
  });
  rows.push({
    name: `rate_limited: time / floor (${entry.floor_ms} ms)`,
    value: `${entry.ms} ms = ${entry.ratio_vs_floor}× (${entry.status_429_median} × 429)`,
    target: `≤ ${TARGETS.rateLimitedOverFloor}×`,
    ok: entry.ratio_vs_floor <= TARGETS.rateLimitedOverFloor,
  });
  return entry;
}

// ---- 4. bundle_bytes / activate_ms --------------------------------------------------------------------

async function benchBundleAndActivation(rows: Row[]): Promise<Json> {
  progress('bundle_bytes: node esbuild.mjs --production');
  const build = spawn(process.execPath, ['esbuild.mjs', '--production'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const [code] = (await once(build, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`node esbuild.mjs --production exited with code ${String(code)}`);
  const out: Json = {};
  const files = await bundleFiles();
  const bundleBytes = files['extension.js'] ?? 0;
  const totalBytes = Object.values(files).reduce((total, size) => total + size, 0);
  out['bundle_bytes'] = bundleBytes;
  out['bundle'] = { entry_bytes: bundleBytes, total_js_bytes: totalBytes, files };
  rows.push({
    name: 'bundle_bytes: dist/extension.js',
    value: `${bundleBytes} B (${round(bundleBytes / 1024)} KB; all dist/*.js ${round(totalBytes / 1024)} KB)`,
    target: `≤ ${TARGETS.bundleBytes / 1024} KB`,
    ok: bundleBytes <= TARGETS.bundleBytes,
  });

  if (wanted('activate_ms')) {
    progress(`activate_ms: code-server extension host, ${runs} window loads`);
    const activation: ActivationResult = await measureActivation(runs);
    out['activate_ms'] = activation.ms === null ? 'n/a' : round(activation.ms);
    out['activation'] = activation;
    rows.push({
      name: 'activate_ms: load dist/extension.js + activate() in the extension host',
      value:
        activation.ms === null
          ? `n/a (${activation.reason})`
          : `${round(activation.ms)} ms (host's code loading + activate call; runs ${activation.samples_ms?.join(', ')})`,
      target: `≤ ${TARGETS.activateMs} ms`,
      ok: activation.ms === null ? undefined : activation.ms <= TARGETS.activateMs,
    });
  }
  return out;
}

async function bundleFiles(): Promise<Record<string, number>> {
  const { readdir } = await import('node:fs/promises');
  const names = (await readdir(join(ROOT, 'dist'))).filter((name) => name.endsWith('.js'));
  const sizes: Record<string, number> = {};
  for (const name of names) sizes[name] = (await stat(join(ROOT, 'dist', name))).size;
  return sizes;
}

// ---- output ---------------------------------------------------------------------------------------------

function printTable(rows: Row[], totalSeconds: number): void {
  const width = Math.max(...rows.map((r) => r.name.length));
  const valueWidth = Math.max(...rows.map((r) => r.value.length));
  const lines = rows.map(
    (r) => `${r.ok === undefined ? ' ' : r.ok ? '✓' : '✗'} ${r.name.padEnd(width)}  ${r.value.padEnd(valueWidth)}  ${r.target}`,
  );
  process.stdout.write(`${lines.join('\n')}\n(medians of ${runs} runs; total ${totalSeconds} s)\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
