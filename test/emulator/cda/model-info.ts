// What the schema generator and the resolvers need to know about an environment's models and fields,
// read once per schema build from the CMA-side store.
import type { Resource } from '../../../src/cma/types.js';
import { relId, type EmulatorStore, type EnvironmentData } from '../store.js';
import { workflowsOf } from '../workflows.js';
import { camelCase, modelNames, pascalCase, type ModelNames } from './naming.js';

export interface FieldInfo {
  id: string;
  apiKey: string;
  /** the GraphQL field name (`seo_settings` → `seoSettings`) */
  name: string;
  pascal: string;
  fieldType: string;
  localized: boolean;
  validators: Record<string, Record<string, unknown>>;
  editor: string;
  deepFiltering: boolean;
  /** link, links and structured text links: the models it may point at */
  targets: string[];
  /** rich_text, single_block, structured_text: the block models it takes */
  blocks: string[];
  /** structured_text: the block models it takes inline */
  inlineBlocks: string[];
}

export interface ModelInfo {
  id: string;
  apiKey: string;
  name: string;
  block: boolean;
  singleton: boolean;
  sortable: boolean;
  tree: boolean;
  allLocalesRequired: boolean;
  /** with the draft/published system; without it every save is published at once */
  draftMode: boolean;
  inverse: boolean;
  /** the stage ids of its workflow, in the workflow's order; null without one */
  stages: string[] | null;
  /** its workflow's api_key (the stage enum is named after the workflow, not the model); null without one */
  workflow: string | null;
  names: ModelNames;
  /** by position */
  fields: FieldInfo[];
}

function ids(validator: Record<string, unknown> | undefined): string[] {
  const list = validator?.item_types;
  return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
}

export function fieldInfo(field: Resource<'field'>): FieldInfo {
  const a = field.attributes;
  const validators = (a.validators ?? {}) as Record<string, Record<string, unknown>>;
  const apiKey = String(a.api_key);
  const appearance = (a.appearance ?? {}) as { editor?: unknown };
  return {
    id: field.id,
    apiKey,
    name: camelCase(apiKey),
    pascal: pascalCase(apiKey),
    fieldType: String(a.field_type),
    localized: a.localized === true,
    validators,
    editor: typeof appearance.editor === 'string' ? appearance.editor : '',
    deepFiltering: a.deep_filtering_enabled === true,
    targets: [...ids(validators.item_item_type), ...ids(validators.items_item_type), ...ids(validators.structured_text_links)],
    blocks: [...ids(validators.rich_text_blocks), ...ids(validators.single_block_blocks), ...ids(validators.structured_text_blocks)],
    inlineBlocks: ids(validators.structured_text_inline_blocks),
  };
}

/** Every model and block model of the environment, in creation order. */
export function modelInfos(store: EmulatorStore, env: EnvironmentData): Map<string, ModelInfo> {
  const workflows = workflowsOf(store);
  const out = new Map<string, ModelInfo>();
  for (const itemType of env.itemTypes.values()) {
    const a = itemType.attributes;
    const workflowId = relId(itemType, 'workflow');
    const workflow = workflowId ? workflows.get(workflowId) : undefined;
    const apiKey = String(a.api_key);
    out.set(itemType.id, {
      id: itemType.id,
      apiKey,
      name: String(a.name),
      block: a.modular_block === true,
      singleton: a.singleton === true,
      sortable: a.sortable === true,
      tree: a.tree === true,
      allLocalesRequired: a.all_locales_required === true,
      draftMode: a.draft_mode_active === true,
      inverse: a.inverse_relationships_enabled === true,
      stages: workflow ? workflow.attributes.stages.map((s) => s.id) : null,
      workflow: workflow ? workflow.attributes.api_key : null,
      names: modelNames(apiKey),
      fields: store.fieldsOf(env, itemType.id).map(fieldInfo),
    });
  }
  return out;
}

/** Whether the model gets a type: models without fields are left out of the schema. */
export function inSchema(model: ModelInfo | undefined): model is ModelInfo {
  return model !== undefined && model.fields.length > 0;
}
