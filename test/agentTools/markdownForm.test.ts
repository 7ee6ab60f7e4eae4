// Structured Text as Markdown for agents: datocms_get_document shows a record's Structured Text values in the
// Markdown of Open as Markdown when asked; a proposal (or a check) given that form reads it with the same converter
// and the field's rules, opens only unsaved changes and sends nothing; what does not fit is refused in our words.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { RecordRef } from '../../src/domain/paths';
import { bench, BISTRO, dataDocument, type Bench } from './fixture';

let b: Bench;
before(async () => {
  b = await bench();
});
after(() => b.close());
beforeEach(() => b.emulator.clearRequests());

const where = { project: BISTRO.key, environment: 'main' } as const;
const main = () => b.emulator.store.environment();
const recordsOf = (apiKey: string) => main().recordsByType.get(b.emulator.store.itemType(main(), apiKey)!.id) ?? [];
const writes = () => b.emulator.requests.filter((r) => r.method !== 'GET');
type Doc = Record<string, Record<string, unknown>>;

const span = (value: string, marks?: string[]) => ({ type: 'span', ...(marks ? { marks } : {}), value });
const MENU = 'https://emulated-bistro.example/menu';
/** The English body the tests read: a heading, a paragraph with a link, a block (by its id), a paragraph in bold. */
const bodyWith = (blockId: string) => ({
  schema: 'dast',
  document: {
    type: 'root',
    children: [
      { type: 'heading', level: 2, children: [span('Our kitchen')] },
      {
        type: 'paragraph',
        children: [span('Fresh pasta, see '), { type: 'link', url: MENU, children: [span('our menu')] }, span(' daily.')],
      },
      { type: 'block', item: blockId },
      { type: 'paragraph', children: [span('Book', ['strong']), span(' early.')] },
    ],
  },
});
const BODY_MARKDOWN = (blockId: string) =>
  `## Our kitchen\n\nFresh pasta, see [our menu](${MENU}) daily.\n\n::block{#${blockId}}\n\n**Book** early.\n`;

/** An article (the first: its body holds a block) whose English body is bodyWith(its block). */
async function article(): Promise<{ ref: RecordRef; blockId: string }> {
  const record = recordsOf('article')[0]!;
  const body = (await b.client.items.find(record.id)).attributes['body'] as Record<
    string,
    { document: { children: { type: string; item?: string }[] } }
  >;
  const blockId = body['en']!.document.children.find((c) => c.type === 'block')!.item!;
  await b.client.items.update(record.id, {
    data: { type: 'item', id: record.id, attributes: { body: { ...body, en: bodyWith(blockId) } } },
  });
  b.emulator.clearRequests();
  return { ref: { ...where, kind: 'record', modelApiKey: 'article', id: record.id }, blockId };
}

const readMarkdown = async (id: string) =>
  dataDocument(await b.run(b.deps(), 'datocms_get_document', { kind: 'record', id, structuredText: 'markdown' })) as Doc;

