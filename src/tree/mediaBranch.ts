// What the media feature gives the tree: the children of the Media node and of its collections (paged), how those
// rows look, and the hover of an upload (which counts its uses, so it is made when first hovered). The feature's
// code loads with the first Media node expanded; the tree itself stays small. No vscode import.
import type { Resource } from '../cma';
import type { MediaNode, TreeNode, UploadCollectionNode, UploadNode } from './nodes';

/** What a dragged upload row travels as: `[{project, environment, id, filename}]` (dropped on a record's file or gallery value). */
export const UPLOAD_MIME = 'application/vnd.datocms.upload';

/** How a row of the media branch looks (what the presenter gives other rows). */
export interface MediaLook {
  description?: string;
  /** Markdown */
  tooltip?: string;
  icon: { id: string; color?: string };
  /** the state flags of its context value (see CONTEXT_FLAGS) */
  flags: string[];
}

export type MediaRow = Extract<TreeNode, { kind: 'media' | 'uploadCollection' | 'upload' | 'uploadsMore' }>;

export interface MediaBranch {
  children(node: MediaNode | UploadCollectionNode): Promise<TreeNode[]>;
  /** forgets the pages loaded at or below the node id (undefined: all) */
  forget(id?: string): void;
  look(node: MediaRow): MediaLook;
  /** the hover of an upload, with where it is used (counted once, then remembered) */
  tooltip(node: UploadNode): Promise<string>;
  /** an upload was changed (its document saved): the rows showing it follow */
  uploadChanged(upload: Resource<'upload'>): void;
}
