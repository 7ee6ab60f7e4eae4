// Rules across keys of a document. They run on the raw document value (zod refinements would be skipped
// as soon as any other key is wrong), so every access here is defensive.
import type { Resource } from '../cma';
import {
  CONTENT_LINK_OPTIONAL_TYPES,
  EDITOR_NAMES,
  FIELD_TYPE_INFO,
  isFieldType,
  VALIDATOR_NAMES,
  WEBHOOK_ENTITY_TYPES,
  WEBHOOK_EVENTS_BY_ENTITY,
  WEBHOOK_UNFILTERABLE_ENTITIES,
  type EditorName,
  type WebhookEntityType,
} from './catalog';
import { MODEL_FIELD_POINTERS } from './attributes';
import { EDITOR_PARAMETERS } from './editorParameters';
import { describeType, elideKey, getOwn, isObject, type JsonObject } from './json';
import { findingsFromIssues, type Finding } from './problems';
import type { SchemaContext } from './document';

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function refId(value: unknown): string | undefined {
  const id = getOwn(value, 'id');
  return typeof id === 'string' ? id : undefined;
}

const ORDERING_KEYS = ['ordering_field', 'ordering_meta', 'ordering_direction'] as const;

/**
 * An api_key already in use: a model's among the environment's models and block models, a field's among its model's
 * fields. DatoCMS would refuse the save (VALIDATION_UNIQUENESS); the document says so as it is typed.
 */
function apiKeyTaken(doc: JsonObject, opened: Resource, others: readonly Resource[], what: (other: Resource) => string): Finding[] {
  const apiKey = getOwn(doc, 'api_key');
  if (typeof apiKey !== 'string') return [];
  const rivals = others.filter((other) => other.id !== opened.id);
  const other = rivals.find((r) => r.attributes?.['api_key'] === apiKey);
  if (!other) return [];
  const taken = rivals.map((r) => String(r.attributes?.['api_key']));
  return [
    {
      path: ['api_key'],
      message: `"${elideKey(apiKey)}" is already the api_key of ${what(other)}: api_keys are unique, choose another`,
      code: 'api-key-taken',
      data: { apiKey, taken },
    },
  ];
}

export function modelRules(doc: JsonObject, opened: Resource, ctx: SchemaContext): Finding[] {
  const out: Finding[] = apiKeyTaken(
    doc,
    opened,
    ctx.itemTypes,
    (m) =>
      `the ${m.attributes?.['modular_block'] === true ? 'block model' : 'model'} "${String(m.attributes?.['name'])}" in this environment`,
  );
  // the model as it will be: a key the document lacks keeps the resource's value
  const flag = (key: string) => (getOwn(doc, key) ?? opened.attributes?.[key]) === true;
  if (isSet(getOwn(doc, 'ordering_meta')) && isSet(getOwn(doc, 'ordering_field'))) {
    out.push({
      path: ['ordering_field'],
      message: 'cannot be set together with ordering_meta (set one of them to null)',
      code: 'ordering-conflict',
    });
  }
  // records of singleton, sortable and tree models have their own order
  const ordered = ORDERING_KEYS.filter((key) => isSet(getOwn(doc, key)));
  const ownOrder = flag('singleton')
    ? 'a singleton model'
    : flag('sortable')
      ? 'a sortable model'
      : flag('tree')
        ? 'a tree model'
        : undefined;
  if (ownOrder) {
    for (const key of ordered)
      out.push({
        path: [key],
        message: `must be null on ${ownOrder} (its records are ordered by position; ordering_field, ordering_meta and ordering_direction must all be null)`,
        code: 'ordering-not-allowed',
      });
  }
  if (flag('modular_block')) {
    for (const key of ['singleton', 'sortable', 'tree', 'draft_mode_active']) {
      if (getOwn(doc, key) === true)
        out.push({
          path: [key],
          message: 'must be false on a block model (block models cannot be singleton, sortable, tree or in draft mode)',
          code: 'block-model-flag',
        });
    }
  } else {
    if (flag('singleton') && (flag('sortable') || flag('tree')))
      out.push({
        path: ['singleton'],
        message: 'a singleton model cannot be sortable or a tree (set sortable and tree to false, or singleton to false)',
        code: 'model-kind-conflict',
      });
    if (flag('sortable') && flag('tree'))
      out.push({
        path: ['tree'],
        message: 'a model cannot be both sortable and a tree (a tree is already sortable: set sortable to false)',
        code: 'model-kind-conflict',
      });
  }
  // the field pointers must name fields of this very model
  const fields = opened.relationships?.['fields']?.data;
  if (Array.isArray(fields) && fields.length > 0) {
    const ids = fields.map((f) => f.id);
    for (const key of MODEL_FIELD_POINTERS) {
      const id = refId(getOwn(doc, key));
      if (id !== undefined && !ids.includes(id)) {
        out.push({
          path: [key, 'id'],
          message: `"${elideKey(id)}" is not a field of this model (its fields: ${ids.length <= 20 ? ids.join(', ') : `${ids.length} ids, see $readonly.fields`})`,
          code: 'not-own-field',
          data: { allowed: ids },
        });
      }
    }
  }
  return out;
}

