// Links into the DatoCMS web dashboard (https://<internal_domain>/…). Shapes as used by DatoCMS
// plugins and integrations: sandbox environments are prefixed with /environments/<env>; block models
// live in the blocks library; the webhook page is best known as /admin/webhooks/<id> (project-wide).
import type { Resource } from '../cma/types';
import type { Project } from '../projects/project';

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
      return `${origin}${env}${modelPath(target.itemType)}/fields/${id(target.field.id)}/edit`;
    case 'record':
      return `${origin}${env}/editor/item_types/${id(target.itemType.id)}/items/${id(target.record.id)}/edit`;
    case 'webhook':
      return `${origin}/admin/webhooks/${id(target.webhook.id)}`;
  }
}

function modelPath(itemType: Resource<'item_type'>): string {
  const section = itemType.attributes['modular_block'] === true ? 'blocks_library' : 'item_types';
  return `/schema/${section}/${encodeURIComponent(itemType.id)}`;
}
