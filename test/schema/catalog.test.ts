// The extension's catalogue (field types, editors, validators, their options and parameters, webhook events,
// filter operators) says what the API says. The emulator keeps its own catalogue, written from the protocol and
// never shared with the extension, so that a wrong entry on one side fails here instead of passing every test.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as z from 'zod';
import { EDITOR_PARAMETERS } from '../../src/schema/editorParameters';
import {
  FIELD_ATTRIBUTES,
  FIELD_RELATIONSHIPS,
  FIELDSET_ATTRIBUTES,
  MODEL_ATTRIBUTES,
  MODEL_RELATIONSHIPS,
  PAYLOAD_API_VERSIONS,
  VALIDATOR_OPTIONS,
  WEBHOOK_ATTRIBUTES,
  apiKeySchema,
} from '../../src/schema/attributes';
import {
  BLOCK_FIELD_TYPES,
  COLLECTION_APPEARANCES,
  CONTENT_LINK_OPTIONAL_TYPES,
  EDITOR_NAMES,
  FIELD_TYPE_INFO,
  FIELD_TYPES,
  FILTER_OPERATORS,
  ORDERING_DIRECTIONS,
  ORDERING_META,
  VALIDATOR_NAMES,
  WEBHOOK_ENTITY_TYPES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS_BY_ENTITY,
  WEBHOOK_FILTER_ENTITY_TYPES,
  WEBHOOK_UNFILTERABLE_ENTITIES,
  type EditorName,
  type ValidatorName,
} from '../../src/schema/catalog';
import * as api from '../emulator/rules';

/** Asserts two lists hold the same entries, in any order. */
function sameEntries(ours: Iterable<unknown>, theirs: Iterable<unknown>, what: string): void {
  const sorted = (list: Iterable<unknown>) => [...list].map(String).sort();
  assert.deepEqual(sorted(ours), sorted(theirs), `${what}: the extension (actual) and the API (expected) disagree`);
}

/** The keys of an object schema; `.refine` and `.describe` keep the object's shape. */
function keysOf(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  assert.ok(shape, 'an object schema');
  return Object.keys(shape);
}

/** The values a list parameter's items may take: `[enum]` or `[union of literals]`, optional and nullable. */
function listedValues(schema: z.ZodType): unknown[] {
  let list: z.ZodType = schema;
  while (list instanceof z.ZodOptional || list instanceof z.ZodNullable) list = list.unwrap() as z.ZodType;
  assert.ok(list instanceof z.ZodArray, 'a list');
  const item = list.element;
  if (item instanceof z.ZodEnum) return item.options;
  assert.ok(item instanceof z.ZodUnion, 'a list of listed values');
  return item.options.map((option) => (option as z.ZodLiteral).value);
}

/** The keys an object schema cannot do without. */
function requiredKeysOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
  return Object.keys(shape).filter((key) => !shape[key]!.safeParse(undefined).success);
}

describe('field types', () => {
  test('the same 20 field types', () => {
    assert.equal(FIELD_TYPES.length, 20);
    sameEntries(FIELD_TYPES, Object.keys(api.FIELD_TYPES), 'field types');
  });

  for (const type of FIELD_TYPES) {
    test(`${type}: its editors (the first one the default), validators and required validators`, () => {
      const ours = FIELD_TYPE_INFO[type];
      const theirs = api.FIELD_TYPES[type]!;
      sameEntries(ours.editors, theirs.editors, `${type} editors`);
      assert.equal(ours.editors[0], theirs.editors[0], `${type}: the default editor`);
      sameEntries(ours.validators, theirs.validators, `${type} validators`);
      sameEntries(ours.requiredValidators, theirs.requiredValidators, `${type} required validators`);
    });
  }

  test('the field types holding blocks, and those whose content links may be turned off', () => {
    sameEntries(BLOCK_FIELD_TYPES, api.BLOCK_FIELD_TYPES, 'field types holding blocks');
    sameEntries(CONTENT_LINK_OPTIONAL_TYPES, api.CONTENT_LINK_OPTIONAL_TYPES, 'field types whose content links may be off');
  });

  test('the filter operators of GET /items for each field type', () => {
    for (const type of FIELD_TYPES) {
      sameEntries(FILTER_OPERATORS[type] ?? [], api.ITEM_FILTER_OPERATORS[type] ?? [], `filter operators of ${type}`);
    }
  });
});

describe('validators', () => {
  test('the same validators, each with the same option keys', () => {
    sameEntries(VALIDATOR_NAMES, Object.keys(api.VALIDATOR_OPTIONS), 'validator names');
    for (const name of VALIDATOR_NAMES) {
      sameEntries(keysOf(VALIDATOR_OPTIONS[name as ValidatorName]), api.VALIDATOR_OPTIONS[name]!, `options of ${name}`);
    }
  });
});

