// Finding the tree node that shows a document (Reveal in Tree), loading the branches on its way and,
// for a record, paging its model's records until it shows up. No vscode import.
import type { DocumentRef } from '../domain/paths';
import { Field, Model } from '../domain/views';
import type { ModelNode, RecordsNode, TreeNode } from './nodes';

/** How many more pages Reveal in Tree loads to reach a record before it settles for the Records node. */
export const REVEAL_MAX_PAGES = 20;
/** The same after Go to Definition, which the user did not ask to page through a model: a small budget. */
export const DEFINITION_REVEAL_PAGES = 2;

/** What finding a node needs of the tree model. */
interface Navigable {
  roots(): TreeNode[];
  children(node: TreeNode): Promise<TreeNode[]>;
  loadMore(records: RecordsNode): Promise<void>;
}

export async function findNode(model: Navigable, ref: DocumentRef, maxPages = REVEAL_MAX_PAGES): Promise<TreeNode | undefined> {
  const project = model.roots().find((p) => p.projectKey === ref.project && p.environment === ref.environment);
  if (!project) return undefined;
  const sections = await model.children(project);
  if (ref.kind === 'webhook') {
    const webhooks = sections.find((s) => s.kind === 'webhooks');
    return webhooks && (await model.children(webhooks)).find((n) => n.kind === 'webhook' && n.webhook.id === ref.id);
  }
  if (ref.kind === 'upload') {
    // an upload on the Media node's loaded pages, else the Media node itself
    const media = sections.find((s) => s.kind === 'media');
    if (!media) return undefined;
    return (await model.children(media)).find((n) => n.kind === 'upload' && n.upload.id === ref.id) ?? media;
  }
  const modelApiKey = ref.kind === 'model' ? ref.apiKey : ref.modelApiKey;
  let modelNode: ModelNode | undefined;
  for (const section of sections.filter((s) => s.kind === 'models' || s.kind === 'blockModels')) {
    const found = (await model.children(section)).find(
      (n): n is ModelNode => n.kind === 'model' && Model.givenApiKey(n.itemType) === modelApiKey,
    );
    if (found) modelNode = found;
  }
  if (!modelNode || ref.kind === 'model') return modelNode;
  const [fieldsNode, recordsNode] = await model.children(modelNode);
  if (ref.kind === 'fieldset') {
    return fieldsNode && (await model.children(fieldsNode)).find((n) => n.kind === 'fieldset' && n.fieldset.id === ref.id);
  }
  if (ref.kind === 'field') {
    if (!fieldsNode) return undefined;
    for (const child of await model.children(fieldsNode)) {
      if (child.kind === 'field' && Field.givenApiKey(child.field) === ref.apiKey) return child;
      if (child.kind === 'fieldset') {
        const inSet = (await model.children(child)).find((n) => n.kind === 'field' && Field.givenApiKey(n.field) === ref.apiKey);
        if (inSet) return inSet;
      }
    }
    return undefined;
  }
  if (recordsNode?.kind !== 'records') return undefined;
  return (await pageToRecord(model, recordsNode, ref.id, maxPages)) ?? recordsNode;
}

/** The record's node, loading up to `maxPages` more pages of the Records node's query to reach it. */
async function pageToRecord(model: Navigable, records: RecordsNode, id: string, maxPages: number): Promise<TreeNode | undefined> {
  for (let page = 0; ; page++) {
    const children = await model.children(records);
    const found = children.find((n) => n.kind === 'record' && n.record.id === id);
    if (found) return found;
    // Stop at the end of the list, at a failed page, or at the bound (a record the query filters out never shows).
    if (children.at(-1)?.kind !== 'loadMore' || page >= maxPages) return undefined;
    await model.loadMore(records);
  }
}
