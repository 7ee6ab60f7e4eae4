// Model and field edits for the differential test: each attribute rule of a model or a field (names, api keys,
// enums, relationships, validators, appearance), with values the API accepts and values it refuses.
import type { Resource } from '../../src/cma/types';
import type { SchemaContext } from '../../src/schema';
import { attr, validatorsOf, NEW_ID, type Field, type EditCase } from './differentialCaseKit';
import type { Doc } from './helpers';

export function modelCases(model: Resource, ctx: SchemaContext): EditCase[] {
  const isBlock = attr(model, 'modular_block') === true;
  const ownField = ((model.relationships['fields']?.data ?? []) as { id: string }[])[0]?.id;
  const foreignField = ctx.itemTypes
    .filter((m) => m.id !== model.id)
    .flatMap((m) => ((m.relationships['fields']?.data ?? []) as { id: string }[]).map((f) => f.id))[0];
  const edits: [string, (d: Doc) => void][] = [
    [
      'name',
      (d) => {
        d.name = 'Renamed';
      },
    ],
    [
      'blank name',
      (d) => {
        d.name = ' ';
      },
    ],
    [
      'api_key',
      (d) => {
        d.api_key = 'renamed_key';
      },
    ],
    [
      'api_key with a capital',
      (d) => {
        d.api_key = 'Bad_key';
      },
    ],
    [
      'api_key ending in _',
      (d) => {
        d.api_key = 'bad_key_';
      },
    ],
    [
      'collection_appearance table',
      (d) => {
        d.collection_appearance = 'table';
      },
    ],
    [
      'collection_appearance grid',
      (d) => {
        d.collection_appearance = 'grid';
      },
    ],
    [
      'hint',
      (d) => {
        d.hint = 'A hint';
      },
    ],
    [
      'hint null',
      (d) => {
        d.hint = null;
      },
    ],
    [
      'sortable',
      (d) => {
        d.sortable = true;
      },
    ],
    [
      'tree',
      (d) => {
        d.tree = true;
      },
    ],
    [
      'singleton',
      (d) => {
        d.singleton = true;
      },
    ],
    [
      'sortable and tree',
      (d) => {
        d.sortable = true;
        d.tree = true;
      },
    ],
    [
      'draft_mode_active',
      (d) => {
        d.draft_mode_active = true;
      },
    ],
    [
      'ordering_direction asc',
      (d) => {
        d.ordering_direction = 'asc';
      },
    ],
    [
      'ordering_meta created_at',
      (d) => {
        d.ordering_meta = 'created_at';
        d.ordering_field = null;
      },
    ],
    [
      'ordering clear',
      (d) => {
        d.ordering_meta = null;
        d.ordering_field = null;
        d.ordering_direction = null;
      },
    ],
    [
      'all_locales_required',
      (d) => {
        d.all_locales_required = true;
      },
    ],
  ];
  if (ownField)
    edits.push([
      'ordering_meta with ordering_field',
      (d) => {
        d.ordering_meta = 'created_at';
        d.ordering_field = { type: 'field', id: ownField };
      },
    ]);
  if (foreignField)
    edits.push([
      'title_field of another model',
      (d) => {
        d.title_field = { type: 'field', id: foreignField };
      },
    ]);
  return edits.map(([name, mutate]) => ({
    name: `${isBlock ? 'block model' : 'model'} ${String(attr(model, 'api_key'))} ${name}`,
    kind: 'model',
    id: model.id,
    mutate,
  }));
}

export function fieldCases(field: Field, ctx: SchemaContext): EditCase[] {
  const type = attr(field, 'field_type') as string;
  const editor = (attr(field, 'appearance') as Doc | undefined)?.['editor'] as string | undefined;
  const edits: [string, (d: Doc) => void][] = [
    [
      'label',
      (d) => {
        d.label = 'Relabelled';
      },
    ],
    [
      'blank label',
      (d) => {
        d.label = '';
      },
    ],
    [
      'hint null',
      (d) => {
        d.hint = null;
      },
    ],
    [
      'position 0',
      (d) => {
        d.position = 0;
      },
    ],
    [
      'position 1',
      (d) => {
        d.position = 1;
      },
    ],
    [
      'api_key with a dash',
      (d) => {
        d.api_key = 'bad-key';
      },
    ],
    [
      'content_link_enabled false',
      (d) => {
        d.content_link_enabled = false;
      },
    ],
    [
      'placeholder null',
      (d) => {
        d.appearance.parameters = { ...d.appearance.parameters, placeholder: null };
      },
    ],
    [
      'unknown editor parameter',
      (d) => {
        d.appearance.parameters = { ...d.appearance.parameters, colour: 'red' };
      },
    ],
    [
      'editor of another type',
      (d) => {
        d.appearance.editor = type === 'date' ? 'map' : 'date_picker';
      },
    ],
    [
      'plugin editor without field_extension',
      (d) => {
        d.appearance.editor = NEW_ID;
      },
    ],
    [
      'plugin editor with field_extension',
      (d) => {
        d.appearance = { editor: NEW_ID, field_extension: 'stars', parameters: { max: 5 }, addons: [] };
      },
    ],
    [
      'required validator',
      (d) => {
        d.validators = { ...d.validators, required: {} };
      },
    ],
    [
      'length {}',
      (d) => {
        d.validators = { ...d.validators, length: {} };
      },
    ],
    [
      'length {min: "1"}',
      (d) => {
        d.validators = { ...d.validators, length: { min: '1' } };
      },
    ],
    [
      'unknown validator option',
      (d) => {
        d.validators = { ...d.validators, required: { strict: true } };
      },
    ],
    [
      'localized default_value with fr',
      (d) => {
        d.default_value = attr(field, 'localized') === true ? { fr: null } : d.default_value;
      },
    ],
  ];
  if (editor === 'single_line')
    edits.push([
      'single_line without heading',
      (d) => {
        d.appearance.parameters = { placeholder: 'x' };
      },
    ]);
  if (['link', 'links', 'rich_text', 'single_block', 'structured_text'].includes(type)) {
    const [name] = Object.keys(validatorsOf(field)).filter(
      (n) => n.endsWith('_item_type') || n.endsWith('_blocks') || n === 'structured_text_links',
    );
    const article = ctx.itemTypes.find((m) => m.attributes['modular_block'] !== true)?.id;
    if (name && article)
      edits.push([
        `${name} naming a model of the wrong kind`,
        (d) => {
          d.validators[name] = {
            ...d.validators[name],
            item_types: [article, ctx.itemTypes.find((m) => m.attributes['modular_block'] === true)?.id],
          };
        },
      ]);
    edits.push([
      `${type} without its required validators`,
      (d) => {
        d.validators = {};
      },
    ]);
  }
  return edits.map(([name, mutate]) => ({
    name: `field ${String(attr(field, 'api_key'))} (${type}) ${name}`,
    kind: 'field',
    id: field.id,
    mutate,
  }));
}
