// The bad-input corpus (test/faults/corpus.ts) through the real save path: every case is either refused
// with located problems and sends nothing, or passes validation (and only then tries to reach the
// server). None may throw, hang or reach a prototype.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { CmaClient } from '../../src/cma';
import { DocumentService, type OpenedDocument } from '../../src/documents/documentService';
import { resourceKindOf } from '../../src/documents/model';
import type { DocumentRef } from '../../src/domain/paths';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { Transcript } from '../security/transcript';
import { CLASSES, PER_SUBJECT, caseCount, generate, type CaseClass, type Subject } from './corpus';

const where = { project: 'emulated-bistro', environment: 'main' } as const;
const MAX_MESSAGE = 2_000;

let emulator: Emulator;
let tripwire: Server;
let tripwireHits = 0;
let saver: DocumentService;
const opened = new Map<string, OpenedDocument>();
const subjects: Subject[] = [];
const transcript = new Transcript();
const tally = new Map<CaseClass, { refused: number; accepted: number }>();

useEmulator({ records: 3 }, async (started) => {
  emulator = started.emulator;
  const reader = new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url, retry: { maxAttempts: 1 } });
  const readerData = new ProjectData(reader);
  const service = new DocumentService(async () => readerData);
  const env = emulator.store.environment('main');
  const firstRecord = (apiKey: string) => {
    const model = emulator.store.itemType(env, apiKey);
    const record = model && env.recordsByType.get(model.id)?.[0];
    if (!record) throw new Error(`the seed has no ${apiKey} record`);
    return record.id;
  };
  const webhooks = [...emulator.store.webhooks.values()];
  const refs: [string, DocumentRef][] = [
    ['model article', { ...where, kind: 'model', apiKey: 'article' }],
    ['model home_page', { ...where, kind: 'model', apiKey: 'home_page' }],
    ['field article.title', { ...where, kind: 'field', modelApiKey: 'article', apiKey: 'title' }],
    ['field article.body', { ...where, kind: 'field', modelApiKey: 'article', apiKey: 'body' }],
    ['field author.role', { ...where, kind: 'field', modelApiKey: 'author', apiKey: 'role' }],
    ['field event.venue', { ...where, kind: 'field', modelApiKey: 'event', apiKey: 'venue' }],
    [
      'webhook with password',
      { ...where, kind: 'webhook', id: webhooks.find((w) => typeof w.attributes['http_basic_password'] === 'string')!.id },
    ],
    ['webhook with filters', { ...where, kind: 'webhook', id: webhooks[0]!.id }],
    ['record article', { ...where, kind: 'record', modelApiKey: 'article', id: firstRecord('article') }],
    ['record event', { ...where, kind: 'record', modelApiKey: 'event', id: firstRecord('event') }],
    ['record dish', { ...where, kind: 'record', modelApiKey: 'dish', id: firstRecord('dish') }],
    ['record home_page', { ...where, kind: 'record', modelApiKey: 'home_page', id: firstRecord('home_page') }],
  ];
  for (const [name, ref] of refs) {
    const document = await service.open(ref);
    opened.set(name, document);
    subjects.push({ name, kind: resourceKindOf(ref), text: document.text });
  }

  // Saves go to a server that only counts: a case that reaches it passed validation.
  tripwire = createServer((req, res) => {
    tripwireHits++;
    req.resume();
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: [{ id: 'x', type: 'api_error', attributes: { code: 'SERVICE_UNAVAILABLE', details: {} } }] }));
  });
  // Its connections stay open between cases: on a loaded machine a pause longer than the default keep-alive (5 s) let
  // the server close a socket the client was reusing, and that save failed before it reached the server.
  tripwire.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => tripwire.listen(0, '127.0.0.1', resolve));
  const port = (tripwire.address() as AddressInfo).port;
  const client = new CmaClient({
    apiToken: emulator.token,
    baseUrl: `http://127.0.0.1:${port}`,
    retry: { maxAttempts: 1 },
    onRequest: transcript.onRequest,
  });
  const data = new ProjectData(client);
  saver = new DocumentService(async () => data);
});

after(() => new Promise((resolve) => tripwire.close(resolve)));

