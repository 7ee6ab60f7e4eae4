// Placeholder with the final signature: schema changes are not yet guarded in the primary environment.
import type { ProjectRegistry } from './registry';

export interface SchemaChange {
  /** project key */
  project: string;
  environment: string;
  /** what would change, for the confirmation, e.g. `Delete field "Title" (title) of model "Article"` */
  action: string;
}

/** Whether a schema change may go ahead; false = the user declined and nothing may be sent. */
export async function confirmSchemaChange(_registry: ProjectRegistry, _change: SchemaChange): Promise<boolean> {
  return true;
}
