// An upload as a `datocms:` document, against the emulator: what the editor shows (the editable metadata, the rest
// read-only), the checks (zod shape, locales, focal point only on images), the partial update it saves (only the
// parts that changed, one PUT run as a job), conflicts, and the JSON Schema completion offers.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type { CmaClient, Resource } from '../../src/cma';
import { DocumentService, type OpenedDocument } from '../../src/documents/documentService';
import type { DocumentRef } from '../../src/domain/paths';
import { ProjectData } from '../../src/projects/projectData';
import { checkDocument, jsonSchemaFor, planUpdate } from '../../src/schema';
import type { Emulator } from '../emulator';
import { QUICK_JOBS, useEmulator } from '../support/emulator';

const where = { project: 'emulated-bistro', environment: 'main' } as const;
let emulator: Emulator;
let client: CmaClient;
let service: DocumentService;

useEmulator({ records: 12, jobDurationMs: 5, client: { jobs: QUICK_JOBS }, reset: ['faults', 'requests'] }, (started) => {
  ({ emulator, client } = started);
});
beforeEach(() => {
  const data = new ProjectData(client);
  service = new DocumentService(async () => data);
});

type Doc = Record<string, unknown> & {
  default_field_metadata: Record<string, Record<string, unknown> | null>;
  $readonly: Record<string, unknown>;
};
const parse = (text: string) => JSON.parse(text) as Doc;
const edit = (text: string, change: (doc: Doc) => void) => {
  const doc = parse(text);
  change(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
};
const stored = () => [...emulator.store.environment('main').uploads.values()];
const byFormat = (format: string) => stored().find((u) => u.attributes['format'] === format)!;
const refOf = (upload: Resource<'upload'>): DocumentRef => ({
  ...where,
  kind: 'upload',
  id: upload.id,
  title: String(upload.attributes['filename']),
});
const basis = (opened: OpenedDocument) => ({ opened, basisText: opened.text });
/** An upload document's keys, in the order the editor shows them: the editable metadata, then what DatoCMS sets. */
const DOCUMENT_KEYS = ['default_field_metadata', 'tags', 'notes', 'author', 'copyright', 'upload_collection', '$readonly'];

describe('upload documents', () => {
  test('open: the editable metadata first, everything DatoCMS sets read-only', async () => {
    const image = byFormat('jpg');
    const opened = await service.open(refOf(image));
    const doc = parse(opened.text);
    assert.deepEqual(Object.keys(doc), DOCUMENT_KEYS);
    assert.deepEqual(Object.keys(doc.default_field_metadata), ['alt', 'title', 'custom_data', 'focal_point', 'poster_time']);
    assert.deepEqual(doc.default_field_metadata['alt'], {
      en: String(image.attributes['basename']).replace(/-/g, ' '),
      it: String(image.attributes['basename']).replace(/-/g, ' '),
    });
    for (const key of ['size', 'width', 'height', 'url', 'filename', 'md5', 'mime_type', 'creator', 'meta'])
      assert.ok(key in doc.$readonly, key);
    assert.deepEqual(
      emulator.requests.map((r) => `${r.method} ${r.path}`).filter((l) => l.includes('/uploads')),
      [`GET /uploads/${image.id}`],
    );
  });

  test('save: one PUT with only the changed part of the metadata, run as a job; the document shows the result', async () => {
    const image = byFormat('png');
    const opened = await service.open(refOf(image));
    emulator.clearRequests();
    const text = edit(opened.text, (doc) => {
      (doc.default_field_metadata['alt'] as Record<string, string>)['it'] = 'Il porto all’alba';
      doc['tags'] = ['bistro', 'harbour'];
    });
    const jobs: string[] = [];
    const result = await service.save(text, basis(opened), { onJob: (id) => jobs.push(id) });
    assert.equal(result.status, 'saved', JSON.stringify(result));
    const puts = emulator.requests.filter((r) => r.method === 'PUT');
    assert.equal(puts.length, 1);
    assert.equal(puts[0]!.path, `/uploads/${image.id}`);
    const body = puts[0]!.body as { data: { attributes: Record<string, unknown>; relationships?: unknown } };
    assert.deepEqual(body.data.attributes, {
      default_field_metadata: { alt: { en: parse(opened.text).default_field_metadata['alt']!['en'], it: 'Il porto all’alba' } },
      tags: ['bistro', 'harbour'],
    });
    assert.equal(body.data.relationships, undefined);
    assert.equal(jobs.length, 1, 'the update ran as a job');
    assert.ok(result.status === 'saved' && result.sentKeys.join() === 'default_field_metadata,tags');
    const now = emulator.store.environment('main').uploads.get(image.id)!;
    assert.equal((now.attributes['default_field_metadata'] as { alt: Record<string, string> }).alt['it'], 'Il porto all’alba');
    assert.ok(result.status === 'saved' && parse(result.document.text).tags);
  });

  test('moving an upload to a collection sends the relationship only', async () => {
    const image = byFormat('webp');
    const opened = await service.open(refOf(image));
    const collections = await client.media.collections.list();
    const target = collections.find((c) => c.attributes['label'] === 'Documents')!;
    emulator.clearRequests();
    const text = edit(opened.text, (doc) => {
      doc['upload_collection'] = { type: 'upload_collection', id: target.id };
    });
    const result = await service.save(text, basis(opened));
    assert.equal(result.status, 'saved', JSON.stringify(result));
    const put = emulator.requests.find((r) => r.method === 'PUT')!;
    assert.deepEqual(put.body, {
      data: { type: 'upload', id: image.id, relationships: { upload_collection: { data: { type: 'upload_collection', id: target.id } } } },
    });
  });

  test('checks: a locale the project lacks, a focal point on a PDF, a removed key or locale; nothing is sent', async () => {
    const pdf = byFormat('pdf');
    const opened = await service.open(refOf(pdf));
    emulator.clearRequests();
    const cases: [string, (doc: Doc) => void, RegExp][] = [
      ['unknown locale', (doc) => void ((doc.default_field_metadata['alt'] as Record<string, string>)['fr'] = 'menu'), /allowed: en, it/],
      [
        'focal point on a PDF',
        (doc) => void (doc.default_field_metadata['focal_point'] = { x: 0.5, y: 0.5 } as never),
        /only an image has a focal point/,
      ],
      ['poster time on a PDF', (doc) => void (doc.default_field_metadata['poster_time'] = 3 as never), /only a video has a poster time/],
      [
        'a locale removed',
        (doc) => void delete (doc.default_field_metadata['title'] as Record<string, unknown>)['it'],
        /"it" was removed \(set it to null to clear it\)/,
      ],
      ['a part removed', (doc) => void delete doc.default_field_metadata['custom_data'], /"custom_data" was removed/],
      ['tags not a list', (doc) => void (doc['tags'] = 'menu'), /expected/],
      ['an empty tag', (doc) => void (doc['tags'] = ['']), /a tag cannot be empty/],
      ['a collection that is not a link', (doc) => void (doc['upload_collection'] = 'Documents'), /upload_collection/],
      ['a read-only attribute', (doc) => void (doc.$readonly['size'] = 1), /read-only/],
    ];
    for (const [what, change, message] of cases) {
      const result = await service.save(edit(opened.text, change), basis(opened));
      assert.equal(result.status, 'invalid', what);
      assert.ok(result.status === 'invalid' && result.problems.some((p) => message.test(p.message)), `${what}: ${JSON.stringify(result)}`);
    }
    assert.equal(emulator.requests.filter((r) => r.method !== 'GET').length, 0);
    assert.deepEqual(checkDocument('upload', opened.text, opened.resource, opened.ctx), []);
  });

  test('a change made in DatoCMS meanwhile is a conflict, and nothing is sent', async () => {
    const image = byFormat('jpg');
    const opened = await service.open(refOf(image));
    emulator.store.environment('main').uploads.get(image.id)!.attributes['notes'] = 'changed by a colleague';
    emulator.clearRequests();
    const result = await service.save(
      edit(opened.text, (doc) => void (doc['author'] = 'Me')),
      basis(opened),
    );
    assert.equal(result.status, 'conflict');
    assert.ok(result.status === 'conflict' && parse(result.remote.text)['notes'] === 'changed by a colleague');
    assert.equal(emulator.requests.filter((r) => r.method === 'PUT').length, 0);
  });

  test('a save DatoCMS refuses (a failed job) keeps the text and says why', async () => {
    const image = byFormat('jpg');
    const opened = await service.open(refOf(image));
    emulator.faults.add({ kind: 'job_failure', method: 'PUT', path: `/uploads/${image.id}`, code: 'CONCURRENT_UPLOAD_UPDATE' });
    const text = edit(opened.text, (doc) => void (doc['copyright'] = '© 2026'));
    const result = await service.save(text, basis(opened));
    assert.ok(result.status === 'failed' || result.status === 'invalid', JSON.stringify(result));
    assert.ok('text' in result && result.text === text);
  });

  test('the planned update of an unchanged document is nothing', async () => {
    const opened = await service.open(refOf(byFormat('mp4')));
    assert.deepEqual(planUpdate('upload', opened.resource, opened.text, opened.ctx), { ok: true, body: null });
  });

  test('completion knows the upload document: its keys, and the parts of the default metadata', () => {
    const schema = jsonSchemaFor('upload', { locales: ['en', 'it'], itemTypes: [], fieldsOf: () => [] }) as {
      properties: Record<string, { properties?: Record<string, unknown>; description?: string }>;
    };
    assert.deepEqual(Object.keys(schema.properties), DOCUMENT_KEYS);
    assert.deepEqual(Object.keys(schema.properties['default_field_metadata']!.properties!), [
      'alt',
      'title',
      'custom_data',
      'focal_point',
      'poster_time',
    ]);
  });
});
