// Typed views over the JSON:API resources: what the extension reads of a model, a field, a fieldset, a record, a
// webhook, an environment or the site, in one place (the media library's in ./uploadViews.ts). The API's answers are data from the network: a
// missing or mistyped attribute reads as the value a user would expect (an empty name, not "undefined"), never as a
// crash. (Records are `Item`s, as the API names them.) Outside the API client and the schema layer, code reads resources through these, not `attributes['…']`.
import type { Resource } from '../cma';
import { relationshipId } from './resources';

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
/** a string attribute as given; undefined when missing, mistyped or empty */
const given = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const flag = (value: unknown): boolean => value === true;
const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A model's relationships to one of its own fields. */
export const MODEL_FIELD_LINKS = [
  'title_field',
  'image_preview_field',
  'excerpt_field',
  'ordering_field',
  'presentation_title_field',
  'presentation_image_field',
] as const;

export const Model = {
  apiKey: (model: Resource<'item_type'>): string => text(model.attributes['api_key'], model.id),
  /** its name, else its api_key */
  name: (model: Resource<'item_type'>): string => text(model.attributes['name']) || Model.apiKey(model),
  /** its api_key as the API gave it (undefined when missing), for code that skips or names such a model its own way */
  givenApiKey: (model: Resource<'item_type'>): string | undefined => given(model.attributes['api_key']),
  givenName: (model: Resource<'item_type'>): string | undefined => given(model.attributes['name']),
  hint: (model: Resource<'item_type'>): string | undefined => given(model.attributes['hint']),
  isBlock: (model: Resource<'item_type'>): boolean => flag(model.attributes['modular_block']),
  isSingleton: (model: Resource<'item_type'>): boolean => flag(model.attributes['singleton']),
  isSortable: (model: Resource<'item_type'>): boolean => flag(model.attributes['sortable']),
  isTree: (model: Resource<'item_type'>): boolean => flag(model.attributes['tree']),
  hasDraftMode: (model: Resource<'item_type'>): boolean => flag(model.attributes['draft_mode_active']),
  savesInvalidDrafts: (model: Resource<'item_type'>): boolean => flag(model.attributes['draft_saving_active']),
  requiresAllLocales: (model: Resource<'item_type'>): boolean => flag(model.attributes['all_locales_required']),
  titleFieldId: (model: Resource<'item_type'>): string | undefined => relationshipId(model, 'title_field'),
  singletonRecordId: (model: Resource<'item_type'>): string | undefined => relationshipId(model, 'singleton_item'),
};

export const Field = {
  apiKey: (field: Resource<'field'>): string => text(field.attributes['api_key'], field.id),
  /** its label, else its api_key */
  label: (field: Resource<'field'>): string => text(field.attributes['label']) || Field.apiKey(field),
  /** its api_key as the API gave it (undefined when missing) */
  givenApiKey: (field: Resource<'field'>): string | undefined => given(field.attributes['api_key']),
  givenLabel: (field: Resource<'field'>): string | undefined => given(field.attributes['label']),
  type: (field: Resource<'field'>): string => text(field.attributes['field_type']),
  isLocalized: (field: Resource<'field'>): boolean => flag(field.attributes['localized']),
  hint: (field: Resource<'field'>): string | undefined => text(field.attributes['hint']) || undefined,
  validators: (field: Resource<'field'>): Record<string, unknown> => objectOf(field.attributes['validators']),
  appearance: (field: Resource<'field'>): Record<string, unknown> => objectOf(field.attributes['appearance']),
  defaultValue: (field: Resource<'field'>): unknown => field.attributes['default_value'],
  /** its position among the model's fields (an unknown position reads as `unknown`: last unless told) */
  position: (field: Resource<'field'>, unknown = Number.MAX_SAFE_INTEGER): number => positionValue(field.attributes['position'], unknown),
  modelId: (field: Resource<'field'>): string | undefined => relationshipId(field, 'item_type'),
  fieldsetId: (field: Resource<'field'>): string | undefined => relationshipId(field, 'fieldset'),
  /** the models a link, links, block or structured-text field allows */
  allowedModelIds: (field: Resource<'field'>): string[] => {
    const ids = Object.values(Field.validators(field)).flatMap((rule) => {
      const types = objectOf(rule)['item_types'];
      return Array.isArray(types) ? types.filter((id): id is string => typeof id === 'string') : [];
    });
    return [...new Set(ids)];
  },
};

