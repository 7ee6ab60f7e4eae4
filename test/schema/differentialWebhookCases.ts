// Webhook edits for the differential test: each attribute rule of a webhook, with values the API accepts and
// values it refuses.
import type { Resource } from '../../src/cma/types';
import { attr, NEW_ID, type EditCase } from './differentialCaseKit';
import type { Doc } from './helpers';

export function webhookCases(webhook: Resource): EditCase[] {
  const edits: [string, (d: Doc) => void][] = [
    ['name', (d) => Object.assign(d, { name: 'Renamed' })],
    ['blank name', (d) => Object.assign(d, { name: '  ' })],
    ['url', (d) => Object.assign(d, { url: 'https://ok.example/hook' })],
    ['ftp url', (d) => Object.assign(d, { url: 'ftp://x.example' })],
    ['relative url', (d) => Object.assign(d, { url: '/hook' })],
    ['payload_api_version 2', (d) => Object.assign(d, { payload_api_version: '2' })],
    ['payload_api_version 4', (d) => Object.assign(d, { payload_api_version: '4' })],
    ['headers', (d) => Object.assign(d, { headers: { 'X-A': 'b' } })],
    ['header value number', (d) => Object.assign(d, { headers: { 'X-A': 1 } })],
    ['publish on item_type', (d) => Object.assign(d, { events: [{ entity_type: 'item_type', event_types: ['publish'] }] })],
    ['item events', (d) => Object.assign(d, { events: [{ entity_type: 'item', event_types: ['create', 'publish'], filters: null }] })],
    [
      'filters on cda_cache_tags',
      (d) => {
        d.events = [
          { entity_type: 'cda_cache_tags', event_types: ['invalidate'], filters: [{ entity_type: 'item_type', entity_ids: [NEW_ID] }] },
        ];
      },
    ],
    [
      'environment filter by name',
      (d) => {
        d.events = [
          { entity_type: 'environment', event_types: ['promote'], filters: [{ entity_type: 'environment', entity_ids: ['main'] }] },
        ];
      },
    ],
    [
      'item_type filter with a bad id',
      (d) =>
        Object.assign(d, {
          events: [{ entity_type: 'item_type', event_types: ['update'], filters: [{ entity_type: 'item_type', entity_ids: ['abc'] }] }],
        }),
    ],
    ['no event types', (d) => Object.assign(d, { events: [{ entity_type: 'upload', event_types: [] }] })],
    ['custom_payload', (d) => Object.assign(d, { custom_payload: '{{event_type}}' })],
  ];
  return edits.map(([name, mutate]) => ({
    name: `webhook ${String(attr(webhook, 'name'))} ${name}`,
    kind: 'webhook',
    id: webhook.id,
    mutate,
  }));
}
