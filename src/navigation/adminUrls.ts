// Links into the DatoCMS web dashboard (https://<internal_domain>/…), shaped as DatoCMS's own plugins
// navigate: a non-primary environment is prefixed with /environments/<env>; block models live in the
// blocks library; fields are edited under their model; webhooks are project settings (one set for every
// environment, so their link has no environment prefix).
import type { Resource } from '../cma';
import { Model } from '../domain/views';
import type { Project } from '../projects/registry';

export type AdminTarget =
  | { kind: 'project' }
  | { kind: 'model'; itemType: Resource<'item_type'> }
  | { kind: 'field'; itemType: Resource<'item_type'>; field: Resource<'field'> }
  | { kind: 'record'; itemType: Resource<'item_type'>; record: Resource<'item'> }
  | { kind: 'webhook'; webhook: Resource<'webhook'> };

/** The dashboard URL of a target, or undefined when the project has no known internal domain. */
export function adminUrl(project: Project, environment: string, target: AdminTarget): string | undefined {
  if (!project.internalDomain) return undefined;
  const origin = `https://${project.internalDomain}`;
  const primary = environment === (project.primaryEnvironment ?? 'main');
  const env = primary ? '' : `/environments/${encodeURIComponent(environment)}`;
  const id = encodeURIComponent;
  switch (target.kind) {
    case 'project':
      return `${origin}${env}/`;
    case 'model':
      return `${origin}${env}${modelPath(target.itemType)}`;
    case 'field':
      return `${origin}${env}/schema/item_types/${id(target.itemType.id)}/fields/${id(target.field.id)}/edit`;
    case 'record':
      return `${origin}${env}/editor/item_types/${id(target.itemType.id)}/items/${id(target.record.id)}/edit`;
    case 'webhook':
      return `${origin}/project_settings/webhooks/${id(target.webhook.id)}/edit`;
  }
}

function modelPath(itemType: Resource<'item_type'>): string {
  const section = Model.isBlock(itemType) ? 'blocks_library' : 'item_types';
  return `/schema/${section}/${encodeURIComponent(itemType.id)}`;
}
