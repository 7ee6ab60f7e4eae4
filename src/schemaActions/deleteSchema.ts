// Delete a model, block model, field, fieldset or webhook: a confirmation that states the impact (records,
// values, models whose fields reference it, the roles a field plays), the primary environment's guard for
// schema, then the delete; open documents of what was deleted are closed or marked deleted.
import { ApiError } from '../cma';
import type { Resource } from '../cma';
import { someNames, type LifecycleDeps, type Place } from '../projects/actions';
import { fieldRoles, fieldsReferencing, nameOf, recordCount } from './schemaImpact';

export type SchemaTarget = Place &
  (
    | { kind: 'model'; model: Resource<'item_type'> }
    | { kind: 'field'; model: Resource<'item_type'>; field: Resource<'field'> }
    | { kind: 'fieldset'; model: Resource<'item_type'>; fieldset: Resource<'fieldset'>; fieldCount: number }
    | { kind: 'webhook'; webhook: Resource<'webhook'> }
  );

interface Plan {
  /** for the progress notification */
  name: string;
  message: string;
  detail: string[];
  /** what the primary environment's guard names; undefined for webhooks (not schema) */
  guard?: string;
  send(signal: AbortSignal): Promise<unknown>;
  deleted: Omit<Parameters<LifecycleDeps['documentsDeleted']>[0], 'project' | 'environment'>;
}

/** Returns true when deleted; false when the user declined (nothing was sent). */
export async function deleteSchemaItem(deps: LifecycleDeps, target: SchemaTarget): Promise<boolean> {
  const { ui, t } = deps;
  const plan = await planDelete(deps, target);
  const remove = t('Delete');
  const answer = await ui.confirm({
    message: plan.message,
    detail: [...plan.detail, t('This cannot be undone.')].join('\n'),
    actions: [remove],
    safe: t('Keep It'),
  });
  if (answer !== remove) return false;
  if (plan.guard && !(await deps.confirmSchemaChange({ project: target.project, environment: target.environment, action: plan.guard })))
    return false;
  try {
    await ui.withProgress({ title: t('Deleting “{0}”…', plan.name), cancellable: true }, (_report, signal) => plan.send(signal));
  } catch (error) {
    if (error instanceof ApiError) throw new Error(t('DatoCMS refused: {0}', error.message));
    throw error;
  }
  await deps.documentsDeleted({ project: target.project, environment: target.environment, ...plan.deleted });
  return true;
}

async function planDelete(deps: LifecycleDeps, target: SchemaTarget): Promise<Plan> {
  const { t } = deps;
  const data = await deps.data(target.project, target.environment);
  const { client } = data;
  const env = target.environment;
  switch (target.kind) {
    case 'model': {
      const { model } = target;
      const apiKey = String(model.attributes['api_key']);
      const block = model.attributes['modular_block'] === true;
      const referencing = await fieldsReferencing(data, model.id);
      const fieldCount = (await data.fields(model.id)).length;
      const detail = [
        block
          ? t('Its {0} fields go, and every block of this model in every record.', fieldCount)
          : t('Its {0} fields go, and all its {1} records.', fieldCount, await recordCount(data, model.id)),
        referencing.length
          ? t(
              '{0} field(s) of other models reference it: {1}. DatoCMS refuses the delete while they do: change those fields first.',
              referencing.length,
              someNames(t, referencing, 5),
            )
          : t('No field of another model references it.'),
      ];
      return {
        name: nameOf(model),
        message: block
          ? t('Delete the block model “{0}” ({1}) from environment {2}?', nameOf(model), apiKey, env)
          : t('Delete the model “{0}” ({1}) from environment {2}?', nameOf(model), apiKey, env),
        detail,
        guard: block ? t('Delete block model “{0}” ({1})', nameOf(model), apiKey) : t('Delete model “{0}” ({1})', nameOf(model), apiKey),
        send: (signal) => client.itemTypes.destroy(model.id, { signal }),
        deleted: { models: [apiKey] },
      };
    }
    case 'field': {
      const { model, field } = target;
      const modelApiKey = String(model.attributes['api_key']);
      const apiKey = String(field.attributes['api_key']);
      const roles = fieldRoles(t, model, field);
      const detail = [
        model.attributes['modular_block'] === true
          ? t('Its values go from every block of “{0}”.', nameOf(model))
          : t('Its values go from all {0} records of “{1}”.', await recordCount(data, model.id), nameOf(model)),
      ];
      if (roles.length) detail.push(t('“{0}” uses it as {1}; the model loses that setting.', nameOf(model), roles.join(', ')));
      return {
        name: nameOf(field),
        message: t('Delete the field “{0}” ({1}) of “{2}” from environment {3}?', nameOf(field), apiKey, nameOf(model), env),
        detail,
        guard: t('Delete field “{0}” ({1}) of model “{2}”', nameOf(field), apiKey, nameOf(model)),
        send: (signal) => client.fields.destroy(field.id, { signal }),
        deleted: { fields: [`${modelApiKey}::${apiKey}`] },
      };
    }
    case 'fieldset': {
      const { model, fieldset, fieldCount } = target;
      return {
        name: nameOf(fieldset),
        message: t('Delete the fieldset “{0}” of “{1}” from environment {2}?', nameOf(fieldset), nameOf(model), env),
        detail: [t('Its {0} fields stay, no longer grouped.', fieldCount)],
        guard: t('Delete fieldset “{0}” of model “{1}”', nameOf(fieldset), nameOf(model)),
        send: (signal) => client.fieldsets.destroy(fieldset.id, { signal }),
        deleted: { fieldsets: [fieldset.id] },
      };
    }
    case 'webhook': {
      const { webhook } = target;
      return {
        name: nameOf(webhook),
        message: t('Delete the webhook “{0}”?', nameOf(webhook)),
        detail: [
          t(
            'DatoCMS stops calling {0}. Webhooks belong to the project: it goes from every environment.',
            String(webhook.attributes['url'] ?? ''),
          ),
        ],
        send: (signal) => client.webhooks.destroy(webhook.id, { signal }),
        deleted: { webhooks: [webhook.id] },
      };
    }
  }
}
