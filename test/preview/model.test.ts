// The Record Preview's model (plain Node): fields in the model's order grouped by fieldset, each value shown by its
// type, linked records and uploads named from the caches, and what no cache knows noted for one batched fetch.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildModel } from '../../src/preview/model';
import { modelOfText } from '../../src/preview/text';
import type { Lookups } from '../../src/preview/lookups';
import { previewWords } from '../../src/preview/words';
import type { FieldView, ValueView } from '../../webviews/preview/protocol';
import { articleDocument, schema } from './fixtures';

const words = previewWords((message) => message);
const known: Lookups = {
  record: (id) => (id === 'author1' ? { title: 'Ada Chef', status: 'published', modelName: 'Author' } : id === 'gone1' ? null : undefined),
  upload: (id) =>
    id === 'up1' ? { filename: 'terrace.jpg', isImage: true, url: 'https://www.datocms-assets.com/1/terrace.jpg' } : undefined,
  imgixHost: 'www.datocms-assets.com',
};
const build = (record = articleDocument(), lookups = known) =>
  buildModel({ record, schema, lookups, words, uiLocale: 'en', dirty: false, version: 1 });
const fieldOf = (fields: FieldView[], apiKey: string) => fields.find((f) => f.apiKey === apiKey)!;
const valueOf = (apiKey: string, record = articleDocument()) => {
  const all = build(record).model.sections.flatMap((s) => s.fields);
  return fieldOf(all, apiKey).value as ValueView;
};

describe('the Record Preview model', () => {
  test('the header: title (from the title field, main locale), model, status', () => {
    const { model } = build();
    assert.deepEqual([model.title, model.modelName, model.status, model.locales], ['Spring menu', 'Article', 'draft', ['en', 'it']]);
  });

  test("fields in the model's order, the fieldset's fields together under its title", () => {
    const { sections } = build().model;
    assert.deepEqual(
      sections.map((s) => [s.title ?? null, s.fields.map((f) => f.apiKey)]),
      [
        [null, ['title', 'intro', 'body', 'cover', 'gallery', 'author', 'related', 'published_on']],
        ['Meta', ['seo', 'accent', 'place']],
        [null, ['data', 'sections']],
      ],
    );
    assert.equal(sections[1]!.hint, 'For search engines');
  });

  test('values by type: localized text, Markdown, date, colour, place, JSON, SEO', () => {
    assert.deepEqual(valueOf('title'), {
      byLocale: { en: { kind: 'text', text: 'Spring menu' }, it: { kind: 'text', text: 'Menù di primavera' } },
    });
    assert.equal((valueOf('intro') as { kind: string }).kind, 'markdown');
    assert.deepEqual(valueOf('published_on'), { kind: 'date', iso: '2026-03-21', time: false });
    assert.deepEqual(valueOf('accent'), { kind: 'color', hex: '#FF8000', alpha: 255 });
    assert.deepEqual(valueOf('place'), { kind: 'latLon', latitude: 45.4642, longitude: -9.19 });
    assert.deepEqual(valueOf('data'), { kind: 'json', text: '{\n  "a": 1\n}' });
    const seo = valueOf('seo') as Extract<ValueView, { kind: 'seo' }>;
    assert.deepEqual(
      [seo.title, seo.description, seo.noIndex, seo.image?.thumbnail],
      ['Spring at the Bistro', 'Seasonal plates', true, 'https://www.datocms-assets.com/1/terrace.jpg?w=320&h=240&fit=max&auto=format'],
    );
  });

  test('files as small renditions on the image CDN, with alt and title; an unknown upload has no picture yet', () => {
    assert.deepEqual(valueOf('cover'), {
      kind: 'files',
      files: [
        {
          uploadId: 'up1',
          thumbnail: 'https://www.datocms-assets.com/1/terrace.jpg?w=320&h=240&fit=max&auto=format',
          filename: 'terrace.jpg',
          alt: 'The terrace',
          title: 'Terrace',
        },
      ],
    });
    const gallery = valueOf('gallery') as Extract<ValueView, { kind: 'files' }>;
    assert.deepEqual(gallery.files[1], { uploadId: 'up2' });
  });

  test('links by the linked record’s title and status; a record that does not exist says so', () => {
    assert.deepEqual(valueOf('author'), {
      kind: 'records',
      records: [{ id: 'author1', title: 'Ada Chef', status: 'published', modelName: 'Author' }],
    });
    assert.deepEqual(valueOf('related'), { kind: 'records', records: [{ id: 'gone1', title: 'gone1', missing: true }] });
  });

  test('Structured Text: nodes with blocks as ids beside their cards, records named', () => {
    const body = valueOf('body') as Extract<ValueView, { kind: 'structuredText' }>;
    assert.deepEqual(body.nodes[2], { type: 'block', item: 'q1' });
    assert.equal(body.blocks['q1']!.modelName, 'Quote');
    assert.deepEqual(
      body.blocks['q1']!.fields.map((f) => [f.label, f.value]),
      [
        ['Text', { kind: 'text', text: 'Be yourself' }],
        ['By', { kind: 'text', text: 'Oscar' }],
      ],
    );
    assert.equal(body.records['author1']!.title, 'Ada Chef');
    assert.deepEqual(body.records['author2'], { id: 'author2', title: 'author2' });
  });

  test('modular content as cards; a value its type does not explain is shown as JSON', () => {
    const sections = valueOf('sections') as Extract<ValueView, { kind: 'blocks' }>;
    assert.deepEqual([sections.blocks[0]!.id, sections.blocks[0]!.modelName], ['q2', 'Quote']);
    assert.deepEqual(valueOf('published_on', { ...articleDocument(), published_on: 42 as never }), { kind: 'raw', text: '42' });
  });

  test('what no cache knows is noted once for one batched fetch', () => {
    const built = build();
    assert.deepEqual(built.unknownRecords.sort(), ['author2']);
    assert.deepEqual(built.unknownUploads, ['up2']);
    const allKnown = build(articleDocument(), { ...known, record: () => null, upload: () => null });
    assert.deepEqual([allKnown.unknownRecords, allKnown.unknownUploads], [[], []]);
  });
});

describe('the preview of a document’s text', () => {
  const input = { schema, lookups: known, words, uiLocale: 'en', dirty: true, version: 2 };
  test('where each field starts, for scrolling in step with the editor', () => {
    const text = `${JSON.stringify(articleDocument(), null, 2)}\n`;
    const result = modelOfText(text, input);
    assert.ok('built' in result);
    const lines = text.split('\n');
    for (const { key, line } of result.fieldLines) assert.ok(lines[line]!.startsWith(`  "${key}":`), key);
    assert.deepEqual(result.fieldLines.map((f) => f.key).slice(0, 3), ['title', 'intro', 'body']);
  });

  test('invalid JSON says where; a number longer than a double keeps its digits', () => {
    const invalid = modelOfText('{\n  "title": \n}', input);
    assert.ok('invalid' in invalid && /line 3/.test(invalid.invalid), JSON.stringify(invalid));
    const big = modelOfText(
      JSON.stringify({ ...articleDocument(), published_on: 0 }).replace('"published_on":0', '"published_on":12345678901234567890'),
      input,
    );
    assert.ok('built' in big);
    const value = big.built.model.sections.flatMap((s) => s.fields).find((f) => f.apiKey === 'published_on')!.value;
    assert.deepEqual(value, { kind: 'raw', text: '12345678901234567890' });
  });
});
