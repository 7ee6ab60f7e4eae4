// A record's meta values as the delivery API serves them (the `_…` fields, position, parent, stage).
import { stageOf } from '../workflows.js';
import type { CdaContext, RecordView } from './context.js';
import { isValidVersion, presentLocales } from './records.js';

export function metaValue(ctx: CdaContext, view: RecordView, key: string): unknown {
  // A block is published with its record: its publication dates and status are the record's.
  const owner = view.item.parentItemId ? ctx.env.items.get(view.item.parentItemId) : undefined;
  const meta = owner && !['_createdAt', '_updatedAt', 'id'].includes(key) ? owner.meta : view.item.meta;
  switch (key) {
    case 'id':
      return view.item.id;
    case '_createdAt':
      return meta.created_at;
    // A published version was last changed when it was published: an updated record's newer edits are not in it.
    case '_updatedAt':
      return view.published && meta.status === 'updated' && meta.published_at ? meta.published_at : meta.updated_at;
    case '_publishedAt':
      return meta.published_at;
    case '_firstPublishedAt':
      return meta.first_published_at;
    case '_publicationScheduledAt':
      return meta.publication_scheduled_at;
    case '_unpublishingScheduledAt':
      return meta.unpublishing_scheduled_at;
    case '_status':
      // Without drafts everything served is published, and so is every record of a model without draft mode.
      return view.published || !(owner ? ctx.models.get(owner.itemTypeId) : view.model)?.draftMode
        ? 'published'
        : (meta.status ?? 'published');
    case '_isValid':
      return isValidVersion(view.item, view.published);
    case '_modelApiKey':
      return view.model.apiKey;
    case 'position':
      return typeof view.attrs.position === 'number' ? view.attrs.position : null;
    case 'parent':
      return typeof view.attrs.parent_id === 'string' ? view.attrs.parent_id : null;
    case '_stage':
      return stageOf(ctx.store, ctx.env, view.item);
    case '_locales':
      return presentLocales(ctx, view);
    default:
      return undefined;
  }
}

/** Where the record is edited in the dashboard (only with X-Base-Editing-Url); a block opens its record. */
export function editingUrl(ctx: CdaContext, view: RecordView): string | null {
  if (!ctx.baseEditingUrl) return null;
  const owner = view.item.parentItemId ? ctx.env.items.get(view.item.parentItemId) : view.item;
  if (!owner) return null;
  const base = ctx.baseEditingUrl.replace(/\/+$/, '');
  const env = ctx.env.meta.primary ? '' : `/environments/${ctx.env.id}`;
  return `${base}${env}/editor/item_types/${owner.itemTypeId}/items/${owner.id}`;
}
