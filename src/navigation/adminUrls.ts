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
  const page = (PAGES[target.kind] as (target: AdminTarget) => Page)(target);
  return `${origin}${page.projectWide ? '' : env}${page.path}`;
}

/** A dashboard page: its path, and whether it is the project's (no environment prefix) rather than an environment's. */
interface Page {
  path: string;
  projectWide?: boolean;
}

const id = encodeURIComponent;

/** Each kind of target's page. */
const PAGES: { [K in AdminTarget['kind']]: (target: Extract<AdminTarget, { kind: K }>) => Page } = {
  project: () => ({ path: '/' }),
  model: (target) => ({ path: modelPath(target.itemType) }),
  field: (target) => ({ path: `/schema/item_types/${id(target.itemType.id)}/fields/${id(target.field.id)}/edit` }),
  record: (target) => ({ path: `/editor/item_types/${id(target.itemType.id)}/items/${id(target.record.id)}/edit` }),
  webhook: (target) => ({ path: `/project_settings/webhooks/${id(target.webhook.id)}/edit`, projectWide: true }),
};

function modelPath(itemType: Resource<'item_type'>): string {
  const section = Model.isBlock(itemType) ? 'blocks_library' : 'item_types';
  return `/schema/${section}/${id(itemType.id)}`;
}
