// Which open documents a delete in DatoCMS takes away. Pure (no vscode import).
import type { DocumentRef } from './paths';

/**
 * Resources deleted in DatoCMS, in one project environment. A model's delete takes its fields' and
 * records' documents with it; webhooks belong to the project, so theirs go in every environment.
 */
export interface DeletedResources {
  project: string;
  environment: string;
  /** record ids */
  records?: readonly string[];
  /** models and block models, by api_key */
  models?: readonly string[];
  /** fields, as `<model api_key>::<field api_key>` */
  fields?: readonly string[];
  /** fieldset ids */
  fieldsets?: readonly string[];
  /** webhook ids */
  webhooks?: readonly string[];
  /** upload ids */
  uploads?: readonly string[];
}

export function isDeletedDocument(ref: DocumentRef, gone: DeletedResources): boolean {
  if (ref.project !== gone.project) return false;
  if (ref.kind === 'webhook') return gone.webhooks?.includes(ref.id) === true;
  if (ref.environment !== gone.environment) return false;
  switch (ref.kind) {
    case 'model':
      return gone.models?.includes(ref.apiKey) === true;
    case 'field':
      return gone.models?.includes(ref.modelApiKey) === true || gone.fields?.includes(`${ref.modelApiKey}::${ref.apiKey}`) === true;
    case 'fieldset':
      return gone.models?.includes(ref.modelApiKey) === true || gone.fieldsets?.includes(ref.id) === true;
    case 'record':
    case 'markdown':
      return gone.models?.includes(ref.modelApiKey) === true || gone.records?.includes(ref.id) === true;
    case 'upload':
      return gone.uploads?.includes(ref.id) === true;
  }
}
