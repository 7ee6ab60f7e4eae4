// PUT /site: the project's writable settings (name, locales, timezone, SEO, theme, favicon and the
// security switches). Checked at once (422); 202 + job, applied when the job finishes (payload: the site).
// The site belongs to the project, so its locales are every environment's.
import { extraneous, fail, invalidField, isObject, type Obj } from './envelope.js';
import { httpError, type ApiErrorSpec } from './errors.js';
import { checkQueryParams, NO_PARAMS } from './params.js';
import { siteResource, wire } from './resources.js';
import type { RouteContext, RouteReply } from './schema-creates.js';
import type { EmulatorStore, EnvironmentData } from './store.js';

const ATTRIBUTES = [
  'no_index',
  'favicon',
  'global_seo',
  'name',
  'theme',
  'locales',
  'timezone',
  'require_2fa',
  'ip_tracking_enabled',
  'force_use_of_sandbox_environments',
];
const BOOLEANS = ['no_index', 'require_2fa', 'ip_tracking_enabled', 'force_use_of_sandbox_environments'];
// The opt-in switches the official client's update type carries in `meta`.
const META_FLAGS = [
  'improved_timezone_management',
  'improved_hex_management',
  'improved_gql_multilocale_fields',
  'improved_gql_visibility_control',
  'improved_boolean_fields',
  'draft_mode_default',
  'improved_validation_at_publishing',
  'improved_exposure_of_inline_blocks_in_cda',
  'improved_items_listing',
  'milliseconds_in_datetime',
  'non_localized_focal_points',
];
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const COLORS = ['primary_color', 'light_color', 'accent_color', 'dark_color'];
const scope = { record_type: 'Site' };

function isUploadId(env: EnvironmentData, value: unknown): boolean {
  return typeof value === 'string' && env.uploads.has(value);
}

function checkColor(value: unknown): boolean {
  return (
    isObject(value) &&
    Object.keys(value).sort().join() === 'alpha,blue,green,red' &&
    Object.values(value).every((c) => Number.isInteger(c) && (c as number) >= 0 && (c as number) <= 255)
  );
}

function checkTheme(env: EnvironmentData, theme: unknown, errors: ApiErrorSpec[]): void {
  const bad = (message: string) => errors.push(invalidField('theme', 'VALIDATION_FORMAT', { ...scope, message }));
  if (!isObject(theme)) return void bad('theme is an object');
  if (theme.logo === undefined || (theme.logo !== null && !isUploadId(env, theme.logo)))
    bad('theme.logo is an upload id of this environment or null');
  if (theme.type === 'monochromatic') {
    const extra = Object.keys(theme).filter((k) => !['type', 'hue', 'logo'].includes(k));
    if (extra.length) bad(`unknown theme keys: ${extra.join(', ')}`);
    if (theme.hue !== null && !(Number.isInteger(theme.hue) && (theme.hue as number) >= 0 && (theme.hue as number) <= 359))
      bad('theme.hue is an integer from 0 to 359, or null');
    return;
  }
  if (theme.type !== undefined && theme.type !== 'custom') return void bad('theme.type is "monochromatic" or "custom"');
  const extra = Object.keys(theme).filter((k) => !['type', 'logo', ...COLORS].includes(k));
  if (extra.length) bad(`unknown theme keys: ${extra.join(', ')}`);
  for (const color of COLORS) {
    if (color === 'dark_color' && theme[color] === undefined) continue;
    if (!checkColor(theme[color])) bad(`theme.${color} is {red, green, blue, alpha} with integers from 0 to 255`);
  }
}

