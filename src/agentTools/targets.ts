// Which document a tool acts on: named by kind and id or api_key (as the agent read them from get_schema and
// find_records), or, when the input names none, the focused `datocms:` document. No vscode import.
import { ApiError } from '../cma';
import type { DocumentRef } from '../domain/paths';
import { titleOf } from '../domain/titles';
import { Field, Model } from '../domain/views';
import { ModelNotFoundError, type ProjectData } from '../projects/projectData';
import type { Translate } from '../platform/translate';
import { API_KEY, ID, type InputReader } from './inputs';
import { quoted, ToolRefusal } from './output';
import type { Place, Where } from './place';

export const DOCUMENT_KINDS = ['record', 'model', 'field', 'fieldset', 'webhook'] as const;
export const TARGET_KEYS = ['kind', 'id', 'apiKey', 'model'] as const;

/** The document the input names, else the focused one (`focused`); refused when neither is there. */
export async function resolveTarget(
  input: InputReader,
  place: Place,
  data: ProjectData,
  focused: DocumentRef | undefined,
  t: Translate,
): Promise<DocumentRef> {
  const kind = input.oneOf('kind', DOCUMENT_KINDS);
  const id = input.id('id', ID, t('an id (letters, digits, _ and -)'));
  const apiKey = input.id('apiKey', API_KEY, t('an api_key (letters, digits and _)'));
  const model = input.id('model', API_KEY, t("a model's api_key (letters, digits and _)"));
  if (kind === undefined) {
    if (id !== undefined || apiKey !== undefined || model !== undefined)
      throw new ToolRefusal(
        t('{0} names a document by kind (record, model, field, fieldset or webhook) with its id or apiKey: pass kind too.', input.tool),
      );
    if (!focused)
      throw new ToolRefusal(
        t(
          'No DatoCMS document is focused in the editor: name the document with kind and id (or apiKey, and model for a field or fieldset).',
        ),
      );
    if (focused.project !== place.project || focused.environment !== place.environment)
      throw new ToolRefusal(
        t(
          'The focused document is in project {0}, environment {1}, not in the one asked: name the document with kind and id or apiKey.',
          focused.project,
          focused.environment,
        ),
      );
    return focused;
  }
  const where: Where = { project: place.project, environment: place.environment };
  try {
    switch (kind) {
      case 'record':
        return await recordRef(where, data, input.required('id', id, t('the id of the record')), model, t);
      case 'model': {
        const key = input.required('apiKey', apiKey ?? id, t("the model's api_key (or its id)"));
        return { ...where, kind: 'model', apiKey: Model.apiKey(await data.itemType(key)) };
      }
      case 'field':
        return await fieldRef(where, data, model, apiKey, id, t, input.tool);
      case 'fieldset':
        return await fieldsetRef(where, data, model, input.required('id', id, t('the id of the fieldset')), t);
      case 'webhook':
        return { ...where, kind: 'webhook', id: input.required('id', id, t('the id of the webhook')) };
    }
  } catch (error) {
    throw notFound(error, place, t);
  }
}

async function recordRef(where: Where, data: ProjectData, id: string, model: string | undefined, t: Translate): Promise<DocumentRef> {
  const record = await data.client.items.find(id);
  const modelId = record.relationships['item_type']?.data;
  const itemType = await data.itemType(modelId && !Array.isArray(modelId) ? modelId.id : '');
  const apiKey = Model.apiKey(itemType);
  if (model !== undefined && model !== apiKey)
    throw new ToolRefusal(t('The record {0} is a record of {1}, not of {2}.', id, apiKey, quoted(model)));
  if (Model.isBlock(itemType))
    throw new ToolRefusal(t('{0} is a block of {1}: blocks are read and edited inside the record that holds them.', id, apiKey));
  // the title names the editor's tab, as when the record opens from the tree
  const title = await titleOf(data, record, itemType).catch(() => id);
  return { ...where, kind: 'record', modelApiKey: apiKey, id, ...(title !== id ? { title } : {}) };
}

async function fieldRef(
  where: Where,
  data: ProjectData,
  model: string | undefined,
  apiKey: string | undefined,
  id: string | undefined,
  t: Translate,
  tool: string,
): Promise<DocumentRef> {
  if (id !== undefined) {
    for (const itemType of await data.itemTypes()) {
      const field = (await data.fields(itemType.id)).find((f) => f.id === id);
      if (field) return { ...where, kind: 'field', modelApiKey: Model.apiKey(itemType), apiKey: Field.apiKey(field) };
    }
    throw new ToolRefusal(t('No field has the id {0} in this environment.', quoted(id)));
  }
  if (model === undefined || apiKey === undefined)
    throw new ToolRefusal(t("{0} names a field by model (the model's api_key) and apiKey (the field's), or by id.", tool));
  const itemType = await data.itemType(model);
  const field = (await data.fields(itemType.id)).find((f) => Field.apiKey(f) === apiKey);
  if (!field)
    throw new ToolRefusal(
      t(
        'The model {0} has no field {1}; its fields are {2}.',
        model,
        quoted(apiKey),
        (await data.fields(itemType.id)).map((f) => Field.apiKey(f)).join(', ') || t('(none)'),
      ),
    );
  return { ...where, kind: 'field', modelApiKey: Model.apiKey(itemType), apiKey };
}

async function fieldsetRef(where: Where, data: ProjectData, model: string | undefined, id: string, t: Translate): Promise<DocumentRef> {
  const models = model !== undefined ? [await data.itemType(model)] : await data.itemTypes();
  for (const itemType of models)
    if ((await data.fieldsets(itemType.id)).some((f) => f.id === id))
      return { ...where, kind: 'fieldset', modelApiKey: Model.apiKey(itemType), id };
  throw new ToolRefusal(t('No fieldset has the id {0} in this environment.', quoted(id)));
}

/** A lookup that found nothing, said in our words. */
export function notFound(error: unknown, place: Pick<Place, 'project' | 'environment'>, t: Translate): unknown {
  if (error instanceof ModelNotFoundError)
    return new ToolRefusal(
      t(
        'No model or block model {0} in environment {1} of {2}: datocms_get_schema lists them.',
        quoted(error.idOrApiKey),
        place.environment,
        place.project,
      ),
    );
  if (error instanceof ApiError && error.status === 404)
    return new ToolRefusal(
      error.environmentMissing
        ? t('The environment {0} does not exist in the project {1}.', quoted(place.environment), place.project)
        : t('DatoCMS has no such resource in environment {0} of {1} ({2}).', place.environment, place.project, error.message),
    );
  return error;
}