describe('bad-input corpus', () => {
  test(`generates at least 10,000 cases across every document kind (${caseCount(12).toLocaleString('en')} here)`, () => {
    assert.equal(subjects.length, 12);
    assert.deepEqual(new Set(subjects.map((s) => s.kind)), new Set(['model', 'field', 'webhook', 'record']));
    assert.ok(caseCount(subjects.length) >= 10_000, `${caseCount(subjects.length)} cases`);
  });

  for (const cls of CLASSES) {
    test(`${cls}: ${PER_SUBJECT[cls] * 12} cases are refused with located problems or pass validation; none throws or sends a refused one`, async () => {
      const failures: string[] = [];
      const counts = { refused: 0, accepted: 0 };
      for (const item of generate(subjects, cls)) {
        const document = opened.get(item.subject)!;
        const before = tripwireHits;
        try {
          const result = await saver.save(item.text, { opened: document, basisText: document.text });
          const sent = tripwireHits - before;
          if (result.status === 'invalid') {
            counts.refused++;
            if (sent !== 0) failures.push(`${item.id}: refused, yet ${sent} request(s) sent`);
            if (result.problems.length === 0) failures.push(`${item.id}: refused without a problem`);
            for (const problem of result.problems) {
              transcript.add('problem', problem.message);
              const located =
                problem.message.startsWith(`${problem.pathText}: `) &&
                problem.line >= 1 &&
                problem.column >= 1 &&
                problem.offset >= 0 &&
                problem.offset <= item.text.length;
              if (!located)
                failures.push(`${item.id}: problem not located: ${JSON.stringify({ ...problem, message: problem.message.slice(0, 200) })}`);
              // A message quotes user text: a megabyte key or value must not make a megabyte message.
              if (problem.message.length > MAX_MESSAGE)
                failures.push(`${item.id}: a ${problem.message.length}-character message: ${problem.message.slice(0, 120)}…`);
            }
          } else if (result.status === 'unchanged') {
            counts.accepted++;
            if (sent !== 0) failures.push(`${item.id}: unchanged, yet ${sent} request(s) sent`);
            if (item.mustBeRefused) failures.push(`${item.id}: should be refused, but counts as unchanged`);
          } else {
            // Passed validation: the save went on to the server (the tripwire answers 503).
            counts.accepted++;
            if (sent === 0)
              failures.push(
                `${item.id}: ${result.status} without reaching the server${'error' in result ? ` (${String(result.error).slice(0, 200)})` : ''}`,
              );
            if (item.mustBeRefused) failures.push(`${item.id}: should be refused, but passed validation`);
          }
        } catch (error) {
          failures.push(`${item.id}: save threw ${String(error).slice(0, 200)}`);
        }
      }
      tally.set(cls, counts);
      console.log(
        `bad-input corpus · ${cls}: ${counts.refused + counts.accepted} cases (${counts.refused} refused with located problems, ${counts.accepted} valid)`,
      );
      assert.deepEqual(failures.slice(0, 10), [], `${failures.length} failing cases`);
      assert.equal(counts.refused + counts.accepted, PER_SUBJECT[cls] * subjects.length);
      assert.ok(counts.refused > 0, 'the class produces input the schema refuses');
    });
  }

  test('no case reached a prototype, and no problem message holds the token or a webhook password', () => {
    const probe = {} as Record<string, unknown>;
    for (const key of ['polluted', 'isAdmin']) assert.equal(probe[key], undefined, `Object.prototype.${key} was set`);
    assert.equal(Object.getOwnPropertyNames(Object.prototype).filter((k) => ['polluted', 'isAdmin'].includes(k)).length, 0);
    const secrets: Record<string, string> = { 'API token': emulator.token };
    for (const webhook of emulator.store.webhooks.values()) {
      const password = webhook.attributes['http_basic_password'];
      if (typeof password === 'string') secrets[`password of ${webhook.id}`] = password;
    }
    assert.deepEqual(transcript.scan(secrets), []);
    const total = [...tally.values()].reduce((sum, c) => sum + c.refused + c.accepted, 0);
    console.log(`bad-input corpus: ${total.toLocaleString('en')} cases in all`);
    assert.equal(total, caseCount(subjects.length));
  });
});
