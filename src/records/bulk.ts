// Publish, unpublish or delete a multi-selection of records: one confirmation (unpublish, delete), one
// progress notification, requests of at most 200 records (each a DatoCMS job), cancellable between
// requests, and a result that names the records that failed and why. No vscode import.
import { ApiError } from '../cma';
import { MAX_BULK_RECORDS, type BulkOutcome } from '../cma';
import type { Resource } from '../cma';
import { Model } from '../domain/views';
import type { ProjectData } from '../projects/projectData';
import { errorMessage } from '../platform/errors';
import type { RecordHost, RecordRef, RecordTarget } from './recordActions';

export type BulkOperation = 'publish' | 'unpublish' | 'destroy';

export interface BulkResult {
  done: string[];
  failed: { id: string; title: string; reason: string }[];
  /** not sent: the user cancelled before their request */
  notSent: string[];
}

const TITLES_NAMED = 3;

export async function runBulk(host: RecordHost, targets: RecordTarget[], operation: BulkOperation): Promise<BulkResult | undefined> {
  const { ui, t } = host;
  const first = targets[0];
  if (!first) return undefined;
  if (targets.some((target) => target.ref.project !== first.ref.project || target.ref.environment !== first.ref.environment)) {
    void ui.warn(t('Choose records of one project and environment: they are sent together.'));
    return undefined;
  }
  const unique = [...new Map(targets.map((target) => [target.ref.id, target])).values()];
  if (!(await confirmed(host, unique, operation))) return undefined;

  const run: BulkRun = {
    host,
    operation,
    data: await host.data(first.ref),
    titleOf: new Map(unique.map((target) => [target.ref.id, target.title])),
    refOf: new Map(unique.map((target) => [target.ref.id, target.ref])),
    result: { done: [], failed: [], notSent: [] },
  };
  const { result } = run;
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += MAX_BULK_RECORDS)
    chunks.push(unique.slice(i, i + MAX_BULK_RECORDS).map((target) => target.ref.id));
  const title = {
    publish: t('Publishing {0} records…', unique.length),
    unpublish: t('Unpublishing {0} records…', unique.length),
    destroy: t('Deleting {0} records…', unique.length),
  }[operation];
  await ui.withProgress({ title, cancellable: true }, async (report, signal) => {
    for (const [index, ids] of chunks.entries()) {
      // A request already sent runs to its end on DatoCMS: cancelling stops before the next one.
      if (signal.aborted) {
        result.notSent.push(...chunks.slice(index).flat());
        break;
      }
      report.message(t('{0} of {1}', index * MAX_BULK_RECORDS, unique.length));
      await sendChunk(run, ids);
    }
    report.message(t('{0} of {1}', unique.length - result.notSent.length, unique.length));
  });

  if (operation === 'destroy' && result.done.length) {
    // deleted records: their editors are handled like a single delete's
    host.removed(result.done.map((id) => run.refOf.get(id)!));
  }
  report(host, operation, unique.length, result);
  return result;
}

/** One bulk run: what it sends, and the result its chunks fill. */
interface BulkRun {
  host: RecordHost;
  operation: BulkOperation;
  data: ProjectData;
  titleOf: Map<string, string>;
  refOf: Map<string, RecordRef>;
  result: BulkResult;
}

/** Sends one request for `ids` and files each record as done or failed, with why. */
async function sendChunk(run: BulkRun, ids: string[]): Promise<void> {
  const { data, operation, result } = run;
  const items = data.client.publishing.items;
  let outcome: BulkOutcome | undefined;
  let chunkError: unknown;
  try {
    outcome = await (operation === 'publish'
      ? items.bulkPublish(ids)
      : operation === 'unpublish'
        ? items.bulkUnpublish(ids)
        : items.bulkDestroy(ids));
  } catch (error) {
    chunkError = error;
  }
  if (outcome && outcome.failed === 0 && operation === 'destroy') {
    result.done.push(...ids);
    return;
  }
  // Which records got there: the job reports counts only, so read the records again.
  let records: Resource<'item'>[] | undefined;
  try {
    records = (await data.client.items.list({ filter: { ids }, version: 'current', page: { limit: ids.length } })).data;
  } catch (error) {
    chunkError ??= error;
  }
  const byId = new Map((records ?? []).map((record) => [record.id, record]));
  // records of a model without draft mode are always published: DatoCMS does not unpublish them
  const alwaysPublished =
    operation === 'unpublish'
      ? new Set((await data.itemTypes().catch(() => [])).filter((m) => !Model.hasDraftMode(m)).map((m) => m.id))
      : new Set<string>();
  for (const id of ids) {
    const record = byId.get(id);
    if (records !== undefined && reachedTarget(operation, record)) {
      result.done.push(id);
      if (record) run.host.changed(run.refOf.get(id)!, record);
      continue;
    }
    const why = { read: records !== undefined, record, chunkError, alwaysPublished };
    result.failed.push({ id, title: run.titleOf.get(id) ?? id, reason: failureReason(run.host.t, operation, why) });
  }
}

