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
    ['name', (d) => Object.assign(d, { name: 'Renamed' })],
    ['blank name', (d) => Object.assign(d, { name: ' ' })],
    ['api_key', (d) => Object.assign(d, { api_key: 'renamed_key' })],
    ['api_key with a capital', (d) => Object.assign(d, { api_key: 'Bad_key' })],
    ['api_key ending in _', (d) => Object.assign(d, { api_key: 'bad_key_' })],
    ['collection_appearance table', (d) => Object.assign(d, { collection_appearance: 'table' })],
    ['collection_appearance grid', (d) => Object.assign(d, { collection_appearance: 'grid' })],
    ['hint', (d) => Object.assign(d, { hint: 'A hint' })],
    ['hint null', (d) => Object.assign(d, { hint: null })],
    ['sortable', (d) => Object.assign(d, { sortable: true })],
    ['tree', (d) => Object.assign(d, { tree: true })],
    ['singleton', (d) => Object.assign(d, { singleton: true })],
    ['sortable and tree', (d) => Object.assign(d, { sortable: true, tree: true })],
    ['draft_mode_active', (d) => Object.assign(d, { draft_mode_active: true })],
    ['ordering_direction asc', (d) => Object.assign(d, { ordering_direction: 'asc' })],
    ['ordering_meta created_at', (d) => Object.assign(d, { ordering_meta: 'created_at', ordering_field: null })],
    ['ordering clear', (d) => Object.assign(d, { ordering_meta: null, ordering_field: null, ordering_direction: null })],
    ['all_locales_required', (d) => Object.assign(d, { all_locales_required: true })],
  ];
  if (ownField)
    edits.push([
      'ordering_meta with ordering_field',
      (d) => Object.assign(d, { ordering_meta: 'created_at', ordering_field: { type: 'field', id: ownField } }),
    ]);
  if (foreignField)
    edits.push(['title_field of another model', (d) => Object.assign(d, { title_field: { type: 'field', id: foreignField } })]);
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
    ['label', (d) => Object.assign(d, { label: 'Relabelled' })],
    ['blank label', (d) => Object.assign(d, { label: '' })],
    ['hint null', (d) => Object.assign(d, { hint: null })],
    ['position 0', (d) => Object.assign(d, { position: 0 })],
    ['position 1', (d) => Object.assign(d, { position: 1 })],
    ['api_key with a dash', (d) => Object.assign(d, { api_key: 'bad-key' })],
    ['content_link_enabled false', (d) => Object.assign(d, { content_link_enabled: false })],
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
      (d) => Object.assign(d, { appearance: { editor: NEW_ID, field_extension: 'stars', parameters: { max: 5 }, addons: [] } }),
    ],
    ['required validator', (d) => Object.assign(d, { validators: { ...d.validators, required: {} } })],
    ['length {}', (d) => Object.assign(d, { validators: { ...d.validators, length: {} } })],
    ['length {min: "1"}', (d) => Object.assign(d, { validators: { ...d.validators, length: { min: '1' } } })],
    ['unknown validator option', (d) => Object.assign(d, { validators: { ...d.validators, required: { strict: true } } })],
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
    edits.push([`${type} without its required validators`, (d) => Object.assign(d, { validators: {} })]);
  }
  return edits.map(([name, mutate]) => ({
    name: `field ${String(attr(field, 'api_key'))} (${type}) ${name}`,
    kind: 'field',
    id: field.id,
    mutate,
  }));
}
