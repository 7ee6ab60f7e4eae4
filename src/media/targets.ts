// What the media commands act on: the Media node (or collection) they were run on, else the one of a project the
// user picks; the upload of a row, else the upload whose document is in the active editor.
import vscode = require('vscode');
import type { Resource } from '../cma';
import { parseDocumentUri } from '../platform/uris';
import { pickProject } from '../projects/pickers';
import type { ProjectData } from '../projects/projectData';
import type { MediaNode, TreeNode, UploadCollectionNode, UploadNode } from '../tree/nodes';
import type { Services } from '../services';

export type MediaOwner = MediaNode | UploadCollectionNode;

/** An upload to act on, with where it lives. */
export interface UploadTarget {
  project: string;
  environment: string;
  upload: Resource<'upload'>;
  data: ProjectData;
  /** its row in the tree, when the command came from there */
  node?: UploadNode;
}

/** Where new files go: the Media node or collection of the row, else the Media node of a project the user picks. */
export async function ownerOf(deps: Services, arg: unknown, title: string): Promise<MediaOwner | undefined> {
  const node = arg as TreeNode | undefined;
  if (node?.kind === 'media' || node?.kind === 'uploadCollection') return node;
  if (node?.kind === 'upload' && (node.parent?.kind === 'media' || node.parent?.kind === 'uploadCollection')) return node.parent;
  if (node?.kind === 'uploadsMore') return node.owner;
  const projectKey = node?.projectKey ?? (await pickProject(deps.ui, deps.t, deps.registry.list(), title))?.key;
  return projectKey === undefined ? undefined : mediaNodeOf(deps, projectKey);
}

/** The Media node of a project, as the tree shows it. */
async function mediaNodeOf(deps: Services, projectKey: string): Promise<MediaNode | undefined> {
  const project = deps.tree.roots().find((p) => p.projectKey === projectKey);
  if (!project) return undefined;
  return (await deps.tree.children(project)).find((n): n is MediaNode => n.kind === 'media');
}

/** The upload of the row the command ran on, else of the active editor's upload document; undefined (and said) otherwise. */
export async function uploadTarget(deps: Services, arg: unknown): Promise<UploadTarget | undefined> {
  const node = arg as TreeNode | undefined;
  if (node?.kind === 'upload') {
    const data = await deps.registry.data(node.projectKey, node.environment);
    return { project: node.projectKey, environment: node.environment, upload: node.upload, data, node };
  }
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const ref = uri && parseDocumentUri(uri);
  if (ref?.kind !== 'upload') {
    void deps.ui.info(deps.t('Run this on an upload in the DatoCMS view (under Media), or with its document open.'));
    return undefined;
  }
  const data = await deps.registry.data(ref.project, ref.environment);
  return { project: ref.project, environment: ref.environment, upload: await data.client.uploads.find(ref.id), data };
}

/** "Media" or "Media › Dishes" (the collection's label), for messages. */
export function ownerLabel(deps: Pick<Services, 't'>, owner: MediaOwner): string {
  return owner.kind === 'media' ? deps.t('Media') : `${deps.t('Media')} › ${owner.label}`;
}

/**
 * Shows the row of a new upload in the place it went to (the Media node or a collection, opened on the way), selected,
 * so that a file dropped on a collapsed collection is seen where it went.
 */
export async function revealUpload(deps: Services, owner: MediaOwner, upload: Resource<'upload'>): Promise<void> {
  // the rows were read again: the place is found anew, level by level, by its id
  let place: TreeNode | undefined = await mediaNodeOf(deps, owner.projectKey);
  while (place && place.id !== owner.id) {
    const inside: string = place.id;
    place = (await deps.tree.children(place)).find(
      (n) => n.kind === 'uploadCollection' && (owner.id === n.id || owner.id.startsWith(`${n.id}/`)),
    );
    if (place?.id === inside) return;
  }
  const row = place && (await deps.tree.children(place)).find((n) => n.kind === 'upload' && n.upload.id === upload.id);
  if (row) await deps.treeView.reveal(row, { select: true, focus: false, expand: false });
}

/** Reloads the rows listing uploads of the project environment (after uploads were added, changed or deleted). */
export async function reloadMedia(deps: Services, where: { projectKey: string; environment: string }): Promise<void> {
  const project = deps.tree.roots().find((p) => p.projectKey === where.projectKey && p.environment === where.environment);
  if (!project) return;
  for (const node of await deps.tree.children(project)) if (node.kind === 'media') await deps.tree.refresh(node);
}
