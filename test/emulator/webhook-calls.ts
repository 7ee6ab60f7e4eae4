// The webhooks' call log: GET /webhook_calls (paginated 30/500, with its filters and order), GET
// /webhook_calls/:id and POST /webhook_calls/:id/resend_webhook. The emulator sends no webhook: the log holds
// calls made up from the project's webhooks (the same on every run), like a project that has run for a while.
import type { Resource } from '../../src/cma/types.js';
import { httpError } from './errors.js';
import type { Document } from './envelope.js';
import { pageNumber } from './item-query.js';
import { checkQueryParams, NO_PARAMS } from './params.js';
import type { Query, QueryValue } from './query.js';
import type { RouteContext, RouteReply } from './schema-creates.js';
import type { EmulatorStore } from './store.js';

const LIST_PARAMS = { filter: ['ids', 'fields'], order_by: 'scalar', page: ['offset', 'limit'] } as const;
const DEFAULT_LIMIT = 30;
const MAX_LIMIT = 500;
const EQ_FILTERS = ['webhook_id', 'entity_type', 'event_type', 'status'] as const;
const DATE_FILTERS = ['created_at', 'last_sent_at', 'next_retry_at'] as const;
const ORDER_KEYS = ['webhook_id', 'created_at', 'last_sent_at', 'next_retry_at'] as const;
const STATUSES = ['pending', 'success', 'failed', 'rescheduled'] as const;
const SEEDED_AT = Date.parse('2024-09-01T08:00:00Z');

const logs = new WeakMap<EmulatorStore, Map<string, Resource<'webhook_call'>>>();

/** The routes; undefined when the request is none of them. */
export function routeWebhookCalls(ctx: RouteContext): RouteReply | undefined {
  const { method, segments } = ctx;
  const [head, id, sub] = segments;
  if (head !== 'webhook_calls') return undefined;
  if (method === 'GET' && segments.length === 1) return { status: 200, body: listCalls(ctx.store, ctx.query) };
  if (!id) return undefined;
  if (method === 'GET' && segments.length === 2) {
    checkQueryParams(ctx.query, NO_PARAMS);
    const call = callOf(ctx.store, id);
    return { status: 200, body: { data: structuredClone(call), included: webhooksOf(ctx.store, [call]) } };
  }
  if (method === 'POST' && segments.length === 3 && sub === 'resend_webhook') {
    checkQueryParams(ctx.query, NO_PARAMS);
    const call = callOf(ctx.store, id);
    if (!ctx.store.webhooks.has(String(webhookIdOf(call))))
      throw httpError(404, 'NOT_FOUND', { entity: 'webhook', id: webhookIdOf(call), message: 'The webhook of this call was deleted' });
    const now = new Date().toISOString();
    call.attributes = { ...call.attributes, status: 'pending', last_sent_at: now, next_retry_at: null };
    return { status: 204 };
  }
  return undefined;
}

/** The project's call log, made up from its webhooks on first use. */
export function webhookCalls(store: EmulatorStore): Map<string, Resource<'webhook_call'>> {
  let log = logs.get(store);
  if (!log) {
    log = new Map();
    let n = 0;
    for (const webhook of store.webhooks.values()) {
      const events = Array.isArray(webhook.attributes.events) ? (webhook.attributes.events as Record<string, unknown>[]) : [];
      for (const event of events) {
        const types = Array.isArray(event.event_types) ? (event.event_types as string[]) : [];
        for (const eventType of types) {
          n++;
          const id = String(41000 + n);
          const status = STATUSES[n % STATUSES.length]!;
          const created = new Date(SEEDED_AT + n * 3_600_000).toISOString();
          const sent = new Date(SEEDED_AT + n * 3_600_000 + 1_500).toISOString();
          const entityType = String(event.entity_type);
          const payload = {
            webhook_call_id: id,
            event_triggered_at: created,
            webhook_id: webhook.id,
            entity_type: entityType,
            event_type: eventType,
          };
          log.set(id, {
            id,
            type: 'webhook_call',
            attributes: {
              entity_type: entityType,
              event_type: eventType,
              created_at: created,
              request_url: String(webhook.attributes.url),
              request_headers: { 'User-Agent': 'DatoCMS (datocms.com)', 'Content-Type': 'application/json' },
              request_payload: JSON.stringify(payload),
              response_status: status === 'success' ? 200 : status === 'pending' ? null : 502,
              response_headers: status === 'pending' ? null : { 'content-type': 'text/plain' },
              response_payload: status === 'pending' ? null : status === 'success' ? 'ok' : 'Bad Gateway',
              attempted_auto_retries_count: status === 'rescheduled' ? 1 : 0,
              last_sent_at: sent,
              next_retry_at: status === 'rescheduled' ? new Date(SEEDED_AT + n * 3_600_000 + 600_000).toISOString() : null,
              status,
            },
            relationships: { webhook: { data: { type: 'webhook', id: webhook.id } } },
            meta: {},
          });
        }
      }
    }
    logs.set(store, log);
  }
  return log;
}

function callOf(store: EmulatorStore, id: string): Resource<'webhook_call'> {
  const call = webhookCalls(store).get(id);
  if (!call) throw httpError(404, 'NOT_FOUND', { entity: 'webhook_call', id, message: `No webhook call with id "${id}"` });
  return call;
}

