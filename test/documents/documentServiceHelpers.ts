// What the DocumentService tests share: their set-up (one emulator, a service with a fresh cache per test), the
// user's edit as the editor would print it, the save basis, reading the PUTs the emulator logged, and expecting a
// save's status with a message that says what came instead.
import assert from 'node:assert/strict';
import { beforeEach } from 'node:test';
import type { CmaClient } from '../../src/cma';
import type { Resource } from '../../src/cma/types';
import { DocumentService, type OpenedDocument, type SaveBasis, type SaveResult } from '../../src/documents/documentService';
import type { DocumentRef } from '../../src/domain/paths';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator, EmulatorRequest } from '../emulator';
import { QUICK_JOBS, useEmulator } from '../support/emulator';

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

export interface DocumentBench {
  readonly emulator: Emulator;
  readonly client: CmaClient;
  /** made afresh before each test */
  readonly service: DocumentService;
  puts(): EmulatorRequest[];
  articleIds(count: number): Promise<string[]>;
  someWebhook(): Promise<Resource<'webhook'>>;
}

/** The file's emulator (12 records, quick jobs, no fault left from an earlier test) and its DocumentService. */
export function useDocumentService(): DocumentBench {
  const setup = useEmulator({ records: 12, jobDurationMs: 5, client: { jobs: QUICK_JOBS }, reset: ['faults'] });
  let service: DocumentService | undefined;
  beforeEach(() => {
    // A fresh cache per test, as after reopening VS Code: no test leans on what another one loaded.
    const data = new ProjectData(setup.client);
    service = new DocumentService(async () => data);
  });
  return {
    get emulator() {
      return setup.emulator;
    },
    get client() {
      return setup.client;
    },
    get service() {
      if (!service) throw new Error('The service is made before each test: use it inside a test.');
      return service;
    },
    puts: () => putRequests(setup.emulator),
    articleIds: (count) => listArticleIds(setup.client, count),
    someWebhook: () => firstWebhook(setup.client),
  };
}
