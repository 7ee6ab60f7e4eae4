// Opening and saving `datocms:` documents, without VS Code: the file system provider, the diagnostics
// and the conflict commands are thin adapters over this, and the unit tests drive it against the emulator.
//
// A document is always compared with the resource it was rendered from (`OpenedDocument.resource`):
// that is the baseline of the partial update and of the conflict check.
import { ApiError, type CallOptions } from '../cma';
import { mediaOf } from '../cma/resources/media';
import type { Resource, UpdateBody } from '../cma';
import type { ProjectData } from '../projects/projectData';
import { basisValue, planUpdate, problemsFromApiError, renderDocument, type UpdatePlan } from '../schema';
import { isNewDocumentRef, type DocumentRef } from '../domain/paths';
import { relationshipId } from '../domain/resources';
import type { OpenedDocument, OpenOptions, SaveBasis, SaveOptions, SaveResult } from './model';
import { createFromDraft, isUncreated, openDraft } from './drafts';

export type { OpenedDocument, OpenOptions, SaveBasis, SaveOptions, SaveResult } from './model';

export const STALE_ITEM_VERSION = 'STALE_ITEM_VERSION';

export class DocumentService {
  constructor(private readonly dataFor: (ref: DocumentRef) => Promise<ProjectData>) {}

  /** Fetches the resource and renders its document. */
  async open(ref: DocumentRef, o: OpenOptions = {}): Promise<OpenedDocument> {
    const data = await this.dataFor(ref);
    if (isNewDocumentRef(ref) && o.id === undefined) return openDraft(data, ref, o);
    const resource = await this.fetch(data, ref, o.id, o);
    return this.render(data, ref, resource, o);
  }

  /** `resource` rendered with the project's current schema (a baseline kept from an earlier session). */
  async rendered(ref: DocumentRef, resource: Resource, o: CallOptions = {}): Promise<OpenedDocument> {
    return this.render(await this.dataFor(ref), ref, resource, o);
  }

  /** The current remote when it moved away from `opened` (a record's version, else what its document shows). */
  async remoteMoved(opened: OpenedDocument, o: CallOptions = {}): Promise<OpenedDocument | undefined> {
    if (isUncreated(opened)) return undefined;
    const data = await this.dataFor(opened.ref);
    const remote = await this.fetch(data, opened.ref, opened.resource.id, o, false);
    if (opened.ref.kind === 'record') {
      if (remote.meta['current_version'] === opened.resource.meta['current_version']) return undefined;
      return this.open(opened.ref, { ...o, id: opened.resource.id });
    }
    const rendered = await this.render(data, opened.ref, remote, o);
    return rendered.text === renderDocument(opened.ref.kind, opened.resource, rendered.ctx) ? undefined : rendered;
  }

  /**
   * Saves `text` over its basis. Never throws: every outcome is a SaveResult, and every failure carries
   * the user's text unchanged.
   */
  async save(text: string, basis: SaveBasis, o: SaveOptions = {}): Promise<SaveResult> {
    const { opened } = basis;
    const { ref } = opened;
    try {
      const data = await this.dataFor(ref);
      if (isUncreated(opened))
        return o.confirm && !(await o.confirm([])) ? { status: 'declined' } : await createFromDraft(data, opened, text, o);
      const plan = this.plan(text, basis);
      if (!plan.ok) return { status: 'invalid', problems: plan.problems, origin: 'local', text };
      if (plan.body === null) return { status: 'unchanged' };
      if (o.confirm && !(await o.confirm(sentKeysOf(plan.body)))) return { status: 'declined' };
      let body = plan.body;

      if (o.overwrite) {
        // The user's changed keys, on top of the state they chose to overwrite.
        if (ref.kind === 'record') body = withCurrentVersion(body, o.overwrite.resource.meta['current_version']);
      } else if (ref.kind !== 'record' && !o.checked) {
        // Models, fields and webhooks carry no version: compare what the document shows, before the PUT.
        const moved = await this.remoteMoved(opened, o);
        if (moved) return { status: 'conflict', remote: moved, text };
      }

      let saved: Resource;
      try {
        saved = await this.send(data, opened, body, o);
      } catch (error) {
        return await this.explainRejection(data, opened, text, error, o);
      }
      if (ref.kind === 'model' || ref.kind === 'field' || ref.kind === 'fieldset') {
        // The schema changed: the cached models, fields and fieldsets (and every context built on them) are stale.
        data.invalidate({ itemTypeId: ref.kind === 'model' ? saved.id : relationshipId(saved, 'item_type') });
      }
      const document = await this.render(data, ref, saved, o);
      const sentKeys = sentKeysOf(body);
      const renamed = renamedRef(ref, saved);
      return renamed ? { status: 'saved', document, sentKeys, renamed } : { status: 'saved', document, sentKeys };
    } catch (error) {
      return { status: 'failed', error, text };
    }
  }

  /** The keys saving `text` over its basis would send; undefined when there is nothing valid to send (or a draft). */
  changedKeys(text: string, basis: SaveBasis): string[] | undefined {
    if (isUncreated(basis.opened)) return undefined;
    const plan = this.plan(text, basis);
    return plan.ok && plan.body ? sentKeysOf(plan.body) : undefined;
  }

