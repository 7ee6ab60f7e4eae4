// A record field opened as Markdown, saved through the document service against the emulator: what the text shows,
// and what a save sends — nothing for an untouched text or a refused one, else one PUT of that field alone, every
// locale, unchanged blocks as their ids, on top of a colleague's change elsewhere in the record.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DocumentRef } from '../../src/domain/paths';
import { basis, expectStatus, putBody, where, useDocumentService } from './documentServiceHelpers';

const bench = useDocumentService();
const { puts } = bench;

const bodyRef = (id: string, locale = 'en'): DocumentRef => ({
  ...where,
  kind: 'markdown',
  modelApiKey: 'article',
  id,
  field: 'body',
  locale,
  title: `Body (${locale}) · an article`,
});

/** An article whose English body holds a block (one in five has one). */
async function articleWithBlock(): Promise<{ id: string; blockId: string }> {
  const page = await bench.client.items.list({ filter: { type: 'article' }, page: { limit: 20 } });
  for (const record of page.data) {
    const children = (record.attributes['body'] as { en?: { document: { children: { type: string; item?: unknown }[] } } }).en?.document
      .children;
    const block = children?.find((c) => c.type === 'block');
    if (block) return { id: record.id, blockId: String(block.item) };
  }
  throw new Error('the emulator has an article whose body holds a block');
}

describe('a Structured Text field as Markdown', () => {
  test('shows the locale as Markdown, a block by its id; an untouched save sends nothing', async () => {
    const { id, blockId } = await articleWithBlock();
    const opened = await bench.service.open(bodyRef(id));
    assert.match(opened.text, /^## /, 'the heading is Markdown');
    assert.ok(opened.text.includes(`::block{#${blockId}}`), 'the block stands by its id');
    bench.emulator.clearRequests();
    expectStatus(await bench.service.save(opened.text, basis(opened)), 'unchanged');
    assert.equal(bench.emulator.requests.length, 0, 'no request');
  });

  test('a changed word is one PUT of that field: every locale, the block as its id, a colleague’s title kept', async () => {
    const { id, blockId } = await articleWithBlock();
    const opened = await bench.service.open(bodyRef(id));
    const before = (await bench.client.items.find(id)).attributes['body'] as Record<string, unknown>;
    // a colleague renames the article meanwhile
    const title = { en: 'Renamed by a colleague', it: 'Rinominato da un collega' };
    await bench.client.items.update(id, { data: { type: 'item', id, attributes: { title } } });
    bench.emulator.clearRequests();
    const text = opened.text.replace(/\n\n([^\n:#]+?) /, '\n\nChanged ');
    assert.notEqual(text, opened.text);

    const saved = expectStatus(await bench.service.save(text, basis(opened)), 'saved');
    assert.equal(puts().length, 1, 'one PUT');
    assert.equal(puts()[0]!.path, `/items/${id}`);
    const body = putBody(puts()[0]);
    assert.deepEqual(Object.keys(body.attributes ?? {}), ['body'], 'only the field');
    const sent = body.attributes!['body'] as Record<string, { document: { children: { type: string; item?: unknown }[] } }>;
    assert.deepEqual(sent['it'], before['it'], 'the other locale as DatoCMS has it');
    assert.equal(sent['en']!.document.children.find((c) => c.type === 'block')?.item, blockId, 'the unchanged block as its id');
    const after = await bench.client.items.find(id);
    assert.deepEqual(after.attributes['title'], title, 'the colleague’s title is kept');
    assert.ok(saved.document.text.includes('Changed '), 'the saved text is the new baseline');
    assert.ok(saved.document.text.includes(`::block{#${blockId}}`));
  });

  test('a colleague’s change to the same locale is a conflict, and nothing is sent; Overwrite then sends the text', async () => {
    const { id, blockId } = await articleWithBlock();
    const opened = await bench.service.open(bodyRef(id));
    const body = (await bench.client.items.find(id)).attributes['body'] as Record<string, unknown>;
    // theirs keeps the block (a block deleted on DatoCMS cannot be written back by its id)
    const theirs = {
      schema: 'dast',
      document: {
        type: 'root',
        children: [
          { type: 'paragraph', children: [{ type: 'span', value: 'Theirs' }] },
          { type: 'block', item: blockId },
        ],
      },
    };
    await bench.client.items.update(id, { data: { type: 'item', id, attributes: { body: { ...body, en: theirs } } } });
    bench.emulator.clearRequests();
    const conflict = expectStatus(await bench.service.save(`${opened.text}\nMine.\n`, basis(opened)), 'conflict');
    assert.equal(conflict.remote.text.trim(), `Theirs\n\n::block{#${blockId}}`);
    assert.deepEqual(conflict.overlap, ['body (en)']);
    assert.deepEqual(puts(), []);

    // Overwrite: the user's text over theirs, with the record's version as DatoCMS has it now
    bench.emulator.clearRequests();
    const mine = `${opened.text}\nMine.\n`;
    const saved = expectStatus(await bench.service.save(mine, basis(opened), { overwrite: conflict.remote }), 'saved');
    assert.equal(puts().length, 1);
    assert.equal(putBody(puts()[0]).meta?.['current_version'], conflict.remote.resource.meta['current_version']);
    assert.ok(saved.document.text.trimEnd().endsWith('Mine.'));
  });

  test('Markdown DAST cannot hold, or the field does not allow, is refused at its line with nothing sent', async () => {
    const { id } = await articleWithBlock();
    const opened = await bench.service.open(bodyRef(id));
    bench.emulator.clearRequests();
    const text = `${opened.text}\n![a photo](https://example.com/a.png)\n`;
    const refused = expectStatus(await bench.service.save(text, basis(opened)), 'invalid');
    assert.equal(refused.text, text, 'the text is kept');
    const line = text.split('\n').findIndex((l) => l.startsWith('![')) + 1;
    assert.equal(refused.problems[0]?.line, line, 'the problem is at the image’s line');
    assert.match(refused.problems[0]!.message, /image/i);
    const unknownBlock = `${opened.text}\n::block{#NotABlockOfThisField}\n`;
    const alsoRefused = expectStatus(await bench.service.save(unknownBlock, basis(opened)), 'invalid');
    assert.match(alsoRefused.problems.map((p) => p.message).join(' '), /NotABlockOfThisField/);
    assert.equal(bench.emulator.requests.length, 0, 'no request');
  });
});

describe('a Markdown text field', () => {
  test('opens as its text and saves that locale alone', async () => {
    const [author] = (await bench.client.items.list({ filter: { type: 'author' }, page: { limit: 1 } })).data;
    assert.ok(author);
    const ref: DocumentRef = { ...where, kind: 'markdown', modelApiKey: 'author', id: author.id, field: 'bio', locale: 'it' };
    const opened = await bench.service.open(ref);
    const bio = author.attributes['bio'] as Record<string, string | null>;
    assert.equal(opened.text, bio['it'] ?? '');
    bench.emulator.clearRequests();
    expectStatus(await bench.service.save(`${opened.text}\n\nUna riga in più.`, basis(opened)), 'saved');
    const body = putBody(puts()[0]);
    assert.deepEqual(body.attributes, { bio: { ...bio, it: `${opened.text}\n\nUna riga in più.` } });
  });
});
