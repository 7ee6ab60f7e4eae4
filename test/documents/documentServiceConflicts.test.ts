// Saving documents that changed on DatoCMS since they were opened (conflicts, overwrite), and saving again
// after typing through a save: what the user sees and what goes over the wire.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { basis, edit, expectStatus, parse, putBody, recordRef, where, useDocumentService } from './documentServiceHelpers';

const bench = useDocumentService();
const { puts, articleIds, someWebhook } = bench;

describe('conflicts', () => {
  test('a stale record version is a conflict that carries the remote version; overwrite then sends only the user keys', async () => {
    const [id] = await articleIds(1);
    const opened = await bench.service.open(recordRef(id!));
    // Someone else changes the excerpt meanwhile.
    const excerpt = { en: 'Changed in the DatoCMS dashboard', it: 'Cambiato nella dashboard' };
    await bench.client.items.update(id!, { data: { type: 'item', id: id!, attributes: { excerpt } } });
    const text = edit(opened.text, (doc) => {
      (doc['title'] as Record<string, unknown>)['en'] = 'My own title';
    });

    const conflict = expectStatus(await bench.service.save(text, basis(opened)), 'conflict');
    assert.equal(conflict.text, text);
    assert.deepEqual(parse(conflict.remote.text)['excerpt'], excerpt, 'the remote version shows the other change');

    bench.emulator.clearRequests();
    const saved = expectStatus(await bench.service.save(text, basis(opened), { overwrite: conflict.remote }), 'saved');
    assert.equal(puts().length, 1);
    const body = putBody(puts()[0]);
    assert.deepEqual(Object.keys(body.attributes ?? {}), ['title']);
    assert.equal(body.meta?.['current_version'], conflict.remote.resource.meta['current_version']);
    const result = parse(saved.document.text);
    assert.equal((result['title'] as Record<string, unknown>)['en'], 'My own title');
    assert.deepEqual(result['excerpt'], excerpt, 'the other change survives the overwrite');
  });

  test('a model changed remotely since opening is a conflict, and no update is sent', async () => {
    const opened = await bench.service.open({ ...where, kind: 'model', apiKey: 'category' });
    await bench.client.itemTypes.update('category', {
      data: { type: 'item_type', id: opened.resource.id, attributes: { hint: 'Set elsewhere' } },
    });
    const text = edit(opened.text, (doc) => {
      doc['name'] = 'Journal category';
    });
    bench.emulator.clearRequests();
    const conflict = expectStatus(await bench.service.save(text, basis(opened)), 'conflict');
    assert.equal(conflict.text, text);
    assert.equal(parse(conflict.remote.text)['hint'], 'Set elsewhere');
    assert.deepEqual(puts(), []);
  });

  test('a webhook changed remotely is a conflict; overwrite keeps the remote change and applies the user one', async () => {
    const webhook = await someWebhook();
    const opened = await bench.service.open({ ...where, kind: 'webhook', id: webhook.id });
    await bench.client.webhooks.update(webhook.id, {
      data: { type: 'webhook', id: webhook.id, attributes: { auto_retry: !webhook.attributes['auto_retry'] } },
    });
    const text = edit(opened.text, (doc) => {
      doc['url'] = 'https://hooks.example/changed-by-me';
    });
    bench.emulator.clearRequests();
    const conflict = expectStatus(await bench.service.save(text, basis(opened)), 'conflict');
    assert.equal(conflict.text, text);
    assert.deepEqual(puts(), []);

    const saved = expectStatus(await bench.service.save(text, basis(opened), { overwrite: conflict.remote }), 'saved');
    assert.deepEqual(putBody(puts()[0]).attributes, { url: 'https://hooks.example/changed-by-me' });
    const result = parse(saved.document.text);
    assert.equal(result['url'], 'https://hooks.example/changed-by-me');
    assert.equal(result['auto_retry'], !webhook.attributes['auto_retry']);
  });
});

describe('saving after typing through a save', () => {
  test('a record save that sends no block is one round trip: the answer shows with the blocks the document holds', async () => {
    const [id] = await articleIds(1);
    const opened = await bench.service.open(recordRef(id!));
    assert.ok(JSON.stringify(parse(opened.text)['content']).includes('"item_type"'), 'the record shows expanded blocks');
    bench.emulator.clearRequests();
    const saved = expectStatus(
      await bench.service.save(
        edit(opened.text, (doc) => {
          doc['reading_time'] = 42;
        }),
        basis(opened),
      ),
      'saved',
    );
    assert.deepEqual(
      bench.emulator.requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`),
      [`PUT /items/${id} {}`],
      'one PUT, no query string, no re-read',
    );
    const fresh = await bench.service.open(recordRef(id!));
    assert.equal(saved.document.text, fresh.text, 'the document shows exactly what a fresh read shows');
  });

  test('a record save that changes a block reads the record again with its blocks', async () => {
    const [id] = await articleIds(1);
    const opened = await bench.service.open(recordRef(id!));
    const text = edit(opened.text, (doc) => {
      const blocks = (doc['content'] as Record<string, Record<string, unknown>[]>)['en']!;
      const block = blocks[0]!;
      const key = Object.keys(block).find((k) => typeof block[k] === 'string' && k !== 'id')!;
      block[key] = `${String(block[key])} (edited)`;
    });
    bench.emulator.clearRequests();
    const saved = expectStatus(await bench.service.save(text, basis(opened)), 'saved');
    const log = bench.emulator.requests.filter((r) => r.path === `/items/${id}`);
    assert.deepEqual(
      log.map((r) => `${r.method} ${JSON.stringify(r.query)}`),
      ['PUT {}', 'GET {"nested":"true"}'],
    );
    assert.match(saved.document.text, /\(edited\)/);
    assert.equal(saved.document.text, (await bench.service.open(recordRef(id!))).text);
  });

  test('the next save sends only what was typed since the saved text, with the new version', async () => {
    const [id] = await articleIds(1);
    const opened = await bench.service.open(recordRef(id!));
    const first = edit(opened.text, (doc) => {
      doc['reading_time'] = 7;
    });
    const saved = expectStatus(await bench.service.save(first, basis(opened)), 'saved');
    // The editor kept the saved text (the user typed meanwhile): its basis is that text, its state the answer.
    const typed = edit(first, (doc) => {
      doc['rating'] = 4.5;
    });
    bench.emulator.clearRequests();
    expectStatus(await bench.service.save(typed, { opened: saved.document, basisText: first }), 'saved');
    const body = putBody(puts()[0]);
    assert.deepEqual(Object.keys(body.attributes ?? {}), ['rating']);
    assert.equal(body.meta?.['current_version'], saved.document.resource.meta['current_version']);
  });

  test('remoteMoved is undefined while nobody changed the resource, and the remote once someone did', async () => {
    const opened = await bench.service.open({ ...where, kind: 'model', apiKey: 'author' });
    assert.equal(await bench.service.remoteMoved(opened), undefined);
    await bench.client.itemTypes.update('author', {
      data: { type: 'item_type', id: opened.resource.id, attributes: { hint: 'A colleague was here' } },
    });
    const moved = await bench.service.remoteMoved(opened);
    assert.equal(parse(moved!.text)['hint'], 'A colleague was here');
  });
});