function checkGlobalSeo(env: EnvironmentData, seo: unknown, errors: ApiErrorSpec[]): void {
  const bad = (message: string) => errors.push(invalidField('global_seo', 'VALIDATION_FORMAT', { ...scope, message }));
  if (seo === null) return;
  if (!isObject(seo)) return void bad('global_seo is an object or null');
  const extra = Object.keys(seo).filter(
    (k) => !['site_name', 'fallback_seo', 'title_suffix', 'facebook_page_url', 'twitter_account'].includes(k),
  );
  if (extra.length) bad(`unknown global_seo keys: ${extra.join(', ')}`);
  if (seo.site_name !== undefined && typeof seo.site_name !== 'string') bad('global_seo.site_name is a string');
  for (const key of ['title_suffix', 'facebook_page_url', 'twitter_account'])
    if (seo[key] !== undefined && seo[key] !== null && typeof seo[key] !== 'string') bad(`global_seo.${key} is a string or null`);
  const fallback = seo.fallback_seo;
  if (fallback === undefined) return;
  if (!isObject(fallback)) return void bad('global_seo.fallback_seo is {title, description, image, twitter_card?}');
  const keys = Object.keys(fallback).filter((k) => !['title', 'description', 'image', 'twitter_card'].includes(k));
  if (keys.length) bad(`unknown fallback_seo keys: ${keys.join(', ')}`);
  if (typeof fallback.title !== 'string' || typeof fallback.description !== 'string') bad('fallback_seo.title and description are strings');
  if (fallback.image === undefined || (fallback.image !== null && !isUploadId(env, fallback.image)))
    bad('fallback_seo.image is an upload id of this environment or null');
  if (fallback.twitter_card !== undefined && ![null, 'summary', 'summary_large_image'].includes(fallback.twitter_card as string | null))
    bad('fallback_seo.twitter_card is "summary", "summary_large_image" or null');
}

/** Locales some content still has: localized values of records and blocks (both versions) and localized defaults. */
function localesInUse(store: EmulatorStore, removed: string[]): Map<string, { environment: string; item?: string; field?: string }> {
  const used = new Map<string, { environment: string; item?: string; field?: string }>();
  for (const id of store.environmentIds) {
    if (store.environmentMeta(id).status === 'creating') continue;
    const env = store.environment(id);
    const localized = new Map<string, string[]>();
    for (const field of env.fields.values()) {
      if (field.attributes.localized !== true) continue;
      const modelId = (field.relationships.item_type?.data as { id?: string } | null)?.id ?? '';
      localized.set(modelId, [...(localized.get(modelId) ?? []), String(field.attributes.api_key)]);
      const defaults = field.attributes.default_value;
      for (const locale of removed)
        if (isObject(defaults) && defaults[locale] !== undefined && defaults[locale] !== null && !used.has(locale))
          used.set(locale, { environment: id, field: field.id });
    }
    for (const item of env.items.values())
      for (const apiKey of localized.get(item.itemTypeId) ?? [])
        for (const attrs of [item.attributes, item.published])
          for (const locale of removed)
            if (attrs && isObject(attrs[apiKey]) && locale in (attrs[apiKey] as Obj) && !used.has(locale))
              used.set(locale, { environment: id, item: item.id });
  }
  return used;
}

function checkLocales(store: EmulatorStore, value: unknown, errors: ApiErrorSpec[]): void {
  if (!Array.isArray(value) || value.length === 0 || value.some((l) => typeof l !== 'string' || !LOCALE.test(l))) {
    errors.push(
      invalidField('locales', 'VALIDATION_FORMAT', {
        ...scope,
        message: 'locales is a non-empty array of locale codes (en, en-US, pt-BR…)',
      }),
    );
    return;
  }
  if (new Set(value).size !== value.length)
    errors.push(invalidField('locales', 'VALIDATION_UNIQUENESS', { ...scope, message: 'a locale appears twice' }));
  const current = (store.site.attributes.locales as string[] | undefined) ?? [];
  const removed = current.filter((l) => !value.includes(l));
  // The API's documentation does not say what happens to content in a locale the project drops; we refuse.
  const used = localesInUse(store, removed);
  if (used.size)
    errors.push(
      invalidField('locales', 'VALIDATION_INVALID', {
        ...scope,
        locales_in_use: [...used.keys()],
        example: [...used.values()][0],
        message: `Content still uses ${[...used.keys()].join(', ')}: remove those values first`,
      }),
    );
}