/** Why a record did not reach what the operation asked, as read again after its request. */
function failureReason(
  t: RecordHost['t'],
  operation: BulkOperation,
  why: { read: boolean; record: Resource<'item'> | undefined; chunkError: unknown; alwaysPublished: Set<string> },
): string {
  const { record, chunkError } = why;
  if (!why.read) return errorMessage(chunkError);
  if (!record) return t('not found (deleted meanwhile?)');
  if (operation === 'publish' && record.meta['is_valid'] === false) return t('invalid: publish it on its own to see its problems');
  if (chunkError !== undefined) return reasonOf(chunkError);
  if (operation === 'publish') return t('not published');
  if (operation === 'destroy') return t('not deleted');
  return why.alwaysPublished.has(modelIdOf(record)) ? t('always published: its model has no draft mode') : t('still published');
}

/** Publishing asks to save unsaved editors first; unpublishing and deleting ask to confirm, naming the records. */
async function confirmed(host: RecordHost, targets: RecordTarget[], operation: BulkOperation): Promise<boolean> {
  const { ui, t } = host;
  const { environment } = targets[0]!.ref;
  if (operation === 'publish') {
    const dirty = targets.filter((target) => host.isDirty(target.ref));
    if (dirty.length === 0) return true;
    const saveAndPublish = t('Save and Publish');
    const choice = await ui.confirm({
      message:
        dirty.length === 1
          ? t('"{0}" has unsaved changes.', dirty[0]!.title)
          : t('{0} of the records have unsaved changes: {1}.', dirty.length, named(t, dirty)),
      detail: t('Publishing publishes what DatoCMS has, not what your editors show. Save your changes first, then publish them.'),
      actions: [saveAndPublish],
    });
    if (choice !== saveAndPublish) return false;
    for (const target of dirty) {
      if (!(await host.save(target.ref)) || host.isDirty(target.ref)) {
        void ui.warn(t('"{0}" was not saved, so nothing was published.', target.title));
        return false;
      }
    }
    return true;
  }
  const action = operation === 'unpublish' ? t('Unpublish') : t('Delete');
  const choice = await ui.confirm({
    message:
      targets.length === 1
        ? operation === 'unpublish'
          ? t('Unpublish "{0}" in {1}?', targets[0]!.title, environment)
          : t('Delete "{0}" in {1}?', targets[0]!.title, environment)
        : operation === 'unpublish'
          ? t('Unpublish {0} records in {1}?', targets.length, environment)
          : t('Delete {0} records in {1}?', targets.length, environment),
    detail:
      operation === 'unpublish'
        ? t('{0}. They are taken off the published content; their drafts stay.', named(t, targets))
        : t('{0}. They are deleted for good, with their versions; this cannot be undone.', named(t, targets)),
    actions: [action],
    safe: operation === 'unpublish' ? t('Keep Published') : t('Keep Records'),
  });
  return choice === action;
}

function reachedTarget(operation: BulkOperation, record: Resource<'item'> | undefined): boolean {
  if (operation === 'destroy') return record === undefined;
  if (!record) return false;
  return operation === 'publish' ? record.meta['status'] === 'published' : record.meta['status'] === 'draft';
}

function reasonOf(error: unknown): string {
  if (error instanceof ApiError && error.errors[0]) return error.errors.map((e) => e.code).join(', ');
  return errorMessage(error);
}

/** `"A", "B", "C" and 7 more` */
function named(t: RecordHost['t'], targets: RecordTarget[]): string {
  const quoted = targets
    .slice(0, TITLES_NAMED)
    .map((target) => `"${target.title}"`)
    .join(', ');
  return targets.length > TITLES_NAMED ? t('{0} and {1} more', quoted, targets.length - TITLES_NAMED) : quoted;
}

function report(host: RecordHost, operation: BulkOperation, total: number, result: BulkResult): void {
  const { ui, t } = host;
  const done = result.done.length;
  const verb = { publish: t('published'), unpublish: t('unpublished'), destroy: t('deleted') }[operation];
  if (result.failed.length === 0 && result.notSent.length === 0) {
    void ui.info(t('{0} of {1} records {2}.', done, total, verb));
    return;
  }
  const failures = result.failed
    .slice(0, 5)
    .map((f) => `"${f.title}": ${f.reason}`)
    .join('; ');
  const more = result.failed.length > 5 ? t(' (and {0} more: see the log)', result.failed.length - 5) : '';
  for (const f of result.failed) host.log(`Bulk ${operation}: "${f.title}" (${f.id}) failed: ${f.reason}`);
  const parts = [t('{0} of {1} records {2}.', done, total, verb)];
  if (result.failed.length) parts.push(t('Failed: {0}{1}.', failures, more));
  if (result.notSent.length) parts.push(t('Cancelled: {0} not sent.', result.notSent.length));
  void ui.warn(parts.join(' '));
}

function modelIdOf(record: Resource<'item'>): string {
  const data = record.relationships['item_type']?.data;
  return data && !Array.isArray(data) ? data.id : '';
}
