// Delete a record: a confirmation naming the record (title, model, environment) and the records that
// link to it, then the delete job; open editors of the record are closed or marked deleted.
import { ApiError } from '../cma';
import type { Resource } from '../cma';
import { titleOf } from '../domain/titles';
import { someNames, type LifecycleDeps, type Place } from '../projects/actions';

export interface RecordTarget extends Place {
  record: Resource<'item'>;
  model: Resource<'item_type'>;
}

export function modelName(model: Resource<'item_type'>): string {
  return String(model.attributes['name'] ?? model.attributes['api_key'] ?? model.id);
}

/** Returns true when the record was deleted; false when the user declined (nothing was sent). */
export async function deleteRecord(deps: LifecycleDeps, target: RecordTarget): Promise<boolean> {
  const { ui, t } = deps;
  const data = await deps.data(target.project, target.environment);
  const client = data.client;
  const title = await titleOf(data, target.record, target.model);
  const referencing = await client.items.references(target.record.id, { version: 'published-or-current' });
  const names = await Promise.all(referencing.map((r) => titleOf(data, r)));
  const references =
    referencing.length === 0
      ? t('No record links to it.')
      : referencing.length === 1
        ? t(
            '1 record links to it: {0}. Its link is removed, unless its field does not allow that (then DatoCMS refuses the delete).',
            someNames(t, names),
          )
        : t(
            '{0} records link to it: {1}. Their links are removed, unless a field does not allow that (then DatoCMS refuses the delete).',
            referencing.length,
            someNames(t, names),
          );
  const remove = t('Delete');
  const answer = await ui.confirm({
    message: t('Delete the record “{0}” ({1}) from environment {2}?', title, modelName(target.model), target.environment),
    detail: `${references}\n${t('Its blocks are deleted with it. This cannot be undone.')}`,
    actions: [remove],
  });
  if (answer !== remove) return false;
  try {
    await ui.withProgress({ title: t('Deleting the record “{0}”…', title), cancellable: true }, (_report, signal) =>
      client.items.destroy(target.record.id, { signal }),
    );
  } catch (error) {
    throw refusal(t, error, title);
  }
  await deps.documentsDeleted({ project: target.project, environment: target.environment, records: [target.record.id] });
  void ui.info(t('Deleted the record “{0}” ({1}).', title, modelName(target.model)));
  return true;
}

/** The server's refusal in words: which records stop the delete. */
function refusal(t: LifecycleDeps['t'], error: unknown, title: string): unknown {
  if (!(error instanceof ApiError)) return error;
  const restriction = error.findError('DELETE_RESTRICTION');
  if (!restriction) return error;
  const references = Array.isArray(restriction.details['references']) ? restriction.details['references'] : [];
  const fields = [...new Set(references.map((r) => String((r as Record<string, unknown>)['field'] ?? '?')))];
  return new Error(
    t(
      'DatoCMS refused to delete “{0}”: {1} record(s) link to it through fields that do not allow deleting it ({2}). Remove those links first.',
      title,
      references.length,
      fields.join(', '),
    ),
  );
}