  private plan(text: string, { opened, basisText }: SaveBasis): UpdatePlan {
    return planUpdate(opened.ref.kind, opened.resource, text, opened.ctx, basisText === opened.text ? undefined : basisValue(basisText));
  }

  private async explainRejection(
    data: ProjectData,
    opened: OpenedDocument,
    text: string,
    error: unknown,
    o: CallOptions,
  ): Promise<SaveResult> {
    if (!(error instanceof ApiError) || error.status !== 422) return { status: 'failed', error, text };
    if (error.findError(STALE_ITEM_VERSION)) {
      const remote = await this.fetch(data, opened.ref, opened.resource.id, o);
      return { status: 'conflict', remote: await this.render(data, opened.ref, remote, o), text };
    }
    const problems = problemsFromApiError(text, error.errors);
    if (problems.length === 0) return { status: 'failed', error, text };
    return { status: 'invalid', problems, origin: 'server', text, error };
  }

  private async fetch(data: ProjectData, ref: DocumentRef, id: string | undefined, o: CallOptions, nested = true): Promise<Resource> {
    const call = { signal: o.signal };
    switch (ref.kind) {
      case 'model':
        return data.client.itemTypes.find(id ?? ref.apiKey, call);
      case 'field':
        return data.client.fields.find(id ?? `${ref.modelApiKey}::${ref.apiKey}`, call);
      case 'fieldset':
        return data.client.fieldsets.find(id ?? ref.id, call);
      case 'webhook':
        return data.client.webhooks.find(id ?? ref.id, call);
      case 'record':
        return data.client.items.find(id ?? ref.id, nested ? { ...call, nested: true } : call);
      case 'upload':
        return data.client.uploads.find(id ?? ref.id, call);
    }
  }

  private async send(data: ProjectData, opened: OpenedDocument, body: UpdateBody, o: SaveOptions): Promise<Resource> {
    const { id } = opened.resource;
    const call = { signal: o.signal };
    switch (opened.ref.kind) {
      case 'model':
        return data.client.itemTypes.update(id, body as UpdateBody<'item_type'>, { ...call, ...(o.onJob ? { onJob: o.onJob } : {}) });
      case 'field':
        return data.client.fields.update(id, body as UpdateBody<'field'>, { ...call, ...(o.onJob ? { onJob: o.onJob } : {}) });
      case 'fieldset':
        return data.client.fieldsets.update(id, body as UpdateBody<'fieldset'>, call);
      case 'webhook':
        return data.client.webhooks.update(id, body as UpdateBody<'webhook'>, call);
      case 'upload':
        // a job: the metadata of the upload as DatoCMS then has it
        return mediaOf(data.client).uploads.update(id, body as UpdateBody<'upload'>, { ...call, ...(o.onJob ? { onJob: o.onJob } : {}) });
      case 'record': {
        // The update answers blocks as ids: read the record again with its blocks expanded.
        const updated = await data.client.items.update(id, body as UpdateBody<'item'>, call);
        try {
          return await data.client.items.find(id, { nested: true });
        } catch {
          // Saved, but the expanded record could not be read: keep the text's blocks, with the new version.
          return { ...opened.resource, meta: { ...opened.resource.meta, ...updated.meta } };
        }
      }
    }
  }

  private async render(data: ProjectData, ref: DocumentRef, resource: Resource, o: CallOptions): Promise<OpenedDocument> {
    const ctx = await data.schemaContext(contextModelIds(ref, resource), o);
    return { ref, resource, text: renderDocument(ref.kind, resource, ctx), ctx };
  }
}

/** Models whose fields the document's validation needs. */
function contextModelIds(ref: DocumentRef, resource: Resource): string[] {
  switch (ref.kind) {
    case 'model':
      return [resource.id];
    case 'field':
    case 'fieldset':
    case 'record': {
      const id = relationshipId(resource, 'item_type');
      return id ? [id] : [];
    }
    case 'webhook':
    case 'upload':
      return [];
  }
}

/** The attribute and relationship names a request body changes, for the confirmation after a save. */
function sentKeysOf(body: UpdateBody): string[] {
  return [...Object.keys(body.data.attributes ?? {}), ...Object.keys(body.data.relationships ?? {})];
}

function withCurrentVersion(body: UpdateBody, currentVersion: unknown): UpdateBody {
  if (typeof currentVersion !== 'string') return body;
  return { data: { ...body.data, meta: { ...body.data.meta, current_version: currentVersion } } };
}

/** The document's new path when the save changed the api_key it is addressed by. */
function renamedRef(ref: DocumentRef, saved: Resource): DocumentRef | undefined {
  const apiKey = saved.attributes['api_key'];
  if (typeof apiKey !== 'string') return undefined;
  if (ref.kind === 'model' && apiKey !== ref.apiKey) return { ...ref, apiKey };
  if (ref.kind === 'field' && apiKey !== ref.apiKey) return { ...ref, apiKey };
  return undefined;
}