function checkTimezone(value: unknown): boolean {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function planUpdate(ctx: RouteContext, body: unknown): () => { data: unknown } {
  const { store } = ctx;
  const env = ctx.env();
  if (!isObject(body) || !isObject(body.data) || Object.keys(body).some((k) => k !== 'data'))
    throw httpError(422, 'INVALID_FORMAT', { message: 'The body must be {"data": {"type": "site", "attributes": {…}}}' });
  const data = body.data;
  if (data.type !== 'site')
    throw httpError(422, 'INVALID_TYPE', { expected: 'site', got: data.type ?? null, message: 'data.type must be "site"' });
  if (data.id !== undefined && data.id !== store.site.id)
    throw httpError(422, 'INVALID_ENTITY_ID', { expected: store.site.id, got: data.id, message: 'data.id must be the site id' });
  const members = Object.keys(data).filter((k) => !['type', 'id', 'attributes', 'meta'].includes(k));
  if (members.length)
    throw httpError(422, 'INVALID_FORMAT', { extraneous_members: members, message: `Unknown members in data: ${members.join(', ')}` });
  if (!isObject(data.attributes) || (data.meta !== undefined && !isObject(data.meta)))
    throw httpError(422, 'INVALID_FORMAT', { message: 'data.attributes (and data.meta, when given) must be objects' });
  const attributes = data.attributes;
  const meta = (data.meta as Obj | undefined) ?? {};
  const errors: ApiErrorSpec[] = [...extraneous(attributes, ATTRIBUTES, 'attributes'), ...extraneous(meta, META_FLAGS, 'meta')];
  for (const name of BOOLEANS)
    if (name in attributes && typeof attributes[name] !== 'boolean') errors.push(invalidField(name, 'VALIDATION_FORMAT', scope));
  for (const name of Object.keys(meta))
    if (META_FLAGS.includes(name) && typeof meta[name] !== 'boolean') errors.push(invalidField(name, 'VALIDATION_FORMAT', scope));
  if ('name' in attributes && (typeof attributes.name !== 'string' || attributes.name.trim() === ''))
    errors.push(invalidField('name', 'VALIDATION_REQUIRED', scope));
  if ('favicon' in attributes && attributes.favicon !== null && !isUploadId(env, attributes.favicon))
    errors.push(
      invalidField('favicon', 'VALIDATION_INVALID', { ...scope, message: 'favicon is an upload id of this environment or null' }),
    );
  if ('timezone' in attributes && !checkTimezone(attributes.timezone))
    errors.push(
      invalidField('timezone', 'VALIDATION_INCLUSION', {
        ...scope,
        message: 'timezone is an IANA time zone name (Europe/Rome, America/New_York…)',
      }),
    );
  if ('locales' in attributes) checkLocales(store, attributes.locales, errors);
  if ('theme' in attributes) checkTheme(env, attributes.theme, errors);
  if ('global_seo' in attributes) checkGlobalSeo(env, attributes.global_seo, errors);
  fail(errors);
  return () => {
    store.site.attributes = { ...store.site.attributes, ...structuredClone(attributes), last_data_change_at: new Date().toISOString() };
    store.site.meta = { ...store.site.meta, ...meta };
    return { data: wire(siteResource(store, ctx.env())) };
  };
}

/** PUT /site; undefined when the request is not it. */
export function routeSite(ctx: RouteContext): RouteReply | undefined {
  if (ctx.method !== 'PUT' || ctx.segments.length !== 1 || ctx.segments[0] !== 'site') return undefined;
  checkQueryParams(ctx.query, NO_PARAMS);
  return ctx.startJob(planUpdate(ctx, ctx.body()));
}
