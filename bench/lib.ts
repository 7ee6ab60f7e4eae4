// Shared pieces of the benchmarks: the emulator child process, its control endpoints, statistics.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export const ROOT = join(__dirname, '..');
export const WIDE_MODEL_API_KEY = 'bench_wide';

export interface EmulatorProcess {
  url: string;
  token: string;
  child: ChildProcess;
  setLatency(ms: number): Promise<void>;
  clearRequests(): Promise<void>;
  requests(): Promise<{ method: string; path: string; query: Record<string, unknown>; status: number }[]>;
  close(): Promise<void>;
}

/** Starts bench/emulator.ts in its own Node process and waits until it listens. */
export async function startEmulatorProcess(args: string[]): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'emulator.ts'), ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line)),
    once(child, 'exit').then(([code]) => {
      throw new Error(`bench emulator exited with code ${String(code)} before listening`);
    }),
  ]);
  const { url, token } = JSON.parse(first) as { url: string; token: string };
  const control = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const response = await fetch(`${url}/_emulator/${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    if (!response.ok) throw new Error(`emulator control ${method} /_emulator/${path} answered ${response.status}`);
    return response;
  };
  return {
    url,
    token,
    child,
    setLatency: async (ms) => {
      await control('PUT', 'latency', { ms });
    },
    clearRequests: async () => {
      await control('DELETE', 'requests');
    },
    requests: async () => (await (await control('GET', 'requests')).json()) as Awaited<ReturnType<EmulatorProcess['requests']>>,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** a / b, rounded for reading; NaN-safe */
export function ratio(a: number, b: number): number {
  return Math.round((a / b) * 1000) / 1000;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * Runs each contender `runs` times after one warm-up each, rotating the order every round so no
 * contender always goes first (or last); returns every sample per contender.
 */
export async function alternate<K extends string>(
  contenders: Record<K, () => Promise<unknown>>,
  runs: number,
  options: { warmUp?: boolean; between?: () => Promise<void> } = {},
): Promise<Record<K, number[]>> {
  const names = Object.keys(contenders) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  if (options.warmUp !== false) {
    for (const name of names) {
      await contenders[name]();
      await options.between?.();
    }
  }
  for (let round = 0; round < runs; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    for (const name of order) {
      samples[name].push(await timed(contenders[name]));
      await options.between?.();
    }
  }
  return samples;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
