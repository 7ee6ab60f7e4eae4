// Raw HTTP helpers for the emulator's own tests (no client library in between).
import type { Emulator } from './index.js';

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** the parsed body; undefined when it is not JSON */
  json: any;
}

export async function call(
  emu: Emulator,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; token?: string | null } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Api-Version': '3' };
  const token = init.token === undefined ? emu.token : init.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/vnd.api+json';
  Object.assign(headers, init.headers);
  const response = await fetch(emu.url + path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** The codes of an error document. */
export function codes(response: RawResponse): string[] {
  return (response.json?.data ?? []).map((e: { attributes: { code: string } }) => e.attributes.code);
}

/** The details of each api_error. */
export function details(response: RawResponse): Record<string, unknown>[] {
  return (response.json?.data ?? []).map((e: { attributes: { details: Record<string, unknown> } }) => e.attributes.details);
}

export async function waitForJob(emu: Emulator, jobId: string): Promise<RawResponse> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const result = await call(emu, `/job-results/${jobId}`);
    if (result.status !== 404) return result;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${jobId} did not finish`);
}