export const Fieldset = {
  title: (fieldset: Resource<'fieldset'>): string => text(fieldset.attributes['title']),
  givenTitle: (fieldset: Resource<'fieldset'>): string | undefined => given(fieldset.attributes['title']),
  hint: (fieldset: Resource<'fieldset'>): string | undefined => text(fieldset.attributes['hint']) || undefined,
  isCollapsible: (fieldset: Resource<'fieldset'>): boolean => flag(fieldset.attributes['collapsible']),
  startsCollapsed: (fieldset: Resource<'fieldset'>): boolean => flag(fieldset.attributes['start_collapsed']),
  position: (fieldset: Resource<'fieldset'>, unknown = Number.MAX_SAFE_INTEGER): number =>
    positionValue(fieldset.attributes['position'], unknown),
};

export const Item = {
  modelId: (record: Resource<'item'>): string | undefined => relationshipId(record, 'item_type'),
  /** draft, updated or published; undefined on models without draft mode */
  status: (record: Resource<'item'>): string | undefined => text(record.meta['status']) || undefined,
  isValid: (record: Resource<'item'>): boolean => record.meta['is_valid'] !== false,
  publicationScheduledAt: (record: Resource<'item'>): string | undefined => text(record.meta['publication_scheduled_at']) || undefined,
  unpublishingScheduledAt: (record: Resource<'item'>): string | undefined => text(record.meta['unpublishing_scheduled_at']) || undefined,
  updatedAt: (record: Resource<'item'>): string | undefined => text(record.meta['updated_at']) || undefined,
};

export const Webhook = {
  name: (webhook: Resource<'webhook'>): string => text(webhook.attributes['name']) || webhook.id,
  givenName: (webhook: Resource<'webhook'>): string | undefined => given(webhook.attributes['name']),
  url: (webhook: Resource<'webhook'>): string => text(webhook.attributes['url']),
  isEnabled: (webhook: Resource<'webhook'>): boolean => webhook.attributes['enabled'] !== false,
  /** the events it is called for (`{entity_type, event_types}` each, as the API gave them) */
  events: (webhook: Resource<'webhook'>): unknown[] => {
    const events = webhook.attributes['events'];
    return Array.isArray(events) ? events : [];
  },
  /** the basic-auth password DatoCMS sends with it (a secret: kept out of logs and messages) */
  basicAuthPassword: (webhook: Resource<'webhook'>): string | undefined => given(webhook.attributes['http_basic_password']),
};

export const Site = {
  name: (site: Resource<'site'>): string => text(site.attributes['name']),
  /** the project's locales, the main one first */
  locales: (site: Resource<'site'>): string[] => {
    const locales = site.attributes['locales'];
    return Array.isArray(locales) ? locales.filter((l): l is string => typeof l === 'string') : [];
  },
  timezone: (site: Resource<'site'>): string | undefined => text(site.attributes['timezone']) || undefined,
  internalDomain: (site: Resource<'site'>): string | undefined => text(site.attributes['internal_domain']) || undefined,
  imgixHost: (site: Resource<'site'>): string | undefined => text(site.attributes['imgix_host']) || undefined,
};

function positionValue(value: unknown, unknown: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : unknown;
}

export const MaintenanceMode = {
  isActive: (mode: Resource<'maintenance_mode'>): boolean => flag(mode.attributes['active']),
};