const BUILT_IN_EDITORS = new Set<string>(EDITOR_NAMES);
// built-in editor names are snake_case words; plugin ids are generated ids (digits or 22-char base64)
const looksLikeBuiltInName = (editor: string) => /^[a-z][a-z_]*$/.test(editor) && editor.length !== 22;

// eslint-disable-next-line max-lines-per-function -- one check per rule of a field document (validators, appearance, fieldset), read top to bottom
export function fieldRules(doc: JsonObject, opened: Resource, ctx: SchemaContext): Finding[] {
  const modelId = refId(opened.relationships?.['item_type']?.data);
  const siblings = (modelId === undefined ? undefined : ctx.fieldsOf(modelId)) ?? [];
  const out: Finding[] = apiKeyTaken(doc, opened, siblings, (f) => `the field "${String(f.attributes?.['label'])}" of this model`);
  const typeValue = getOwn(doc, 'field_type') ?? opened.attributes?.['field_type'];
  if (!isFieldType(typeValue)) return out;
  const info = FIELD_TYPE_INFO[typeValue];
  const validators = getOwn(doc, 'validators');
  if (isObject(validators)) {
    out.push(...validatorModelFindings(validators, ctx));
    for (const name of Object.keys(validators)) {
      if ((VALIDATOR_NAMES as readonly string[]).includes(name) && !(info.validators as readonly string[]).includes(name)) {
        out.push({
          path: ['validators', name],
          message: `validator "${name}" is not allowed for field_type "${typeValue}" (allowed: ${info.validators.length ? info.validators.join(', ') : 'none'})`,
          atKey: true,
          code: 'validator-not-allowed',
          data: { validator: name, allowed: [...info.validators] },
        });
      }
    }
    for (const name of info.requiredValidators) {
      if (getOwn(validators, name) === undefined) {
        out.push({
          path: ['validators', name],
          message: `is missing (field_type "${typeValue}" requires the "${name}" validator)`,
          code: 'validator-missing',
          data: { validator: name },
        });
      }
    }
  }
  const appearance = getOwn(doc, 'appearance');
  const editor = getOwn(appearance, 'editor');
  // a plugin's own editor (field_extension set) takes the plugin's parameters: not checked here
  const pluginEditor = typeof getOwn(appearance, 'field_extension') === 'string';
  if (isObject(appearance) && typeof editor === 'string' && editor.length > 0 && !pluginEditor) {
    if (!(info.editors as readonly string[]).includes(editor)) {
      const builtIn = BUILT_IN_EDITORS.has(editor) || looksLikeBuiltInName(editor);
      const what = builtIn
        ? `"${elideKey(editor)}" is not an editor of ${typeValue} fields`
        : `"${elideKey(editor)}" is a plugin id: a plugin editor needs "field_extension" naming its editor`;
      const message = `${what} (allowed: ${info.editors.join(', ')}, or a plugin id with field_extension)`;
      out.push(
        builtIn
          ? { path: ['appearance', 'editor'], message, code: 'value-not-allowed', data: { allowed: [...info.editors] } }
          : { path: ['appearance', 'editor'], message, code: 'plugin-editor-needs-extension' },
      );
    } else {
      const parameters = getOwn(appearance, 'parameters');
      if (isObject(parameters)) {
        const result = EDITOR_PARAMETERS[editor as EditorName].safeParse(parameters);
        if (!result.success) out.push(...findingsFromIssues(result.error.issues, doc, ['appearance', 'parameters']));
      }
    }
  }
  // a fieldset of another model is refused; one the cached models do not know is left to the server
  const fieldset = refId(getOwn(doc, 'fieldset'));
  const owner =
    fieldset === undefined
      ? undefined
      : ctx.itemTypes.find((m) => {
          const fieldsets = m.relationships?.['fieldsets']?.data;
          return Array.isArray(fieldsets) && fieldsets.some((f) => f.id === fieldset);
        });
  if (fieldset !== undefined && owner && owner.id !== modelId) {
    out.push({
      path: ['fieldset', 'id'],
      message: `"${elideKey(fieldset)}" is a fieldset of the model ${String(owner.attributes?.['api_key'])}, not of this field's model (use one of its own fieldsets, or null)`,
      code: 'fieldset-of-other-model',
    });
  }
  if (getOwn(doc, 'content_link_enabled') === false && !CONTENT_LINK_OPTIONAL_TYPES.includes(typeValue)) {
    out.push({
      path: ['content_link_enabled'],
      message: `can be false only for field types ${CONTENT_LINK_OPTIONAL_TYPES.join(', ')} (this field is "${typeValue}")`,
      code: 'content-link-required',
    });
  }
  // a default value's shape is the API's business; a localized one is keyed by the project's locales
  const defaultValue = getOwn(doc, 'default_value');
  if (isSet(defaultValue) && (getOwn(doc, 'localized') ?? opened.attributes?.['localized']) === true) {
    if (!isObject(defaultValue)) {
      out.push({
        path: ['default_value'],
        message: `expected an object keyed by locale (${ctx.locales.join(', ')}) because the field is localized, got ${describeType(defaultValue)}`,
        code: 'wrong-type',
        data: { expected: 'object' },
      });
    } else {
      for (const locale of Object.keys(defaultValue)) {
        if (!ctx.locales.includes(locale))
          out.push({
            path: ['default_value', locale],
            message: `"${elideKey(locale)}" is not a locale of this project (allowed: ${ctx.locales.join(', ')})`,
            atKey: true,
            code: 'unknown-key',
            data: { key: locale, allowed: [...ctx.locales] },
          });
      }
    }
  }
  return out;
}

