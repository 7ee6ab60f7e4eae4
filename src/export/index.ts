// Exporting a model's records (or the records its Records query shows) to a JSON file, streamed page by page.
import { Model } from '../domain/views';
import { pickModelNode, type TreeDeps } from '../tree/commands';
import { type ModelNode, type RecordsNode } from '../tree/nodes';
import { runExportCommand } from './exportCommand';

export * from './exportRecords';

/** Exports the records of the model (or Records item) it ran on, else of a model picked from the palette. */
export async function exportRecords(deps: TreeDeps, node?: ModelNode | RecordsNode): Promise<void> {
  const { t } = deps;
  const target = node ?? (await pickModelNode(deps, t('Export records of which project?'), t('Export the records of which model?')));
  if (!target) return;
  const modelNode = target.kind === 'model' ? target : target.model;
  const data = await deps.tree.dataOf(modelNode);
  await runExportCommand(deps.ui, t, {
    client: data.client,
    modelId: modelNode.itemType.id,
    label: modelNode.label,
    defaultName: `${Model.apiKey(modelNode.itemType)}.json`,
    query: target.kind === 'records' ? target.query : undefined,
  });
}
