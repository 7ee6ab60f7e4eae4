// One delivery API request: where it reads (environment, drafts, strict mode, locales) and what it
// collects (cache tags). Records and blocks travel through the resolvers as RecordViews.
import { createHash } from 'node:crypto';
import type { Resource } from '../../../src/cma/types.js';
import type { EmulatorStore, EnvironmentData, StoredItem } from '../store.js';
import type { ModelInfo } from './model-info.js';

export interface CdaContext {
  store: EmulatorStore;
  env: EnvironmentData;
  /** X-Include-Drafts: true — the latest version of every record instead of the published one */
  drafts: boolean;
  /** X-Exclude-Invalid: true — invalid records are left out */
  strict: boolean;
  /** the project's locale codes, the default first */
  locales: string[];
  models: Map<string, ModelInfo>;
  /** X-Base-Editing-Url, which turns `_editingUrl` on */
  baseEditingUrl: string | null;
  /** the cache tags of what the answer shows; null when X-Cache-Tags was not asked for */
  tags: Set<string> | null;
}

/** A record or a block as served: the version the request reads and the locale it cascades. */
export interface RecordView {
  item: StoredItem;
  model: ModelInfo;
  /** the served version's attributes */
  attrs: Record<string, unknown>;
  /** whether the served version is the published one */
  published: boolean;
  locale: string;
  fallbacks: string[];
}

/** Where the locale arguments of a field or query lead: the locale to read and the ones to fall back to. */
export interface LocaleChoice {
  locale: string;
  fallbacks: string[];
}

/** A locale code from its SiteLocale enum value (`pt_BR` → `pt-BR`). */
export function localeCode(ctx: CdaContext, value: unknown): string {
  const text = String(value);
  return ctx.locales.find((l) => l.replace(/-/g, '_') === text) ?? text;
}

export function localeChoice(ctx: CdaContext, args: Record<string, unknown>, inherited?: LocaleChoice): LocaleChoice {
  const locale = args.locale != null ? localeCode(ctx, args.locale) : (inherited?.locale ?? ctx.locales[0] ?? 'en');
  const fallbacks = Array.isArray(args.fallbackLocales)
    ? args.fallbackLocales.map((l) => localeCode(ctx, l))
    : args.locale != null
      ? []
      : (inherited?.fallbacks ?? []);
  return { locale, fallbacks };
}

/** An opaque, stable cache tag: printable ASCII, no spaces. */
export function cacheTag(kind: string, key: string): string {
  const alphabet = '!#$%&()*+-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_abcdefghijklmnopqrstuvwxyz{|}~';
  const digest = createHash('sha1').update(`${kind}:${key}`).digest();
  let tag = '';
  for (let i = 0; i < 6; i++) tag += alphabet[digest[i]! % alphabet.length];
  return tag;
}

export function tagRecord(ctx: CdaContext, item: StoredItem): void {
  ctx.tags?.add(cacheTag(`${ctx.env.id}:record`, item.id));
}

export function tagModel(ctx: CdaContext, modelId: string): void {
  ctx.tags?.add(cacheTag(`${ctx.env.id}:model`, modelId));
}

export function tagUpload(ctx: CdaContext, upload: Resource<'upload'>): void {
  ctx.tags?.add(cacheTag(`${ctx.env.id}:upload`, upload.id));
}
