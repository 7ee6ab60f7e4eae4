// A bare client for tests that talk to the emulator: any method, bodies serialised with exact numbers, jobs
// awaited (a 202 answer is polled until its job result says how the request went).
import { stringify } from 'lossless-json';
import type { Emulator } from '../emulator/index';
import type { Doc } from './helpers';

export async function callEmulator(
  emulator: Emulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Doc }> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${emulator.token}`,
      Accept: 'application/json',
      'Content-Type': 'application/vnd.api+json',
      'X-Api-Version': '3',
    },
    ...(body === undefined ? {} : { body: stringify(body) as string }),
  });
  const json = (await response.json()) as Doc;
  if (response.status !== 202) return { status: response.status, json };
  for (;;) {
    const result = await fetch(`${emulator.url}/job-results/${String(json['data'].id)}`, {
      headers: { Authorization: `Bearer ${emulator.token}`, Accept: 'application/json', 'X-Api-Version': '3' },
    });
    if (result.status === 200) {
      const attributes = ((await result.json()) as Doc)['data'].attributes;
      return { status: attributes.status as number, json: attributes.payload as Doc };
    }
    await result.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
