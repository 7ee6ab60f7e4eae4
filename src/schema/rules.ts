// Rules across keys of a document. They run on the raw document value (zod refinements would be skipped
// as soon as any other key is wrong), so every access here is defensive.
import type { Resource } from '../cma/types';
import {
  CONTENT_LINK_OPTIONAL_TYPES, EDITOR_NAMES, FIELD_TYPE_INFO, isFieldType, VALIDATOR_NAMES, WEBHOOK_ENTITY_TYPES,
  WEBHOOK_EVENTS_BY_ENTITY, WEBHOOK_UNFILTERABLE_ENTITIES, type EditorName, type WebhookEntityType,
} from './catalog';
import { EDITOR_PARAMETERS } from './attributes';
import { describeType, elideKey, getOwn, isObject, type JsonObject } from './json';
import { findingsFromIssues, type Finding } from './problems';
import { baseValueSchema } from './records';
import type { SchemaContext } from './document';

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function refId(value: unknown): string | undefined {
  const id = getOwn(value, 'id');
  return typeof id === 'string' ? id : undefined;
}

export function modelRules(doc: JsonObject, opened: Resource): Finding[] {
  const out: Finding[] = [];
  if (isSet(getOwn(doc, 'ordering_meta')) && isSet(getOwn(doc, 'ordering_field'))) {
    out.push({ path: ['ordering_field'], message: 'cannot be set together with ordering_meta (set one of them to null)' });
  }
  // the field pointers must name fields of this very model
  const fields = opened.relationships?.['fields']?.data;
  if (Array.isArray(fields) && fields.length > 0) {
    const ids = fields.map((f) => f.id);
    for (const key of ['ordering_field', 'title_field', 'image_preview_field', 'excerpt_field', 'presentation_title_field', 'presentation_image_field']) {
      const id = refId(getOwn(doc, key));
      if (id !== undefined && !ids.includes(id)) {
        out.push({ path: [key, 'id'], message: `"${elideKey(id)}" is not a field of this model (its fields: ${ids.length <= 20 ? ids.join(', ') : `${ids.length} ids, see $readonly.fields`})` });
      }
    }
  }
  return out;
}

const BUILT_IN_EDITORS = new Set<string>(EDITOR_NAMES);
// built-in editor names are snake_case words; plugin ids are generated ids (digits or 22-char base64)
const looksLikeBuiltInName = (editor: string) => /^[a-z][a-z_]*$/.test(editor) && editor.length !== 22;

export function fieldRules(doc: JsonObject, opened: Resource, ctx: SchemaContext): Finding[] {
  const out: Finding[] = [];
  const typeValue = getOwn(doc, 'field_type') ?? opened.attributes?.['field_type'];
  if (!isFieldType(typeValue)) return out;
  const info = FIELD_TYPE_INFO[typeValue];
  const validators = getOwn(doc, 'validators');
  if (isObject(validators)) {
    for (const name of Object.keys(validators)) {
      if ((VALIDATOR_NAMES as readonly string[]).includes(name) && !(info.validators as readonly string[]).includes(name)) {
        out.push({
          path: ['validators', name],
          message: `validator "${name}" is not allowed for field_type "${typeValue}" (allowed: ${info.validators.length ? info.validators.join(', ') : 'none'})`,
          atKey: true,
        });
      }
    }
    for (const name of info.requiredValidators) {
      if (getOwn(validators, name) === undefined) {
        out.push({ path: ['validators', name], message: `is missing (field_type "${typeValue}" requires the "${name}" validator)` });
      }
    }
  }
  const appearance = getOwn(doc, 'appearance');
  const editor = getOwn(appearance, 'editor');
  if (isObject(appearance) && typeof editor === 'string' && editor.length > 0) {
    if (BUILT_IN_EDITORS.has(editor)) {
      if (!(info.editors as readonly string[]).includes(editor)) {
        out.push({ path: ['appearance', 'editor'], message: `"${editor}" is not allowed for field_type "${typeValue}" (allowed: ${info.editors.join(', ')}, or a plugin id)` });
      } else {
        const parameters = getOwn(appearance, 'parameters');
        if (isObject(parameters)) {
          const result = EDITOR_PARAMETERS[editor as EditorName].safeParse(parameters);
          if (!result.success) out.push(...findingsFromIssues(result.error.issues, doc, ['appearance', 'parameters']));
        }
      }
      if (getOwn(appearance, 'field_extension') !== undefined) {
        out.push({ path: ['appearance', 'field_extension'], message: `is only for plugin editors ("${editor}" is built in; remove field_extension)`, atKey: true });
      }
    } else if (looksLikeBuiltInName(editor)) {
      out.push({ path: ['appearance', 'editor'], message: `"${editor}" is not a known editor (allowed for field_type "${typeValue}": ${info.editors.join(', ')}, or a plugin id)` });
    }
  }
  if (getOwn(doc, 'content_link_enabled') === false && !CONTENT_LINK_OPTIONAL_TYPES.includes(typeValue)) {
    out.push({ path: ['content_link_enabled'], message: `can be false only for field types ${CONTENT_LINK_OPTIONAL_TYPES.join(', ')} (this field is "${typeValue}")` });
  }
  const defaultValue = getOwn(doc, 'default_value');
  if (isSet(defaultValue)) {
    const localized = (getOwn(doc, 'localized') ?? opened.attributes?.['localized']) === true;
    const schema = baseValueSchema(typeValue);
    if (localized) {
      if (!isObject(defaultValue)) {
        out.push({ path: ['default_value'], message: `expected an object keyed by locale (${ctx.locales.join(', ')}) because the field is localized, got ${describeType(defaultValue)}` });
      } else {
        for (const locale of Object.keys(defaultValue)) {
          if (!ctx.locales.includes(locale)) {
            out.push({ path: ['default_value', locale], message: `"${locale}" is not a locale of this project (allowed: ${ctx.locales.join(', ')})`, atKey: true });
            continue;
          }
          const result = schema.safeParse(defaultValue[locale]);
          if (!result.success) out.push(...findingsFromIssues(result.error.issues, doc, ['default_value', locale]));
        }
      }
    } else {
      const result = schema.safeParse(defaultValue);
      if (!result.success) out.push(...findingsFromIssues(result.error.issues, doc, ['default_value']));
    }
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
          out.push({ path: ['events', i, 'event_types', j], message: `"${type}" is not allowed for entity_type "${entity}" (allowed: ${allowed.join(', ')})` });
        }
      });
    }
    const filters = getOwn(event, 'filters');
    if (WEBHOOK_UNFILTERABLE_ENTITIES.includes(entity as WebhookEntityType) && Array.isArray(filters) && filters.length > 0) {
      out.push({ path: ['events', i, 'filters'], message: `entity_type "${entity}" takes no filters (set filters to null)` });
    }
  });
  return out;
}
