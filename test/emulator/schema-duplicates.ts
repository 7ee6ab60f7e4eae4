// Duplicating a field: POST /fields/:id/duplicate (a job, no body, no parameter). The copy is a new field of the
// same model, checked and added like a create: same type, validators, appearance, hint, default value and
// fieldset, at the end of the model. The API's documentation does not say how the copy is named nor whether
// records keep their values in it; we name it `<label> (copy #n)` / `<api_key>_copy[n]`, as a model's
// duplicate is named, and records get it empty, as they get a new field.
import { httpError } from './errors.js';
import type { Document } from './envelope.js';
import { checkQueryParams, NO_PARAMS } from './params.js';
import { itemTypeResource, wire } from './resources.js';
import { planFieldCreate, type RouteContext, type RouteReply } from './schema-creates.js';
import { relId, type EmulatorStore, type EnvironmentData } from './store.js';

const COPIED = ['field_type', 'localized', 'validators', 'appearance', 'hint', 'default_value', 'deep_filtering_enabled'] as const;

/** The duplicate route; undefined when the request is not one. */
export function routeSchemaDuplicates(ctx: RouteContext): RouteReply | undefined {
  const [head, id, sub] = ctx.segments;
  if (ctx.method !== 'POST' || head !== 'fields' || ctx.segments.length !== 3 || !id || sub !== 'duplicate') return undefined;
  checkQueryParams(ctx.query, NO_PARAMS);
  return ctx.startJob(planFieldDuplicate(ctx.store, ctx.env(), id));
}

function planFieldDuplicate(store: EmulatorStore, env: EnvironmentData, key: string): () => Document {
  const field = store.field(env, key);
  if (!field) throw httpError(404, 'NOT_FOUND', { entity: 'field', id: key });
  const itemTypeId = relId(field, 'item_type') ?? '';
  const taken = new Set(store.fieldsOf(env, itemTypeId).map((f) => String(f.attributes.api_key)));
  const apiKey = String(field.attributes.api_key);
  let n = 1;
  while (taken.has(n === 1 ? `${apiKey}_copy` : `${apiKey}_copy${n}`)) n++;
  const attributes: Record<string, unknown> = {
    label: `${String(field.attributes.label)} (copy #${n})`,
    api_key: n === 1 ? `${apiKey}_copy` : `${apiKey}_copy${n}`,
  };
  for (const name of COPIED) if (name in field.attributes) attributes[name] = structuredClone(field.attributes[name]);
  const fieldset = relId(field, 'fieldset');
  const body = {
    data: {
      type: 'field',
      attributes,
      ...(fieldset ? { relationships: { fieldset: { data: { type: 'fieldset', id: fieldset } } } } : {}),
    },
  };
  const commit = planFieldCreate(store, env, itemTypeId, body);
  return () => {
    const created = commit();
    const model = env.itemTypes.get(itemTypeId);
    return model ? { ...created, included: [wire(itemTypeResource(store, env, model))] } : created;
  };
}
