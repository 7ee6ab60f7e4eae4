// Opening and saving documents against the emulator: what the user would see in the editor, and what
// goes over the wire (the emulator's request log). Conflicts and saves in a row are in
// documentServiceConflicts.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DocumentRef } from '../../src/domain/paths';
import { basis, edit, expectStatus, parse, putBody, recordRef, where, useDocumentService } from './documentServiceHelpers';

const bench = useDocumentService();
const { puts, articleIds, someWebhook } = bench;

describe('opening documents', () => {
  test('every kind opens as one JSON object, read-only part last, trailing newline', async () => {
    const [recordId] = await articleIds(1);
    const webhook = await someWebhook();
    const refs: DocumentRef[] = [
      { ...where, kind: 'model', apiKey: 'article' },
      { ...where, kind: 'field', modelApiKey: 'article', apiKey: 'title' },
      { ...where, kind: 'webhook', id: webhook.id },
      recordRef(recordId!),
    ];
    for (const ref of refs) {
      const opened = await bench.service.open(ref);
      assert.ok(opened.text.endsWith('}\n'), `${ref.kind}: ends with a newline`);
      const doc = parse(opened.text);
      const keys = Object.keys(doc);
      assert.equal(keys[keys.length - 1], '$readonly', `${ref.kind}: $readonly comes last`);
      assert.equal(doc.$readonly['id'], opened.resource.id, `${ref.kind}: shows its id`);
    }
  });

  test('a model, a field and a webhook show their writable attributes flat', async () => {
    const model = parse((await bench.service.open({ ...where, kind: 'model', apiKey: 'article' })).text);
    assert.equal(model['api_key'], 'article');
    const field = parse((await bench.service.open({ ...where, kind: 'field', modelApiKey: 'article', apiKey: 'title' })).text);
    assert.equal(field['api_key'], 'title');
    assert.equal(field['field_type'], 'string');
    const webhook = await someWebhook();
    const shown = parse((await bench.service.open({ ...where, kind: 'webhook', id: webhook.id })).text);
    assert.equal(shown['name'], webhook.attributes['name']);
    assert.equal(shown['url'], webhook.attributes['url']);
  });

  test('a record shows localized fields per locale and is fetched with its blocks in place', async () => {
    const [id] = await articleIds(1);
    bench.emulator.clearRequests();
    const opened = await bench.service.open(recordRef(id!));
    const title = parse(opened.text)['title'] as Record<string, unknown>;
    assert.deepEqual(Object.keys(title).sort(), ['en', 'it']);
    const fetch = bench.emulator.requests.find((r) => r.method === 'GET' && r.path === `/items/${id}`);
    assert.ok(fetch, 'the record was fetched');
    assert.equal(String(fetch.query['nested']), 'true');
  });

  test('a missing record fails with the API 404', async () => {
    await assert.rejects(
      bench.service.open(recordRef('doesNotExist123')),
      (error: unknown) => (error as { status?: number }).status === 404,
    );
  });
});

