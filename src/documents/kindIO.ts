// Each document kind's I/O in one table: how it is read, how its partial update is sent and what its draft shows.
// A new kind is a row here and a row in ../domain/kinds.ts.
import type { CallOptions, Resource, UpdateBody } from '../cma';
import type { DocumentKind, RefOf } from '../domain/kinds';
import { draftsBlockModel, type DocumentRef } from '../domain/paths';
import { Fieldset } from '../domain/views';
import type { ProjectData } from '../projects/projectData';
import { draftField, draftFieldset, draftModel, draftRecord, draftWebhook, isFieldType, renderDraft, renderSchemaDraft } from '../schema';
import type { OpenedDocument, SaveOptions } from './model';

export interface KindIO<K extends DocumentKind> {
  /** Reads the resource (by `id` when known: the api_key in the path may be outdated); records with their blocks. */
  fetch(data: ProjectData, ref: RefOf<K>, id: string | undefined, o: CallOptions & { nested?: boolean }): Promise<Resource>;
  /** Sends the partial update of resource `id`. */
  send(data: ProjectData, id: string, body: UpdateBody, o: SaveOptions): Promise<Resource>;
  /** The draft's document (the template a new one starts from); absent when the kind has no drafts. */
  draft?(data: ProjectData, ref: RefOf<K>, o: CallOptions): Promise<OpenedDocument>;
}

const call = (o: CallOptions) => ({ signal: o.signal });
const withJob = (o: SaveOptions) => (o.onJob ? { signal: o.signal, onJob: o.onJob } : call(o));

/** A record's reads and writes (a field's Markdown reads and writes its record). */
const recordIO = <K extends 'record' | 'markdown'>(): KindIO<K> => ({
  fetch: (data, ref, id, o) =>
    data.client.items.find(id ?? (ref as RefOf<'record' | 'markdown'>).id, o.nested === false ? call(o) : { ...call(o), nested: true }),
  send: (data, id, body, o) => data.client.items.update(id, body as UpdateBody<'item'>, call(o)),
});

const IO: { readonly [K in DocumentKind]: KindIO<K> } = {
  model: {
    fetch: (data, ref, id, o) => data.client.itemTypes.find(id ?? ref.apiKey, call(o)),
    send: (data, id, body, o) => data.client.itemTypes.update(id, body as UpdateBody<'item_type'>, withJob(o)),
    async draft(data, ref, o) {
      const ctx = await data.schemaContext([], o);
      const resource = draftModel(ctx, draftsBlockModel(ref));
      return { ref, resource, text: renderSchemaDraft('model', resource, ctx), ctx };
    },
  },
  field: {
    fetch: (data, ref, id, o) => data.client.fields.find(id ?? `${ref.modelApiKey}::${ref.apiKey}`, call(o)),
    send: (data, id, body, o) => data.client.fields.update(id, body as UpdateBody<'field'>, withJob(o)),
    async draft(data, ref, o) {
      const model = await data.itemType(ref.modelApiKey, o);
      const ctx = await data.schemaContext([model.id], o);
      const type = ref.apiKey.split('~')[2];
      if (!isFieldType(type)) throw new Error(`Unknown field type "${String(type)}" in a new field's path`);
      const resource = draftField(model, type, ctx);
      return { ref, resource, text: renderSchemaDraft('field', resource, ctx), ctx };
    },
  },
  fieldset: {
    fetch: (data, ref, id, o) => data.client.fieldsets.find(id ?? ref.id, call(o)),
    send: (data, id, body, o) => data.client.fieldsets.update(id, body as UpdateBody<'fieldset'>, call(o)),
    async draft(data, ref, o) {
      const model = await data.itemType(ref.modelApiKey, o);
      const [ctx, fieldsets] = await Promise.all([data.schemaContext([model.id], o), data.fieldsets(model.id, o)]);
      const resource = draftFieldset(model, new Set(fieldsets.map((f) => Fieldset.title(f))));
      return { ref, resource, text: renderSchemaDraft('fieldset', resource, ctx), ctx };
    },
  },
  webhook: {
    fetch: (data, ref, id, o) => data.client.webhooks.find(id ?? ref.id, call(o)),
    send: (data, id, body, o) => data.client.webhooks.update(id, body as UpdateBody<'webhook'>, call(o)),
    async draft(data, ref, o) {
      const ctx = await data.schemaContext([], o);
      const resource = draftWebhook();
      return { ref, resource, text: renderSchemaDraft('webhook', resource, ctx), ctx };
    },
  },
  record: {
    ...recordIO<'record'>(),
    async draft(data, ref, o) {
      const model = await data.itemType(ref.modelApiKey, o);
      const ctx = await data.schemaContext([model.id], o);
      const resource = draftRecord(model, ctx, { parentId: parentOf(ref) });
      return { ref, resource, text: renderDraft(resource, ctx), ctx };
    },
  },
  // never a draft
  markdown: recordIO<'markdown'>(),
  upload: {
    fetch: (data, ref, id, o) => data.client.uploads.find(id ?? ref.id, call(o)),
    // a job: the metadata of the upload as DatoCMS then has it
    send: (data, id, body, o) => data.client.media.uploads.update(id, body as UpdateBody<'upload'>, withJob(o)),
  },
};

function parentOf(ref: RefOf<'record'>): string | null {
  const parts = ref.id.split('~');
  return parts.length > 2 ? parts[2]! : null;
}

/** The I/O row of `ref`'s kind. */
export const ioOf = (ref: DocumentRef): KindIO<DocumentKind> => IO[ref.kind] as KindIO<DocumentKind>;
