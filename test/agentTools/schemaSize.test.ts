// A large schema reaches an agent in pages no bigger than the cap, each saying where the next begins; one field's
// long validators are cut in the listing (and said) and shown whole when the agent asks for its model.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LIMITS } from '../../src/agentTools/limits';
import { bench, dataLines, type Bench } from './fixture';

let b: Bench;
/** enum values adding up to about `chars` characters of JSON */
const values = (prefix: string, chars: number) =>
  Array.from({ length: Math.ceil(chars / 14) }, (_, i) => `${prefix}-${String(i).padStart(8, '0')}`);

before(async () => {
  b = await bench({ empty: true });
  for (const name of ['alpha', 'beta', 'gamma']) {
    const model = await b.client.itemTypes.create({ data: { type: 'item_type', attributes: { name, api_key: name } } });
    for (let i = 0; i < 35; i++)
      await b.client.fields.create(model.id, {
        data: {
          type: 'field',
          attributes: {
            label: `Choice ${i}`,
            api_key: `choice_${i}`,
            field_type: 'string',
            validators: { enum: { values: values(`${name}${i}`, 500) } },
          },
        },
      });
  }
  const alpha = await b.client.itemTypes.find('alpha');
  await b.client.fields.create(alpha.id, {
    data: {
      type: 'field',
      attributes: { label: 'Long', api_key: 'long_choice', field_type: 'string', validators: { enum: { values: values('long', 2000) } } },
    },
  });
});
after(() => b.close());

test('pages of models stay under the character cap and say where the next one starts', async () => {
  const seen: string[] = [];
  let offset = 0;
  let pages = 0;
  for (let i = 0; i < 5; i++) {
    pages += 1;
    const answer = await b.run(b.deps(), 'datocms_get_schema', { offset, limit: 50 });
    const lines = dataLines(answer);
    assert.ok(lines.length >= 1);
    const size = lines.reduce((sum, line) => sum + JSON.stringify(line).length + 1, 0);
    assert.ok(size <= LIMITS.schemaChars, `page ${i}: ${size} characters of models`);
    seen.push(...lines.map((l) => String(l['api_key'])));
    const next = /More entries: call datocms_get_schema again with offset (\d+)\./.exec(answer);
    if (!next) break;
    offset = Number(next[1]);
  }
  assert.ok(pages > 1, `${pages} page(s)`);
  assert.deepEqual(seen, ['alpha', 'beta', 'gamma'], 'every model once, in order');
});

test("a field's long validators are cut in the listing, said, and whole for its model", async () => {
  const answer = await b.run(b.deps(), 'datocms_get_schema', { limit: 1 });
  const long = (dataLines(answer)[0]!['fields'] as Record<string, unknown>[]).find((f) => f['api_key'] === 'long_choice')!;
  assert.equal(long['validators'], undefined);
  assert.equal(String(long['validators_cut']).length, LIMITS.validatorChars + 1);
  assert.match(
    answer,
    /The validators of alpha\.long_choice are longer than 600 characters and shown cut \(validators_cut\): datocms_get_schema with model "alpha" shows them whole\./,
  );
  const whole = await b.run(b.deps(), 'datocms_get_schema', { model: 'alpha' });
  const field = (dataLines(whole)[0]!['fields'] as Record<string, unknown>[]).find((f) => f['api_key'] === 'long_choice')!;
  assert.deepEqual(field['validators'], { enum: { values: values('long', 2000) } });
});
