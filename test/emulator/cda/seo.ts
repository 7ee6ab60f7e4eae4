// SEO: a record's `_seoMetaTags` (its SEO field, else its title field and the site's fallback SEO) and
// the `_site` values (global SEO, favicon tags, locales).
import { relId } from '../store.js';
import { assetUrl, assetView, type AssetView } from './assets.js';
import { localeChoice, type CdaContext, type LocaleChoice, type RecordView } from './context.js';
import { metaValue } from './meta.js';
import { localeEnumValue } from './naming.js';
import { localizedValue } from './records.js';

type Obj = Record<string, unknown>;
interface Tag {
  tag: string;
  content: string | null;
  attributes: Record<string, string> | null;
}

const meta = (key: 'name' | 'property', name: string, content: string): Tag => ({
  tag: 'meta',
  content: null,
  attributes: { [key]: name, content },
});

/** The site's global SEO in a locale: the setting is either one object or one per locale. */
export function globalSeo(ctx: CdaContext, choice: LocaleChoice): Obj | null {
  const seo = ctx.store.site.attributes.global_seo as Obj | null | undefined;
  if (!seo) return null;
  if (!ctx.locales.some((l) => l in seo)) return seo;
  for (const locale of [choice.locale, ...choice.fallbacks]) if (seo[locale]) return seo[locale] as Obj;
  return null;
}

export function globalSeoValue(ctx: CdaContext, args: Obj, choice: LocaleChoice): Obj | null {
  const seo = globalSeo(ctx, localeChoice(ctx, args, choice));
  if (!seo) return null;
  const fallback = seo.fallback_seo as Obj | null | undefined;
  return {
    facebookPageUrl: seo.facebook_page_url ?? null,
    fallbackSeo: fallback
      ? {
          description: fallback.description ?? null,
          image: typeof fallback.image === 'string' ? assetView(ctx, fallback.image, choice) : null,
          noIndex: fallback.no_index ?? null,
          title: fallback.title ?? null,
          twitterCard: fallback.twitter_card ?? null,
        }
      : null,
    siteName: seo.site_name ?? null,
    titleSuffix: seo.title_suffix ?? null,
    twitterAccount: seo.twitter_account ?? null,
  };
}

export function seoMetaTags(ctx: CdaContext, view: RecordView, args: Obj): Tag[] {
  const choice = localeChoice(ctx, args, view);
  const global = globalSeo(ctx, choice) ?? {};
  const fallback = (global.fallback_seo ?? {}) as Obj;
  const seoField = view.model.fields.find((f) => f.fieldType === 'seo');
  const seo = ((seoField ? localizedValue(seoField, view.attrs, choice) : null) ?? {}) as Obj;
  const itemType = ctx.env.itemTypes.get(view.model.id);
  const titleFieldId = itemType ? relId(itemType, 'title_field') : null;
  const titleField = view.model.fields.find((f) => f.id === titleFieldId);
  const ownTitle = titleField ? localizedValue(titleField, view.attrs, choice) : null;
  const title =
    (seo.title as string | undefined) || (typeof ownTitle === 'string' ? ownTitle : '') || (fallback.title as string | undefined) || '';
  const description = (seo.description as string | undefined) || (fallback.description as string | undefined) || '';
  const imageId = (seo.image as string | undefined) || (fallback.image as string | undefined);
  const image: AssetView | null = imageId ? assetView(ctx, imageId, choice) : null;
  const card = (seo.twitter_card as string | undefined) || (fallback.twitter_card as string | undefined) || 'summary';
  const tags: Tag[] = [];
  if (title) {
    tags.push({ tag: 'title', content: `${title}${(global.title_suffix as string | undefined) ?? ''}`, attributes: null });
    tags.push(meta('property', 'og:title', title), meta('name', 'twitter:title', title));
  }
  if (description)
    tags.push(
      meta('name', 'description', description),
      meta('property', 'og:description', description),
      meta('name', 'twitter:description', description),
    );
  if (image) {
    const url = assetUrl(image, null);
    tags.push(meta('property', 'og:image', url));
    if (image.upload.attributes.width) tags.push(meta('property', 'og:image:width', String(image.upload.attributes.width)));
    if (image.upload.attributes.height) tags.push(meta('property', 'og:image:height', String(image.upload.attributes.height)));
    tags.push(meta('name', 'twitter:image', url));
  }
  tags.push(meta('property', 'og:locale', localeEnumValue(choice.locale)), meta('property', 'og:type', 'article'));
  if (global.site_name) tags.push(meta('property', 'og:site_name', String(global.site_name)));
  tags.push(meta('property', 'article:modified_time', String(metaValue(ctx, view, '_updatedAt'))));
  tags.push(meta('name', 'twitter:card', card));
  if (global.twitter_account) tags.push(meta('name', 'twitter:site', String(global.twitter_account)));
  if (seo.no_index === true || ctx.store.site.attributes.no_index === true) tags.push(meta('name', 'robots', 'noindex'));
  return tags;
}

const FAVICON_SIZES: Record<string, number[]> = {
  icon: [16, 32, 96, 192],
  appleTouchIcon: [57, 60, 72, 76, 114, 120, 144, 152, 180],
  msApplication: [70, 150, 310],
};

export function faviconTags(ctx: CdaContext, variants: unknown): Tag[] {
  const favicon = ctx.store.site.attributes.favicon;
  const view = typeof favicon === 'string' ? assetView(ctx, favicon, { locale: ctx.locales[0] ?? 'en', fallbacks: [] }) : null;
  if (!view) return [];
  const tags: Tag[] = [];
  for (const variant of Array.isArray(variants) ? variants : ['icon']) {
    for (const size of FAVICON_SIZES[String(variant)] ?? []) {
      const href = assetUrl(view, { w: size, h: size });
      if (variant === 'icon')
        tags.push({
          tag: 'link',
          content: null,
          attributes: { rel: 'icon', sizes: `${size}x${size}`, href, type: String(view.upload.attributes.mime_type ?? 'image/png') },
        });
      else if (variant === 'appleTouchIcon')
        tags.push({ tag: 'link', content: null, attributes: { rel: 'apple-touch-icon', sizes: `${size}x${size}`, href } });
      else tags.push(meta('name', `msapplication-square${size}x${size}logo`, href));
    }
  }
  return tags;
}
