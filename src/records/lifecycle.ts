// The record and schema actions as commands (bundled as dist/lifecycle.js, loaded when one first runs):
// finds what a command acts on (a tree item, else the focused datocms: document), runs the action and
// refreshes the tree around it.
import vscode = require('vscode');
import type { Resource } from '../cma/types';
import type { DatoDocuments } from '../documents';
import type { DocumentRef } from '../domain/paths';
import { relationshipId } from '../documents/relationships';
import { documentUri, parseDocumentUri } from '../platform/uris';
import { confirmSchemaChange } from '../projects/primaryGuard';
import type { ProjectRegistry } from '../projects/registry';
import { deleteSchemaItem, type SchemaTarget } from '../schemaActions/deleteSchema';
import { moveField, moveFieldOnto } from '../schemaActions/reorderFields';
import type { FieldNode, TreeModel, TreeNode } from '../tree/model';
import { reportError } from '../platform/errors';
import type { Ui } from '../platform/ui';
import { deleteRecord, type RecordTarget } from './deleteRecord';
import { duplicateRecord } from './duplicateRecord';
import { FIELD_MIME } from './lifecycleCommands';
import type { LifecycleDeps } from './lifecycleDeps';

const t = vscode.l10n.t;

export interface LifecycleGlue {
  registry: ProjectRegistry;
  model: TreeModel;
  ui: Ui;
  documents: DatoDocuments;
  /** the DatoCMS log, where failures are written (the commands have it; the drag and drop does not) */
  log?: vscode.LogOutputChannel;
}

const LIFECYCLE_COMMANDS = ['deleteRecord', 'duplicateRecord', 'deleteSchemaItem', 'moveFieldUp', 'moveFieldDown'] as const;
type LifecycleCommand = (typeof LIFECYCLE_COMMANDS)[number];

function whatFailed(command: LifecycleCommand): string {
  switch (command) {
    case 'deleteRecord':
      return t('Could not delete the record');
    case 'duplicateRecord':
      return t('Could not duplicate the record');
    case 'deleteSchemaItem':
      return t('Could not delete');
    case 'moveFieldUp':
    case 'moveFieldDown':
      return t('Could not move the field');
  }
}

/** Runs the command `id`; a failure becomes one notification with Sign In Again / Retry / Show Log. */
export async function run(id: string, glue: LifecycleGlue, args: unknown[]): Promise<void> {
  const command = LIFECYCLE_COMMANDS.find((c) => `datocms.${c}` === id);
  if (!command) throw new Error(`Unknown command ${id}`);
  try {
    await runCommand(command, glue, args);
  } catch (error) {
    report(glue, whatFailed(command), error, () => vscode.commands.executeCommand(id, ...args));
  }
}

function report(glue: LifecycleGlue, what: string, error: unknown, retry?: () => unknown): void {
  glue.log?.error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  void reportError(glue.ui, t, what, error, {
    showLog: () => vscode.commands.executeCommand('datocms.showLog'),
    signInAgain: () => vscode.commands.executeCommand('datocms.signIn'),
    ...(retry ? { retry } : {}),
  });
}

function actionDeps(glue: LifecycleGlue): LifecycleDeps {
  return {
    ui: glue.ui,
    t,
    data: (project, environment) => glue.registry.data(project, environment),
    documentsDeleted: (gone) => glue.documents.documentsDeleted(gone),
    confirmSchemaChange: (change) => confirmSchemaChange(glue.registry, change),
    openDocument: async (ref) => void (await vscode.window.showTextDocument(documentUri(ref), { preview: false })),
  };
}

/** What a command acts on: the tree item it ran on, else the focused (or given) datocms: document. */
interface Subject {
  ref: DocumentRef | undefined;
  node: TreeNode | undefined;
}

async function subjectOf(glue: LifecycleGlue, arg: unknown): Promise<Subject | undefined> {
  if (arg && typeof arg === 'object' && 'kind' in arg && 'projectKey' in arg) {
    const node = arg as TreeNode;
    return { node, ref: 'ref' in node ? (node.ref as DocumentRef) : undefined };
  }
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const ref = uri ? parseDocumentUri(uri) : undefined;
  if (!ref) {
    void glue.ui.info(t('Run this on an item of the DatoCMS view, or with a DatoCMS document open.'));
    return undefined;
  }
  return {
    ref,
    node: glue.registry.environmentOf(ref.project) === ref.environment ? await glue.model.find(ref).catch(() => undefined) : undefined,
  };
}

async function recordTarget(glue: LifecycleGlue, subject: Subject): Promise<RecordTarget | undefined> {
  const { node, ref } = subject;
  if (node?.kind === 'record')
    return { project: node.projectKey, environment: node.environment, record: node.record, model: node.model.itemType };
  if (ref?.kind !== 'record') {
    void glue.ui.info(t('This acts on a record: run it on a record of the DatoCMS view, or with a record open.'));
    return undefined;
  }
  const data = await glue.registry.data(ref.project, ref.environment);
  const [record, model] = await Promise.all([data.client.items.find(ref.id), data.itemType(ref.modelApiKey)]);
  return { project: ref.project, environment: ref.environment, record, model };
}

