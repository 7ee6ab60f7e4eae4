// Small readers of CMA resources the tree needs (links, positions, names, status). No vscode import.
import type { Resource } from '../cma/types';

export function relationshipId(resource: Resource, name: string): string | undefined {
  const data = resource.relationships[name]?.data;
  return data && !Array.isArray(data) ? data.id : undefined;
}

export function relationshipIds(resource: Resource, name: string): string[] {
  const data = resource.relationships[name]?.data;
  return Array.isArray(data) ? data.map((d) => d.id) : [];
}

export function positionOf(resource: Resource): number {
  const position = resource.attributes['position'];
  return typeof position === 'number' ? position : Number.MAX_SAFE_INTEGER;
}

export function byName(a: Resource, b: Resource): number {
  return String(a.attributes['name'] ?? '').localeCompare(String(b.attributes['name'] ?? ''));
}

/** `draft`, `published · invalid`, `updated · publishes 2030-01-31 09:00` (as DatoCMS wrote it: in the project's timezone)… */
export function statusOf(record: Resource<'item'>): string | undefined {
  const meta = record.meta;
  const at = (key: string, word: string) => typeof meta[key] === 'string' && `${word} ${meta[key].slice(0, 16).replace('T', ' ')}`;
  const parts = [
    meta['status'],
    meta['is_valid'] === false && 'invalid',
    at('publication_scheduled_at', 'publishes'),
    at('unpublishing_scheduled_at', 'unpublishes'),
  ];
  return parts.filter((part) => typeof part === 'string').join(' · ') || undefined;
}

export function mainLocale(site: Resource<'site'>): string | undefined {
  const locales = site.attributes['locales'];
  return Array.isArray(locales) && typeof locales[0] === 'string' ? locales[0] : undefined;
}

/** The project's locales, the main one first. */
export function localesOf(site: Resource<'site'>): string[] {
  const locales = site.attributes['locales'];
  return Array.isArray(locales) ? locales.map(String) : [];
}

/** A record's title as the tree shows it: the title field in `locale` (else any filled locale), on one line. */
export function recordTitle(record: Resource<'item'>, titleField: Resource<'field'>, locale: string | undefined): string | undefined {
  let value = record.attributes[String(titleField.attributes['api_key'])];
  if (titleField.attributes['localized'] === true && value && typeof value === 'object') {
    const byLocale = value as Record<string, unknown>;
    value = (locale !== undefined ? byLocale[locale] : undefined) ?? Object.values(byLocale).find((v) => v !== null && v !== '');
  }
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
