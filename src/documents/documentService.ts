// Opening and saving `datocms:` documents, without VS Code: the file system provider, the diagnostics
// and the conflict commands are thin adapters over this, and the unit tests drive it against the emulator.
//
// A document is always compared with the resource it was rendered from (`OpenedDocument.resource`):
// that is the baseline of the partial update and of the conflict check. It also remembers the environment it
// was read from, and a save refuses to write when that environment's name now leads to another one.
import { ApiError, type CallOptions } from '../cma';
import type { Resource, UpdateBody } from '../cma';
import type { ProjectData } from '../projects/projectData';
import {
  basisValue,
  conflictsOf,
  describeUnit,
  documentValue,
  planOver,
  planUpdate,
  problemsFromApiError,
  renderDocument,
  type Json,
  type JsonObject,
  type SchemaContext,
  type UpdatePlan,
} from '../schema';
import { isNewDocumentRef, type DocumentRef, type MarkdownRef } from '../domain/paths';
import { documentTitle, kindOf } from '../domain/kinds';
import { apiKeyOf, relationshipId } from '../domain/resources';
import {
  resourceKindOf,
  type EnvironmentMark,
  type OpenedDocument,
  type OpenOptions,
  type SaveBasis,
  type SaveOptions,
  type SaveResult,
} from './model';
import { createFromDraft, isUncreated, openDraft } from './drafts';
import { ioOf } from './kindIO';
import type { EnvironmentWatch } from './environmentWatch';
import { savedRecord } from './recordAnswer';
import { planMarkdown, renderMarkdown, type Reading } from './markdownDocument';
import { markdownOfValue, valueOfMarkdown } from './markdownValue';
import { markdownConflict, refusedAtTop, sameValue } from './markdownSave';

export type { OpenedDocument, OpenOptions, SaveBasis, SaveOptions, SaveResult } from './model';

const STALE_ITEM_VERSION = 'STALE_ITEM_VERSION';

export class DocumentService {
  constructor(
    private readonly dataFor: (ref: DocumentRef) => Promise<ProjectData>,
    /** tells which environment a document comes from; without it environments are not checked */
    private readonly environments?: EnvironmentWatch,
  ) {}

  /** Fetches the resource and renders its document. */
  async open(ref: DocumentRef, o: OpenOptions = {}): Promise<OpenedDocument> {
    const [data, environment] = await Promise.all([this.dataFor(ref), this.markOf(ref, o)]);
    const opened =
      isNewDocumentRef(ref) && o.id === undefined
        ? await openDraft(data, ref, o)
        : await this.render(data, ref, await this.fetch(data, ref, o.id, o), o);
    return marked(opened, environment);
  }

  /** `resource` rendered with the project's current schema (a baseline kept from an earlier session). */
  async rendered(ref: DocumentRef, resource: Resource, o: CallOptions = {}, environment?: EnvironmentMark): Promise<OpenedDocument> {
    return marked(await this.render(await this.dataFor(ref), ref, resource, o), environment);
  }

  /** A Structured Text value as the Markdown of Open as Markdown; undefined when that Markdown cannot carry it whole. */
  markdownOf(value: unknown): string | undefined {
    return markdownOfValue(value);
  }

  /** A Structured Text field's value from that Markdown, blocks put back as `current` holds them, or its problems. */
  valueOfMarkdown(markdown: string, field: Resource<'field'>, current: Json, ctx: SchemaContext, addBlocks: string): Reading {
    return valueOfMarkdown(markdown, field, current, ctx, addBlocks);
  }

  /** The current remote when it moved away from `opened` (a record's version, else what its document shows). */
  async remoteMoved(opened: OpenedDocument, o: CallOptions = {}): Promise<OpenedDocument | undefined> {
    if (isUncreated(opened)) return undefined;
    const data = await this.dataFor(opened.ref);
    const remote = await this.fetch(data, opened.ref, opened.resource.id, o, false);
    if (opened.ref.kind === 'record' || opened.ref.kind === 'markdown') {
      if (remote.meta['current_version'] === opened.resource.meta['current_version']) return undefined;
      return this.open(opened.ref, { ...o, id: opened.resource.id });
    }
    const rendered = await this.render(data, opened.ref, remote, o);
    if (rendered.text === renderDocument(opened.ref.kind, opened.resource, rendered.ctx)) return undefined;
    return marked(rendered, opened.environment);
  }

