// What deleting a model, block model or field takes with it, in words for the confirmation. No vscode import.
import { Field, Model } from '../domain/views';
import type { Resource } from '../cma';
import type { ProjectData } from '../projects/projectData';
import type { Translate } from '../platform/translate';

/** Validators whose `item_types` name the models a field links to or embeds as blocks. */
const REFERENCING_VALIDATORS = [
  'item_item_type',
  'items_item_type',
  'structured_text_links',
  'rich_text_blocks',
  'single_block_blocks',
  'structured_text_blocks',
  'structured_text_inline_blocks',
];

/** Model links that may name one of the model's fields, with what that makes the field. */
const FIELD_ROLES = (t: Translate): [link: string, role: string][] => [
  ['title_field', t('its title field')],
  ['ordering_field', t('its ordering field')],
  ['image_preview_field', t('its image preview field')],
  ['excerpt_field', t('its excerpt field')],
  ['presentation_title_field', t('its presentation title field')],
  ['presentation_image_field', t('its presentation image field')],
];

/** Fields of other models that link to or embed `modelId`, as `Model › Field`. */
export async function fieldsReferencing(data: ProjectData, modelId: string): Promise<string[]> {
  const found: string[] = [];
  for (const itemType of await data.itemTypes()) {
    if (itemType.id === modelId) continue;
    for (const field of await data.fields(itemType.id)) {
      const validators = Field.validators(field);
      const names = REFERENCING_VALIDATORS.some((v) => {
        const rule = validators[v];
        const types = rule && typeof rule === 'object' ? (rule as Record<string, unknown>)['item_types'] : undefined;
        return Array.isArray(types) && types.includes(modelId);
      });
      if (names) found.push(`${Model.name(itemType)} › ${Field.label(field)}`);
    }
  }
  return found;
}

/** How many records a model has (one request for one record; the count comes with it). */
export async function recordCount(data: ProjectData, modelId: string): Promise<number> {
  return (await data.client.items.list({ filter: { type: modelId }, page: { limit: 1 } })).totalCount;
}

/** The roles (title field, ordering field…) a field plays for its model. */
export function fieldRoles(t: Translate, model: Resource<'item_type'>, field: Resource<'field'>): string[] {
  return FIELD_ROLES(t)
    .filter(([link]) => {
      const data = model.relationships[link]?.data;
      return data && !Array.isArray(data) && data.id === field.id;
    })
    .map(([, role]) => role);
}
