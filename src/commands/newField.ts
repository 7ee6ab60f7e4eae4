// "New Field…": which model (the tree's model, block model or Fields item, or picked from the palette), then
// which field type; opens the new field's draft. Nothing is sent here: the field is created when the user
// first saves it. No vscode import.
import type { Resource } from '../cma/types';
import { newFieldDraftRef, type FieldRef } from '../documents/paths';
import { FIELD_TYPE_LABELS, FIELD_TYPES, type FieldType } from '../schema';
import type { NewRecordDeps, NewRecordTarget } from './newRecord';
import { pickModel, pickProject } from './navigation';

/** The tree node a command ran on, when it names a model or block model (the model itself, or its Fields item). */
export function modelOfNode(node: unknown): NewRecordTarget | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const n = node as { kind?: string; projectKey?: string; environment?: string; itemType?: Resource<'item_type'>; model?: { itemType?: Resource<'item_type'> } };
  const itemType = n.kind === 'model' ? n.itemType : n.kind === 'fields' ? n.model?.itemType : undefined;
  return itemType && n.projectKey && n.environment ? { projectKey: n.projectKey, environment: n.environment, itemType } : undefined;
}

/** The draft to open for a new field; undefined when the user dismissed a pick. */
export async function newFieldRef(deps: NewRecordDeps, target?: NewRecordTarget): Promise<FieldRef | undefined> {
  const { ui, t } = deps;
  let chosen = target;
  if (!chosen) {
    const project = await pickProject(ui, t, deps.projects.list(), t('New field in which project?'));
    if (!project) return undefined;
    const environment = deps.projects.environmentOf(project.key);
    const itemType = await pickModel(ui, t, await deps.projects.data(project.key, environment), t('New field of which model?'), { blocks: true });
    if (!itemType) return undefined;
    chosen = { projectKey: project.key, environment, itemType };
  }
  const apiKey = String(chosen.itemType.attributes['api_key']);
  const type = await ui.pick<FieldType>(
    FIELD_TYPES.map((value) => ({ label: FIELD_TYPE_LABELS[value], description: value, value })),
    { title: t('New field of {0}', String(chosen.itemType.attributes['name'] ?? apiKey)), placeholder: t('Choose the field type') },
  );
  if (type === undefined) return undefined;
  return newFieldDraftRef({ project: chosen.projectKey, environment: chosen.environment }, apiKey, type);
}
