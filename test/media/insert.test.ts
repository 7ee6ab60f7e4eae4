// Putting uploads into a record document's text (Insert Upload…, a drop on a value): which field the cursor is in,
// and the edit — a file field takes `{"upload_id": "…"}`, a gallery appends, the rest of the text is untouched.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Resource } from '../../src/cma';
import { insertionEdits, slotAt, uploadFields, withEdits, type UploadField } from '../../src/media/insert';
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
    const edited = withEdits(TEXT, insertionEdits(TEXT, { field: UPLOAD_FIELDS[0]! }, [ID])!);
    assert.deepEqual(JSON.parse(edited).cover, { upload_id: ID });
    assert.equal(edited.replace(/"cover": \{[^}]*\}/, '"cover": null'), TEXT, 'nothing else changed');
  });

  test('a gallery appends, leaving the files it had exactly as they were written', () => {
    const edited = withEdits(TEXT, insertionEdits(TEXT, { field: UPLOAD_FIELDS[1]! }, [ID, ID2])!);
    const photos = JSON.parse(edited).photos as { upload_id: string }[];
    assert.deepEqual(
      photos.map((p) => p.upload_id),
      ['UHmE9bjeT1CyZ5f7Z52HtQ', ID, ID2],
    );
    assert.ok(edited.includes('"alt": "Keep  this   spacing"'));
    assert.ok(edited.includes('0.90000000000000000001'), 'a number is not rewritten');
  });

  test('a localized field takes the upload in the locale; a null gallery becomes a list', () => {
    const hero = withEdits(TEXT, insertionEdits(TEXT, { field: UPLOAD_FIELDS[2]!, locale: 'it' }, [ID])!);
    assert.deepEqual(JSON.parse(hero).hero, { en: null, it: { upload_id: ID } });
    const slidesEn = withEdits(TEXT, insertionEdits(TEXT, { field: UPLOAD_FIELDS[3]!, locale: 'en' }, [ID])!);
    assert.deepEqual(JSON.parse(slidesEn).slides, { en: [{ upload_id: ID }], it: [] });
    const slidesIt = withEdits(TEXT, insertionEdits(TEXT, { field: UPLOAD_FIELDS[3]!, locale: 'it' }, [ID2])!);
    assert.deepEqual(JSON.parse(slidesIt).slides, { en: null, it: [{ upload_id: ID2 }] });
    assert.equal(insertionEdits(TEXT, { field: UPLOAD_FIELDS[2]! }, [ID]), undefined, 'a localized field needs a locale');
  });

  test('a gallery whose value is not a list is left alone; so is a text that is not a document', () => {
    const broken = TEXT.replace('"photos": [', '"photos": "oops", "x": [');
    assert.equal(insertionEdits(broken, { field: UPLOAD_FIELDS[1]! }, [ID]), undefined);
    assert.equal(insertionEdits('[1, 2]', { field: UPLOAD_FIELDS[0]! }, [ID]), undefined);
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
    let edited = withEdits(text, insertionEdits(text, { field: UPLOAD_FIELDS[0]! }, [ID])!);
    edited = withEdits(edited, insertionEdits(edited, { field: UPLOAD_FIELDS[1]! }, [ID, ID2])!);
    edited = withEdits(edited, insertionEdits(edited, { field: UPLOAD_FIELDS[3]!, locale: 'en' }, [ID])!);
    assert.deepEqual(checkDocument('record', edited, record, ctx), []);
  });
});