const BLOCK_VALIDATORS = ['rich_text_blocks', 'single_block_blocks', 'structured_text_blocks', 'structured_text_inline_blocks'];
const LINK_VALIDATORS = ['item_item_type', 'items_item_type', 'structured_text_links'];

/**
 * `item_types` of block validators name block models, of link validators models. An id the project's (cached)
 * models do not know is left to the server: it may have been created since the models were loaded.
 */
function validatorModelFindings(validators: JsonObject, ctx: SchemaContext): Finding[] {
  const out: Finding[] = [];
  for (const name of [...BLOCK_VALIDATORS, ...LINK_VALIDATORS]) {
    const ids = getOwn(getOwn(validators, name), 'item_types');
    if (!Array.isArray(ids)) continue;
    const wantsBlocks = BLOCK_VALIDATORS.includes(name);
    ids.forEach((id, i) => {
      const model = typeof id === 'string' ? ctx.itemTypes.find((m) => m.id === id) : undefined;
      if (!model || (model.attributes?.['modular_block'] === true) === wantsBlocks) return;
      out.push({
        path: ['validators', name, 'item_types', i],
        message: `"${elideKey(String(id))}" (${String(model.attributes?.['api_key'])}) is ${wantsBlocks ? 'a model, not a block model' : 'a block model, not a model'} (${name} takes ${wantsBlocks ? 'block models' : 'models'})`,
        code: 'wrong-model-kind',
        data: { validator: name },
      });
    });
  }
  return out;
}

export function webhookRules(doc: JsonObject): Finding[] {
  const out: Finding[] = [];
  const events = getOwn(doc, 'events');
  if (!Array.isArray(events)) return out;
  events.forEach((event, i) => {
    const entity = getOwn(event, 'entity_type');
    if (typeof entity !== 'string' || !(WEBHOOK_ENTITY_TYPES as readonly string[]).includes(entity)) return;
    const allowed = WEBHOOK_EVENTS_BY_ENTITY[entity as WebhookEntityType];
    const types = getOwn(event, 'event_types');
    if (Array.isArray(types)) {
      types.forEach((type, j) => {
        if (typeof type === 'string' && !allowed.includes(type)) {
          out.push({
            path: ['events', i, 'event_types', j],
            message: `"${type}" is not allowed for entity_type "${entity}" (allowed: ${allowed.join(', ')})`,
            code: 'value-not-allowed',
            data: { allowed: [...allowed] },
          });
        }
      });
    }
    const filters = getOwn(event, 'filters');
    if (WEBHOOK_UNFILTERABLE_ENTITIES.includes(entity as WebhookEntityType) && Array.isArray(filters) && filters.length > 0) {
      out.push({
        path: ['events', i, 'filters'],
        message: `entity_type "${entity}" takes no filters (set filters to null)`,
        code: 'filters-not-allowed',
      });
    }
  });
  return out;
}