describe('datocms_get_document with structuredText: markdown', () => {
  test('each Structured Text value, per locale, is {markdown} as Open as Markdown writes it; the rest as the editor shows it', async () => {
    const { ref, blockId } = await article();
    const answer = await b.run(b.deps(), 'datocms_get_document', { kind: 'record', id: ref.id, structuredText: 'markdown' });
    const doc = dataDocument(answer) as Doc;
    assert.deepEqual(doc['body']!['en'], { markdown: BODY_MARKDOWN(blockId) });
    assert.match(String((doc['body']!['it'] as { markdown: string }).markdown), /^## .+\n\n.+\n\n::block\{#[\w-]+\}\n/);
    assert.match(
      answer,
      /Structured Text shown as Markdown \(the dialect of Open as Markdown\): body \(en\), body \(it\)\. Each value is \{"markdown": "…"\}/,
    );
    const dast = dataDocument(await b.run(b.deps(), 'datocms_get_document', { kind: 'record', id: ref.id })) as Doc;
    assert.equal((dast['body']!['en'] as { schema: string }).schema, 'dast', 'DAST by default');
    assert.deepEqual({ ...dast, body: null }, { ...doc, body: null }, 'only the Structured Text values differ');
    assert.deepEqual(writes(), []);
  });

  test('a token in a Structured Text value is removed before the Markdown escapes it', async () => {
    const { ref } = await article();
    const secret = '_sk_live_1234567890_';
    const it = { schema: 'dast', document: { type: 'root', children: [{ type: 'paragraph', children: [span(`key ${secret} end`)] }] } };
    const body = (await b.client.items.find(ref.id)).attributes['body'] as Record<string, unknown>;
    await b.client.items.update(ref.id, { data: { type: 'item', id: ref.id, attributes: { body: { ...body, it } } } });
    const answer = await b.run(b.deps({ secrets: [secret] }), 'datocms_get_document', {
      kind: 'record',
      id: ref.id,
      structuredText: 'markdown',
    });
    assert.ok(!answer.includes('sk_live_1234567890'), 'neither the token nor its escaped form');
    assert.deepEqual((dataDocument(answer) as Doc)['body']!['it'], { markdown: 'key \\[secret removed] end\n' });
  });

  test('documents other than records, and a record without Structured Text, say so', async () => {
    const model = await b.run(b.deps(), 'datocms_get_document', { kind: 'model', apiKey: 'article', structuredText: 'markdown' });
    assert.match(model, /structuredText applies to records: this model article is shown as it is\./);
    const author = await b.run(b.deps(), 'datocms_get_document', {
      kind: 'record',
      id: recordsOf('author')[0]!.id,
      structuredText: 'markdown',
    });
    assert.match(author, /This record has no Structured Text value to show as Markdown\./);
    await assert.rejects(
      b.run(b.deps(), 'datocms_get_document', { kind: 'record', id: recordsOf('author')[0]!.id, structuredText: 'html' }),
      /structuredText of datocms_get_document must be one of dast, markdown; it was "html"\./,
    );
  });
});

describe('proposals in the Markdown form', () => {
  test('a changed word opens a dirty editor whose DAST is the expected tree, blocks as the record has them; nothing is sent', async () => {
    const { ref, blockId } = await article();
    const read = await readMarkdown(ref.id);
    const deps = b.deps();
    const before = JSON.parse((await deps.documents.open(ref)).text) as Doc;
    const markdown = (read['body']!['en'] as { markdown: string }).markdown.replace('Fresh pasta', 'Handmade pasta');
    const answer = await b.run(deps, 'datocms_propose_edit', {
      kind: 'record',
      id: ref.id,
      changes: { body: { en: { markdown }, it: read['body']!['it'] } },
    });
    assert.match(answer, /with the proposal as unsaved changes to body\. Nothing was sent to DatoCMS/);
    const editor = deps.editors.find(ref)!;
    assert.ok(editor.dirty);
    const body = (JSON.parse(editor.text) as Doc)['body']!;
    const block = (before['body']!['en'] as { document: { children: { type: string; item: unknown }[] } }).document.children[2]!;
    assert.equal(block.type, 'block');
    const expected = bodyWith(blockId);
    expected.document.children[1] = {
      type: 'paragraph',
      children: [span('Handmade pasta, see '), { type: 'link', url: MENU, children: [span('our menu')] }, span(' daily.')],
    };
    expected.document.children[2] = { type: 'block', item: block.item as string };
    assert.deepEqual(body['en'], expected);
    assert.deepEqual(body['it'], before['body']!['it'], 'the Italian Markdown as read: its value as it was');
    assert.deepEqual(writes(), [], 'nothing reached DatoCMS');
  });

  test('the Markdown as read changes nothing; a check of Markdown changes opens nothing', async () => {
    const { ref } = await article();
    const read = await readMarkdown(ref.id);
    const deps = b.deps();
    const same = await b.run(deps, 'datocms_propose_edit', { kind: 'record', id: ref.id, changes: { body: read['body'] } });
    assert.match(same, /the proposal changes nothing, every value is already as proposed\./);
    assert.equal(deps.editors.find(ref)!.dirty, false);
    const checked = await b.run(b.deps(), 'datocms_validate_document', {
      kind: 'record',
      id: ref.id,
      changes: { body: { en: { markdown: '## Short\n\nNew text.' }, it: null } },
    });
    assert.match(checked, /Our checks find no problem\./);
    assert.deepEqual(writes(), []);
  });

  test('a new record takes Markdown; a block it does not hold is refused', async () => {
    const deps = b.deps();
    const answer = await b.run(deps, 'datocms_propose_new', {
      kind: 'record',
      model: 'article',
      values: { title: { en: 'New dish', it: 'Piatto nuovo' }, body: { en: { markdown: '## New dish\n\nA **bold** start.' }, it: null } },
    });
    assert.match(answer, /The first save creates it in DatoCMS/);
    const draft = [...deps.editors.open_.values()][0]!;
    assert.deepEqual((JSON.parse(draft.text) as Doc)['body']!['en'], {
      schema: 'dast',
      document: {
        type: 'root',
        children: [
          { type: 'heading', level: 2, children: [span('New dish')] },
          { type: 'paragraph', children: [span('A '), span('bold', ['strong']), span(' start.')] },
        ],
      },
    });
    await assert.rejects(
      b.run(b.deps(), 'datocms_propose_new', {
        kind: 'record',
        model: 'article',
        values: { body: { en: { markdown: '::block{#abc123}' } } },
      }),
      {
        message:
          /^The Markdown of body \(en\) does not fit the field \(nothing changed\): line 1: The block abc123 is not in this field: a block is placed by its id only when the field holds it/,
      },
    );
    assert.deepEqual(writes(), []);
  });
});

describe('Markdown that does not fit is refused in our words, the editor unchanged', () => {
  const refused = async (changes: Record<string, unknown>, message: RegExp, model = 'article') => {
    const ref: RecordRef = { ...where, kind: 'record', modelApiKey: model, id: recordsOf(model)[0]!.id };
    const deps = b.deps();
    await assert.rejects(b.run(deps, 'datocms_propose_edit', { kind: 'record', id: ref.id, changes }), (error: Error) => {
      assert.match(error.message, message);
      assert.doesNotMatch(error.message, /RangeError|TypeError|SyntaxError|undefined|\[object/);
      return true;
    });
    const editor = deps.editors.find(ref);
    assert.equal(editor?.dirty ?? false, false, 'the editor holds no proposal');
    assert.deepEqual(writes(), []);
  };

  test('what Structured Text cannot hold, or the field does not allow, with its line', async () => {
    await refused(
      { body: { en: { markdown: 'Hello\n\n<div>x</div>' } } },
      /^The Markdown of body \(en\) does not fit the field \(nothing changed\): line 3: HTML is not part of Structured Text/,
    );
    await refused({ body: { en: { markdown: '::block{#unknown-id}' } } }, /body \(en\).*line 1: The block unknown-id is not in this field/);
    await refused(
      { intro: { en: { markdown: '### Too deep\n\n> quoted' } } },
      /^The Markdown of intro \(en\) does not fit the field \(nothing changed\): line 1: This field allows headings of level 2 only, not 3\.; line 3: This field does not allow quotes\./,
      'home_page',
    );
  });

  test('the wrong shape, a huge or pathological text, and the form on another field', async () => {
    await refused({ body: { en: { markdown: 42 } } }, /^body \(en\): "markdown" must be a string of Markdown; it was 42\./);
    await refused(
      { body: { en: { markdown: 'x', schema: 'dast' } } },
      /^body \(en\): the Markdown form is \{"markdown": "…"\} alone; it also had "schema"\./,
    );
    await refused({ body: { markdown: 'x' } }, /^body is localized: give its value per locale/);
    await refused(
      { body: { en: { markdown: 'a'.repeat(50_001) } } },
      /^The Markdown of body \(en\) is 50001 characters long; at most 50000 are accepted\./,
    );
    // a second Structured Text field: two values of a field are at most 100,000 characters already
    const model = b.emulator.store.itemType(main(), 'article')!;
    const validators = { structured_text_blocks: { item_types: [] }, structured_text_links: { item_types: [] } };
    await b.client.fields.create(model.id, {
      data: { type: 'field', attributes: { label: 'Aside', api_key: 'aside', field_type: 'structured_text', validators } },
    });
    b.emulator.clearRequests();
    await refused(
      { body: { en: { markdown: 'a'.repeat(45_000) }, it: { markdown: 'b'.repeat(45_000) } }, aside: { markdown: 'c'.repeat(20_000) } },
      /^The Markdown of one call is at most 100000 characters in all: propose fewer values at a time\./,
    );
    const started = Date.now();
    await refused(
      { body: { en: { markdown: 'a*'.repeat(20_000) } } },
      /^The Markdown of body \(en\) has 20000 runs of \* and _; at most 3000 are read\./,
    );
    assert.ok(Date.now() - started < 5_000, 'refused before the parser runs');
    await refused(
      { body: { en: { markdown: `${'>'.repeat(6_000)} deep` } } },
      /^The Markdown of body \(en\) could not be read: it nests too deeply\./,
    );
    await refused(
      { title: { en: { markdown: 'x' }, it: 'y' } },
      /^title \(en\) is a string field: \{"markdown": "…"\} is the form of a Structured Text value only/,
    );
  });

  test('a token in the Markdown never comes back in the refusal', async () => {
    const token = b.emulator.token;
    const ref: RecordRef = { ...where, kind: 'record', modelApiKey: 'article', id: recordsOf('article')[0]!.id };
    await assert.rejects(
      b.run(b.deps(), 'datocms_propose_edit', {
        kind: 'record',
        id: ref.id,
        changes: { body: { en: { markdown: `::block{#${token}}` } } },
      }),
      (error: Error) => !error.message.includes(token) && /is not in this field/.test(error.message),
    );
  });
});
