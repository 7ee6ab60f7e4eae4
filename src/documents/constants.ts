// Names the documents feature shares with the rest of the extension (part of the activation bundle).
import type * as vscode from 'vscode';
import type { Resource } from '../cma/types';
import type { ProjectRegistry } from '../projects/registry';
import type { DocumentRef } from '../domain/paths';

export type { DeletedResources } from './deleted';

/** The language of every `datocms:` document; auto-save is off for it by default (package.json). */
export const DOCUMENT_LANGUAGE = 'datocms-json';

/** Commands the documents feature registers (the manifest lists them under category "DatoCMS"). */
export const DOCUMENT_COMMANDS = {
  compare: { command: 'datocms.documents.compareWithRemote', title: 'Compare with DatoCMS Version', icon: '$(git-compare)' },
  overwrite: { command: 'datocms.documents.overwriteRemote', title: 'Save and Overwrite DatoCMS Version', icon: '$(cloud-upload)' },
  revert: { command: 'datocms.documents.revertToRemote', title: 'Revert to DatoCMS Version', icon: '$(discard)' },
  saveActions: { command: 'datocms.documents.saveActions', title: 'What Can I Do About the Failed Save?', icon: '$(error)' },
  newRecord: { command: 'datocms.newRecord', title: 'New Record…', icon: '$(add)' },
  newField: { command: 'datocms.newField', title: 'New Field…', icon: '$(add)' },
  newModel: { command: 'datocms.newModel', title: 'New Model…', icon: '$(add)' },
  newBlockModel: { command: 'datocms.newBlockModel', title: 'New Block Model…', icon: '$(add)' },
  newFieldset: { command: 'datocms.newFieldset', title: 'New Fieldset…', icon: '$(add)' },
  newWebhook: { command: 'datocms.newWebhook', title: 'New Webhook…', icon: '$(add)' },
} as const;

export type DocumentCommand = (typeof DOCUMENT_COMMANDS)[keyof typeof DOCUMENT_COMMANDS]['command'];

/** The core's sign-in command; given a project key it signs in to that project again. */
export const SIGN_IN_AGAIN_COMMAND = 'datocms.signIn';

export interface DatoDocumentsDeps {
  registry: ProjectRegistry;
  log: vscode.LogOutputChannel;
  context: vscode.ExtensionContext;
}

/** A document saved to DatoCMS (the tree refreshes its node). */
export interface SavedDocument {
  ref: DocumentRef;
  resource: Resource;
}

/** What the activation bundle's shell lends the lazily loaded feature. */
export interface DocumentsShell {
  /** tells the workbench that documents changed (a clean editor reloads them) */
  fileChanged(events: vscode.FileChangeEvent[]): void;
  saved(document: SavedDocument): void;
}