describe('saving documents', () => {
  test('a record save with one change sends exactly one PUT with only that key and the version it was opened at', async () => {
    const [id] = await articleIds(1);
    const opened = await bench.service.open(recordRef(id!));
    const text = edit(opened.text, (doc) => {
      (doc['title'] as Record<string, unknown>)['en'] = 'Saffron risotto, the slow way';
    });
    bench.emulator.clearRequests();
    const saved = expectStatus(await bench.service.save(text, basis(opened)), 'saved');
    assert.equal(puts().length, 1);
    const body = putBody(puts()[0]);
    assert.deepEqual(Object.keys(body.attributes ?? {}), ['title']);
    assert.equal(body.relationships, undefined);
    assert.equal(body.meta?.['current_version'], opened.resource.meta['current_version']);
    // The document now shows what the server returned: the new title and the new version.
    assert.equal((parse(saved.document.text)['title'] as Record<string, unknown>)['en'], 'Saffron risotto, the slow way');
    assert.notEqual(saved.document.resource.meta['current_version'], opened.resource.meta['current_version']);
  });

  test('a model save runs as a job, reports the job and sends only the changed attribute', async () => {
    const opened = await bench.service.open({ ...where, kind: 'model', apiKey: 'article' });
    const text = edit(opened.text, (doc) => {
      doc['hint'] = 'Long reads from the kitchen';
    });
    bench.emulator.clearRequests();
    const jobs: string[] = [];
    const saved = expectStatus(await bench.service.save(text, basis(opened), { onJob: (id) => jobs.push(id) }), 'saved');
    assert.equal(jobs.length, 1, 'the job was reported');
    assert.equal(puts().length, 1);
    assert.deepEqual(putBody(puts()[0]).attributes, { hint: 'Long reads from the kitchen' });
    assert.equal(parse(saved.document.text)['hint'], 'Long reads from the kitchen');
  });

  test('a save refused for maintenance mode failed (save again later), with no problem placed in the text', async () => {
    const opened = await bench.service.open({ ...where, kind: 'model', apiKey: 'article' });
    const text = edit(opened.text, (doc) => {
      doc['hint'] = 'During maintenance';
    });
    await bench.client.maintenanceMode.activate({ force: true });
    try {
      const failed = expectStatus(await bench.service.save(text, basis(opened)), 'failed');
      assert.match(String(failed.error), /MAINTENANCE_MODE/);
      assert.equal(failed.text, text, 'the text is kept');
    } finally {
      await bench.client.maintenanceMode.deactivate();
    }
  });

  test('a save that is not confirmed sends no request at all; the confirmation is told the changed keys', async () => {
    const opened = await bench.service.open({ ...where, kind: 'model', apiKey: 'article' });
    const text = edit(opened.text, (doc) => {
      doc['hint'] = 'Only after a yes';
      doc['name'] = 'Articles';
    });
    bench.emulator.clearRequests();
    const asked: string[][] = [];
    const declined = await bench.service.save(text, basis(opened), { confirm: async (keys) => (asked.push(keys), false) });
    expectStatus(declined, 'declined');
    assert.deepEqual(asked, [['name', 'hint']]);
    assert.deepEqual(bench.emulator.requests, [], 'not even the check for a newer version');
    expectStatus(await bench.service.save(text, basis(opened), { confirm: async () => true }), 'saved');
    assert.equal(puts().length, 1);
  });

  test('a webhook save sends only the changed attribute', async () => {
    const webhook = await someWebhook();
    const opened = await bench.service.open({ ...where, kind: 'webhook', id: webhook.id });
    const text = edit(opened.text, (doc) => {
      doc['name'] = 'Rebuild the site (renamed)';
    });
    bench.emulator.clearRequests();
    expectStatus(await bench.service.save(text, basis(opened)), 'saved');
    assert.equal(puts().length, 1);
    assert.deepEqual(putBody(puts()[0]).attributes, { name: 'Rebuild the site (renamed)' });
  });

  test('saving without a change sends no request, even after reformatting', async () => {
    const [id] = await articleIds(1);
    const webhook = await someWebhook();
    const refs: DocumentRef[] = [
      { ...where, kind: 'model', apiKey: 'category' },
      { ...where, kind: 'field', modelApiKey: 'category', apiKey: 'name' },
      { ...where, kind: 'webhook', id: webhook.id },
      recordRef(id!),
    ];
    for (const ref of refs) {
      const opened = await bench.service.open(ref);
      bench.emulator.clearRequests();
      assert.equal((await bench.service.save(opened.text, basis(opened))).status, 'unchanged', ref.kind);
      const reformatted = JSON.stringify(JSON.parse(opened.text), null, 4);
      assert.equal((await bench.service.save(reformatted, basis(opened))).status, 'unchanged', `${ref.kind} reformatted`);
      assert.deepEqual(bench.emulator.requests, [], `${ref.kind}: no request`);
    }
  });

  test('an invalid edit is refused with located problems, no request and the text untouched', async () => {
    const [id] = await articleIds(1);
    const opened = await bench.service.open(recordRef(id!));
    const text = edit(opened.text, (doc) => {
      (doc['title'] as Record<string, unknown>)['en'] = 42;
    });
    bench.emulator.clearRequests();
    const invalid = expectStatus(await bench.service.save(text, basis(opened)), 'invalid');
    assert.equal(invalid.origin, 'local');
    assert.equal(invalid.text, text);
    assert.deepEqual(bench.emulator.requests, []);
    const problem = invalid.problems.find((p) => p.path[0] === 'title');
    assert.ok(problem, `a problem at title: ${invalid.problems.map((p) => p.pathText).join(', ')}`);
    assert.equal(text.slice(problem.offset, problem.offset + problem.length), '42');
  });

  test('broken JSON is refused at the place it breaks', async () => {
    const opened = await bench.service.open({ ...where, kind: 'model', apiKey: 'category' });
    const text = opened.text.replace('"api_key"', '"api_key" "oops",');
    bench.emulator.clearRequests();
    const invalid = expectStatus(await bench.service.save(text, basis(opened)), 'invalid');
    assert.equal(invalid.text, text);
    assert.ok(invalid.problems[0]!.line > 1, 'the problem has a line');
    assert.deepEqual(bench.emulator.requests, []);
  });

  test('a 422 from the server becomes problems located in the text', async () => {
    const [first, second] = await articleIds(2);
    const other = parse((await bench.service.open(recordRef(second!))).text);
    const opened = await bench.service.open(recordRef(first!));
    // Slugs are unique: only the server can know another record already has this one.
    const text = edit(opened.text, (doc) => {
      doc['slug'] = other['slug'];
    });
    const invalid = expectStatus(await bench.service.save(text, basis(opened)), 'invalid');
    assert.equal(invalid.origin, 'server');
    assert.equal(invalid.text, text);
    assert.equal(invalid.error?.status, 422);
    const problem = invalid.problems.find((p) => p.path[0] === 'slug');
    assert.ok(problem, `a problem at slug: ${invalid.problems.map((p) => p.message).join('; ')}`);
    assert.equal(text.slice(problem.offset, problem.offset + problem.length), JSON.stringify(other['slug']));
  });

  test('a failed request keeps the user text and says why', async () => {
    const webhook = await someWebhook();
    const opened = await bench.service.open({ ...where, kind: 'webhook', id: webhook.id });
    const text = edit(opened.text, (doc) => {
      doc['enabled'] = !doc['enabled'];
    });
    bench.emulator.faults.add({ kind: 'server_error', method: 'PUT', path: `/webhooks/${webhook.id}` });
    const failed = expectStatus(await bench.service.save(text, basis(opened)), 'failed');
    assert.equal(failed.text, text);
    assert.match(String(failed.error), /500/);
  });

  test('a changed api_key is reported as the new path, and the old document still opens by id', async () => {
    const opened = await bench.service.open({ ...where, kind: 'field', modelApiKey: 'category', apiKey: 'description' });
    const text = edit(opened.text, (doc) => {
      doc['api_key'] = 'summary';
    });
    const saved = expectStatus(await bench.service.save(text, basis(opened)), 'saved');
    assert.deepEqual(saved.renamed, { ...where, kind: 'field', modelApiKey: 'category', apiKey: 'summary', title: 'Description' });
    const again = await bench.service.open(opened.ref, { id: opened.resource.id });
    assert.equal(parse(again.text)['api_key'], 'summary');
  });
});
