// Writes: PUT /item-types and /fields (planned now, committed by a job), /webhooks and /items (at once).
// Everything is validated before anything changes, and every problem found is reported (one api_error
// each), like the server does.
import type { Document } from './envelope.js';
import { ItemWriter } from './item-writes.js';
import { SchemaWriter } from './schema-writes.js';
import type { EmulatorStore, EnvironmentData } from './store.js';
import { withVersionHistory } from './versions.js';
import { updateWebhook } from './webhook-writes.js';

export type { Document } from './envelope.js';
export { newId } from './envelope.js';

export class Writer {
  constructor(
    private readonly store: EmulatorStore,
    private readonly env: EnvironmentData,
  ) {}

  planItemTypeUpdate(key: string, body: unknown): () => Document {
    return new SchemaWriter(this.store, this.env).planItemTypeUpdate(key, body);
  }

  planFieldUpdate(key: string, body: unknown): () => Document {
    return new SchemaWriter(this.store, this.env).planFieldUpdate(key, body);
  }

  updateWebhook(id: string, body: unknown): Document {
    return updateWebhook(this.store, id, body);
  }

  updateItem(id: string, body: unknown): Document {
    return withVersionHistory(this.store, this.env, id, () => new ItemWriter(this.store, this.env).updateItem(id, body));
  }
}
