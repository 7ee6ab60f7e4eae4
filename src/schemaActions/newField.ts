// "New Field…": which model (the tree's model, block model or Fields item, or picked from the palette), then
// which field type; opens the new field's draft. Nothing is sent here: the field is created when the user
// first saves it.
import { Model } from '../domain/views';
import { newFieldDraftRef, type FieldRef } from '../domain/paths';
import { FIELD_TYPE_LABELS, FIELD_TYPES, type FieldType } from '../schema';
import { modelTargetOfNode, pickModelTarget, type ModelTarget, type PickerDeps } from '../projects/pickers';

/** The tree node a command ran on, when it names a model or block model (the model itself, or its Fields item). */
export const modelOfNode = (node: unknown): ModelTarget | undefined => modelTargetOfNode(node, 'fields');

/** The draft to open for a new field; undefined when the user dismissed a pick. */
export async function newFieldRef(deps: PickerDeps, target?: ModelTarget): Promise<FieldRef | undefined> {
  const { ui, t } = deps;
  const chosen =
    target ??
    (await pickModelTarget(deps, { project: t('New field in which project?'), model: t('New field of which model?') }, { blocks: true }));
  if (!chosen) return undefined;
  const apiKey = Model.apiKey(chosen.itemType);
  const type = await ui.pick<FieldType>(
    FIELD_TYPES.map((value) => ({ label: FIELD_TYPE_LABELS[value], description: value, value })),
    { title: t('New field of {0}', Model.name(chosen.itemType)), placeholder: t('Choose the field type') },
  );
  if (type === undefined) return undefined;
  return newFieldDraftRef({ project: chosen.projectKey, environment: chosen.environment }, apiKey, type);
}
