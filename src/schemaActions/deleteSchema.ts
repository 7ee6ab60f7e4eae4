// Delete a model, block model, field, fieldset or webhook: a confirmation that states the impact (records,
// values, models whose fields reference it, the roles a field plays, the workspace's queries it would break) that in the
// primary environment also carries the guard's warning (one question), then the delete; open documents of what was
// deleted are closed or marked deleted.
import { codeImpact, type QueriesBrokenBy, type SchemaCodeChange } from '../domain/codeImpact';
import { Field, Fieldset, Model, Webhook } from '../domain/views';
import { ApiError } from '../cma';
import type { Resource } from '../cma';
import { someNames, type LifecycleDeps, type Place } from '../projects/actions';
import { fieldRoles, fieldsReferencing, recordCount } from './schemaImpact';

export type SchemaTarget = Place &
  (
    | { kind: 'model'; model: Resource<'item_type'> }
    | { kind: 'field'; model: Resource<'item_type'>; field: Resource<'field'> }
    | { kind: 'fieldset'; model: Resource<'item_type'>; fieldset: Resource<'fieldset'>; fieldCount: number }
    | { kind: 'webhook'; webhook: Resource<'webhook'> }
  );

export type { QueriesBrokenBy } from '../domain/codeImpact';

interface Plan {
  /** for the progress notification */
  name: string;
  message: string;
  detail: string[];
  /** the one notification once deleted */
  done: string;
  /** what the primary environment's guard names; undefined for webhooks (not schema) */
  guard?: string;
  send(signal: AbortSignal): Promise<unknown>;
  deleted: Omit<Parameters<LifecycleDeps['documentsDeleted']>[0], 'project' | 'environment'>;
}

/** Returns true when deleted; false when the user declined (nothing was sent). */
export async function deleteSchemaItem(deps: LifecycleDeps, target: SchemaTarget, queriesBrokenBy?: QueriesBrokenBy): Promise<boolean> {
  const { ui, t } = deps;
  const [plan, code] = await Promise.all([planDelete(deps, target), codeImpactOf(t, target, queriesBrokenBy)]);
  if (code) plan.detail.push(code);
  // one question: in the primary environment the guard's warning is part of it, never a second dialog
  const warning =
    plan.guard && (await deps.primaryWarning?.({ project: target.project, environment: target.environment, action: plan.guard }));
  const remove = t('Delete');
  const answer = await ui.confirm({
    message: plan.message,
    detail: [...(warning ? [warning] : []), ...plan.detail, t('This cannot be undone.')].join('\n'),
    actions: [remove],
    safe: t('Keep It'),
  });
  if (answer !== remove) return false;
  try {
    await ui.withProgress({ title: t('Deleting “{0}”…', plan.name), cancellable: true }, (_report, signal) => plan.send(signal));
  } catch (error) {
    if (error instanceof ApiError) throw new Error(t('DatoCMS refused: {0}', error.message));
    throw error;
  }
  await deps.documentsDeleted({ project: target.project, environment: target.environment, ...plan.deleted });
  void ui.info(plan.done);
  return true;
}

/** What deleting the target says and sends: one plan per schema kind. */
async function planDelete(deps: LifecycleDeps, target: SchemaTarget): Promise<Plan> {
  const data = await deps.data(target.project, target.environment);
  return (PLANS[target.kind] as Planner<SchemaTarget>)(deps.t, data, target);
}

type Planner<T extends SchemaTarget> = (t: Translate, data: Data, target: T) => Plan | Promise<Plan>;

/** Each schema kind's plan. */
const PLANS: { [K in SchemaTarget['kind']]: Planner<Extract<SchemaTarget, { kind: K }>> } = {
  model: (t, data, target) => planModelDelete(t, data, target.model, target.environment),
  field: (t, data, target) => planFieldDelete(t, data, target.model, target.field, target.environment),
  fieldset: planFieldsetDelete,
  webhook: (t, data, target) => planWebhookDelete(t, data, target.webhook),
};

type Data = Awaited<ReturnType<LifecycleDeps['data']>>;
type Translate = LifecycleDeps['t'];

