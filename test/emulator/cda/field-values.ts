// A record field's value as the delivery API serves it, per field type: links become records (when the
// request sees them), blocks become block records, files become assets, JSON is parsed, colours gain hex/cssRgb.
import { assetView, colorValue } from './assets.js';
import type { CdaContext, LocaleChoice, RecordView } from './context.js';
import { markdownToHtml } from './markdown.js';
import type { FieldInfo } from './model-info.js';
import { blockView, linkedView, served } from './records.js';

type Obj = Record<string, unknown>;

function present<T>(values: (T | null)[]): T[] {
  return values.filter((v): v is T => v !== null);
}

/** Nodes of a structured text document, depth first. */
function dastNodes(value: unknown): Obj[] {
  const out: Obj[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    out.push(node as Obj);
    const children = (node as Obj).children;
    if (Array.isArray(children)) children.forEach(walk);
  };
  if (value && typeof value === 'object') walk((value as Obj).document);
  return out;
}

/** Providers' thumbnails, for videos saved without one. */
function videoThumbnail(provider: string, uid: string): string {
  if (provider === 'youtube') return `https://i.ytimg.com/vi/${uid}/hqdefault.jpg`;
  if (provider === 'vimeo') return `https://vumbnail.com/${uid}.jpg`;
  return '';
}

/** `value` is the field's raw value in the chosen locale. */
export function fieldValue(ctx: CdaContext, view: RecordView, field: FieldInfo, value: unknown, choice: LocaleChoice, args: Obj): unknown {
  if (value === undefined) value = null;
  switch (field.fieldType) {
    case 'text':
      return typeof value === 'string' && args.markdown === true ? markdownToHtml(value) : value;
    case 'color':
      return value && typeof value === 'object' ? colorValue(value as Obj) : null;
    case 'json':
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    case 'seo': {
      if (!value || typeof value !== 'object') return null;
      const seo = value as Obj;
      return {
        description: seo.description ?? null,
        image: typeof seo.image === 'string' ? assetView(ctx, seo.image, choice) : null,
        noIndex: seo.no_index ?? null,
        title: seo.title ?? null,
        twitterCard: seo.twitter_card ?? null,
      };
    }
    case 'video': {
      if (!value || typeof value !== 'object') return null;
      const video = value as Obj;
      const provider = String(video.provider ?? '');
      const uid = String(video.provider_uid ?? '');
      // The CMA keeps what the editor fetched from the provider; a value saved without it gets the provider's defaults.
      return {
        height: typeof video.height === 'number' ? video.height : 360,
        provider,
        providerUid: uid,
        thumbnailUrl: typeof video.thumbnail_url === 'string' ? video.thumbnail_url : videoThumbnail(provider, uid),
        title: typeof video.title === 'string' ? video.title : '',
        url: String(video.url ?? ''),
        width: typeof video.width === 'number' ? video.width : 480,
      };
    }
    case 'file':
      return value === null ? null : assetView(ctx, value, choice);
    case 'gallery':
      return Array.isArray(value) ? present(value.map((v) => assetView(ctx, v, choice))) : [];
    case 'link':
      return served(ctx, [linkedView(ctx, value, choice)])[0] ?? null;
    case 'links':
      return Array.isArray(value)
        ? present(
            served(
              ctx,
              value.map((id) => linkedView(ctx, id, choice)),
            ),
          )
        : [];
    case 'rich_text':
      return Array.isArray(value) ? present(value.map((id) => blockView(ctx, id, choice, view.published))) : [];
    case 'single_block':
      return blockView(ctx, value, choice, view.published);
    case 'structured_text': {
      if (!value || typeof value !== 'object') return null;
      const nodes = dastNodes(value);
      const items = (type: string) => nodes.filter((n) => n.type === type).map((n) => n.item);
      const unique = <T>(list: T[]) => [...new Set(list)];
      return {
        value: { schema: (value as Obj).schema ?? 'dast', document: (value as Obj).document },
        blocks: present(items('block').map((id) => blockView(ctx, id, choice, view.published))),
        inlineBlocks: present(items('inlineBlock').map((id) => blockView(ctx, id, choice, view.published))),
        links: present(
          served(
            ctx,
            unique([...items('itemLink'), ...items('inlineItem')]).map((id) => linkedView(ctx, id, choice)),
          ),
        ),
      };
    }
    default:
      return value;
  }
}
