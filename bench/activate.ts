// activate_ms: how long the real VS Code extension host (code-server 4.100.3, as installed by .ci/run)
// takes to load dist/extension.js and run activate(). The number is the host's own: the Running
// Extensions view shows codeLoadingTime + activateCallTime, which the extension host measures around
// `require` and the activate() call. Read from that view in headless Chromium; each run is a fresh window
// (a fresh extension host).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, ROOT, sleep } from './lib';

export interface ActivationResult {
  /** median of the runs, in ms; null when it could not be measured (see reason) */
  ms: number | null;
  reason?: string;
  samples_ms?: number[];
  /** what triggered activation in each run, as the host reports it */
  trigger?: string;
  code_server?: string;
}

const CODE_SERVER = join(ROOT, '.cache', 'code-server', 'node_modules', '.bin', 'code-server');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const STEP_TIMEOUT_MS = 60_000;
const SETTLE_MS = 5000;

/** `extensionRoot`: where package.json, dist/ and media/ are (the repository; another tree to compare a change). */
export async function measureActivation(runs: number, extensionRoot = ROOT): Promise<ActivationResult> {
  if (!existsSync(CODE_SERVER)) return { ms: null, reason: `code-server is not installed at ${CODE_SERVER} (run: bash .ci/run setup)` };
  if (!existsSync(CHROMIUM)) return { ms: null, reason: `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)` };
  let playwright: typeof import('playwright-core');
  try {
    playwright = await import('playwright-core');
  } catch {
    return { ms: null, reason: 'playwright-core is not installed' };
  }
  const manifest = JSON.parse(await readFile(join(extensionRoot, 'package.json'), 'utf8')) as {
    publisher: string;
    name: string;
    version: string;
    displayName: string;
  };
  // the manifest's strings live in package.nls.json (%key%)
  const strings = JSON.parse(await readFile(join(extensionRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
  manifest.displayName = manifest.displayName.replace(/^%(.+)%$/, (_, key: string) => strings[key] ?? key);
  const dir = await mkdtemp(join(tmpdir(), 'datocms-bench-host-'));
  let server: ChildProcess | undefined;
  let browser: import('playwright-core').Browser | undefined;
  try {
    // The extension exactly as packaged: manifest (with its strings), bundles, media.
    const extensionDir = join(dir, 'extensions', `${manifest.publisher}.${manifest.name}-${manifest.version}`);
    await mkdir(extensionDir, { recursive: true });
    for (const part of ['package.json', 'package.nls.json', 'l10n', 'dist', 'media'])
      await cp(join(extensionRoot, part), join(extensionDir, part), { recursive: true });
    if (process.env['BENCH_HOST_PROBE']) {
      // Diagnostics only (not the reported number): a wrapper that profiles require() and activate() in the host.
      await cp(process.env['BENCH_HOST_PROBE'], join(extensionDir, 'dist', 'probe.js'));
      await writeFile(join(extensionDir, 'package.json'), JSON.stringify({ ...manifest, main: './dist/probe.js' }));
    }
    const workspace = join(dir, 'workspace');
    await mkdir(workspace);
    // No welcome page: it takes the focus while it loads.
    await mkdir(join(dir, 'data', 'User'), { recursive: true });
    await writeFile(
      join(dir, 'data', 'User', 'settings.json'),
      JSON.stringify({ 'workbench.startupEditor': 'none', 'workbench.tips.enabled': false }),
    );
    const port = await freePort();
    server = spawn(
      CODE_SERVER,
      [
        '--auth',
        'none',
        '--bind-addr',
        `127.0.0.1:${port}`,
        '--user-data-dir',
        join(dir, 'data'),
        '--extensions-dir',
        join(dir, 'extensions'),
        '--disable-telemetry',
        '--disable-update-check',
        '--disable-workspace-trust',
        '--disable-getting-started-override',
        '--disable-proxy',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, PORT: '' } },
    );
    await waitForOutput(server, /HTTP server listening/);

    browser = await playwright.chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    // Tall enough that the Running Extensions list (virtualised, slowest first) renders every row.
    const page = await browser.newPage({ viewport: { width: 1280, height: 4000 } });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`;
    const samples: number[] = [];
    let trigger = '';
    for (let run = 0; run <= runs; run++) {
      if (run === 0) await page.goto(url);
      else await page.reload();
      await page.waitForSelector('.monaco-workbench .part.activitybar');
      // Let the window finish starting (built-in extensions activate at start-up) so that the number is
      // the extension's own, not the CPU it shares with the rest of a starting workbench on 2 cores.
      await sleep(SETTLE_MS);
      // Activation by command (onCommand), as when the user runs a DatoCMS command or opens its view.
      await runCommand(page, 'DatoCMS: Show Log');
      const text = await activationText(page, manifest.displayName);
      const match = /(\d+)\s*ms/.exec(text);
      if (!match) throw new Error(`Running Extensions shows "${text}" for ${manifest.displayName}`);
      trigger = text.replace(/:.*$/, '');
      if (run > 0) samples.push(Number(match[1])); // run 0 warms the disk cache and code-server
    }
    return { ms: median(samples), samples_ms: samples, trigger, code_server: '4.100.3 (VS Code 1.100.3)' };
  } catch (error) {
    if (process.env['BENCH_HOST_SCREENSHOT'])
      await browser
        ?.contexts()[0]
        ?.pages()[0]
        ?.screenshot({ path: process.env['BENCH_HOST_SCREENSHOT'] })
        .catch(() => undefined);
    return {
      ms: null,
      reason: `the extension host could not be measured: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    };
  } finally {
    await browser?.close().catch(() => undefined);
    if (server?.pid !== undefined && server.exitCode === null) {
      const exited = once(server, 'exit');
      try {
        process.kill(-server.pid, 'SIGTERM'); // code-server and the extension hosts it started
      } catch {
        server.kill('SIGTERM');
      }
      await Promise.race([exited, sleep(5000)]);
    }
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function runCommand(page: import('playwright-core').Page, title: string): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  // Right after the workbench appears its keybindings may not listen yet, and late UI can take the focus
  // and close the palette: try until the command shows up in an open palette.
  for (;;) {
    try {
      await page.keyboard.press('Escape');
      await page.keyboard.press('F1');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible', timeout: 3000 });
      await input.fill(`>${title}`);
      await page
        .locator('.quick-input-widget .monaco-list-row')
        .filter({ hasText: title })
        .first()
        .waitFor({ state: 'visible', timeout: 3000 });
      await input.press('Enter');
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(
          `could not run "${title}" from the command palette: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
      await sleep(500);
    }
  }
}

/** The activation text ("Activation: 12ms") of the extension's row in the Running Extensions editor. */
async function activationText(page: import('playwright-core').Page, displayName: string): Promise<string> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  let opened = 0;
  while (Date.now() < deadline) {
    // (Re)open the view when it is not showing: a palette Enter can be lost while the window is busy.
    if (Date.now() - opened > 5000 && !(await page.locator('.runtime-extensions-editor').isVisible())) {
      await runCommand(page, 'Developer: Show Running Extensions');
      opened = Date.now();
    }
    const text = await page.evaluate((name) => {
      for (const row of Array.from(document.querySelectorAll('.runtime-extensions-editor .monaco-list-row'))) {
        if (row.querySelector('.name')?.textContent?.trim() !== name) continue;
        return row.querySelector('.activation-time')?.textContent?.trim() ?? '';
      }
      return '';
    }, displayName);
    if (/\d+\s*ms/.test(text)) return text;
    await sleep(200);
  }
  throw new Error(`no activation time for ${displayName} in Running Extensions within ${STEP_TIMEOUT_MS} ms`);
}

function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`code-server did not start within ${STEP_TIMEOUT_MS} ms: ${seen.slice(-300)}`)),
      STEP_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited with code ${String(code)}: ${seen.slice(-300)}`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
