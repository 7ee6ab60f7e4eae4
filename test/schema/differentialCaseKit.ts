// What the differential test's edit generators share: the shape of an edit case and small readers of a
// resource's attributes and validators. The generators are in differentialRecordCases.ts,
// differentialSchemaCases.ts and differentialWebhookCases.ts.
import type { Resource } from '../../src/cma/types';
import type { Doc } from './helpers';

export interface EditCase {
  name: string;
  kind: 'record' | 'model' | 'field' | 'webhook';
  id: string;
  /** the edit, or raw text replacements when JSON cannot express it (exact numbers) */
  mutate: (doc: Doc) => void;
  text?: (text: string) => string;
}

export type Field = Resource<'field'>;
export const attr = (r: Resource, key: string) => r.attributes[key];
export const validatorsOf = (f: Field) => (attr(f, 'validators') ?? {}) as Record<string, Record<string, unknown> | undefined>;
export const emoji = (n: number) => '🍝'.repeat(Math.max(0, n));
export const NEW_ID = 'Bx4Ee9ZbRbOzH5lJq0tPVg';
