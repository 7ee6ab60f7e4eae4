// What the Open in DatoCMS tests address: the signed-in project (with its dashboard domain) and bare resources.
import type { Resource } from '../../src/cma/types';
export { PROJECT as project } from '../environments/fakeEnvironments';

/** A resource with only what an admin address needs: its type, id and attributes. */
export const resource = <T extends string>(type: T, id: string, attributes: Record<string, unknown> = {}): Resource<T> => ({
  id,
  type,
  attributes,
  relationships: {},
  meta: {},
});
