// Putting uploads into a record document's text (Insert Upload…, a drop on a value): which field the cursor is in,
// and the edit — a file field takes its value, a gallery appends, the rest of the text is untouched; what the field
// does not take (its kinds, size, dimensions, room) is told and left out.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Resource } from '../../src/cma';
import { insertionEdits, planInsertion, slotAt, uploadFields, withEdits, type UploadField } from '../../src/media/insert';
import { formatMessage } from '../../src/platform/translate';
import { checkDocument, renderDocument } from '../../src/schema';

const field = (apiKey: string, type: string, position: number, localized = false): Resource<'field'> => ({
  type: 'field',
  id: `f-${apiKey}`,
  attributes: { api_key: apiKey, label: apiKey[0]!.toUpperCase() + apiKey.slice(1), field_type: type, localized, position, validators: {} },
  relationships: { item_type: { data: { type: 'item_type', id: 'm' } } },
  meta: {},
});

const FIELDS = [
  field('title', 'string', 1),
  field('cover', 'file', 2),
  field('photos', 'gallery', 3),
  field('hero', 'file', 4, true),
  field('slides', 'gallery', 5, true),
];
const UPLOAD_FIELDS: UploadField[] = uploadFields(FIELDS);

const TEXT = `{
  "title": "Autumn menu",
  "cover": null,
  "photos": [
    {
      "upload_id": "UHmE9bjeT1CyZ5f7Z52HtQ",
      "alt": "Keep  this   spacing",
      "title": null,
      "custom_data": {},
      "focal_point": { "x": 0.1, "y": 0.90000000000000000001 }
    }
  ],
  "hero": {
    "en": null,
    "it": null
  },
  "slides": {
    "en": null,
    "it": []
  },
  "$readonly": { "id": "r1" }
}
`;

const at = (needle: string) => TEXT.indexOf(needle) + 1;
const ID = 'zE4ZPAjyTvuY0dG_renvSA';
const ID2 = 'lThrCO4yQrm1wuWu62L4pQ';
const v = (id: string) => ({ upload_id: id });

