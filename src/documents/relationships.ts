// Reading a JSON:API relationship of a resource (small enough for the activation bundle).
import type { Resource } from '../cma/types';

export function relationshipId(resource: Resource, name: string): string | undefined {
  const data = resource.relationships[name]?.data;
  return data && !Array.isArray(data) ? data.id : undefined;
}
