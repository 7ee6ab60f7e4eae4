// Which saves are schema changes the primary environment's guard asks about, and how the question names them.
// Records and webhooks are content and configuration, not schema: they are not guarded.
import type { SchemaChange } from '../projects/primaryGuard';
import { basisValue } from '../schema';
import type { Translate } from '../platform/translate';
import { draftsBlockModel, isNewDocumentRef, type DocumentRef } from '../domain/paths';
import { describeRef } from '../domain/kinds';

/** The schema change a save of `text` to `ref` makes (`keys`: the keys it changes), or undefined when not guarded. */
export function schemaChangeOf(ref: DocumentRef, keys: readonly string[], text: string, t: Translate): SchemaChange | undefined {
  if (ref.kind !== 'model' && ref.kind !== 'field' && ref.kind !== 'fieldset') return undefined;
  const where = { project: ref.project, environment: ref.environment };
  if (!isNewDocumentRef(ref)) return { ...where, action: t('Update the {0} ({1})', describeRef(ref), keys.join(', ')) };
  if (ref.kind === 'field') return { ...where, action: t('Create a field in model {0}', ref.modelApiKey) };
  if (ref.kind === 'fieldset') return { ...where, action: t('Create a fieldset in model {0}', ref.modelApiKey) };
  const doc = basisValue(text);
  const name = typeof doc?.['name'] === 'string' ? doc['name'] : '';
  const apiKey = typeof doc?.['api_key'] === 'string' ? doc['api_key'] : '';
  return {
    ...where,
    action: draftsBlockModel(ref) ? t('Create the block model "{0}" ({1})', name, apiKey) : t('Create the model "{0}" ({1})', name, apiKey),
  };
}
