// New blocks in a Structured Text field's Markdown, against the emulator: the block models offered where a block
// line starts, a new block line read (an unknown or disallowed model refused at its line, empty required fields
// refused by the record's rules at its line), and the save: one PUT holding the new block whole, the others as ids.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { newBlocksAt, planMarkdown } from '../../src/documents/markdownDocument';
import type { MarkdownRef } from '../../src/domain/paths';
import { basis, expectStatus, putBody, where, useDocumentService } from './documentServiceHelpers';

const bench = useDocumentService();
const { puts } = bench;

const markdownRef = (modelApiKey: string, id: string, field: string, locale = 'en'): MarkdownRef => ({
  ...where,
  kind: 'markdown',
  modelApiKey,
  id,
  field,
  locale,
  title: `${field} (${locale})`,
});

type Body = Record<string, { document: { children: { type: string; item?: unknown }[] } } | null>;

/** An article whose English body holds a block, and that block's id. */
async function articleWithBlock(): Promise<{ id: string; blockId: string }> {
  const page = await bench.client.items.list({ filter: { type: 'article' }, page: { limit: 20 } });
  for (const record of page.data) {
    const block = (record.attributes['body'] as Body)['en']?.document.children.find((c) => c.type === 'block');
    if (block) return { id: record.id, blockId: String(block.item) };
  }
  throw new Error('the emulator has an article whose body holds a block');
}

