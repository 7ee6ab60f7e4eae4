// Delete a model, block model, field, fieldset or webhook, and move fields (Move Up / Move Down, drag and drop within
// a model and fieldset): what the command acts on (a tree item, else the focused document), the action, and the
// tree refreshed around it.
import { Field, Model } from '../domain/views';
import { openDocument } from '../platform/uris';
import { modelTargetOfNode, type PickerDeps } from '../projects/pickers';
import vscode = require('vscode');
import type { Resource } from '../cma';
import { relationshipId } from '../domain/resources';
import { type DocumentRef } from '../domain/paths';
import type { Translate } from '../platform/translate';
import { actionDeps } from '../projects/actionHost';
import { FIELD_MIME } from '../tree/provider';
import { sectionAbove, subjectOf, type Subject } from '../tree/commands';
import { type FieldNode, type TreeNode } from '../tree/nodes';
import { deleteSchemaItem, type SchemaTarget } from './deleteSchema';
import { modelOfNode, newFieldRef } from './newField';
import { newFieldsetRef, newModelRef, newWebhookRef } from './newSchema';
import { moveField as move, moveFieldOnto } from './reorderFields';
import type { Services } from '../services';

/** What a delete command names in its title (Delete Model…, Delete Block Model…, Delete Field…): the one thing it deletes. */
type DeletedKind = SchemaTarget['kind'] | 'blockModel';

const kindOf = (target: SchemaTarget): DeletedKind => (target.kind === 'model' && Model.isBlock(target.model) ? 'blockModel' : target.kind);

export const deleteModel = (deps: Services, arg?: unknown) => remove(deps, arg, 'model');
export const deleteBlockModel = (deps: Services, arg?: unknown) => remove(deps, arg, 'blockModel');
export const deleteField = (deps: Services, arg?: unknown) => remove(deps, arg, 'field');
export const deleteFieldset = (deps: Services, arg?: unknown) => remove(deps, arg, 'fieldset');
export const deleteWebhook = (deps: Services, arg?: unknown) => remove(deps, arg, 'webhook');

/** Deletes the tree item (else the focused document) when it is the kind the command names; asks first. */
async function remove(deps: Services, arg: unknown, kind: DeletedKind): Promise<void> {
  const subject = await subjectOf(deps, arg);
  const target = subject && (await schemaTarget(deps, subject));
  if (!target) return;
  // a block model is a model: Delete Model… on one deletes it too
  if (kindOf(target) !== kind && !(kind === 'model' && target.kind === 'model')) {
    void deps.ui.info(NOT_THAT_KIND[kind](deps.t));
    return;
  }
  if (!(await deleteSchemaItem(actionDeps(deps), target, deps.queriesBrokenBy))) return;
  deps.schemaChanged(target);
  (await deps.registry.data(target.project, target.environment)).invalidate();
  const section = sectionAbove(subject.node);
  if (section) await deps.tree.refresh(section);
  else if (subject.ref) await deps.tree.documentChanged(subject.ref);
  else await deps.tree.refresh();
}

export async function moveField(deps: Services, arg: unknown, direction: 'up' | 'down'): Promise<void> {
  const subject = await subjectOf(deps, arg);
  const target = subject && (await schemaTarget(deps, subject));
  if (target?.kind !== 'field') {
    if (target) void deps.ui.info(deps.t('Move Up and Move Down act on a field.'));
    return;
  }
  if (!(await move(actionDeps(deps), target, direction))) return;
  deps.schemaChanged(target);
  await deps.tree.refresh(sectionAbove(subject?.node));
}

/** Only a single field can be dragged. */
export function dragFields(nodes: readonly TreeNode[], transfer: vscode.DataTransfer): void {
  if (nodes.length === 1 && nodes[0]!.kind === 'field') transfer.set(FIELD_MIME, new vscode.DataTransferItem(nodes[0]));
}

/** A field dragged in the tree and dropped on another field of the same model and fieldset. */
export async function dropField(deps: Services, transfer: vscode.DataTransfer, onto: TreeNode | undefined): Promise<void> {
  const field = transfer.get(FIELD_MIME)?.value as FieldNode | undefined;
  if (field?.kind !== 'field') return;
  if (
    onto?.kind !== 'field' ||
    onto.projectKey !== field.projectKey ||
    onto.environment !== field.environment ||
    onto.model.itemType.id !== field.model.itemType.id
  ) {
    void deps.ui.info(deps.t('Fields can be moved only within their own model and fieldset.'));
    return;
  }
  const at = { project: field.projectKey, environment: field.environment, model: field.model.itemType, field: field.field };
  try {
    if (!(await moveFieldOnto(actionDeps(deps), at, onto.field))) return;
    deps.schemaChanged(at);
    await deps.tree.refresh(sectionAbove(field));
  } catch (error) {
    deps.report(deps.t('Could not move the field'), error, { project: field.projectKey });
  }
}

type Place = { project: string; environment: string };
type SchemaRef = Extract<DocumentRef, { kind: SchemaTarget['kind'] }>;

