// How the schema commands offer a project's environments to pick from: each by its id, marked primary and shown in
// the tree where it is. No vscode import.
import type { Translate } from '../platform/translate';

export function environmentItems(
  environments: readonly { id: string; meta: Record<string, unknown> }[],
  shown: string,
  t: Translate,
): { label: string; description: string | undefined; value: string }[] {
  return environments.map((env) => ({
    label: env.id,
    description:
      [env.meta['primary'] === true ? t('primary') : undefined, env.id === shown ? t('shown in the tree') : undefined]
        .filter(Boolean)
        .join(' · ') || undefined,
    value: env.id,
  }));
}
