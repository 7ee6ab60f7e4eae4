// Nodes of the DatoCMS view as the extension's own tree model gives them, for suite tests that act on the tree.
import type { ModelNode, RecordsNode, SectionNode } from '../../../src/tree';
import { extensionApi } from './helpers';

/** The signed-in project's model `apiKey` under Models; `refresh` reloads the Models section first. */
export async function modelNode(apiKey: string, refresh = false): Promise<ModelNode> {
  const { model } = await extensionApi();
  const [project] = model.roots();
  const models = (await model.children(project!)).find((n) => n.kind === 'models') as SectionNode;
  if (refresh) await model.refresh(models);
  return (await model.children(models)).find((n) => n.kind === 'model' && n.itemType.attributes['api_key'] === apiKey) as ModelNode;
}

/** The Records node of model `apiKey`. */
export async function recordsOf(apiKey: string): Promise<RecordsNode> {
  const { model } = await extensionApi();
  const node = await modelNode(apiKey);
  return (await model.children(node)).find((n): n is RecordsNode => n.kind === 'records')!;
}
