// Which records a delivery request sees, in which version, and their values in a locale.
// Published content by default: a record never published is absent and an updated one shows its
// published version; with drafts, the latest version of every record. Strict mode leaves out invalid ones.
import type { StoredItem } from '../store.js';
import { tagRecord, type CdaContext, type LocaleChoice, type RecordView } from './context.js';
import type { FieldInfo, ModelInfo } from './model-info.js';

/** Whether a version of a record is valid: its published one, or its latest. */
export function isValidVersion(item: StoredItem, published: boolean): boolean {
  const meta = item.meta;
  const specific = published ? meta.is_published_version_valid : meta.is_current_version_valid;
  return specific ?? meta.is_valid;
}

/** The record as this request sees it, or null when it does not see it. */
export function recordView(ctx: CdaContext, item: StoredItem, locale: LocaleChoice): RecordView | null {
  const model = ctx.models.get(item.itemTypeId);
  if (!model || item.parentItemId) return null;
  if (!ctx.drafts && !item.published) return null;
  // Without the draft/published system a save is published at once: the latest version is the published one.
  const latest = ctx.drafts || !model.draftMode;
  if (ctx.strict && !isValidVersion(item, !latest)) return null;
  return {
    item,
    model,
    attrs: latest ? item.attributes : item.published!,
    published: !latest,
    locale: locale.locale,
    fallbacks: locale.fallbacks,
  };
}

/** A block of a record: its published content when the record is served published (if it has one). */
export function blockView(ctx: CdaContext, id: unknown, parent: RecordView | LocaleChoice, published: boolean): RecordView | null {
  if (typeof id !== 'string') return null;
  const block = ctx.env.items.get(id);
  const model = block ? ctx.models.get(block.itemTypeId) : undefined;
  if (!block || !model) return null;
  const attrs = published && block.published ? block.published : block.attributes;
  return { item: block, model, attrs, published, locale: parent.locale, fallbacks: parent.fallbacks };
}

/** A linked record, when the request sees it. */
export function linkedView(ctx: CdaContext, id: unknown, locale: LocaleChoice): RecordView | null {
  if (typeof id !== 'string') return null;
  const item = ctx.env.items.get(id);
  return item ? recordView(ctx, item, locale) : null;
}

/** Every record of a model this request sees, in creation order. */
export function visibleRecords(ctx: CdaContext, model: ModelInfo, locale: LocaleChoice): RecordView[] {
  const out: RecordView[] = [];
  for (const item of ctx.env.recordsByType.get(model.id) ?? []) {
    const view = recordView(ctx, item, locale);
    if (view) out.push(view);
  }
  return out;
}

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A field's value in one locale (no fallback). */
export function rawValue(field: FieldInfo, attrs: Record<string, unknown>, locale: string): unknown {
  const value = attrs[field.apiKey];
  if (!field.localized) return value ?? null;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return (value as Record<string, unknown>)[locale] ?? null;
}

/** A field's value in the chosen locale, falling back (when empty: null, "" or []) to the fallback locales in order. */
export function localizedValue(field: FieldInfo, attrs: Record<string, unknown>, choice: LocaleChoice): unknown {
  let value = rawValue(field, attrs, choice.locale);
  if (!field.localized) return value;
  for (const fallback of choice.fallbacks) {
    if (!isEmptyValue(value)) break;
    value = rawValue(field, attrs, fallback);
  }
  return value;
}

/** The locales a record has content in: the keys of its localized values, in project order. */
export function presentLocales(ctx: CdaContext, view: RecordView): string[] {
  const present = new Set<string>();
  for (const field of view.model.fields) {
    if (!field.localized) continue;
    const value = view.attrs[field.apiKey];
    if (value && typeof value === 'object' && !Array.isArray(value)) for (const key of Object.keys(value)) present.add(key);
  }
  return ctx.locales.filter((l) => present.has(l));
}

/** The singleton record of a model, when the request sees it. */
export function singletonView(ctx: CdaContext, model: ModelInfo, locale: LocaleChoice): RecordView | null {
  const first = ctx.env.recordsByType.get(model.id)?.[0];
  return first ? recordView(ctx, first, locale) : null;
}

/** Records handed to the client: each one's cache tag joins the answer's. */
export function served<T extends RecordView | null>(ctx: CdaContext, views: T[]): T[] {
  for (const view of views) if (view) tagRecord(ctx, view.item);
  return views;
}
