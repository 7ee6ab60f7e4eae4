// The children of a project's Environments node: every environment (primary first), the one the tree shows marked
// active. Maintenance mode (project-level) is read alongside and noted on the Environments node. How they look is
// the tree's presenter's. No vscode import.
import type { Resource } from '../cma';
import { MaintenanceMode } from '../domain/views';
import type { EnvironmentNode, SectionNode, TreeNode } from '../tree/nodes';
import { isPrimary } from './api';
import type { EnvironmentOpsDeps } from './operations';

/** `changed` is called once the Environments node's own look changed (maintenance mode read). */
export async function environmentNodes(
  section: SectionNode,
  deps: Pick<EnvironmentOpsDeps, 'client' | 't'> & { changed(node: SectionNode): void },
): Promise<TreeNode[]> {
  const { client } = deps;
  // Not awaited with the list: a token that may not read maintenance mode still lists environments.
  void client.maintenanceMode.find().then(
    (mode) => {
      section.maintenance = MaintenanceMode.isActive(mode);
      deps.changed(section);
    },
    () => undefined,
  );
  const environments = await client.environments.list();
  const sorted = [...environments].sort((a, b) => Number(isPrimary(b)) - Number(isPrimary(a)) || a.id.localeCompare(b.id));
  return sorted.map((environment) => environmentNode(section, environment));
}

export function environmentNode(section: SectionNode, environment: Resource<'environment'>): EnvironmentNode {
  return {
    kind: 'environment',
    id: `${section.id}/e:${environment.id}`,
    parent: section,
    projectKey: section.projectKey,
    environment: section.environment,
    resource: environment,
    label: environment.id,
    active: environment.id === section.environment,
  };
}
