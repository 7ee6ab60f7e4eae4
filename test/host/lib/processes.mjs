// Child processes of the real-host runs (emulator, code-server): started on free loopback ports, stopped
// with their whole process group so nothing outlives a run.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
export const CODE_SERVER_VERSION = '4.100.3';
export const CODE_SERVER_BIN = join(ROOT, '.cache/code-server/node_modules/.bin/code-server');

export function codeServerInstalled() {
  return existsSync(CODE_SERVER_BIN);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const children = new Set();

/** Spawns a detached child (own process group) and remembers it for stopAll(). */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    signalGroup(child, 'SIGTERM');
  });
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export async function stopAll() {
  await Promise.all([...children].map(stop));
}

/** Resolves with the first stdout line matching `pattern`; rejects on exit or after `timeoutMs`. */
export function waitForLine(child, pattern, timeoutMs, what) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${seen.slice(-2000)}`)), timeoutMs);
    const onData = (chunk) => {
      seen += chunk.toString();
      const match = seen.match(pattern);
      if (match) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(match);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (seen += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with code ${code}:\n${seen.slice(-2000)}`));
    });
  });
}

/** Starts the CMA emulator CLI; resolves with its URL and token. */
export async function startEmulator({ token, records = 300, port = 0 } = {}) {
  const args = ['--import', 'tsx', 'test/emulator/cli.ts', '--port', String(port), '--records', String(records)];
  if (token) args.push('--token', token);
  const child = start(process.execPath, args);
  const [, url, actualToken] = await waitForLine(child, /listening on (http:\/\/\S+) \(token: (\S+)\)/, 30_000, 'The CMA emulator');
  child.stdout.resume();
  return { child, url, token: actualToken };
}

/** Starts code-server on a free loopback port with its own user-data and extensions folders. */
export async function startCodeServer({ userDataDir, extensionsDir, folder, env = {} }) {
  if (!codeServerInstalled())
    throw new Error(`code-server is not installed; run "bash .ci/run setup" first (expected ${CODE_SERVER_BIN}).`);
  const port = await freePort();
  const child = start(
    CODE_SERVER_BIN,
    [
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      folder,
    ],
    { env: { ...process.env, ...env } },
  );
  await waitForLine(child, /HTTP server listening on/, 60_000, 'code-server');
  child.stdout.resume();
  return { child, port, url: `http://127.0.0.1:${port}` };
}

/** Installs a .vsix into an extensions folder (before the server starts, as the recipe says). */
export async function installVsix({ vsix, userDataDir, extensionsDir }) {
  const child = start(CODE_SERVER_BIN, ['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsix]);
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0 || !/successfully installed/i.test(output)) throw new Error(`Installing ${vsix} failed (exit ${code}):\n${output}`);
}
