// What the media operations need besides the API, so that they run in plain Node tests as in VS Code: the window
// (through Ui), and the neighbours that follow a change (documents, the tree). No vscode import.
import type { Resource } from '../cma';
import type { DeletedResources } from '../domain/deleted';
import type { DocumentRef } from '../domain/paths';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import type { ProjectData } from '../projects/projectData';

export interface OperationDeps {
  ui: Ui;
  t: Translate;
  /** BCP 47 locale for sizes and counts */
  locale?: string;
  /** opens a document; `select`: a text to select in it (its first place) */
  open(ref: DocumentRef, select?: string): Promise<void>;
  /** resources deleted in DatoCMS: their editors close, or keep unsaved text marked deleted */
  documentsDeleted(gone: DeletedResources): Promise<void>;
  /** the rows listing the uploads of a project environment load again */
  reload(where: { project: string; environment: string }): Promise<void>;
  /** an upload changed in DatoCMS (its file replaced): its rows and open document follow */
  uploadChanged(where: { project: string; environment: string }, upload: Resource<'upload'>): Promise<void>;
  /** the text of the editors of the project environment with unsaved changes, each with its tab's name */
  unsavedEditors(where: { project: string; environment: string }): UnsavedEditor[];
}

/** An open editor whose text is not saved yet: what it will send is not in DatoCMS's answers. */
export interface UnsavedEditor {
  name: string;
  text: string;
}

/** The first unsaved editor whose text names the upload, if any (an id is a JSON string wherever it is used). */
export function unsavedEditorUsing(editors: readonly UnsavedEditor[], uploadId: string): UnsavedEditor | undefined {
  const quoted = JSON.stringify(uploadId);
  return editors.find((editor) => editor.text.includes(quoted));
}

/** An upload, where it lives, and its project data. */
export interface UploadPlace {
  project: string;
  environment: string;
  upload: Resource<'upload'>;
  data: ProjectData;
}

/** A project environment's media area (or one of its collections), for uploads and listings. */
export interface MediaPlace {
  project: string;
  environment: string;
  data: ProjectData;
  /** "Media" or "Media › Dishes", for messages */
  label: string;
  /** where new files go; undefined: no collection */
  collectionId?: string;
}

export const numbersFor = (deps: OperationDeps): Intl.NumberFormat => new Intl.NumberFormat(deps.locale ?? 'en');
