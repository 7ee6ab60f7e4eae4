// Publishing records: publish / unpublish (the whole record or some locales), the bulk operations (async
// jobs of at most 200 records each) and scheduled publication / unpublishing: `client.publishing`, made on first
// use over the client's requests (retries, jobs, rate limit).

import type { ClientCalls } from '../calls';
import type { BodySource } from '../jsonapi';
import { expectAskedFor, parseSingle } from '../jsonapi';
import { segment } from './shared';
import type { CallOptions, JobCallOptions, RawRequest } from '../settings';
import type { Resource } from '../types';

/** DatoCMS takes at most this many records per bulk request. */
export const MAX_BULK_RECORDS = 200;

/** Which content a selective publish covers; without one the whole record is published. */
export interface PublishSelection {
  /** locales whose content is published */
  locales: string[];
  /** whether the record's non-localized fields are published too */
  nonLocalizedContent: boolean;
}

interface PublishOptions extends CallOptions {
  /** tree models: also publish unpublished parents (publish) or published children (unpublish) */
  recursive?: boolean;
}

/** What a bulk job reports: how many records it changed and how many it could not. */
export interface BulkOutcome {
  successful: number;
  failed: number;
  /** the job's `data` as sent (the API does not document its members) */
  data: unknown[];
}

interface PublishingMethods {
  /** `PUT /items/:id/publish`; with `selection` only those locales (and, if asked, the non-localized fields) */
  publish(id: string, selection?: PublishSelection, o?: PublishOptions): Promise<Resource<'item'>>;
  /** `PUT /items/:id/unpublish`; with `locales` only those (they must be published now) */
  unpublish(id: string, locales?: string[], o?: PublishOptions): Promise<Resource<'item'>>;
  /** one job for at most 200 records */
  bulkPublish(ids: string[], o?: JobCallOptions): Promise<BulkOutcome>;
  bulkUnpublish(ids: string[], o?: JobCallOptions): Promise<BulkOutcome>;
  bulkDestroy(ids: string[], o?: JobCallOptions): Promise<BulkOutcome>;
}

interface ScheduledPublicationResource {
  /** schedules the record's publication at `at` (ISO 8601 with a time zone); resolves to the record when the answer includes it */
  create(itemId: string, at: string, selection?: PublishSelection, o?: CallOptions): Promise<Resource<'item'> | undefined>;
  /** cancels it; resolves to the record */
  destroy(itemId: string, o?: CallOptions): Promise<Resource<'item'>>;
}

interface ScheduledUnpublishingResource {
  create(itemId: string, at: string, locales?: string[], o?: CallOptions): Promise<Resource<'item'> | undefined>;
  destroy(itemId: string, o?: CallOptions): Promise<Resource<'item'>>;
}

/** What these calls need of a client: one call, its parsed body and where it came from. */
type Send = (req: RawRequest) => Promise<{ body: unknown; source: BodySource }>;

export interface Publishing {
  items: PublishingMethods;
  scheduledPublication: ScheduledPublicationResource;
  scheduledUnpublishing: ScheduledUnpublishingResource;
}

/** The publishing calls of a client (and of its environment). */
export function publishingOf(client: ClientCalls): Publishing {
  const send: Send = async (req) => ({ body: await client.request(req), source: { method: req.method, path: req.path, status: 200 } });
  return {
    items: publishingMethods(send),
    scheduledPublication: scheduledPublicationResource(send),
    scheduledUnpublishing: scheduledUnpublishingResource(send),
  };
}

