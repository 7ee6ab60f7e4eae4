import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { recordIndexSchema } from '../../src/documents/schemaIndex';

describe('the records schema index', () => {
  test('the record index applies a model schema only to records whose $readonly names that model', () => {
    const index = recordIndexSchema([{ itemTypeId: '42', schemaUrl: 'datocms-schema:/records/p/main/42.json' }]) as {
      allOf: { if: { required: string[]; properties: { $readonly: { required: string[]; properties: { item_type: { required: string[]; properties: { id: { const: string } } } } } } }; then: { $ref: string } }[];
    };
    const [rule] = index.allOf;
    assert.ok(rule);
    // Without `required` at every level the `if` would hold for documents lacking $readonly.item_type.id.
    assert.deepEqual(rule.if.required, ['$readonly']);
    assert.deepEqual(rule.if.properties.$readonly.required, ['item_type']);
    assert.deepEqual(rule.if.properties.$readonly.properties.item_type.required, ['id']);
    assert.equal(rule.if.properties.$readonly.properties.item_type.properties.id.const, '42');
    assert.equal(rule.then.$ref, 'datocms-schema:/records/p/main/42.json');
  });
});
