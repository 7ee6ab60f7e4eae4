// What the DocumentService tests share: the user's edit as the editor would print it, the save basis, reading
// the PUTs the emulator logged, and expecting a save's status with a message that says what came instead.
import assert from 'node:assert/strict';
import type { CmaClient } from '../../src/cma';
import type { Resource } from '../../src/cma/types';
import type { OpenedDocument, SaveBasis, SaveResult } from '../../src/documents/documentService';
import type { DocumentRef } from '../../src/domain/paths';
import type { Emulator, EmulatorRequest } from '../emulator';

export const where = { project: 'emulated-bistro', environment: 'main' } as const;

/** The basis of a save from a freshly opened document. */
export const basis = (opened: OpenedDocument): SaveBasis => ({ opened, basisText: opened.text });

export type Doc = Record<string, unknown> & { $readonly: Record<string, unknown> };

export function parse(text: string): Doc {
  return JSON.parse(text) as Doc;
}

/** The user's edit: change the parsed document and print it the way the document is printed. */
export function edit(text: string, change: (doc: Doc) => void): string {
  const doc = parse(text);
  change(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The PUT requests the emulator has logged. */
export function putRequests(emulator: Emulator): EmulatorRequest[] {
  return emulator.requests.filter((r) => r.method === 'PUT');
}

export function putBody(request: EmulatorRequest | undefined): {
  attributes?: Record<string, unknown>;
  relationships?: Record<string, unknown>;
  meta?: Record<string, unknown>;
} {
  assert.ok(request, 'a PUT was sent');
  return (
    request.body as {
      data: { attributes?: Record<string, unknown>; relationships?: Record<string, unknown>; meta?: Record<string, unknown> };
    }
  ).data;
}

export function expectStatus<S extends SaveResult['status']>(result: SaveResult, status: S): Extract<SaveResult, { status: S }> {
  if (result.status !== status) {
    const detail =
      result.status === 'failed'
        ? ` (${String(result.error)})`
        : result.status === 'invalid'
          ? ` (${result.problems.map((p) => p.message).join('; ')})`
          : '';
    assert.fail(`expected "${status}", got "${result.status}"${detail}`);
  }
  return result as Extract<SaveResult, { status: S }>;
}

export async function listArticleIds(client: CmaClient, count: number): Promise<string[]> {
  const page = await client.items.list({ filter: { type: 'article' }, page: { limit: count } });
  assert.equal(page.data.length, count, 'the emulator has enough articles');
  return page.data.map((r) => r.id);
}

export async function firstWebhook(client: CmaClient): Promise<Resource<'webhook'>> {
  const [webhook] = await client.webhooks.list();
  assert.ok(webhook, 'the emulator has webhooks');
  return webhook;
}

export const recordRef = (id: string): DocumentRef => ({ ...where, kind: 'record', modelApiKey: 'article', id });
