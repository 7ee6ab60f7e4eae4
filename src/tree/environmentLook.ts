// How an environment's row reads: primary or sandbox, its status while forking, read-only, the one the tree shows.
import type { Resource } from '../cma';
import type { EnvironmentNode } from './nodes';
import { escapeMarkdown, type TooltipFormat } from './tooltips';

export const environmentIsPrimary = (environment: Resource<'environment'>): boolean => environment.meta['primary'] === true;
export const environmentStatus = (environment: Resource<'environment'>): string =>
  typeof environment.meta['status'] === 'string' ? environment.meta['status'] : 'ready';

export function environmentDescription(node: EnvironmentNode, { t }: TooltipFormat): string {
  const environment = node.resource;
  const status = environmentStatus(environment);
  const percentage = environment.meta['fork_completion_percentage'];
  const statusText =
    status === 'creating' && typeof percentage === 'number'
      ? t('creating {0}%', percentage)
      : status === 'creating'
        ? t('creating')
        : t('destroying');
  return [
    environmentIsPrimary(environment) ? t('primary') : t('sandbox'),
    status === 'ready' ? undefined : statusText,
    environment.meta['read_only_mode'] === true ? t('read-only') : undefined,
    node.active ? t('active') : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function environmentTooltip(node: EnvironmentNode, format: TooltipFormat): string {
  const { t } = format;
  const when = format.dates(node.projectKey);
  const environment = node.resource;
  const meta = environment.meta;
  const lines = [
    `**${escapeMarkdown(environment.id)}** — ${environmentIsPrimary(environment) ? t('primary environment') : t('sandbox environment')}`,
    t('Status: {0}', environmentStatus(environment)),
    typeof meta['forked_from'] === 'string' ? t('Forked from: {0}', escapeMarkdown(meta['forked_from'])) : undefined,
    typeof meta['created_at'] === 'string' ? t('Created: {0}', when.exact(meta['created_at'])) : undefined,
    typeof meta['last_data_change_at'] === 'string' ? t('Last change: {0}', when.exact(meta['last_data_change_at'])) : undefined,
    meta['read_only_mode'] === true ? t('Read-only (a fast fork of it is running, or maintenance mode is on)') : undefined,
    node.active ? t('The tree shows this environment.') : undefined,
  ];
  return lines.filter(Boolean).join('\n\n');
}