describe('new blocks in a Structured Text field as Markdown', () => {
  let noteBlock = '';
  before(async () => {
    // a block model with no required field, allowed in the articles' body beside the seeded two
    const { client } = bench;
    noteBlock = (
      await client.itemTypes.create({
        data: { type: 'item_type', attributes: { name: 'Note', api_key: 'note_block', modular_block: true } },
      })
    ).id;
    await client.fields.create(noteBlock, {
      data: { type: 'field', attributes: { label: 'Note', api_key: 'note', field_type: 'string' } },
    });
    const body = await client.fields.find('article::body');
    const validators = body.attributes['validators'] as Record<string, { item_types: string[] }>;
    const blocks = { item_types: [...validators['structured_text_blocks']!.item_types, noteBlock] };
    await client.fields.update(body.id, {
      data: { type: 'field', id: body.id, attributes: { validators: { ...validators, structured_text_blocks: blocks } } },
    });
  });

  test('the block models the field allows are offered where a block line starts; none for a Markdown text field', async () => {
    const { id } = await articleWithBlock();
    const opened = await bench.service.open(markdownRef('article', id, 'body'));
    const offeredIn = (text: string) => newBlocksAt(opened.ref as MarkdownRef, opened.resource, opened.ctx, text, text.length);
    const offered = (prefix: string) => offeredIn(`A paragraph.\n\n${prefix}`);
    assert.deepEqual(
      offered('::').map((c) => [c.name, c.apiKey, c.line]),
      [
        ['Image block', 'image_block', '::block{model="image_block"}'],
        ['Note', 'note_block', '::block{model="note_block"}'],
        ['Quote block', 'quote_block', '::block{model="quote_block"}'],
      ],
    );
    assert.equal(offered('').length, 3);
    assert.equal(offered('::b').length, 3);
    assert.deepEqual(offered('Some text'), [], 'not inside text');
    assert.deepEqual(offered('::block{#abc}'), [], 'not after a whole block line');
    assert.deepEqual(offeredIn('```js\nconst a = 1;\n::'), [], 'not inside a fenced code block');
    assert.deepEqual(offeredIn('> A quote\n> ::'), [], 'not inside a quote');
    assert.equal(offeredIn('```js\nconst a = 1;\n```\n::').length, 3, 'after the code block closes');

    const [author] = (await bench.client.items.list({ filter: { type: 'author' }, page: { limit: 1 } })).data;
    const bio = await bench.service.open(markdownRef('author', author!.id, 'bio'));
    assert.deepEqual(newBlocksAt(bio.ref as MarkdownRef, bio.resource, bio.ctx, '::', 2), [], 'a Markdown text field has no blocks');
  });

  test('an unknown or disallowed block model is refused at its line, nothing sent', async () => {
    const { id } = await articleWithBlock();
    const opened = await bench.service.open(markdownRef('article', id, 'body'));
    bench.emulator.clearRequests();
    const text = `${opened.text}\n::block{model="no_such_block"}\n\n::block{model="cta_block"}\n`;
    const refused = expectStatus(await bench.service.save(text, basis(opened)), 'invalid');
    const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    assert.deepEqual(
      refused.problems.map((p) => [p.line, p.message]),
      [
        [lineOf('no_such_block'), 'No block model has the API key "no_such_block".'],
        [lineOf('cta_block'), 'This field does not allow Call to action blocks: only Quote block, Image block, Note.'],
      ],
    );
    assert.equal(refused.text, text, 'the text is kept');
    assert.equal(bench.emulator.requests.length, 0, 'no request');
  });

  test("a new block whose model has required fields is refused by the record's rules at its line", async () => {
    const { id } = await articleWithBlock();
    const opened = await bench.service.open(markdownRef('article', id, 'body'));
    bench.emulator.clearRequests();
    const text = `${opened.text}\n::block{model="quote_block"}\n`;
    const refused = expectStatus(await bench.service.save(text, basis(opened)), 'invalid');
    const line = text.split('\n').findIndex((l) => l.includes('quote_block')) + 1;
    assert.deepEqual(
      refused.problems.map((p) => [p.line, p.message]),
      [
        [
          line,
          'quote: is missing: a new block needs its required field "quote" (Quote): add this block in the record\'s document, where its fields are filled',
        ],
      ],
    );
    assert.equal(bench.emulator.requests.length, 0, 'no request');
  });

  test("DatoCMS's refusal of a new block's value is told at the block's line", async () => {
    const { id } = await articleWithBlock();
    const opened = await bench.service.open(markdownRef('article', id, 'body'));
    const text = `${opened.text}\n::block{model="note_block"}\n`;
    const plan = planMarkdown(opened.ref as MarkdownRef, text, opened.text, opened.resource, opened.ctx);
    assert.ok(plan.ok && plan.body && plan.refusal);
    const children = (plan.body.data.attributes!['body'] as Body)['en']!.document.children;
    const index = children.findIndex((c) => c.type === 'block' && typeof c.item === 'object');
    // as DatoCMS tells a block's field: the block's place in the record's attributes, then the field
    const details = { field: 'note', code: 'VALIDATION_FORMAT', block_path: ['body', 'en', 'document', 'children', index, 'item'] };
    const problems = plan.refusal([{ code: 'INVALID_FIELD', details, transient: false }]) ?? [];
    const line = text.split('\n').findIndex((l) => l.includes('note_block')) + 1;
    assert.deepEqual(
      problems.map((p) => p.line),
      [line],
      JSON.stringify(problems),
    );
    assert.match(problems[0]!.message, /^note: /);
    assert.deepEqual(
      plan.refusal([{ code: 'INVALID_FIELD', details: {}, transient: false }]),
      [],
      'an error naming no place is left unplaced',
    );
    assert.equal(plan.refusal([{ code: 'MAINTENANCE_MODE', details: {}, transient: false }]), undefined, 'nothing in the text to fix');
  });

  test('a save sends one PUT: the new block whole, the others as ids; the saved text names it by its new id', async () => {
    const { id, blockId } = await articleWithBlock();
    const opened = await bench.service.open(markdownRef('article', id, 'body'));
    bench.emulator.clearRequests();
    const text = `${opened.text}\n::block{model="note_block"}\n`;
    const saved = expectStatus(await bench.service.save(text, basis(opened)), 'saved');
    assert.equal(puts().length, 1, 'one PUT');
    const sent = putBody(puts()[0]).attributes!['body'] as Body;
    const blocks = sent['en']!.document.children.filter((c) => c.type === 'block').map((c) => c.item);
    assert.deepEqual(blocks, [
      blockId,
      { type: 'item', attributes: {}, relationships: { item_type: { data: { type: 'item_type', id: noteBlock } } } },
    ]);
    const newId = /::block\{#([\w-]+)\}\n$/.exec(saved.document.text)?.[1];
    assert.ok(newId && newId !== blockId, saved.document.text);
    const stored = (await bench.client.items.find(id)).attributes['body'] as Body;
    assert.equal(stored['en']!.document.children.at(-1)?.item, newId);
  });
});
