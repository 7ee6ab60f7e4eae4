// The nodes of the DatoCMS tree: one kind per row the view shows, each with the data it stands for (what DatoCMS
// returned, the name to show, the state that menus follow). No vscode import; ./model.ts makes them, ./presenter.ts
// says how each looks (description, hover, icon, context value), ./provider.ts renders them.
import type { Project } from '../projects/registry';
import type { Resource } from '../cma';
import type { DocumentRef } from '../domain/paths';
import type { MediaQuery, RecordQuery } from '../listing';
import type { LocaleCoverage } from './tooltips';

interface NodeBase {
  /** unique and stable while the data is the same; the TreeItem id */
  readonly id: string;
  readonly parent: TreeNode | undefined;
  readonly projectKey: string;
  readonly environment: string;
  /** the name the row shows (a record's title, a model's name, "Models"…) */
  label: string;
}
export interface ProjectNode extends NodeBase {
  kind: 'project';
  project: Project;
}
export interface SectionNode extends NodeBase {
  kind: 'models' | 'blockModels' | 'webhooks' | 'environments';
  /** Environments only: whether the project is in maintenance mode, once read */
  maintenance?: boolean;
}
export interface ModelNode extends NodeBase {
  kind: 'model';
  itemType: Resource<'item_type'>;
  ref: DocumentRef;
}
export interface FieldsNode extends NodeBase {
  kind: 'fields';
  model: ModelNode;
  /** how many fields the model has, as last loaded */
  count: number;
}
export interface FieldsetNode extends NodeBase {
  kind: 'fieldset';
  model: ModelNode;
  fieldset: Resource<'fieldset'>;
  fields: Resource<'field'>[];
  ref: DocumentRef;
}
export interface FieldNode extends NodeBase {
  kind: 'field';
  model: ModelNode;
  field: Resource<'field'>;
  ref: DocumentRef;
  /** its place among the fields of its group (fieldset, or outside any): Move Up / Down follow it */
  first: boolean;
  last: boolean;
}
export interface RecordsNode extends NodeBase {
  kind: 'records';
  model: ModelNode;
  query: RecordQuery;
}
export interface RecordNode extends NodeBase {
  kind: 'record';
  model: ModelNode;
  record: Resource<'item'>;
  ref: DocumentRef;
  coverage?: LocaleCoverage;
}
export interface LoadMoreNode extends NodeBase {
  kind: 'loadMore';
  records: RecordsNode;
  loaded: number;
  total: number;
}
export interface WebhookNode extends NodeBase {
  kind: 'webhook';
  webhook: Resource<'webhook'>;
  ref: DocumentRef;
}
/** One environment of the project (under Environments); `active` when the tree shows it. */
export interface EnvironmentNode extends NodeBase {
  kind: 'environment';
  resource: Resource<'environment'>;
  active: boolean;
}
/** A project's media area (of the environment the tree shows): its collections, then its uploads, paged. */
export interface MediaNode extends NodeBase {
  kind: 'media';
  /** search, filters and order the user set (kept across refreshes) */
  query: MediaQuery;
}
/** A collection (folder) of the media area: its sub-collections, then its uploads. */
export interface UploadCollectionNode extends NodeBase {
  kind: 'uploadCollection';
  media: MediaNode;
  collection: Resource<'upload_collection'>;
}
export interface UploadNode extends NodeBase {
  kind: 'upload';
  media: MediaNode;
  upload: Resource<'upload'>;
  ref: DocumentRef;
}
/** "Load more…" under the Media node or a collection. */
export interface UploadsMoreNode extends NodeBase {
  kind: 'uploadsMore';
  owner: MediaNode | UploadCollectionNode;
  loaded: number;
  total: number;
}
/** A failed load. `action` says what clicking it does: reload the parent, load the next page, or sign in. */
export interface ErrorNode extends NodeBase {
  kind: 'error';
  error: unknown;
  action: 'retry' | 'loadMore' | 'signIn';
}
export interface EmptyNode extends NodeBase {
  kind: 'empty';
}

export type TreeNode =
  | ProjectNode
  | SectionNode
  | ModelNode
  | FieldsNode
  | FieldsetNode
  | FieldNode
  | RecordsNode
  | RecordNode
  | LoadMoreNode
  | WebhookNode
  | EnvironmentNode
  | MediaNode
  | UploadCollectionNode
  | UploadNode
  | UploadsMoreNode
  | ErrorNode
  | EmptyNode;

/** Nodes that open a `datocms:` document. */
export type DocumentNode = ModelNode | FieldNode | FieldsetNode | RecordNode | WebhookNode | UploadNode;

export function isDocumentNode(node: TreeNode): node is DocumentNode {
  return ['model', 'field', 'fieldset', 'record', 'webhook', 'upload'].includes(node.kind);
}

/** Nodes with children. */
export function isExpandable(node: TreeNode): boolean {
  return [
    'project',
    'models',
    'blockModels',
    'webhooks',
    'environments',
    'model',
    'fields',
    'fieldset',
    'records',
    'media',
    'uploadCollection',
  ].includes(node.kind);
}

export function modelOf(node: TreeNode): ModelNode | undefined {
  switch (node.kind) {
    case 'model':
      return node;
    case 'fields':
    case 'fieldset':
    case 'field':
    case 'records':
    case 'record':
      return node.model;
    case 'loadMore':
      return node.records.model;
    default:
      return undefined;
  }
}