  /**
   * Saves `text` over its basis. Never throws: every outcome is a SaveResult, and every failure carries
   * the user's text unchanged. The plan (validation and request body) is made once, here.
   */
  async save(text: string, basis: SaveBasis, o: SaveOptions = {}): Promise<SaveResult> {
    const { opened } = basis;
    const { ref } = opened;
    // the environments the guard reads while confirming also serve the check that follows
    const started = this.environments?.now() ?? Date.now();
    try {
      const data = await this.dataFor(ref);
      if (isUncreated(opened)) {
        if (o.confirm && !(await o.confirm([]))) return { status: 'declined' };
        const replaced = await this.replacement(opened, started, o);
        if (replaced) return replaced;
        const created = await createFromDraft(data, opened, text, o);
        return created.status === 'saved' ? { ...created, document: marked(created.document, opened.environment) } : created;
      }
      if (ref.kind === 'markdown') return await this.saveMarkdown(data, text, basis, o, started);
      // Overwrite: the units the user changed (a field, one locale of it), on top of the state they chose to overwrite.
      const plan = o.overwrite
        ? planOver(resourceKindOf(ref), text, opened.resource, baseOf(basis), opened.ctx, o.overwrite)
        : planOf(text, basis);
      if (!plan.ok) return { status: 'invalid', problems: plan.problems, origin: 'local', text };
      if (plan.body === null) return { status: 'unchanged' };
      if (o.confirm && !(await o.confirm(sentKeysOf(plan.body)))) return { status: 'declined' };
      const body = plan.body;

      if (o.overwrite) {
        const replaced = await this.replacement(opened, started, o);
        if (replaced) return replaced;
      } else if (ref.kind === 'record') {
        // A record carries its version: the PUT itself is refused when the record moved. Its environment is not
        // vouched for by the version (a fork keeps every id and version), so it is checked first.
        const replaced = await this.replacement(opened, started, o);
        if (replaced) return replaced;
      } else {
        // Models, fields and webhooks carry no version: compare what the document shows, before the PUT.
        const [replaced, moved] = await Promise.all([this.replacement(opened, started, o), this.remoteMoved(opened, o)]);
        if (replaced) return replaced;
        if (moved) return conflict(basis, text, moved);
      }

      let saved: Resource;
      try {
        saved = await this.send(data, opened, body, o);
      } catch (error) {
        return await this.explainRejection(data, basis, text, error, o);
      }
      if (ref.kind === 'model' || ref.kind === 'field' || ref.kind === 'fieldset') {
        // The schema changed: the cached models, fields and fieldsets (and every context built on them) are stale.
        data.invalidate({ itemTypeId: ref.kind === 'model' ? saved.id : relationshipId(saved, 'item_type') });
      }
      if (ref.kind === 'record') saved = await savedRecord(data, saved, body, o.overwrite?.resource ?? opened.resource, opened.ctx);
      // shown in the key order the user saved, whatever order DatoCMS answered in
      const document = marked(await this.render(data, ref, saved, o, text), opened.environment);
      const sentKeys = sentKeysOf(body);
      const renamed = renamedRef(ref, document);
      return renamed ? { status: 'saved', document, sentKeys, renamed } : { status: 'saved', document, sentKeys };
    } catch (error) {
      return { status: 'failed', error, text };
    }
  }