function publishingMethods(send: Send): PublishingMethods {
  const change = async (action: 'publish' | 'unpublish', id: string, body: unknown, o: PublishOptions | undefined) => {
    const path = `/items/${segment(id)}/${action}`;
    const query = o?.recursive === undefined ? undefined : { recursive: o.recursive };
    const reply = await send({ method: 'PUT', path, query, body, signal: o?.signal });
    return expectAskedFor(parseSingle(reply.body, 'item', reply.source), id, reply.source);
  };
  const bulk =
    (operation: 'publish' | 'unpublish' | 'destroy') =>
    async (ids: string[], o?: JobCallOptions): Promise<BulkOutcome> => {
      if (ids.length === 0 || ids.length > MAX_BULK_RECORDS) {
        throw new RangeError(`items.bulk ${operation}: from 1 to ${MAX_BULK_RECORDS} records per request (got ${ids.length})`);
      }
      const body = {
        data: { type: `item_bulk_${operation}_operation`, relationships: { items: { data: ids.map((id) => ({ type: 'item', id })) } } },
      };
      const reply = await send({ method: 'POST', path: `/items/bulk/${operation}`, body, signal: o?.signal, onJob: o?.onJob });
      return bulkOutcome(reply.body);
    };
  return {
    publish: (id, selection, o) =>
      change(
        'publish',
        id,
        selection && {
          data: {
            type: 'selective_publish_operation',
            attributes: { content_in_locales: selection.locales, non_localized_content: selection.nonLocalizedContent },
          },
        },
        o,
      ),
    unpublish: (id, locales, o) =>
      change(
        'unpublish',
        id,
        locales && {
          data: { type: 'selective_unpublish_operation', attributes: { content_in_locales: locales } },
        },
        o,
      ),
    bulkPublish: bulk('publish'),
    bulkUnpublish: bulk('unpublish'),
    bulkDestroy: bulk('destroy'),
  };
}

/** A record's schedule resource at `/items/:id/<what>`: its create takes the schedule's attributes. */
function scheduling(send: Send, what: string, type: string) {
  return {
    create: (itemId: string, attributes: Record<string, unknown>, o: CallOptions | undefined) =>
      schedule(send, itemId, what, { type, attributes }, o),
    destroy: (itemId: string, o?: CallOptions) => unschedule(send, itemId, what, o),
  };
}

function scheduledPublicationResource(send: Send): ScheduledPublicationResource {
  const { create, destroy } = scheduling(send, 'scheduled-publication', 'scheduled_publication');
  return {
    create: (itemId, at, selection, o) =>
      create(
        itemId,
        {
          publication_scheduled_at: at,
          ...(selection
            ? { selective_publication: { content_in_locales: selection.locales, non_localized_content: selection.nonLocalizedContent } }
            : {}),
        },
        o,
      ),
    destroy,
  };
}

function scheduledUnpublishingResource(send: Send): ScheduledUnpublishingResource {
  const { create, destroy } = scheduling(send, 'scheduled-unpublishing', 'scheduled_unpublishing');
  return {
    create: (itemId, at, locales, o) =>
      create(itemId, { unpublishing_scheduled_at: at, ...(locales ? { content_in_locales: locales } : {}) }, o),
    destroy,
  };
}

/** The answer is the schedule, with the record in `included` (undefined when it is not there: read it). */
async function schedule(
  send: Send,
  itemId: string,
  what: string,
  data: Record<string, unknown>,
  o: CallOptions | undefined,
): Promise<Resource<'item'> | undefined> {
  const reply = await send({ method: 'POST', path: `/items/${segment(itemId)}/${what}`, body: { data }, signal: o?.signal });
  const included = (reply.body as { included?: unknown } | undefined)?.included;
  const record = Array.isArray(included)
    ? included.find((r) => (r as { type?: unknown; id?: unknown })?.type === 'item' && (r as { id?: unknown }).id === itemId)
    : undefined;
  return record === undefined ? undefined : expectAskedFor(parseSingle({ data: record }, 'item', reply.source), itemId, reply.source);
}

async function unschedule(send: Send, itemId: string, what: string, o: CallOptions | undefined): Promise<Resource<'item'>> {
  const reply = await send({ method: 'DELETE', path: `/items/${segment(itemId)}/${what}`, signal: o?.signal });
  return expectAskedFor(parseSingle(reply.body, 'item', reply.source), itemId, reply.source);
}

function bulkOutcome(body: unknown): BulkOutcome {
  const document = (body ?? {}) as { data?: unknown; meta?: { successful?: unknown; failed?: unknown } };
  const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0);
  return {
    successful: count(document.meta?.successful),
    failed: count(document.meta?.failed),
    data: Array.isArray(document.data) ? document.data : [],
  };
}