describe('editors', () => {
  test('the same built-in editors', () => {
    sameEntries(EDITOR_NAMES, new Set(Object.values(api.FIELD_TYPES).flatMap((info) => info.editors)), 'built-in editors');
  });

  test('each editor takes the same parameters and requires the same ones', () => {
    for (const editor of EDITOR_NAMES) {
      const spec = api.EDITOR_PARAMETERS[editor] ?? { optional: [] };
      const schema = EDITOR_PARAMETERS[editor as EditorName];
      sameEntries(keysOf(schema), [...spec.optional, ...(spec.required ?? [])], `parameters of ${editor}`);
      sameEntries(requiredKeysOf(schema), spec.required ?? [], `required parameters of ${editor}`);
    }
  });

  test('a listed parameter takes exactly the values the API lists', () => {
    const listed = Object.entries(api.EDITOR_PARAMETER_VALUES).filter(
      (entry): entry is [string, readonly (string | number)[]] => entry[0].includes('.') && Array.isArray(entry[1]),
    );
    assert.ok(listed.length >= 6, 'toolbars, SEO fields and previews, structured text nodes, marks and heading levels');
    for (const [key, values] of listed) {
      const [editor, parameter] = key.split('.') as [EditorName, string];
      const schema = (EDITOR_PARAMETERS[editor] as unknown as { shape: Record<string, z.ZodType> }).shape[parameter];
      assert.ok(schema, `${key}: the extension has no such parameter`);
      sameEntries(listedValues(schema), values, `values of ${key}`);
      // and the values reach the document check as they are (numbers stay numbers)
      for (const value of values) assert.ok(EDITOR_PARAMETERS[editor].safeParse({ [parameter]: [value] }).success, `${key}: ${value}`);
    }
  });

  test('a boolean parameter takes true and false, not the string "true"', () => {
    const booleans = Object.entries(api.EDITOR_PARAMETERS).flatMap(([editor, spec]) =>
      [...spec.optional, ...(spec.required ?? [])]
        .filter((parameter) => api.EDITOR_PARAMETER_VALUES[parameter] === 'boolean')
        .map((parameter) => [editor as EditorName, parameter] as const),
    );
    assert.ok(booleans.length >= 6);
    for (const [editor, parameter] of booleans) {
      const required = editor === 'single_line' && parameter !== 'heading' ? { heading: false } : {};
      const accepts = (value: unknown) => EDITOR_PARAMETERS[editor].safeParse({ ...required, [parameter]: value }).success;
      assert.ok(accepts(true) && accepts(false), `${editor}.${parameter} refuses a boolean`);
      assert.ok(!accepts('true'), `${editor}.${parameter} accepts the string "true"`);
    }
  });
});

describe('models, fields and fieldsets', () => {
  test('the attributes and relationships a write may carry', () => {
    // The API also takes the old misspelt `collection_appeareance` and `appeareance`; the extension writes only the
    // current names.
    sameEntries(
      MODEL_ATTRIBUTES,
      api.ITEM_TYPE_ATTRIBUTES.filter((key) => key !== 'collection_appeareance'),
      'model attributes',
    );
    sameEntries(MODEL_RELATIONSHIPS, api.ITEM_TYPE_RELATIONSHIPS, 'model relationships');
    sameEntries(
      FIELD_ATTRIBUTES,
      api.FIELD_ATTRIBUTES.filter((key) => key !== 'appeareance'),
      'field attributes',
    );
    sameEntries(FIELD_RELATIONSHIPS, api.FIELD_RELATIONSHIPS, 'field relationships');
    sameEntries(FIELDSET_ATTRIBUTES, api.FIELDSET_ATTRIBUTES, 'fieldset attributes');
  });

  test("a model's closed lists", () => {
    sameEntries(COLLECTION_APPEARANCES, api.ITEM_TYPE_ENUMS['collection_appearance']!, 'collection appearances');
    sameEntries([...ORDERING_DIRECTIONS, null], api.ITEM_TYPE_ENUMS['ordering_direction']!, 'ordering directions');
    sameEntries([...ORDERING_META, null], api.ITEM_TYPE_ENUMS['ordering_meta']!, 'ordering meta columns');
  });

  test('an api_key the API takes is taken, one it refuses is refused', () => {
    const samples = ['title', 'a', 'section_2_column', 'a1', 'Title', '2col', '_title', 'title_', 'blog post', 'blog-post', 'é', ''];
    for (const sample of samples) {
      assert.equal(apiKeySchema.safeParse(sample).success, api.API_KEY_PATTERN.test(sample), `api_key ${JSON.stringify(sample)}`);
    }
  });
});

describe('webhooks', () => {
  test('entities, their events, filters and payload versions', () => {
    sameEntries(WEBHOOK_ENTITY_TYPES, Object.keys(api.WEBHOOK_EVENTS), 'webhook entity types');
    for (const entity of WEBHOOK_ENTITY_TYPES) {
      sameEntries(WEBHOOK_EVENTS_BY_ENTITY[entity], api.WEBHOOK_EVENTS[entity]!, `events of ${entity}`);
    }
    sameEntries(WEBHOOK_EVENT_TYPES, new Set(Object.values(api.WEBHOOK_EVENTS).flat()), 'webhook event types');
    sameEntries(WEBHOOK_FILTER_ENTITY_TYPES, api.WEBHOOK_FILTER_ENTITY_TYPES, 'webhook filter entity types');
    sameEntries(WEBHOOK_UNFILTERABLE_ENTITIES, api.WEBHOOK_UNFILTERABLE_ENTITIES, 'entity types without filters');
    sameEntries(PAYLOAD_API_VERSIONS, api.WEBHOOK_PAYLOAD_VERSIONS, 'payload versions');
    sameEntries(WEBHOOK_ATTRIBUTES, api.WEBHOOK_ATTRIBUTES, 'webhook attributes');
  });
});
