// What the record and schema actions need from the window, the projects and the documents, passed in by the
// commands (records/, schemaActions/) or by tests.
import type { DeletedResources } from '../domain/deleted';
import type { DocumentRef } from '../domain/paths';
import { type Translate } from '../platform/translate';
import { type Ui } from '../platform/ui';
import type { SchemaChange } from './primaryGuard';
import type { ProjectData } from './projectData';

export interface LifecycleDeps {
  ui: Ui;
  t: Translate;
  data(project: string, environment: string): Promise<ProjectData>;
  /** open editors of deleted resources: closed when clean, else marked deleted */
  documentsDeleted(gone: DeletedResources): Promise<void>;
  /** false = the user declined a schema change in this environment: send nothing */
  confirmSchemaChange(change: SchemaChange): Promise<boolean>;
  /**
   * For a change that asks its own question (a delete): the guard's warning to add to it, when the environment is the
   * guarded primary; the answer to that one question stands for the guard's. Not given: no warning.
   */
  primaryWarning?(change: SchemaChange): Promise<string | undefined>;
  openDocument(ref: DocumentRef): Promise<void>;
}

/** Where an action applies. */
export interface Place {
  project: string;
  environment: string;
}

/** At most `max` names in quotes, then "and N more". */
export function someNames(t: Translate, names: string[], max = 3): string {
  const shown = names
    .slice(0, max)
    .map((n) => `“${n}”`)
    .join(', ');
  return names.length > max ? t('{0} and {1} more', shown, names.length - max) : shown;
}
