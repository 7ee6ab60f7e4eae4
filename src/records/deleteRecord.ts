// Delete a record: a confirmation naming the record (title, model, environment) and the records that
// link to it, then the delete job; open editors of the record are closed or marked deleted.
import { ApiError } from '../cma';
import type { Resource } from '../cma';
import { titleOf } from '../domain/titles';
import { Field, Model } from '../domain/views';
import { someNames, type LifecycleDeps, type Place } from '../projects/actions';
import type { ProjectData } from '../projects/projectData';

export interface RecordTarget extends Place {
  record: Resource<'item'>;
  model: Resource<'item_type'>;
}

export function modelName(model: Resource<'item_type'>): string {
  return Model.name(model);
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
    safe: t('Keep Record'),
  });
  if (answer !== remove) return false;
  try {
    await ui.withProgress({ title: t('Deleting the record “{0}”…', title), cancellable: true }, (_report, signal) =>
      client.items.destroy(target.record.id, { signal }),
    );
  } catch (error) {
    throw await refusal(t, data, error, target, title);
  }
  await deps.documentsDeleted({ project: target.project, environment: target.environment, records: [target.record.id] });
  void ui.info(t('Deleted the record “{0}” ({1}).', title, modelName(target.model)));
  return true;
}

/**
 * The server's refusal in words: which records link to it, and which fields forbid deleting what they link
 * to. The refusal's details are not documented, so the records come from the references endpoint and the
 * fields from the link validators' `on_reference_delete_strategy`.
 */
async function refusal(t: LifecycleDeps['t'], data: ProjectData, error: unknown, target: RecordTarget, title: string): Promise<unknown> {
  if (!(error instanceof ApiError) || !error.findError('DELETE_RESTRICTION')) return error;
  const linking = await data.client.items.references(target.record.id, { version: 'published-or-current' }).catch(() => []);
  if (linking.length === 0)
    return new Error(
      t(
        'DatoCMS refused to delete “{0}”: a record links to it through a field that does not allow deleting what it links to. Remove that link first.',
        title,
      ),
    );
  const names = await Promise.all(linking.map((r) => titleOf(data, r).catch(() => r.id)));
  const fields = await forbiddingFields(data, target.model.id).catch(() => []);
  return new Error(
    fields.length
      ? t(
          'DatoCMS refused to delete “{0}”: {1} record(s) link to it ({2}) through a field that does not allow deleting what it links to ({3}). Remove those links first.',
          title,
          linking.length,
          someNames(t, names),
          someNames(t, fields),
        )
      : t(
          'DatoCMS refused to delete “{0}”: {1} record(s) link to it ({2}) through a field that does not allow deleting what it links to. Remove those links first.',
          title,
          linking.length,
          someNames(t, names),
        ),
  );
}

const LINK_VALIDATORS = ['item_item_type', 'items_item_type', 'structured_text_links'];

/** Link fields (of any model or block model) that may link to `modelId` and refuse deleting what they link to. */
async function forbiddingFields(data: ProjectData, modelId: string): Promise<string[]> {
  const found: string[] = [];
  for (const itemType of await data.itemTypes()) {
    for (const field of await data.fields(itemType.id)) {
      const validators = Field.validators(field);
      const forbids = LINK_VALIDATORS.some((name) => {
        const rule = validators[name];
        if (!rule || typeof rule !== 'object') return false;
        const { item_types: types, on_reference_delete_strategy: strategy } = rule as Record<string, unknown>;
        return Array.isArray(types) && types.includes(modelId) && strategy === 'fail';
      });
      if (forbids) found.push(`${modelName(itemType)} › ${Field.label(field)}`);
    }
  }
  return found;
}
