// New field drafts as documents: the draft path opens the type's template, the first save creates the field
// once (a job), the document becomes the created field's; a declined confirmation sends nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DocumentService } from '../../src/documents/documentService';
import { documentPath, isFieldDraftRef, newFieldDraftRef, parseDocumentPath } from '../../src/domain/paths';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator } from '../emulator';
import { QUICK_JOBS, useEmulator } from '../support/emulator';

const where = { project: 'emulated-bistro', environment: 'main' } as const;
let emulator: Emulator;
let service: DocumentService;

useEmulator({ records: 4, jobDurationMs: 5, client: { jobs: QUICK_JOBS } }, (started) => {
  emulator = started.emulator;
  const data = new ProjectData(started.client);
  service = new DocumentService(async () => data);
});

const fieldPosts = () => emulator.requests.filter((r) => r.method === 'POST' && /\/item-types\/[^/]+\/fields$/.test(r.path));

describe('new field drafts', () => {
  test('the first save creates the field once; the document is then the created field', async () => {
    const parsed = parseDocumentPath(documentPath(newFieldDraftRef(where, 'author', 'string')));
    assert.ok(parsed && isFieldDraftRef(parsed));
    const opened = await service.open(parsed);
    const text = `${JSON.stringify({ ...JSON.parse(opened.text), label: 'Nickname', api_key: 'nickname' }, null, 2)}\n`;
    const jobs: string[] = [];
    const result = await service.save(text, { opened, basisText: opened.text }, { onJob: (id) => jobs.push(id) });
    assert.equal(result.status, 'saved', JSON.stringify(result));
    if (result.status !== 'saved') return;
    assert.equal(fieldPosts().length, 1);
    assert.equal(jobs.length, 1);
    assert.deepEqual(result.created, { ...where, kind: 'field', modelApiKey: 'author', apiKey: 'nickname', title: 'Nickname' });
    assert.equal(JSON.parse(result.document.text).label, 'Nickname');
    const again = await service.save(result.document.text, { opened: result.document, basisText: result.document.text });
    assert.equal(again.status, 'unchanged');
    assert.equal(fieldPosts().length, 1);
  });

  test('a declined confirmation sends nothing', async () => {
    const opened = await service.open(newFieldDraftRef(where, 'author', 'integer'));
    const before = emulator.requests.filter((r) => r.method !== 'GET').length;
    const result = await service.save(opened.text, { opened, basisText: opened.text }, { confirm: async () => false });
    assert.equal(result.status, 'declined');
    assert.equal(emulator.requests.filter((r) => r.method !== 'GET').length, before);
  });
});
