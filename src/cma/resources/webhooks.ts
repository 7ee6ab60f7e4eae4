// Webhooks (project-wide: the same in every environment).

import type { Requester } from '../requester';
import type { CallOptions } from '../settings';
import type { CreateBody, Resource, UpdateBody } from '../types';
import { getCollection, getOne, putOne, segment } from './shared';
import { methodsOf } from './lifecycle';

export interface WebhooksResource {
  list(o?: CallOptions): Promise<Resource<'webhook'>[]>;
  find(id: string, o?: CallOptions): Promise<Resource<'webhook'>>;
  create(body: CreateBody<'webhook'>, o?: CallOptions): Promise<Resource<'webhook'>>;
  update(id: string, body: UpdateBody<'webhook'>, o?: CallOptions): Promise<Resource<'webhook'>>;
  /** resolves with the webhook as it was */
  destroy(id: string, o?: CallOptions): Promise<Resource<'webhook'>>;
}

export function webhooksResource(requester: Requester): WebhooksResource {
  return {
    list: (o) => getCollection(requester, '/webhooks', 'webhook', o),
    find: (id, o) => getOne(requester, `/webhooks/${segment(id)}`, 'webhook', { id }, o),
    update: (id, body, o) => putOne(requester, `/webhooks/${segment(id)}`, 'webhook', body, {}, o),
    ...methodsOf(requester, 'webhooks', ['create', 'destroy']),
  };
}
