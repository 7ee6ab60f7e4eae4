// New records: a draft document (`records/<model>/new~<n>/New record · <model>`) shows the model's template
// and is readable at any time (after a window reload too), so an editor restored from a backup still saves
// by creating. Its first save sends POST /items; from then on the draft's baseline is the created record, so a
// second save (or one that waited for the first) updates that record instead of creating another.
import { ApiError, type CallOptions } from '../cma';
import type { Resource } from '../cma/types';
import { titleOf } from '../language/names';
import type { ProjectData } from '../projects/projectData';
import { DRAFT_ID, draftField, draftRecord, planCreate, planFieldCreate, problemsFromApiError, renderDocument, renderDraft, renderFieldDraft } from '../schema';
import { isFieldType } from '../schema/catalog';
import type { OpenedDocument, SaveOptions, SaveResult } from './documentService';
import { isFieldDraftRef, isNewDocumentRef, type DocumentRef, type FieldRef, type RecordRef } from './paths';
import { relationshipId } from './relationships';

function parentOf(ref: RecordRef): string | null {
  const parts = ref.id.split('~');
  return parts.length > 2 ? parts[2]! : null;
}

/** The draft's document: the model's template (a new record), or the field type's (a new field). */
export async function openDraft(data: ProjectData, ref: DocumentRef, o: CallOptions = {}): Promise<OpenedDocument> {
  if (ref.kind !== 'record' && ref.kind !== 'field') throw new Error(`Not a draft: ${ref.kind}`);
  const model = await data.itemType(ref.modelApiKey, o);
  const ctx = await data.schemaContext([model.id], o);
  if (ref.kind === 'field') {
    const type = ref.apiKey.split('~')[2];
    if (!isFieldType(type)) throw new Error(`Unknown field type "${String(type)}" in a new field's path`);
    const field = draftField(model, type, ctx);
    return { ref, resource: field, text: renderFieldDraft(field, ctx), ctx };
  }
  const resource = draftRecord(model, ctx, { parentId: parentOf(ref) });
  return { ref, resource, text: renderDraft(resource, ctx), ctx };
}

/** Whether this document still is a draft (nothing created yet). */
export const isUncreated = (opened: OpenedDocument): boolean => isNewDocumentRef(opened.ref) && opened.resource.id === DRAFT_ID;

/**
 * Creates the record from the draft's text: POST /items, then the record read again with its blocks. The
 * answer's document keeps the draft's ref (the editor's URI); `created` is where the record now lives.
 */
export async function createFromDraft(data: ProjectData, opened: OpenedDocument, text: string, o: SaveOptions = {}): Promise<SaveResult> {
  if (isFieldDraftRef(opened.ref)) return createFieldFromDraft(data, opened, opened.ref, text, o);
  const plan = planCreate(opened.resource as Resource<'item'>, text, opened.ctx);
  if (!plan.ok) return { status: 'invalid', problems: plan.problems, origin: 'local', text };
  let created: Resource<'item'>;
  try {
    created = await data.client.items.create(plan.body, { signal: o.signal });
  } catch (error) {
    return rejected(error, text);
  }
  let resource: Resource = created;
  // The answer shows blocks as ids: read the record again with them expanded, when it has any.
  if (holdsBlocks(plan.body.data.attributes)) {
    try {
      resource = await data.client.items.find(created.id, { nested: true });
    } catch {
      // Created, but the expanded record could not be read: the answer (blocks as ids) is the baseline.
    }
  }
  // a singleton model now has its record: the cached models are stale
  data.invalidate();
  const ctx = await data.schemaContext([String(relationshipId(opened.resource, 'item_type') ?? '')], o);
  const ref = opened.ref as RecordRef;
  // the created record's tab is named by its title, like a record opened from the tree
  const title = await titleOf(data, resource as Resource<'item'>).catch(() => resource.id);
  const createdRef: RecordRef = { project: ref.project, environment: ref.environment, kind: 'record', modelApiKey: ref.modelApiKey, id: resource.id, ...(title !== resource.id ? { title } : {}) };
  return { status: 'saved', document: { ref, resource, text: renderDocument('record', resource, ctx), ctx }, sentKeys: Object.keys(plan.body.data.attributes), created: createdRef };
}

/** Creates the field from the draft's text: POST …/fields (a job); the answer's document keeps the draft's ref. */
async function createFieldFromDraft(data: ProjectData, opened: OpenedDocument, ref: FieldRef, text: string, o: SaveOptions): Promise<SaveResult> {
  const plan = planFieldCreate(opened.resource as Resource<'field'>, text, opened.ctx);
  if (!plan.ok) return { status: 'invalid', problems: plan.problems, origin: 'local', text };
  const modelId = String(relationshipId(opened.resource, 'item_type') ?? '');
  let created: Resource<'field'>;
  try {
    created = await data.client.fields.create(modelId, plan.body, { signal: o.signal, ...(o.onJob ? { onJob: o.onJob } : {}) });
  } catch (error) {
    return rejected(error, text);
  }
  data.invalidate({ itemTypeId: modelId });
  const ctx = await data.schemaContext([modelId], o);
  const createdRef: FieldRef = { ...ref, apiKey: String(created.attributes['api_key']) };
  return { status: 'saved', document: { ref, resource: created, text: renderDocument('field', created, ctx), ctx }, sentKeys: Object.keys(plan.body.data.attributes), created: createdRef };
}

function rejected(error: unknown, text: string): SaveResult {
  if (error instanceof ApiError && error.status === 422) {
    const problems = problemsFromApiError(text, error.errors);
    if (problems.length > 0) return { status: 'invalid', problems, origin: 'server', text, error };
  }
  return { status: 'failed', error, text };
}

/** Whether a request value holds a new block (`{type: "item", …}`) anywhere. */
function holdsBlocks(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsBlocks);
  if (typeof value !== 'object' || value === null) return false;
  if ((value as { type?: unknown }).type === 'item') return true;
  return Object.values(value).some(holdsBlocks);
}