async function schemaTarget(glue: LifecycleGlue, subject: Subject): Promise<SchemaTarget | undefined> {
  const { node, ref } = subject;
  if (node) {
    const at = { project: node.projectKey, environment: node.environment };
    switch (node.kind) {
      case 'model':
        return { ...at, kind: 'model', model: node.itemType };
      case 'field':
        return { ...at, kind: 'field', model: node.model.itemType, field: node.field };
      case 'fieldset':
        return { ...at, kind: 'fieldset', model: node.model.itemType, fieldset: node.fieldset, fieldCount: node.fields.length };
      case 'webhook':
        return { ...at, kind: 'webhook', webhook: node.webhook };
    }
  }
  if (!ref || ref.kind === 'record') {
    void glue.ui.info(
      t('This deletes a model, block model, field, fieldset or webhook: run it on one in the DatoCMS view, or with its document open.'),
    );
    return undefined;
  }
  const at = { project: ref.project, environment: ref.environment };
  const data = await glue.registry.data(ref.project, ref.environment);
  switch (ref.kind) {
    case 'model':
      return { ...at, kind: 'model', model: await data.itemType(ref.apiKey) };
    case 'field': {
      const model = await data.itemType(ref.modelApiKey);
      return { ...at, kind: 'field', model, field: await fieldOf(glue, ref, model) };
    }
    case 'fieldset': {
      const model = await data.itemType(ref.modelApiKey);
      const [fieldset, fields] = await Promise.all([data.client.fieldsets.find(ref.id), data.fields(model.id)]);
      return {
        ...at,
        kind: 'fieldset',
        model,
        fieldset,
        fieldCount: fields.filter((f) => relationshipId(f, 'fieldset') === fieldset.id).length,
      };
    }
    case 'webhook':
      return { ...at, kind: 'webhook', webhook: await data.client.webhooks.find(ref.id) };
  }
}

async function fieldOf(
  glue: LifecycleGlue,
  ref: Extract<DocumentRef, { kind: 'field' }>,
  model: Resource<'item_type'>,
): Promise<Resource<'field'>> {
  const data = await glue.registry.data(ref.project, ref.environment);
  const field = (await data.fields(model.id)).find((f) => f.attributes['api_key'] === ref.apiKey);
  if (!field) throw new Error(t('The field {0} of {1} no longer exists.', ref.apiKey, ref.modelApiKey));
  return field;
}

/** The tree node to reload after a change under `node`: its Records, its Fields, or its section. */
function around(node: TreeNode | undefined): TreeNode | undefined {
  for (let at = node?.parent; at; at = at.parent) {
    if (['records', 'fields', 'models', 'blockModels', 'webhooks'].includes(at.kind)) return at;
  }
  return undefined;
}

async function runCommand(command: LifecycleCommand, glue: LifecycleGlue, args: unknown[]): Promise<void> {
  const subject = await subjectOf(glue, args[0]);
  if (!subject) return;
  const deps = actionDeps(glue);
  let changed = false;
  switch (command) {
    case 'deleteRecord': {
      const target = await recordTarget(glue, subject);
      changed = target !== undefined && (await deleteRecord(deps, target));
      break;
    }
    case 'duplicateRecord': {
      const target = await recordTarget(glue, subject);
      changed = target !== undefined && (await duplicateRecord(deps, target)) !== undefined;
      break;
    }
    case 'deleteSchemaItem': {
      const target = await schemaTarget(glue, subject);
      changed = target !== undefined && (await deleteSchemaItem(deps, target));
      if (changed) (await glue.registry.data(target!.project, target!.environment)).invalidate();
      break;
    }
    case 'moveFieldUp':
    case 'moveFieldDown': {
      const target = await schemaTarget(glue, subject);
      if (target?.kind !== 'field') {
        if (target) void glue.ui.info(t('Move Up and Move Down act on a field.'));
        return;
      }
      changed = await moveField(deps, target, command === 'moveFieldUp' ? 'up' : 'down');
      break;
    }
  }
  if (changed) await glue.model.refresh(around(subject.node));
}

/** Only a single field can be dragged. */
export function drag(nodes: readonly TreeNode[], transfer: vscode.DataTransfer): void {
  if (nodes.length === 1 && nodes[0]!.kind === 'field') transfer.set(FIELD_MIME, new vscode.DataTransferItem(nodes[0]));
}

/** A field dragged in the tree and dropped on another field of the same model and fieldset. */
export async function drop(glue: LifecycleGlue, transfer: vscode.DataTransfer, onto: TreeNode | undefined): Promise<void> {
  const field = transfer.get(FIELD_MIME)?.value as FieldNode | undefined;
  if (field?.kind !== 'field') return;
  if (
    onto?.kind !== 'field' ||
    onto.projectKey !== field.projectKey ||
    onto.environment !== field.environment ||
    onto.model.itemType.id !== field.model.itemType.id
  ) {
    void glue.ui.info(t('Fields can be moved only within their own model and fieldset.'));
    return;
  }
  const at = { project: field.projectKey, environment: field.environment, model: field.model.itemType, field: field.field };
  try {
    if (await moveFieldOnto(actionDeps(glue), at, onto.field)) await glue.model.refresh(around(field));
  } catch (error) {
    report(glue, t('Could not move the field'), error);
  }
}
