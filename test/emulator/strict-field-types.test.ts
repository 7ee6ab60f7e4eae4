// A field's type changes in place only between the two text types; every other change of field_type is
// refused (422 INVALID_FIELD on field_type), and the field and its records stay as they were.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';
import { call, codes, details, waitForJob } from './http.js';

let emu: Emulator;
useEmulator({ records: 5, jobDurationMs: 1 }, (started) => (emu = started.emulator));

const appearance = (editor: string, parameters: object = {}) => ({ editor, parameters, addons: [] });

async function changeType(key: string, attributes: object) {
  const id = (await call(emu, `/fields/${key}`)).json.data.id;
  return call(emu, `/fields/${id}`, { method: 'PUT', body: { data: { type: 'field', id, attributes } } });
}
const refusal = (res: Awaited<ReturnType<typeof changeType>>) =>
  codes(res).map((code, i) => `${res.status} ${code}:${String(details(res)[i]!.field)}:${String(details(res)[i]!.code)}`);

describe('changing a field type', () => {
  test('text → json, integer → string, date → lat_lon, integer → float and link → links are refused', async () => {
    const cases: Array<[string, object]> = [
      ['author::bio', { field_type: 'json', validators: {}, appearance: appearance('json') }],
      ['article::reading_time', { field_type: 'string', validators: {}, appearance: appearance('single_line', { heading: false }) }],
      ['article::published_on', { field_type: 'lat_lon', validators: {}, appearance: appearance('map') }],
      ['dish::spiciness', { field_type: 'float', validators: {}, appearance: appearance('float') }],
    ];
    for (const [key, attributes] of cases) {
      const before = (await call(emu, `/fields/${key}`)).json.data.attributes;
      assert.deepEqual(refusal(await changeType(key, attributes)), ['422 INVALID_FIELD:field_type:VALIDATION_INVALID'], key);
      assert.deepEqual((await call(emu, `/fields/${key}`)).json.data.attributes, before, `${key} is unchanged`);
    }
    const author = (await call(emu, '/item-types/author')).json.data.id;
    const link = await changeType('article::author', {
      field_type: 'links',
      validators: { items_item_type: { item_types: [author] } },
      appearance: appearance('links_select'),
    });
    assert.deepEqual(refusal(link), ['422 INVALID_FIELD:field_type:VALIDATION_INVALID']);
  });

  test('a string becomes a text and a text a string, the records keeping their values', async () => {
    const values = async (apiKey: string) =>
      ((await call(emu, '/items?filter[type]=author&page[limit]=100')).json.data as Array<{ attributes: Record<string, unknown> }>).map(
        (r) => r.attributes[apiKey],
      );
    const emails = await values('email');
    const toText = await changeType('author::email', {
      field_type: 'text',
      validators: { format: { predefined_pattern: 'email' } },
      appearance: appearance('textarea'),
    });
    assert.equal(toText.status, 202, toText.text);
    await waitForJob(emu, toText.json.data.id);
    assert.equal((await call(emu, '/fields/author::email')).json.data.attributes.field_type, 'text');
    assert.deepEqual(await values('email'), emails);

    const toString = await changeType('author::email', { field_type: 'string', appearance: appearance('single_line', { heading: false }) });
    assert.equal(toString.status, 202, toString.text);
    await waitForJob(emu, toString.json.data.id);
    assert.equal((await call(emu, '/fields/author::email')).json.data.attributes.field_type, 'string');
  });

  test('sending the type a field already has is no change', async () => {
    const same = await changeType('article::published_on', { field_type: 'date' });
    assert.equal(same.status, 202, same.text);
  });
});
