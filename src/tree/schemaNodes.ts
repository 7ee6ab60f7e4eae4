// The schema branches of the tree as nodes: a project's sections, models and block models, a model's Fields and
// Records, fields grouped by fieldset, webhooks. Each function makes one node's children from what DatoCMS returned
// (no request of its own). No vscode import.
import type { Resource } from '../cma';
import { byName, positionOf, relationshipId, relationshipIds } from '../domain/resources';
import { Field, Fieldset, Model, Webhook } from '../domain/views';
import type { Translate } from '../platform/translate';
import { sectionLabel } from './labels';
import type { MediaQuery, RecordQuery } from '../listing';
import type {
  EmptyNode,
  MediaNode,
  FieldNode,
  FieldsetNode,
  FieldsNode,
  ModelNode,
  ProjectNode,
  RecordsNode,
  SectionNode,
  TreeNode,
  WebhookNode,
} from './nodes';

const place = (parent: TreeNode) => ({ parent, projectKey: parent.projectKey, environment: parent.environment });

/** Models, Block models, Media (with the query the user set on it before, if any), Webhooks, Environments. */
export function sections(t: Translate, project: ProjectNode, mediaQuery: MediaQuery): (SectionNode | MediaNode)[] {
  const section = (kind: SectionNode['kind']): SectionNode => ({
    ...place(project),
    kind,
    id: `${project.id}/${kind}`,
    label: sectionLabel(t, kind),
  });
  const media: MediaNode = { ...place(project), kind: 'media', id: `${project.id}/media`, label: t('Media'), query: mediaQuery };
  return [section('models'), section('blockModels'), media, section('webhooks'), section('environments')];
}

export function emptyNode(parent: TreeNode, label: string): EmptyNode {
  return { ...place(parent), kind: 'empty', id: `${parent.id}/empty`, label };
}

export function modelNodes(t: Translate, section: SectionNode, itemTypes: Resource<'item_type'>[]): TreeNode[] {
  const blocks = section.kind === 'blockModels';
  const nodes = itemTypes
    .filter((itemType) => Model.isBlock(itemType) === blocks)
    .sort(byName)
    .map((itemType): ModelNode => {
      const apiKey = Model.apiKey(itemType);
      return {
        ...place(section),
        kind: 'model',
        id: `${section.id}/m:${itemType.id}`,
        itemType,
        label: Model.name(itemType),
        ref: { project: section.projectKey, environment: section.environment, kind: 'model', apiKey },
      };
    });
  return nodes.length ? nodes : [emptyNode(section, blocks ? t('No block models') : t('No models'))];
}

/** Fields, and Records unless it is a block model (`query`: the Records query the user set before, if any). */
export function modelChildren(t: Translate, model: ModelNode, fields: Resource<'field'>[], query: RecordQuery): TreeNode[] {
  const fieldsNode: FieldsNode = {
    ...place(model),
    kind: 'fields',
    id: `${model.id}/fields`,
    model,
    label: t('Fields'),
    count: fields.length,
  };
  if (Model.isBlock(model.itemType)) return [fieldsNode];
  const records: RecordsNode = { ...place(model), kind: 'records', id: `${model.id}/records`, model, label: t('Records'), query };
  return [fieldsNode, records];
}

/** The fields of a model, those of a fieldset under it, in the order the model shows them. */
export function fieldsChildren(
  t: Translate,
  node: FieldsNode,
  fields: Resource<'field'>[],
  fieldsets: Resource<'fieldset'>[] | undefined,
): TreeNode[] {
  const model = node.model;
  const modelApiKey = Model.apiKey(model.itemType);
  if (!fieldsets?.length && !fields.some((f) => relationshipId(f, 'fieldset')))
    return fields.length ? fieldNodes(node, model, fields) : [emptyNode(node, t('No fields'))];
  const sets = fieldsets ?? [];
  const inSet = new Set(sets.map((s) => s.id));
  const top: { position: number; node: TreeNode }[] = [];
  for (const fieldset of sets) {
    const members = fields.filter((f) => relationshipId(f, 'fieldset') === fieldset.id);
    const fieldsetNode: FieldsetNode = {
      ...place(node),
      kind: 'fieldset',
      id: `${node.id}/fs:${fieldset.id}`,
      model,
      fieldset,
      fields: members,
      label: Fieldset.givenTitle(fieldset) ?? fieldset.id,
      ref: { project: node.projectKey, environment: node.environment, kind: 'fieldset', modelApiKey, id: fieldset.id },
    };
    top.push({ position: positionOf(fieldset), node: fieldsetNode });
  }
  const loose = fields.filter((field) => {
    const fieldset = relationshipId(field, 'fieldset');
    return !fieldset || !inSet.has(fieldset);
  });
  for (const field of fieldNodes(node, model, loose)) top.push({ position: positionOf(field.field), node: field });
  return top.sort((a, b) => a.position - b.position).map((entry) => entry.node);
}

/** Whether a model groups its fields in fieldsets (then the fieldsets are read too). */
export function hasFieldsets(model: ModelNode, fields: Resource<'field'>[]): boolean {
  return relationshipIds(model.itemType, 'fieldsets').length > 0 || fields.some((f) => relationshipId(f, 'fieldset'));
}

/** Field nodes of one group, by position; the first and the last of the group are marked (Move Up / Down follow). */
export function fieldNodes(parent: TreeNode, model: ModelNode, fields: Resource<'field'>[]): FieldNode[] {
  const sorted = [...fields].sort((a, b) => positionOf(a) - positionOf(b));
  const modelApiKey = Model.apiKey(model.itemType);
  return sorted.map((field, index) => {
    const apiKey = Field.apiKey(field);
    return {
      ...place(parent),
      kind: 'field',
      id: `${model.id}/f:${field.id}`,
      model,
      field,
      label: Field.label(field),
      first: index === 0,
      last: index === sorted.length - 1,
      ref: { project: model.projectKey, environment: model.environment, kind: 'field', modelApiKey, apiKey },
    };
  });
}

export function webhookNodes(t: Translate, section: SectionNode, webhooks: Resource<'webhook'>[]): TreeNode[] {
  const nodes = [...webhooks].sort(byName).map((webhook): WebhookNode => ({
    ...place(section),
    kind: 'webhook',
    id: `${section.id}/w:${webhook.id}`,
    webhook,
    label: Webhook.name(webhook),
    ref: { project: section.projectKey, environment: section.environment, kind: 'webhook', id: webhook.id },
  }));
  return nodes.length ? nodes : [emptyNode(section, t('No webhooks'))];
}