describe('inserting uploads into a record document', () => {
  test('the file and gallery fields, in the model’s order', () => {
    assert.deepEqual(
      UPLOAD_FIELDS.map((f) => `${f.apiKey}:${f.type}${f.localized ? ':localized' : ''}`),
      ['cover:file', 'photos:gallery', 'hero:file:localized', 'slides:gallery:localized'],
    );
  });

  test('the field at the cursor, and the locale of a localized one', () => {
    assert.equal(slotAt(TEXT, at('"title"'), UPLOAD_FIELDS), undefined);
    assert.equal(slotAt(TEXT, at('null,\n  "photos"'), UPLOAD_FIELDS)?.field.apiKey, 'cover');
    assert.equal(slotAt(TEXT, at('Keep'), UPLOAD_FIELDS)?.field.apiKey, 'photos');
    assert.deepEqual(slotAt(TEXT, at('"it": null'), UPLOAD_FIELDS), { field: UPLOAD_FIELDS[2], locale: 'it' });
    assert.deepEqual(slotAt(TEXT, at('"hero"'), UPLOAD_FIELDS), { field: UPLOAD_FIELDS[2] });
    assert.equal(slotAt(TEXT, at('"r1"'), UPLOAD_FIELDS), undefined);
  });

  test('a file field takes one upload as {"upload_id"}, replacing its value', () => {
    const edited = withEdits(TEXT, insertionEdits(TEXT, { field: UPLOAD_FIELDS[0]! }, [v(ID)])!);
    assert.deepEqual(JSON.parse(edited).cover, { upload_id: ID });
    assert.equal(edited.replace(/"cover": \{[^}]*\}/, '"cover": null'), TEXT, 'nothing else changed');
  });

  test('a gallery appends, leaving the files it had exactly as they were written', () => {
    const edited = withEdits(TEXT, insertionEdits(TEXT, { field: UPLOAD_FIELDS[1]! }, [v(ID), v(ID2)])!);
    const photos = JSON.parse(edited).photos as { upload_id: string }[];
    assert.deepEqual(
      photos.map((p) => p.upload_id),
      ['UHmE9bjeT1CyZ5f7Z52HtQ', ID, ID2],
    );
    assert.ok(edited.includes('"alt": "Keep  this   spacing"'));
    assert.ok(edited.includes('0.90000000000000000001'), 'a number is not rewritten');
  });

  test('a localized field takes the upload in the locale; a null gallery becomes a list', () => {
    const hero = withEdits(TEXT, insertionEdits(TEXT, { field: UPLOAD_FIELDS[2]!, locale: 'it' }, [v(ID)])!);
    assert.deepEqual(JSON.parse(hero).hero, { en: null, it: { upload_id: ID } });
    const slidesEn = withEdits(TEXT, insertionEdits(TEXT, { field: UPLOAD_FIELDS[3]!, locale: 'en' }, [v(ID)])!);
    assert.deepEqual(JSON.parse(slidesEn).slides, { en: [{ upload_id: ID }], it: [] });
    const slidesIt = withEdits(TEXT, insertionEdits(TEXT, { field: UPLOAD_FIELDS[3]!, locale: 'it' }, [v(ID2)])!);
    assert.deepEqual(JSON.parse(slidesIt).slides, { en: null, it: [{ upload_id: ID2 }] });
    assert.equal(insertionEdits(TEXT, { field: UPLOAD_FIELDS[2]! }, [v(ID)]), undefined, 'a localized field needs a locale');
  });

  test('a gallery whose value is not a list is left alone; so is a text that is not a document', () => {
    const broken = TEXT.replace('"photos": [', '"photos": "oops", "x": [');
    assert.equal(insertionEdits(broken, { field: UPLOAD_FIELDS[1]! }, [v(ID)]), undefined);
    assert.equal(insertionEdits('[1, 2]', { field: UPLOAD_FIELDS[0]! }, [v(ID)]), undefined);
  });

  test('what is inserted is what the record document accepts', () => {
    const model: Resource<'item_type'> = {
      type: 'item_type',
      id: 'm',
      attributes: { api_key: 'menu', name: 'Menu', modular_block: false, draft_mode_active: false },
      relationships: { fields: { data: FIELDS.map((f) => ({ type: 'field', id: f.id })) } },
      meta: {},
    };
    const record: Resource<'item'> = {
      type: 'item',
      id: 'r1',
      attributes: { title: 'Autumn menu', cover: null, photos: [], hero: { en: null, it: null }, slides: { en: null, it: [] } },
      relationships: { item_type: { data: { type: 'item_type', id: 'm' } } },
      meta: {},
    };
    const ctx = { locales: ['en', 'it'], itemTypes: [model], fieldsOf: () => FIELDS };
    const text = renderDocument('record', record, ctx);
    let edited = withEdits(text, insertionEdits(text, { field: UPLOAD_FIELDS[0]! }, [v(ID)])!);
    edited = withEdits(edited, insertionEdits(edited, { field: UPLOAD_FIELDS[1]! }, [v(ID), v(ID2)])!);
    edited = withEdits(edited, insertionEdits(edited, { field: UPLOAD_FIELDS[3]!, locale: 'en' }, [v(ID)])!);
    assert.deepEqual(checkDocument('record', edited, record, ctx), []);
  });
});

