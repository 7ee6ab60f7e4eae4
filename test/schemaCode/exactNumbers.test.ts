// Numbers a JavaScript number cannot hold (integers beyond 2^53) in a migration: run with the official client,
// they reach the API digit for digit where Node.js has JSON.rawJSON; elsewhere the script stops before its
// first request and says why. The requests are read on the wire, through a recording proxy.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LosslessNumber } from 'lossless-json';
import { CmaClient } from '../../src/cma';
import { diffSchemas } from '../../src/schemaCode/diff';
import { planMigration } from '../../src/schemaCode/plan';
import { migrationScript } from '../../src/schemaCode/script';
import { snapshotOf } from '../../src/schemaCode/snapshot';
import type { Emulator } from '../emulator';
import { useEmulator } from '../support/emulator';

const BIG = '9007199254740993';
let emu: Emulator;
let proxy: Server;
let proxyUrl: string;
let dir: string;
/** the requests the script made: method, path and body exactly as sent */
const seen: Array<{ method: string; path: string; body: string }> = [];

useEmulator({ records: 2, jobDurationMs: 1 }, async (started) => {
  emu = started.emulator;
  dir = await mkdtemp(join(tmpdir(), 'datocms-exact-'));
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? 'GET', path: req.url ?? '/', body });
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && k !== 'host' && k !== 'content-length'),
      ) as Record<string, string>;
      void fetch(emu.url + (req.url ?? '/'), { method: req.method, headers, body: body === '' ? undefined : body }).then(async (r) => {
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
        res.end(await r.text());
      });
    });
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const address = proxy.address();
  proxyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
after(async () => {
  proxy.close();
  await rm(dir, { recursive: true, force: true });
});

function run(script: string, environment: string, flags: string[]): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [...flags, '--import', 'tsx', 'test/host/lib/runMigration.mjs', script, proxyUrl, environment],
      { env: { ...process.env, DATOCMS_API_TOKEN: emu.token } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

test('an integer beyond 2^53 in a validator reaches the API exactly, or the script stops before any request', async () => {
  const client = new CmaClient({ apiToken: emu.token, baseUrl: emu.url, environment: 'main' });
  const target = snapshotOf('main', await client.site.findWithSchema());
  const source = structuredClone(target);
  source.environment = 'sandbox';
  const views = source.models.find((m) => m.apiKey === 'article')!.fields.find((f) => f.apiKey === 'reading_time')!;
  views.attributes = { ...views.attributes, validators: { number_range: { min: 0, max: new LosslessNumber(BIG) } } };
  const script = migrationScript(planMigration(diffSchemas(source, target)), { source: 'sandbox', target: 'main', generatedAt: 'now' });
  assert.match(script, new RegExp(`max: exact\\('${BIG}'\\)`));
  const file = join(dir, '1_exact.ts');
  await writeFile(file, script);

  const plain = await run(file, 'main', []);
  if (typeof (JSON as { rawJSON?: unknown }).rawJSON !== 'function') {
    assert.notEqual(plain.code, 0);
    assert.match(
      plain.output,
      /numbers a JavaScript number cannot hold exactly \(beyond 2\^53\).*Node\.js 21 or later\. Nothing was changed\./,
    );
    assert.deepEqual(seen, [], 'no request before the check');
  }

  seen.length = 0;
  const exact = await run(file, 'main', ['--harmony-json-parse-with-source']);
  assert.equal(exact.code, 0, exact.output);
  const update = seen.find((r) => r.method === 'PUT' && r.path.startsWith('/fields/'));
  assert.match(update?.body ?? '', new RegExp(`"max": ${BIG}\\b`), JSON.stringify(seen));
});
