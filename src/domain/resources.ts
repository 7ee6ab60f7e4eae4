// Small readers of CMA resources the tree needs (links, positions, names, status). No vscode import.
import type { Resource } from '../cma';

export function relationshipId(resource: Resource, name: string): string | undefined {
  const data = resource.relationships[name]?.data;
  return data && !Array.isArray(data) ? data.id : undefined;
}

export function relationshipIds(resource: Resource, name: string): string[] {
  const data = resource.relationships[name]?.data;
  return Array.isArray(data) ? data.map((d) => d.id) : [];
}

/** The api_key of a model or a field as the API gave it; undefined when missing, mistyped or empty. */
export function apiKeyOf(resource: Resource): string | undefined {
  const apiKey = resource.attributes['api_key'];
  return typeof apiKey === 'string' && apiKey !== '' ? apiKey : undefined;
}

export function positionOf(resource: Resource): number {
  const position = resource.attributes['position'];
  return typeof position === 'number' ? position : Number.MAX_SAFE_INTEGER;
}

export function byName(a: Resource, b: Resource): number {
  return String(a.attributes['name'] ?? '').localeCompare(String(b.attributes['name'] ?? ''));
}

/** `draft`, `published · invalid`, `updated · publishes <when>` (`when` writes a moment as every list does)… */
export function statusOf(record: Resource<'item'>, when: (iso: string) => string): string | undefined {
  const meta = record.meta;
  const at = (key: string, word: string) => typeof meta[key] === 'string' && `${word} ${when(meta[key])}`;
  const parts = [
    meta['status'],
    meta['is_valid'] === false && 'invalid',
    at('publication_scheduled_at', 'publishes'),
    at('unpublishing_scheduled_at', 'unpublishes'),
  ];
  return parts.filter((part) => typeof part === 'string').join(' · ') || undefined;
}

/** The project's locales, the main one first. */
export function localesOf(site: Resource<'site'>): string[] {
  const locales = site.attributes['locales'];
  return Array.isArray(locales) ? locales.map(String) : [];
}

/** Longest title shown (tree labels, tabs, pickers). */
const MAX_TITLE = 120;

/**
 * A record's title, the same wherever it is shown (tree, tab, pickers, hovers): its model's title field, else its
 * first string field with a value; a localized value in the first of `locales` that has one, else in any locale; on
 * one line, at most 120 characters. Undefined when no such field has a value.
 */
export function recordTitle(
  record: Resource,
  model: Resource<'item_type'>,
  fields: readonly Resource<'field'>[],
  locales: readonly string[],
): string | undefined {
  for (const field of titleFields(model, fields)) {
    const text = textOf(record.attributes[String(field.attributes['api_key'])], field.attributes['localized'] === true, locales);
    if (text !== undefined) return text.length > MAX_TITLE ? `${text.slice(0, MAX_TITLE - 1)}…` : text;
  }
  return undefined;
}

/** The fields a record's title is read from, in order: its model's title field, then its string fields. */
export function titleFields(model: Resource<'item_type'>, fields: readonly Resource<'field'>[]): Resource<'field'>[] {
  const titleFieldId = relationshipId(model, 'title_field');
  return [
    ...fields.filter((f) => f.id === titleFieldId),
    ...fields.filter((f) => f.id !== titleFieldId && f.attributes['field_type'] === 'string'),
  ];
}

/** A string (or number) value, a localized one in the first locale that has it; one line; undefined when empty. */
function textOf(value: unknown, localized: boolean, locales: readonly string[]): string | undefined {
  if (localized && value && typeof value === 'object' && !Array.isArray(value)) {
    const byLocale = value as Record<string, unknown>;
    for (const locale of [...locales, ...Object.keys(byLocale)]) {
      const text = textOf(Object.prototype.hasOwnProperty.call(byLocale, locale) ? byLocale[locale] : undefined, false, locales);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}
