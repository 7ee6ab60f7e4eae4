// Names the documents feature shares with the rest of the extension.
import type { Resource } from '../cma';
import type { DocumentRef } from '../domain/paths';

export type { DeletedResources } from '../domain';

/** The language of every `datocms:` document; auto-save is off for it by default (package.json). */
export const DOCUMENT_LANGUAGE = 'datocms-json';

/** The command the status bar's failed-save item runs. */
export const SAVE_ACTIONS_COMMAND = 'datocms.documents.saveActions';

/** The core's sign-in command; given a project key it signs in to that project again. */
export const SIGN_IN_AGAIN_COMMAND = 'datocms.signIn';

/** A document saved to DatoCMS (the tree refreshes its node). */
export interface SavedDocument {
  ref: DocumentRef;
  resource: Resource;
}
