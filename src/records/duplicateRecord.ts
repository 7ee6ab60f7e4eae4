// Duplicate a record (a job on DatoCMS's side) and open the copy.
import { titleOf } from '../domain/titles';
import { Model } from '../domain/views';
import { modelName, type RecordTarget } from './deleteRecord';
import type { LifecycleDeps } from '../projects/actions';

/** Returns the copy's id. */
export async function duplicateRecord(deps: LifecycleDeps, target: RecordTarget): Promise<string> {
  const { ui, t } = deps;
  const data = await deps.data(target.project, target.environment);
  const title = await titleOf(data, target.record, target.model);
  const copy = await ui.withProgress(
    { title: t('Duplicating the record “{0}” ({1})…', title, modelName(target.model)), cancellable: true },
    (_report, signal) => data.client.items.duplicate(target.record.id, { signal }),
  );
  const copyTitle = await titleOf(data, copy, target.model);
  await deps.openDocument({
    project: target.project,
    environment: target.environment,
    kind: 'record',
    modelApiKey: Model.apiKey(target.model),
    id: copy.id,
    title: copyTitle,
  });
  return copy.id;
}
