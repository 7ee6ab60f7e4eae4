// Delete a model, block model, field, fieldset or webhook: a confirmation that states the impact (records,
// values, models whose fields reference it, the roles a field plays, the workspace's queries it would break), the
// primary environment's guard for schema, then the delete; open documents of what was deleted are closed or
// marked deleted.
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

/** A model or field about to go, as the code reading the delivery API sees it. */
export type SchemaCodeChange = { project: string; environment: string } & (
  { kind: 'model'; modelApiKey: string } | { kind: 'field'; modelApiKey: string; fieldApiKey: string }
);

/** A query (or fragment) of the workspace that would no longer validate. */
export interface BrokenQuery {
  /** `query Feed`, `fragment Card on ArticleRecord` */
  name: string;
  /** relative to its workspace folder */
  file: string;
  /** 1-based */
  line: number;
}

/** The workspace's queries a change would break (none when no folder reads that environment). */
export type QueriesBrokenBy = (change: SchemaCodeChange) => Promise<BrokenQuery[]>;

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
export async function deleteSchemaItem(deps: LifecycleDeps, target: SchemaTarget, queriesBrokenBy?: QueriesBrokenBy): Promise<boolean> {
  const { ui, t } = deps;
  const [plan, code] = await Promise.all([planDelete(deps, target), codeImpact(t, target, queriesBrokenBy)]);
  if (code) plan.detail.push(code);
  const remove = t('Delete');
  const answer = await ui.confirm({
    message: plan.message,
    detail: [...plan.detail, t('This cannot be undone.')].join('\n'),
    actions: [remove],
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
        guard: block
          ? t('Delete block model “{0}” ({1})', Model.name(model), apiKey)
          : t('Delete model “{0}” ({1})', Model.name(model), apiKey),
        send: (signal) => client.itemTypes.destroy(model.id, { signal }),
        deleted: { models: [apiKey] },
      };
    }
    case 'field': {
      const { model, field } = target;
      const modelApiKey = Model.apiKey(model);
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
        guard: t('Delete field “{0}” ({1}) of model “{2}”', Field.label(field), apiKey, Model.name(model)),
        send: (signal) => client.fields.destroy(field.id, { signal }),
        deleted: { fields: [`${modelApiKey}::${apiKey}`] },
      };
    }
    case 'fieldset': {
      const { model, fieldset, fieldCount } = target;
      return {
        name: Fieldset.title(fieldset) || fieldset.id,
        message: t(
          'Delete the fieldset “{0}” of “{1}” from environment {2}?',
          Fieldset.title(fieldset) || fieldset.id,
          Model.name(model),
          env,
        ),
        detail: [t('Its {0} fields stay, no longer grouped.', fieldCount)],
        guard: t('Delete fieldset “{0}” of model “{1}”', Fieldset.title(fieldset) || fieldset.id, Model.name(model)),
        send: (signal) => client.fieldsets.destroy(fieldset.id, { signal }),
        deleted: { fieldsets: [fieldset.id] },
      };
    }
    case 'webhook': {
      const { webhook } = target;
      return {
        name: Webhook.name(webhook),
        message: t('Delete the webhook “{0}”?', Webhook.name(webhook)),
        detail: [t('DatoCMS stops calling {0}. Webhooks belong to the project: it goes from every environment.', Webhook.url(webhook))],
        send: (signal) => client.webhooks.destroy(webhook.id, { signal }),
        deleted: { webhooks: [webhook.id] },
      };
    }
  }
}

/** The workspace's queries the delete would break, in words; undefined when none (or nothing reads GraphQL). */
async function codeImpact(
  t: LifecycleDeps['t'],
  target: SchemaTarget,
  queriesBrokenBy: QueriesBrokenBy | undefined,
): Promise<string | undefined> {
  if (!queriesBrokenBy || (target.kind !== 'model' && target.kind !== 'field')) return undefined;
  const place = { project: target.project, environment: target.environment };
  const modelApiKey = String(target.model.attributes['api_key']);
  const change: SchemaCodeChange =
    target.kind === 'model'
      ? { ...place, kind: 'model', modelApiKey }
      : { ...place, kind: 'field', modelApiKey, fieldApiKey: String(target.field.attributes['api_key']) };
  let broken: BrokenQuery[];
  try {
    broken = await queriesBrokenBy(change);
  } catch (error) {
    return t('The workspace’s queries could not be checked: {0}', error instanceof Error ? error.message : String(error));
  }
  if (broken.length === 0) return undefined;
  broken.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const shown = broken.slice(0, 5).map((b) => `${b.file}:${b.line} (${b.name})`);
  const list = broken.length > 5 ? t('{0} and {1} more', shown.join(', '), broken.length - 5) : shown.join(', ');
  const what = change.kind === 'model' ? change.modelApiKey : `${change.modelApiKey}.${change.fieldApiKey}`;
  return broken.length === 1
    ? t('1 query of this workspace reads {0} and would no longer validate: {1}.', what, list)
    : t('{0} queries of this workspace read {1} and would no longer validate: {2}.', broken.length, what, list);
}
