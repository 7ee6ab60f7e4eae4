// Drafts: a new record (`records/<model>/new~<n>/New record · <model>`), field, model or webhook shows its
// template and is readable at any time (after a window reload too), so an editor restored from a backup still
// saves by creating. Its first save sends the POST; from then on the draft's baseline is the created resource,
// so a second save (or one that waited for the first) updates it instead of creating another.
import { ApiError, type CallOptions } from '../cma';
import type { CreateBody, Resource } from '../cma';
import { titleOf } from '../domain/titles';
import { documentTitle } from '../domain/kinds';
import type { ProjectData } from '../projects/projectData';
import type { Problem } from '../schema';
import { DRAFT_ID, planCreate, planSchemaCreate, problemsFromApiError, renderDocument } from '../schema';
import { ioOf } from './kindIO';
import type { OpenedDocument, SaveOptions, SaveResult } from './model';
import { isNewDocumentRef, type DocumentRef, type RecordRef } from '../domain/paths';
import { apiKeyOf, relationshipId } from '../domain/resources';

/** The draft's document: the template of a new record (its model's), field (its type's), fieldset, model or webhook. */
export async function openDraft(data: ProjectData, ref: DocumentRef, o: CallOptions = {}): Promise<OpenedDocument> {
  const io = ioOf(ref);
  if (!io.draft) throw new Error(`A ${ref.kind} is never a draft`);
  return io.draft(data, ref, o);
}

/** Whether this document still is a draft (nothing created yet). */
export const isUncreated = (opened: OpenedDocument): boolean => isNewDocumentRef(opened.ref) && opened.resource.id === DRAFT_ID;

/** What a draft's text still lacks before it can be created (empty: it can be). */
export function createProblems(opened: OpenedDocument, text: string): Problem[] {
  const { kind } = opened.ref;
  if (kind === 'upload' || kind === 'markdown') return []; // made from a file, never a draft; a field's Markdown is no draft
  const plan =
    kind === 'record'
      ? planCreate(opened.resource as Resource<'item'>, text, opened.ctx)
      : planSchemaCreate(kind, opened.resource, text, opened.ctx);
  return plan.ok ? [] : plan.problems;
}

/**
 * Creates the record from the draft's text: POST /items, then the record read again with its blocks. The
 * answer's document keeps the draft's ref (the editor's URI); `created` is where the record now lives.
 */
export async function createFromDraft(data: ProjectData, opened: OpenedDocument, text: string, o: SaveOptions = {}): Promise<SaveResult> {
  if (opened.ref.kind === 'upload' || opened.ref.kind === 'markdown') throw new Error(`A ${opened.ref.kind} is not created from a draft`);
  if (opened.ref.kind !== 'record') return createSchemaFromDraft(data, opened, opened.ref, text, o);
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
  const ref = opened.ref;
  // the created record's tab is named by its title, like a record opened from the tree
  const title = await titleOf(data, resource as Resource<'item'>).catch(() => resource.id);
  const createdRef: RecordRef = {
    project: ref.project,
    environment: ref.environment,
    kind: 'record',
    modelApiKey: ref.modelApiKey,
    id: resource.id,
    ...(title !== resource.id ? { title } : {}),
  };
  return {
    status: 'saved',
    document: { ref, resource, text: renderDocument('record', resource, ctx, text), ctx },
    sentKeys: Object.keys(plan.body.data.attributes),
    created: createdRef,
  };
}

/**
 * Creates a field (POST …/fields, a job), fieldset (POST …/fieldsets), model (POST /item-types) or webhook
 * (POST /webhooks) from the draft's text; the answer's document keeps the draft's ref.
 */
async function createSchemaFromDraft(
  data: ProjectData,
  opened: OpenedDocument,
  ref: Exclude<DocumentRef, RecordRef | { kind: 'upload' } | { kind: 'markdown' }>,
  text: string,
  o: SaveOptions,
): Promise<SaveResult> {
  const plan = planSchemaCreate(ref.kind, opened.resource, text, opened.ctx);
  if (!plan.ok) return { status: 'invalid', problems: plan.problems, origin: 'local', text };
  const modelId = ref.kind === 'field' || ref.kind === 'fieldset' ? String(relationshipId(opened.resource, 'item_type') ?? '') : undefined;
  let created: Resource;
  try {
    const call = { signal: o.signal };
    if (ref.kind === 'field')
      created = await data.client.fields.create(modelId!, plan.body as CreateBody<'field'>, {
        ...call,
        onJob: o.onJob,
      });
    else if (ref.kind === 'fieldset') created = await data.client.fieldsets.create(modelId!, plan.body as CreateBody<'fieldset'>, call);
    else if (ref.kind === 'model') created = await data.client.itemTypes.create(plan.body as CreateBody<'item_type'>, call);
    else created = await data.client.webhooks.create(plan.body as CreateBody<'webhook'>, call);
  } catch (error) {
    return rejected(error, text);
  }
  if (ref.kind !== 'webhook') data.invalidate(modelId ? { itemTypeId: modelId } : undefined);
  const ctx = await data.schemaContext(modelId ? [modelId] : [], o);
  const title = documentTitle(ref.kind, created, ctx);
  const named = title === undefined ? {} : { title };
  // the created resource's tab is named as the tree names it
  const createdRef: DocumentRef =
    ref.kind === 'webhook' || ref.kind === 'fieldset'
      ? { ...ref, id: created.id, ...named }
      : { ...ref, apiKey: apiKeyOf(created) ?? created.id, ...named };
  return {
    status: 'saved',
    document: { ref, resource: created, text: renderDocument(ref.kind, created, ctx, text), ctx },
    sentKeys: Object.keys(plan.body.data.attributes),
    created: createdRef,
  };
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