/** The schema target of each tree node that is one. */
const TARGET_OF_NODE: { [K in TreeNode['kind']]?: (node: Extract<TreeNode, { kind: K }>, at: Place) => SchemaTarget } = {
  model: (node, at) => ({ ...at, kind: 'model', model: node.itemType }),
  field: (node, at) => ({ ...at, kind: 'field', model: node.model.itemType, field: node.field }),
  fieldset: (node, at) => ({
    ...at,
    kind: 'fieldset',
    model: node.model.itemType,
    fieldset: node.fieldset,
    fieldCount: node.fields.length,
  }),
  webhook: (node, at) => ({ ...at, kind: 'webhook', webhook: node.webhook }),
};

/** The schema target of each kind of document that is one, read from the project. */
const TARGET_OF_REF: {
  [K in SchemaTarget['kind']]: (deps: Services, ref: Extract<DocumentRef, { kind: K }>, at: Place) => Promise<SchemaTarget>;
} = {
  model: async (deps, ref, at) => ({ ...at, kind: 'model', model: await (await data(deps, ref)).itemType(ref.apiKey) }),
  async field(deps, ref, at) {
    const model = await (await data(deps, ref)).itemType(ref.modelApiKey);
    return { ...at, kind: 'field', model, field: await fieldOf(deps, ref, model) };
  },
  async fieldset(deps, ref, at) {
    const project = await data(deps, ref);
    const model = await project.itemType(ref.modelApiKey);
    const [fieldset, fields] = await Promise.all([project.client.fieldsets.find(ref.id), project.fields(model.id)]);
    const fieldCount = fields.filter((f) => relationshipId(f, 'fieldset') === fieldset.id).length;
    return { ...at, kind: 'fieldset', model, fieldset, fieldCount };
  },
  webhook: async (deps, ref, at) => ({ ...at, kind: 'webhook', webhook: await (await data(deps, ref)).client.webhooks.find(ref.id) }),
};

const data = (deps: Services, ref: DocumentRef) => deps.registry.data(ref.project, ref.environment);
const isSchemaRef = (ref: DocumentRef): ref is SchemaRef => ref.kind in TARGET_OF_REF;

async function schemaTarget(deps: Services, subject: Subject): Promise<SchemaTarget | undefined> {
  const { node, ref } = subject;
  const ofNode = node && (TARGET_OF_NODE[node.kind] as ((node: TreeNode, at: Place) => SchemaTarget) | undefined);
  if (node && ofNode) return ofNode(node, { project: node.projectKey, environment: node.environment });
  if (!ref || !isSchemaRef(ref)) {
    void deps.ui.info(
      deps.t(
        'This deletes a model, block model, field, fieldset or webhook: run it on one in the DatoCMS view, or with its document open.',
      ),
    );
    return undefined;
  }
  const ofRef = TARGET_OF_REF[ref.kind] as (deps: Services, ref: SchemaRef, at: Place) => Promise<SchemaTarget>;
  return ofRef(deps, ref, { project: ref.project, environment: ref.environment });
}

async function fieldOf(
  deps: Services,
  ref: Extract<DocumentRef, { kind: 'field' }>,
  model: Resource<'item_type'>,
): Promise<Resource<'field'>> {
  const data = await deps.registry.data(ref.project, ref.environment);
  const field = (await data.fields(model.id)).find((f) => Field.apiKey(f) === ref.apiKey);
  if (!field) throw new Error(deps.t('The field {0} of {1} no longer exists.', ref.apiKey, ref.modelApiKey));
  return field;
}

const opened = async (ref: Promise<DocumentRef | undefined>) => {
  const resolved = await ref;
  if (resolved) await openDocument(resolved);
};

/** "New Model…", "New Block Model…", "New Fieldset…", "New Webhook…": open the draft (created by its first save). */
export const newModel = (deps: PickerDeps, node?: unknown) => opened(newModelRef(deps, node, false));
export const newBlockModel = (deps: PickerDeps, node?: unknown) => opened(newModelRef(deps, node, true));
export const newFieldset = (deps: PickerDeps, node?: unknown) => opened(newFieldsetRef(deps, modelTargetOfNode(node, 'fields')));
export const newWebhook = (deps: PickerDeps, node?: unknown) => opened(newWebhookRef(deps, node));

/** "New Field…" on a model, block model or Fields item, or from the palette: opens the new field's draft. */
export async function newField(deps: PickerDeps, node?: unknown): Promise<void> {
  const ref = await newFieldRef(deps, modelOfNode(node));
  if (ref) await openDocument(ref);
}

/** Why a delete command did nothing: what it deletes, and where to run it. */
const NOT_THAT_KIND: { [K in DeletedKind]: (t: Translate) => string } = {
  model: (t) => t('Delete Model… deletes a model: run it on a model in the DatoCMS view, or with its document open.'),
  blockModel: (t) =>
    t('Delete Block Model… deletes a block model: run it on a block model in the DatoCMS view, or with its document open.'),
  field: (t) => t('Delete Field… deletes a field: run it on a field in the DatoCMS view, or with its document open.'),
  fieldset: (t) => t('Delete Fieldset… deletes a fieldset: run it on a fieldset in the DatoCMS view, or with its document open.'),
  webhook: (t) => t('Delete Webhook… deletes a webhook: run it on a webhook in the DatoCMS view, or with its document open.'),
};
