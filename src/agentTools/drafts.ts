// The new document a proposal (or a check) is about: a record of a model, a model or block model, a field of a type,
// a fieldset, a webhook — the same drafts New Record…, New Model… and the others open, created only by the user's
// first save. No vscode import.
import type { Resource } from '../cma';
import {
  newDraftRef,
  newFieldDraftRef,
  newFieldsetDraftRef,
  newModelDraftRef,
  newWebhookDraftRef,
  type DocumentRef,
} from '../domain/paths';
import { Model } from '../domain/views';
import type { ProjectData } from '../projects/projectData';
import { FIELD_TYPES, isFieldType } from '../schema';
import type { Translate } from '../platform/translate';
import { API_KEY, ID, type InputReader } from './inputs';
import { quoted, ToolRefusal } from './output';
import type { Place } from './place';
import { notFound } from './targets';

export const NEW_KINDS = ['record', 'model', 'block_model', 'field', 'fieldset', 'webhook'] as const;

/** The draft `input` describes (kind, model, fieldType, parentId), checked against the environment's schema. */
export async function draftRef(input: InputReader, place: Place, data: ProjectData, t: Translate): Promise<DocumentRef> {
  const kind = input.required('kind', input.oneOf('kind', NEW_KINDS), t('what to create: {0}', NEW_KINDS.join(', ')));
  const modelKey = input.id('model', API_KEY, t("a model's api_key"));
  const fieldType = input.string('fieldType', 40);
  const parentId = input.id('parentId', ID, t('a record id'));
  const where = { project: place.project, environment: place.environment };
  if (parentId !== undefined && kind !== 'record') throw new ToolRefusal(t('parentId is only for a new record of a tree model.'));
  if (fieldType !== undefined && kind !== 'field') throw new ToolRefusal(t('fieldType is only for a new field.'));
  try {
    switch (kind) {
      case 'model':
      case 'block_model':
      case 'webhook':
        if (modelKey !== undefined) throw new ToolRefusal(t('A new {0} belongs to no model: leave model out.', kind.replace('_', ' ')));
        return kind === 'webhook' ? newWebhookDraftRef(where) : newModelDraftRef(where, kind === 'block_model');
      case 'field': {
        const model = await data.itemType(
          input.required('model', modelKey, t('the api_key of the model (or block model) to add the field to')),
        );
        if (!isFieldType(fieldType))
          throw new ToolRefusal(t('fieldType must be one of {0}; it was {1}.', FIELD_TYPES.join(', '), quoted(fieldType)));
        return newFieldDraftRef(where, Model.apiKey(model), fieldType);
      }
      case 'fieldset': {
        const model = await data.itemType(input.required('model', modelKey, t('the api_key of the model to add the fieldset to')));
        return newFieldsetDraftRef(where, Model.apiKey(model));
      }
      case 'record': {
        const model = await data.itemType(input.required('model', modelKey, t('the api_key of the model of the new record')));
        return newDraftRef(where, Model.apiKey(model), await checkedParent(model, parentId, data, t), t('New record'));
      }
    }
  } catch (error) {
    throw notFound(error, place, t);
  }
}

async function checkedParent(
  model: Resource<'item_type'>,
  parentId: string | undefined,
  data: ProjectData,
  t: Translate,
): Promise<string | null> {
  const apiKey = Model.apiKey(model);
  if (Model.isBlock(model))
    throw new ToolRefusal(t('{0} is a block model: a block is added inside a record, by proposing an edit of that record.', apiKey));
  // the model as DatoCMS has it now: its single record may have been created since the schema was read
  data.invalidate();
  const current = await data.itemType(model.id);
  const single = Model.singletonRecordId(current);
  if (Model.isSingleton(current) && single)
    throw new ToolRefusal(
      t('{0} is a single-instance model and already has its record ({1}): propose an edit of that record instead.', apiKey, single),
    );
  if (parentId === undefined) return null;
  if (!Model.isTree(current)) throw new ToolRefusal(t('{0} does not organise its records as a tree: leave parentId out.', apiKey));
  const parent = await data.client.items.find(parentId);
  if (parent.relationships['item_type']?.data && (parent.relationships['item_type'].data as { id: string }).id !== current.id)
    throw new ToolRefusal(t('The parent {0} is not a record of {1}.', parentId, apiKey));
  return parentId;
}