function webhookIdOf(call: Resource<'webhook_call'>): string {
  const data = call.relationships.webhook?.data;
  return data && !Array.isArray(data) ? data.id : '';
}

function webhooksOf(store: EmulatorStore, calls: Resource<'webhook_call'>[]): unknown[] {
  const ids = [...new Set(calls.map(webhookIdOf))];
  return ids.flatMap((id) => {
    const webhook = store.webhooks.get(id);
    return webhook ? [structuredClone(webhook)] : [];
  });
}

const objectParam = (value: QueryValue | undefined): Record<string, QueryValue> =>
  (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, QueryValue>;

function listCalls(store: EmulatorStore, query: Query): Document {
  checkQueryParams(query, LIST_PARAMS);
  const page = objectParam(query.page);
  const offset = pageNumber(page.offset, 'page[offset]', 0);
  const limit = pageNumber(page.limit, 'page[limit]', DEFAULT_LIMIT);
  if (limit > MAX_LIMIT)
    throw httpError(422, 'INVALID_PARAMS', {
      param: 'page[limit]',
      value: limit,
      maximum: MAX_LIMIT,
      message: `page[limit] is at most ${MAX_LIMIT}`,
    });
  const filter = objectParam(query.filter);
  let calls = [...webhookCalls(store).values()];
  if (filter.ids !== undefined) {
    const ids = new Set(
      String(filter.ids)
        .split(',')
        .map((s) => s.trim()),
    );
    calls = calls.filter((c) => ids.has(c.id));
  }
  for (const predicate of fieldFilters(filter.fields)) calls = calls.filter(predicate);
  calls = ordered(calls, query.order_by);
  return {
    data: calls.slice(offset, offset + limit).map((c) => structuredClone(c)),
    included: webhooksOf(store, calls.slice(offset, offset + limit)),
    meta: { total_count: calls.length },
  };
}

type Predicate = (call: Resource<'webhook_call'>) => boolean;

/** `filter[fields][<name>][eq]` for webhook, entity, event and status; `[gt]`/`[lt]` for the three dates. */
function fieldFilters(raw: QueryValue | undefined): Predicate[] {
  if (raw === undefined) return [];
  const refuse = (param: string, message: string) => httpError(422, 'INVALID_FILTER_FIELDS_PARAM', { param, message });
  if (typeof raw !== 'object' || Array.isArray(raw)) throw refuse('filter[fields]', 'filter[fields][<field>][<operator>]=<value>');
  const out: Predicate[] = [];
  for (const [name, ops] of Object.entries(raw)) {
    const operators: readonly string[] | undefined = (EQ_FILTERS as readonly string[]).includes(name)
      ? ['eq']
      : (DATE_FILTERS as readonly string[]).includes(name)
        ? ['gt', 'lt']
        : undefined;
    const param = `filter[fields][${name}]`;
    if (!operators) throw refuse(param, `webhook calls filter on ${[...EQ_FILTERS, ...DATE_FILTERS].join(', ')}`);
    if (typeof ops !== 'object' || Array.isArray(ops)) throw refuse(param, `${param}[${operators.join('|')}]=<value>`);
    for (const [op, value] of Object.entries(ops)) {
      if (!operators.includes(op) || typeof value !== 'string')
        throw refuse(`${param}[${op}]`, `${name} takes ${operators.join(', ')}, one value`);
      const read = (call: Resource<'webhook_call'>) => (name === 'webhook_id' ? webhookIdOf(call) : call.attributes[name]);
      if (op === 'eq') {
        if (name === 'status' && !(STATUSES as readonly string[]).includes(value))
          throw refuse(`${param}[eq]`, `status is ${STATUSES.join(', ')}`);
        out.push((call) => read(call) === value);
        continue;
      }
      const at = Date.parse(value);
      if (Number.isNaN(at)) throw refuse(`${param}[${op}]`, `${name} compares with an ISO 8601 date-time`);
      out.push((call) => {
        const own = read(call);
        if (typeof own !== 'string') return false;
        return op === 'gt' ? Date.parse(own) > at : Date.parse(own) < at;
      });
    }
  }
  return out;
}

/** `order_by` is `<key>_asc` or `<key>_desc` (lower case, one key); newest first by default. */
function ordered(calls: Resource<'webhook_call'>[], raw: QueryValue | undefined): Resource<'webhook_call'>[] {
  const rule = raw === undefined ? 'created_at_desc' : raw;
  const match = typeof rule === 'string' ? /^([a-z_]+)_(asc|desc)$/.exec(rule) : null;
  if (!match || !(ORDER_KEYS as readonly string[]).includes(match[1]!))
    throw httpError(422, 'INVALID_PARAMS', {
      param: 'order_by',
      value: typeof raw === 'string' ? raw : null,
      allowed: ORDER_KEYS.flatMap((k) => [`${k}_asc`, `${k}_desc`]),
    });
  const key = match[1]!;
  const sign = match[2] === 'asc' ? 1 : -1;
  const value = (call: Resource<'webhook_call'>) => String((key === 'webhook_id' ? webhookIdOf(call) : call.attributes[key]) ?? '');
  // calls without the value (no retry scheduled) go last either way
  return [...calls].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === y) return Number(a.id) - Number(b.id);
    if (x === '') return 1;
    if (y === '') return -1;
    return x < y ? -sign : sign;
  });
}