async function planModelDelete(t: Translate, data: Data, model: Resource<'item_type'>, env: string): Promise<Plan> {
  const apiKey = Model.apiKey(model);
  const block = Model.isBlock(model);
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
    name: Model.name(model),
    message: block
      ? t('Delete the block model “{0}” ({1}) from environment {2}?', Model.name(model), apiKey, env)
      : t('Delete the model “{0}” ({1}) from environment {2}?', Model.name(model), apiKey, env),
    detail,
    done: block
      ? t('Deleted the block model “{0}” ({1}) from environment {2}.', Model.name(model), apiKey, env)
      : t('Deleted the model “{0}” ({1}) from environment {2}.', Model.name(model), apiKey, env),
    guard: block
      ? t('Delete block model “{0}” ({1})', Model.name(model), apiKey)
      : t('Delete model “{0}” ({1})', Model.name(model), apiKey),
    send: (signal) => data.client.itemTypes.destroy(model.id, { signal }),
    deleted: { models: [apiKey] },
  };
}

async function planFieldDelete(
  t: Translate,
  data: Data,
  model: Resource<'item_type'>,
  field: Resource<'field'>,
  env: string,
): Promise<Plan> {
  const apiKey = Field.apiKey(field);
  const roles = fieldRoles(t, model, field);
  const detail = [
    Model.isBlock(model)
      ? t('Its values go from every block of “{0}”.', Model.name(model))
      : t('Its values go from all {0} records of “{1}”.', await recordCount(data, model.id), Model.name(model)),
  ];
  if (roles.length) detail.push(t('“{0}” uses it as {1}; the model loses that setting.', Model.name(model), roles.join(', ')));
  return {
    name: Field.label(field),
    message: t('Delete the field “{0}” ({1}) of “{2}” from environment {3}?', Field.label(field), apiKey, Model.name(model), env),
    detail,
    done: t('Deleted the field “{0}” ({1}) of “{2}” from environment {3}.', Field.label(field), apiKey, Model.name(model), env),
    guard: t('Delete field “{0}” ({1}) of model “{2}”', Field.label(field), apiKey, Model.name(model)),
    send: (signal) => data.client.fields.destroy(field.id, { signal }),
    deleted: { fields: [`${Model.apiKey(model)}::${apiKey}`] },
  };
}

function planFieldsetDelete(t: Translate, data: Data, target: Extract<SchemaTarget, { kind: 'fieldset' }>): Plan {
  const { model, fieldset, fieldCount, environment: env } = target;
  const title = Fieldset.title(fieldset) || fieldset.id;
  return {
    name: title,
    message: t('Delete the fieldset “{0}” of “{1}” from environment {2}?', title, Model.name(model), env),
    detail: [t('Its {0} fields stay, no longer grouped.', fieldCount)],
    done: t('Deleted the fieldset “{0}” of “{1}” from environment {2}.', title, Model.name(model), env),
    guard: t('Delete fieldset “{0}” of model “{1}”', title, Model.name(model)),
    send: (signal) => data.client.fieldsets.destroy(fieldset.id, { signal }),
    deleted: { fieldsets: [fieldset.id] },
  };
}

function planWebhookDelete(t: Translate, data: Data, webhook: Resource<'webhook'>): Plan {
  return {
    name: Webhook.name(webhook),
    message: t('Delete the webhook “{0}”?', Webhook.name(webhook)),
    detail: [t('DatoCMS stops calling {0}. Webhooks belong to the project: it goes from every environment.', Webhook.url(webhook))],
    done: t('Deleted the webhook “{0}”.', Webhook.name(webhook)),
    send: (signal) => data.client.webhooks.destroy(webhook.id, { signal }),
    deleted: { webhooks: [webhook.id] },
  };
}

/** The workspace's queries the delete would break, in words; undefined when none (or nothing reads GraphQL). */
function codeImpactOf(
  t: LifecycleDeps['t'],
  target: SchemaTarget,
  queriesBrokenBy: QueriesBrokenBy | undefined,
): Promise<string | undefined> {
  if (target.kind !== 'model' && target.kind !== 'field') return Promise.resolve(undefined);
  const place = { project: target.project, environment: target.environment };
  const modelApiKey = Model.apiKey(target.model);
  const change: SchemaCodeChange =
    target.kind === 'model'
      ? { ...place, kind: 'model', modelApiKey }
      : { ...place, kind: 'field', modelApiKey, fieldApiKey: Field.apiKey(target.field) };
  return codeImpact(t, [change], queriesBrokenBy);
}
