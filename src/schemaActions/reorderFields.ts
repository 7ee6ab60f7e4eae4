// Reorder a model's fields without typing positions: Move Up / Move Down and drag and drop, within the
// field's own group (its fieldset, or the fields outside any fieldset). Each move is one field update
// with the new position (DatoCMS renumbers the others), guarded like any schema change.
import { Field, Model } from '../domain/views';
import type { Resource } from '../cma';
import type { LifecycleDeps, Place } from '../projects/actions';

export interface FieldPlace extends Place {
  model: Resource<'item_type'>;
  field: Resource<'field'>;
}

function fieldsetOf(field: Resource<'field'>): string | undefined {
  const data = field.relationships['fieldset']?.data;
  return data && !Array.isArray(data) ? data.id : undefined;
}

/** The fields of the same group as `field`, by position. */
function siblingsOf(fields: readonly Resource<'field'>[], field: Resource<'field'>): Resource<'field'>[] {
  const group = fieldsetOf(field);
  return fields.filter((f) => fieldsetOf(f) === group).sort((a, b) => Field.position(a) - Field.position(b));
}

/** Moves the field one place up or down in its group. Returns whether it was moved. */
export async function moveField(deps: LifecycleDeps, target: FieldPlace, direction: 'up' | 'down'): Promise<boolean> {
  const data = await deps.data(target.project, target.environment);
  const fields = await data.fields(target.model.id);
  const current = fields.find((f) => f.id === target.field.id) ?? target.field;
  const siblings = siblingsOf(fields, current);
  const index = siblings.findIndex((f) => f.id === current.id);
  const neighbour = siblings[direction === 'up' ? index - 1 : index + 1];
  if (index < 0 || !neighbour) {
    void deps.ui.info(
      direction === 'up'
        ? deps.t('“{0}” is already the first field of its group.', Field.label(current))
        : deps.t('“{0}” is already the last field of its group.', Field.label(current)),
    );
    return false;
  }
  return sendPosition(deps, { ...target, field: current }, Field.position(neighbour));
}

/** Moves a dragged field to the place of the field it was dropped on (same model and group only). */
export async function moveFieldOnto(deps: LifecycleDeps, target: FieldPlace, onto: Resource<'field'>): Promise<boolean> {
  if (onto.id === target.field.id) return false;
  const data = await deps.data(target.project, target.environment);
  const fields = await data.fields(target.model.id);
  const current = fields.find((f) => f.id === target.field.id);
  const destination = fields.find((f) => f.id === onto.id);
  if (!current || !destination || fieldsetOf(current) !== fieldsetOf(destination)) {
    void deps.ui.info(deps.t('Fields can be moved only within their own model and fieldset.'));
    return false;
  }
  return sendPosition(deps, { ...target, field: current }, Field.position(destination));
}

async function sendPosition(deps: LifecycleDeps, target: FieldPlace, position: number): Promise<boolean> {
  const { t } = deps;
  const { field, model } = target;
  const action = t('Move field “{0}” of model “{1}” to position {2}', Field.label(field), Model.name(model), position);
  if (!(await deps.confirmSchemaChange({ project: target.project, environment: target.environment, action }))) return false;
  const data = await deps.data(target.project, target.environment);
  await deps.ui.withProgress({ title: t('Moving the field “{0}”…', Field.label(field)), cancellable: true }, (_report, signal) =>
    data.client.fields.update(field.id, { data: { type: 'field', id: field.id, attributes: { position } } }, { signal }),
  );
  data.invalidate({ itemTypeId: model.id });
  return true;
}
