// The children of a project's Environments node: every environment (primary first), marked primary or
// sandbox, with its status while it is being created or destroyed, and the one the tree shows marked
// "active". Maintenance mode (project-level) is read alongside and shown on the Environments node.
// No vscode import.
import { MaintenanceMode } from '../domain/views';
import type { Resource } from '../cma';
import type { EnvironmentNode, SectionNode, TreeNode } from '../tree/nodes';
import type { DateTimeText } from '../platform/dates';
import type { Translate } from '../platform/translate';
import { isPrimary, statusOf, type EnvironmentsApi } from './api';

export interface EnvironmentNodesDeps {
  client: EnvironmentsApi;
  t: Translate;
  /** how the user reads a moment (their locale and time zone, named) */
  date: DateTimeText;
  /** called once the Environments node's own look changed (maintenance mode read) */
  changed(node: SectionNode): void;
}

export async function environmentNodes(section: SectionNode, deps: EnvironmentNodesDeps): Promise<TreeNode[]> {
  const { client, t, date } = deps;
  // Not awaited with the list: a token that may not read maintenance mode still lists environments.
  void client.maintenanceMode.find().then(
    (mode) => {
      const on = MaintenanceMode.isActive(mode);
      section.contextValue = on ? 'environments.maintenanceOn' : 'environments.maintenanceOff';
      section.description = on ? t('maintenance mode on') : undefined;
      deps.changed(section);
    },
    () => undefined,
  );
  const environments = await client.environments.list();
  const sorted = [...environments].sort((a, b) => Number(isPrimary(b)) - Number(isPrimary(a)) || a.id.localeCompare(b.id));
  return sorted.map((environment) => environmentNode(section, environment, t, date));
}

export function environmentNode(
  section: SectionNode,
  environment: Resource<'environment'>,
  t: Translate,
  date: DateTimeText,
): EnvironmentNode {
  const primary = isPrimary(environment);
  const status = statusOf(environment);
  const active = environment.id === section.environment;
  const percentage = environment.meta['fork_completion_percentage'];
  const statusText =
    status === 'creating' && typeof percentage === 'number'
      ? t('creating {0}%', percentage)
      : status === 'creating'
        ? t('creating')
        : t('destroying');
  const parts = [
    primary ? t('primary') : t('sandbox'),
    status === 'ready' ? undefined : statusText,
    environment.meta['read_only_mode'] === true ? t('read-only') : undefined,
    active ? t('active') : undefined,
  ];
  return {
    kind: 'environment',
    id: `${section.id}/e:${environment.id}`,
    parent: section,
    projectKey: section.projectKey,
    environment: section.environment,
    resource: environment,
    label: environment.id,
    description: parts.filter(Boolean).join(' · '),
    contextValue: `environment.${primary ? 'primary' : 'sandbox'}.${status}${active ? '.active' : ''}`,
    icon: status !== 'ready' ? 'loading~spin' : primary ? 'database' : 'beaker',
    tooltip: environmentTooltip(environment, active, t, date),
  };
}

function environmentTooltip(environment: Resource<'environment'>, active: boolean, t: Translate, date: DateTimeText): string {
  const meta = environment.meta;
  const lines = [
    `**${environment.id}** — ${isPrimary(environment) ? t('primary environment') : t('sandbox environment')}`,
    t('Status: {0}', statusOf(environment)),
    typeof meta['forked_from'] === 'string' ? t('Forked from: {0}', meta['forked_from']) : undefined,
    typeof meta['created_at'] === 'string' ? t('Created: {0}', date(meta['created_at'])) : undefined,
    typeof meta['last_data_change_at'] === 'string' ? t('Last change: {0}', date(meta['last_data_change_at'])) : undefined,
    meta['read_only_mode'] === true ? t('Read-only (a fast fork of it is running, or maintenance mode is on)') : undefined,
    active ? t('The tree shows this environment.') : undefined,
  ];
  return lines.filter(Boolean).join('\n\n');
}
