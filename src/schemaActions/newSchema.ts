// "New Model…", "New Block Model…" and "New Webhook…": which project (the tree node's, else picked from the
// palette; its selected environment) and the draft to open. "New Fieldset…": which model, likewise. Nothing is sent here: the model or webhook is
// created when the user first saves its document.
import { Model } from '../domain/views';
import {
  newFieldsetDraftRef,
  newModelDraftRef,
  newWebhookDraftRef,
  type FieldsetRef,
  type ModelRef,
  type WebhookRef,
} from '../domain/paths';
import { pickModelTarget, pickProject, type ModelTarget, type PickerDeps } from '../projects/pickers';

interface Place {
  project: string;
  environment: string;
}

/** The project and environment of the tree node a command ran on (a project or one of its sections). */
export function placeOfNode(node: unknown): Place | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const n = node as { projectKey?: unknown; environment?: unknown };
  return typeof n.projectKey === 'string' && typeof n.environment === 'string'
    ? { project: n.projectKey, environment: n.environment }
    : undefined;
}

async function placeOf(deps: PickerDeps, node: unknown, title: string): Promise<Place | undefined> {
  const place = placeOfNode(node);
  if (place) return place;
  const project = await pickProject(deps.ui, deps.t, deps.registry.list(), title);
  return project ? { project: project.key, environment: deps.registry.environmentOf(project.key) } : undefined;
}

export async function newModelRef(deps: PickerDeps, node: unknown, block: boolean): Promise<ModelRef | undefined> {
  const place = await placeOf(deps, node, block ? deps.t('New block model in which project?') : deps.t('New model in which project?'));
  return place && newModelDraftRef(place, block);
}

export async function newWebhookRef(deps: PickerDeps, node: unknown): Promise<WebhookRef | undefined> {
  const place = await placeOf(deps, node, deps.t('New webhook in which project?'));
  return place && newWebhookDraftRef(place);
}

/** A new fieldset of the target model (a model, block model or Fields item of the tree), else of a picked one. */
export async function newFieldsetRef(deps: PickerDeps, target: ModelTarget | undefined): Promise<FieldsetRef | undefined> {
  const chosen =
    target ??
    (await pickModelTarget(
      deps,
      { project: deps.t('New fieldset in which project?'), model: deps.t('New fieldset in which model?') },
      { blocks: true },
    ));
  return chosen && newFieldsetDraftRef({ project: chosen.projectKey, environment: chosen.environment }, Model.apiKey(chosen.itemType));
}
