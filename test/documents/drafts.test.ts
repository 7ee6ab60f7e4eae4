// New records: a draft opens as its model's template; its first save creates the record (one POST /items),
// a refused create keeps the text and locates the problem, and a save after the create never creates again.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type { CmaClient } from '../../src/cma';
import { DocumentService, type OpenedDocument } from '../../src/documents/documentService';
import { documentPath, isDraftRef, newDraftRef, parseDocumentPath } from '../../src/domain/paths';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator } from '../emulator';
import { QUICK_JOBS, useEmulator } from '../support/emulator';

const where = { project: 'emulated-bistro', environment: 'main' } as const;
let emulator: Emulator;
let client: CmaClient;
let service: DocumentService;

useEmulator({ records: 12, jobDurationMs: 5, client: { jobs: QUICK_JOBS } }, (started) => ({ emulator, client } = started));
beforeEach(() => {
  const data = new ProjectData(client);
  service = new DocumentService(async () => data);
});

const posts = () => emulator.requests.filter((r) => r.method === 'POST' && r.path === '/items');
const edit = (opened: OpenedDocument, values: Record<string, unknown>) =>
  `${JSON.stringify({ ...JSON.parse(opened.text), ...values }, null, 2)}\n`;

describe('new record drafts', () => {
  test('a draft path survives the round trip through its URI path (a reloaded window reads it again)', async () => {
    const ref = newDraftRef(where, 'author');
    const parsed = parseDocumentPath(documentPath(ref));
    assert.ok(parsed && isDraftRef(parsed));
    assert.equal(parsed.id, ref.id);
    const opened = await service.open(parsed);
    assert.deepEqual(Object.keys(JSON.parse(opened.text)).slice(0, 3), ['name', 'slug', 'role']);
    assert.equal(emulator.requests.filter((r) => r.method !== 'GET').length, 0);
  });

  test('the first save creates the record once; the editor gets the created record; saving again creates nothing', async () => {
    const before = posts().length;
    const opened = await service.open(newDraftRef(where, 'author'));
    const text = edit(opened, { name: 'Grace Hopper', slug: 'grace-hopper' });
    const result = await service.save(text, { opened, basisText: opened.text });
    assert.equal(result.status, 'saved', JSON.stringify(result));
    assert.equal(posts().length, before + 1);
    if (result.status !== 'saved') return;
    assert.ok(result.created && result.created.kind === 'record');
    assert.match(result.created.id, /^[A-Za-z0-9_-]{22}$/);
    assert.equal(JSON.parse(result.document.text).$readonly.id, result.created.id);
    assert.equal(
      emulator.requests.filter(
        (r) => r.method === 'GET' && r.path === `/items/${result.created!.kind === 'record' ? result.created!.id : ''}`,
      ).length,
      0,
      'no blocks: the POST answer is shown as it is',
    );
    const again = await service.save(result.document.text, { opened: result.document, basisText: result.document.text });
    assert.equal(again.status, 'unchanged');
    const typedMore = await service.save(edit(result.document, { email: 'grace@example.com' }), {
      opened: result.document,
      basisText: result.document.text,
    });
    assert.equal(typedMore.status, 'saved');
    assert.equal(posts().length, before + 1, 'a save after the create updates the record');
    assert.equal((await client.items.find(result.created.id)).attributes['email'], 'grace@example.com');
  });

  test('an untouched draft with required fields is refused locally: nothing sent, the problem at the field', async () => {
    const before = posts().length;
    const opened = await service.open(newDraftRef(where, 'author'));
    const result = await service.save(opened.text, { opened, basisText: opened.text });
    assert.equal(result.status, 'invalid');
    assert.equal(posts().length, before);
    if (result.status === 'invalid')
      assert.ok(
        result.problems.some((p) => p.path[0] === 'name' && p.line === 2),
        JSON.stringify(result.problems),
      );
  });

  test('a create the server refuses (422) keeps the text and places the problem where it was typed', async () => {
    const first = await service.open(newDraftRef(where, 'author'));
    assert.equal(
      (await service.save(edit(first, { name: 'Twin Name', slug: 'twin-a' }), { opened: first, basisText: first.text })).status,
      'saved',
    );
    const second = await service.open(newDraftRef(where, 'author'));
    const text = edit(second, { name: 'Twin Name', slug: 'twin-b' });
    const result = await service.save(text, { opened: second, basisText: second.text });
    assert.equal(result.status, 'invalid', JSON.stringify(result));
    if (result.status !== 'invalid') return;
    assert.equal(result.origin, 'server');
    assert.equal(result.text, text);
    assert.ok(
      result.problems.some((p) => text.slice(p.offset).startsWith('"name"') || text.slice(p.offset).startsWith('"Twin Name"')),
      JSON.stringify(result.problems),
    );
  });

  test('declined confirmation sends nothing', async () => {
    const before = posts().length;
    const opened = await service.open(newDraftRef(where, 'author'));
    const result = await service.save(
      edit(opened, { name: 'Nobody', slug: 'nobody' }),
      { opened, basisText: opened.text },
      { confirm: async () => false },
    );
    assert.equal(result.status, 'declined');
    assert.equal(posts().length, before);
  });
});