  /**
   * A record field's Markdown document. It differs from a record's save in one way: the field is the user's whole
   * edit, so a colleague's change elsewhere in the record (another field, another locale of this one) is built upon
   * instead of being a conflict. The record is read first; when its version moved but this locale's value did not,
   * the update goes on top of it (its version, its other locales); when this value moved, it is a conflict. The PUT
   * still carries the version, so a change made between the read and the write is a conflict too.
   */
  private async saveMarkdown(data: ProjectData, text: string, basis: SaveBasis, o: SaveOptions, started: number): Promise<SaveResult> {
    const { opened, basisText } = basis;
    const ref = opened.ref as MarkdownRef;
    const render = async (resource: Resource) => marked(await this.render(data, ref, resource, o), opened.environment);
    let base = o.overwrite?.resource ?? opened.resource;
    let plan = planMarkdown(ref, text, basisText, base, opened.ctx);
    if (!plan.ok) return { status: 'invalid', problems: plan.problems, origin: 'local', text };
    if (plan.body === null) return { status: 'unchanged' };
    if (o.confirm && !(await o.confirm(Object.keys(plan.body.data.attributes ?? {})))) return { status: 'declined' };
    const replaced = await this.replacement(opened, started, o);
    if (replaced) return replaced;
    if (!o.overwrite) {
      const remote = await this.fetch(data, ref, opened.resource.id, o);
      if (remote.meta['current_version'] !== base.meta['current_version']) {
        if (!sameValue(ref, remote, opened.resource, opened.ctx)) return markdownConflict(ref, text, await render(remote));
        base = remote;
        plan = planMarkdown(ref, text, basisText, base, opened.ctx);
        if (!plan.ok) return { status: 'invalid', problems: plan.problems, origin: 'local', text };
        if (plan.body === null) return { status: 'unchanged' };
      }
    }
    const body = plan.body;
    let answer: Resource;
    try {
      answer = await this.send(data, opened, body, o);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) return { status: 'failed', error, text };
      if (error.findError(STALE_ITEM_VERSION))
        return markdownConflict(ref, text, await render(await this.fetch(data, ref, opened.resource.id, o)));
      const placed = plan.refusal?.(error.errors);
      if (placed === undefined) return { status: 'failed', error, text };
      return { status: 'invalid', problems: placed.length ? placed : [refusedAtTop(error)], origin: 'server', text, error };
    }
    const document = await render(await savedRecord(data, answer, body, base, opened.ctx));
    return { status: 'saved', document, sentKeys: Object.keys(body.data.attributes ?? {}) };
  }

  /** Whether the environment the document was read from was replaced under its name (a 'replaced' result if so). */
  private async replacement(opened: OpenedDocument, since: number, o: CallOptions): Promise<SaveResult | undefined> {
    if (!opened.environment || !this.environments) return undefined;
    const replaced = await this.environments.replaced(opened.ref.project, opened.environment, since, o);
    return replaced && { status: 'replaced', ...replaced };
  }

  private async markOf(ref: DocumentRef, o: CallOptions): Promise<EnvironmentMark | undefined> {
    // webhooks belong to the project, not to an environment
    if (!this.environments || ref.kind === 'webhook') return undefined;
    return this.environments.mark(ref.project, ref.environment, o);
  }

  private async explainRejection(data: ProjectData, basis: SaveBasis, text: string, error: unknown, o: CallOptions): Promise<SaveResult> {
    const { opened } = basis;
    if (!(error instanceof ApiError) || error.status !== 422) return { status: 'failed', error, text };
    if (error.findError(STALE_ITEM_VERSION)) {
      const remote = await this.fetch(data, opened.ref, opened.resource.id, o);
      return conflict(basis, text, marked(await this.render(data, opened.ref, remote, o), opened.environment));
    }
    const problems = problemsFromApiError(text, error.errors);
    if (problems.length === 0) return { status: 'failed', error, text };
    return { status: 'invalid', problems, origin: 'server', text, error };
  }

  private async fetch(data: ProjectData, ref: DocumentRef, id: string | undefined, o: CallOptions, nested = true): Promise<Resource> {
    return ioOf(ref).fetch(data, ref, id, { signal: o.signal, nested });
  }

  private async send(data: ProjectData, opened: OpenedDocument, body: UpdateBody, o: SaveOptions): Promise<Resource> {
    return ioOf(opened.ref).send(data, opened.resource.id, body, o);
  }

  private async render(data: ProjectData, ref: DocumentRef, resource: Resource, o: CallOptions, like?: string): Promise<OpenedDocument> {
    const ctx = await data.schemaContext(kindOf(ref).contextModels(ref, resource), o);
    const text = ref.kind === 'markdown' ? renderMarkdown(ref, resource, ctx) : renderDocument(resourceKindOf(ref), resource, ctx, like);
    return { ref, resource, text, ctx };
  }
}

/** The document with the environment it was read from, when known. */
function marked(document: OpenedDocument, environment: EnvironmentMark | undefined): OpenedDocument {
  return environment ? { ...document, environment } : document;
}

/** The partial update `text` makes over its basis (problems when it breaks a rule). */
function planOf(text: string, { opened, basisText }: SaveBasis): UpdatePlan {
  return planUpdate(
    resourceKindOf(opened.ref),
    opened.resource,
    text,
    opened.ctx,
    basisText === opened.text ? undefined : basisValue(basisText),
  );
}

/** The attribute and relationship names a request body changes, for the confirmation after a save. */
function sentKeysOf(body: UpdateBody): string[] {
  return [...Object.keys(body.data.attributes ?? {}), ...Object.keys(body.data.relationships ?? {})];
}

/** The document value the editor's text derives from. */
function baseOf({ opened, basisText }: SaveBasis): JsonObject {
  return basisValue(basisText) ?? documentValue(resourceKindOf(opened.ref), opened.resource, opened.ctx);
}

/** A conflict with `remote`, naming what both the user and DatoCMS changed. */
function conflict(basis: SaveBasis, text: string, remote: OpenedDocument): SaveResult {
  const overlap = conflictsOf(resourceKindOf(basis.opened.ref), text, baseOf(basis), remote).map(describeUnit);
  return { status: 'conflict', remote, text, overlap };
}

/**
 * The document's new path when the save changed the api_key it is addressed by, named as the tree names it. (A new
 * title alone does not move the editor: moving it would cost the user the editor's undo history.)
 */
function renamedRef(ref: DocumentRef, saved: OpenedDocument): DocumentRef | undefined {
  const apiKey = apiKeyOf(saved.resource);
  if ((ref.kind !== 'model' && ref.kind !== 'field') || apiKey === undefined || apiKey === ref.apiKey) return undefined;
  const title = documentTitle(ref.kind, saved.resource, saved.ctx);
  return { ...ref, apiKey, ...(title === undefined ? {} : { title }) };
}