describe('what a field takes, as a drop or Insert Upload… puts it there', () => {
  const fieldWith = (apiKey: string, type: string, label: string, validators: Record<string, unknown>): Resource<'field'> => ({
    ...field(apiKey, type, 1),
    attributes: { ...field(apiKey, type, 1).attributes, label, validators },
  });
  const imageOnly = { extensions: [], predefined_list: 'image' };
  const [cover, photos, avatar] = uploadFields([
    fieldWith('cover', 'file', 'Cover image', {
      extension: imageOnly,
      required_alt_title: { alt: true, title: false },
      file_size: { max_value: 5, max_unit: 'MB' },
    }),
    { ...fieldWith('photos', 'gallery', 'Photos', { size: { max: 2 }, extension: imageOnly }), id: 'f-photos' },
    {
      ...fieldWith('avatar', 'file', 'Avatar', {
        image_dimensions: { width_min_value: 200, height_min_value: 200 },
        image_aspect_ratio: { eq_ar_numerator: 1, eq_ar_denominator: 1 },
      }),
      id: 'f-avatar',
    },
  ]) as [UploadField, UploadField, UploadField];
  const upload = (id: string, filename: string, attributes: Record<string, unknown>): Resource<'upload'> => ({
    type: 'upload',
    id,
    attributes: { filename, ...attributes },
    relationships: {},
    meta: {},
  });
  const harbour = upload(ID, 'harbour.jpg', {
    format: 'jpg',
    is_image: true,
    mime_type: 'image/jpeg',
    size: 1_400_000,
    width: 2400,
    height: 1600,
    default_field_metadata: {
      alt: { en: 'The harbour at dawn', it: null },
      title: { en: null },
      custom_data: { en: {} },
      focal_point: { x: 0.5, y: 0.3 },
    },
  });
  const bare = upload(ID2, 'terrace.png', { format: 'png', is_image: true, mime_type: 'image/png', size: 900, width: 300, height: 300 });
  const video = upload('kpZ1d8JqTi2wWc5l0GEp2A', 'kitchen-tour.mp4', {
    format: 'mp4',
    is_image: false,
    mime_type: 'video/mp4',
    size: 48_200_000,
    width: 1920,
    height: 1080,
  });
  const text = '{\n  "cover": null,\n  "photos": [\n    { "upload_id": "UHmE9bjeT1CyZ5f7Z52HtQ" }\n  ],\n  "avatar": null\n}\n';
  const plan = (slotField: UploadField, uploads: Resource<'upload'>[]) =>
    planInsertion(formatMessage, text, { field: slotField }, uploads, 'en');

  test('a video on an images-only cover: nothing is inserted, and the user is told why', () => {
    const result = plan(cover, [video]);
    assert.equal(result.edits, undefined);
    assert.deepEqual(result.told, ['“Cover image” takes only images: kitchen-tour.mp4 is not one.']);
  });

  test('an image on a cover that requires alt text: the upload’s own alt text (and its defaults) go with it', () => {
    const result = plan(cover, [harbour]);
    assert.deepEqual(result.told, []);
    assert.deepEqual(JSON.parse(withEdits(text, result.edits!)).cover, {
      upload_id: ID,
      alt: 'The harbour at dawn',
      title: null,
      custom_data: {},
      focal_point: { x: 0.5, y: 0.3 },
    });
  });

  test('an image without alt text there: inserted, and the user is told to write it', () => {
    const result = plan(cover, [bare]);
    assert.equal(JSON.parse(withEdits(text, result.edits!)).cover.upload_id, ID2);
    assert.deepEqual(result.told, [
      '“Cover image” needs alt text, and terrace.png has none to start from: write it in the inserted value.',
    ]);
  });

  test('a field with no such rule takes {"upload_id"} alone, so the upload’s own alt text and title show', () => {
    const [plain] = uploadFields([field('hero', 'file', 1)]);
    const result = planInsertion(formatMessage, '{ "hero": null }', { field: plain! }, [harbour], 'en');
    assert.deepEqual(JSON.parse(withEdits('{ "hero": null }', result.edits!)).hero, { upload_id: ID });
  });

  test('a gallery takes what it has room for; the others are named', () => {
    const result = plan(photos, [bare, harbour, video]);
    const inserted = JSON.parse(withEdits(text, result.edits!)).photos as { upload_id: string }[];
    assert.deepEqual(
      inserted.map((p) => p.upload_id),
      ['UHmE9bjeT1CyZ5f7Z52HtQ', ID2],
    );
    assert.deepEqual(result.told, [
      '“Photos” takes only images: kitchen-tour.mp4 is not one.',
      '“Photos” holds at most 2 files: harbour.jpg left out.',
    ]);
  });

  test('size, dimensions and aspect ratio are told in words', () => {
    assert.deepEqual(
      plan(cover, [
        upload('aB3dEfGhIjKlMnOpQrStUw', 'poster.png', { format: 'png', is_image: true, size: 7_000_000, width: 10, height: 10 }),
      ]).told,
      ['“Cover image” takes files of at most 5 MB: poster.png is 7 MB.'],
    );
    assert.deepEqual(plan(avatar, [harbour]).told, ['“Avatar” takes images of aspect ratio 1:1: harbour.jpg is 2400 × 1600.']);
    assert.deepEqual(
      plan(avatar, [upload('cD3dEfGhIjKlMnOpQrStUw', 'icon.png', { format: 'png', is_image: true, width: 64, height: 64 })]).told,
      ['“Avatar” takes images at least 200 px wide, at least 200 px high: icon.png is 64 × 64.'],
    );
  });
});
