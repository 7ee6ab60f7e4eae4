// From a link into the DatoCMS dashboard (or a vscode:// link of this extension) to the `datocms:`
// document it names. Parsing is strict: https only, known page shapes only, ids and names of the
// characters DatoCMS uses. Nothing here signs in or writes. No vscode import.
import type { DocumentRef } from '../domain/paths';
import { ApiError } from '../cma';
import { Field, Model, Webhook } from '../domain/views';
import { LinkNotOpenedError, recordRefById } from '../projects/pickers';
import { type ProjectSource } from '../projects/project';

export { LinkNotOpenedError };
import type { Translate } from '../platform/translate';

type DashboardTarget =
  | { kind: 'record'; modelId: string; id: string }
  | { kind: 'model'; id: string }
  | { kind: 'field'; modelId: string; id: string }
  | { kind: 'webhook'; id: string };

export interface DashboardLink {
  /** the project's dashboard host (its internal domain), lower case */
  host: string;
  /** a sandbox environment named in the link; absent = the primary environment */
  environment?: string;
  target: DashboardTarget;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const ENVIRONMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const API_KEY = /^[a-z][a-z0-9_]{0,63}$/;
const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Dashboard pages that name one resource (the environment prefix is taken off first). */
const PAGES: { pattern: RegExp; target: (m: string[]) => DashboardTarget }[] = [
  {
    pattern: /^\/editor\/item_types\/([^/]+)\/items\/([^/]+)(?:\/edit)?$/,
    target: ([, modelId, id]) => ({ kind: 'record', modelId: modelId!, id: id! }),
  },
  {
    pattern: /^\/schema\/(?:item_types|blocks_library)\/([^/]+)\/fields\/([^/]+)(?:\/edit)?$/,
    target: ([, modelId, id]) => ({ kind: 'field', modelId: modelId!, id: id! }),
  },
  { pattern: /^\/schema\/(?:item_types|blocks_library)\/([^/]+)(?:\/edit)?$/, target: ([, id]) => ({ kind: 'model', id: id! }) },
  { pattern: /^\/(?:project_settings|admin)\/webhooks\/([^/]+)(?:\/edit)?$/, target: ([, id]) => ({ kind: 'webhook', id: id! }) },
];

const shapes = (t: Translate) =>
  t('a record, model, block model, field or webhook page of the DatoCMS dashboard (https://<project>.admin.datocms.com/…)');

export function parseDashboardUrl(text: string, t: Translate): Parsed<DashboardLink> {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, message: t('Paste the address of {0}.', shapes(t)) };
  }
  if (url.protocol !== 'https:') return { ok: false, message: t('Only https:// dashboard addresses are accepted.') };
  if (url.username || url.password || url.port) return { ok: false, message: t('This is not a DatoCMS dashboard address.') };
  const host = url.hostname.toLowerCase();
  if (!HOST.test(host)) return { ok: false, message: t('This is not a DatoCMS dashboard address.') };
  let path = url.pathname.replace(/\/+$/, '');
  let environment: string | undefined;
  const envMatch = /^\/environments\/([^/]+)(\/.*)$/.exec(path);
  if (envMatch) {
    environment = safeDecode(envMatch[1]!);
    if (environment === undefined || !ENVIRONMENT.test(environment))
      return { ok: false, message: t('The environment in this address is not valid.') };
    path = envMatch[2]!;
  }
  for (const page of PAGES) {
    const match = page.pattern.exec(path);
    if (!match) continue;
    const parts = match.map((part, i) => (i === 0 ? part : safeDecode(part)));
    if (parts.slice(1).some((part) => part === undefined || !ID.test(part)))
      return { ok: false, message: t('An id in this address is not valid.') };
    const target = page.target(parts as string[]);
    // Webhooks belong to the project, not to an environment.
    return { ok: true, value: target.kind === 'webhook' || environment === undefined ? { host, target } : { host, environment, target } };
  }
  return { ok: false, message: t('This address is not {0}.', shapes(t)) };
}

function safeDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** The target of a `vscode://<extension id>/open?…` link: a dashboard URL, or project + model / record. */
export type ExtensionLink =
  { kind: 'dashboard'; link: DashboardLink } | { kind: 'document'; project: string; environment?: string; model: string; record?: string };

/** Reads the path and query of a vscode:// link to this extension. Anything unexpected is refused. */
export function parseExtensionLink(path: string, query: string, t: Translate): Parsed<ExtensionLink> {
  if (path !== '/open') return { ok: false, message: t('This link asks for something DatoCMS Explorer does not do ({0}).', path) };
  const params = new URLSearchParams(query);
  const allowed = new Set(['url', 'project', 'environment', 'model', 'record']);
  const unknown = [...params.keys()].filter((k) => !allowed.has(k));
  if (unknown.length) return { ok: false, message: t('This link has parameters DatoCMS Explorer does not know: {0}.', unknown.join(', ')) };
  if ([...allowed].some((k) => params.getAll(k).length > 1)) return { ok: false, message: t('This link repeats a parameter.') };
  const url = params.get('url');
  if (url !== null) {
    if (params.size !== 1) return { ok: false, message: t('A link with url= takes no other parameter.') };
    const parsed = parseDashboardUrl(url, t);
    return parsed.ok ? { ok: true, value: { kind: 'dashboard', link: parsed.value } } : parsed;
  }
  const project = params.get('project');
  const environment = params.get('environment') ?? undefined;
  const model = params.get('model');
  const record = params.get('record') ?? undefined;
  if (!project || !ID.test(project)) return { ok: false, message: t('The link names no valid project.') };
  if (environment !== undefined && !ENVIRONMENT.test(environment))
    return { ok: false, message: t('The environment in this link is not valid.') };
  if (!model || !API_KEY.test(model)) return { ok: false, message: t('The link names no valid model (its api_key).') };
  if (record !== undefined && !ID.test(record)) return { ok: false, message: t('The record id in this link is not valid.') };
  return { ok: true, value: { kind: 'document', project, environment, model, record } };
}

/**
 * The document a dashboard link names, among the signed-in projects, with its name (its tab reads as when it is
 * opened from the tree): the cached schema, and one read of a record or webhook.
 */
export async function resolveDashboardLink(link: DashboardLink, projects: ProjectSource, t: Translate): Promise<DocumentRef> {
  const project = projects.list().find((p) => p.internalDomain?.toLowerCase() === link.host);
  if (!project) throw new LinkNotOpenedError(t('No signed-in project has the dashboard {0}. Sign in to that project first.', link.host));
  const environment = link.environment ?? project.primaryEnvironment ?? 'main';
  const base = { project: project.key, environment };
  const { target } = link;
  const data = await projects.data(project.key, environment);
  if (target.kind === 'webhook') {
    let name: string | undefined;
    try {
      name = Webhook.givenName(await data.client.webhooks.find(target.id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        throw new LinkNotOpenedError(t('There is no webhook {0} in {1}.', target.id, project.name));
      throw error;
    }
    return { ...base, kind: 'webhook', id: target.id, ...(name !== undefined ? { title: name } : {}) };
  }
  const modelId = target.kind === 'model' ? target.id : target.modelId;
  const itemType = (await data.itemTypes()).find((m) => m.id === modelId);
  if (!itemType) throw new LinkNotOpenedError(t('Model {0} is not in environment {1} of {2}.', modelId, environment, project.name));
  const modelApiKey = Model.apiKey(itemType);
  switch (target.kind) {
    case 'model':
      return { ...base, kind: 'model', apiKey: modelApiKey, title: Model.name(itemType) };
    case 'record':
      return recordRefById(data, project, environment, target.id, t);
    case 'field': {
      const field = (await data.fields(itemType.id)).find((f) => f.id === target.id);
      if (!field) throw new LinkNotOpenedError(t('Field {0} is not a field of {1}.', target.id, Model.name(itemType)));
      return { ...base, kind: 'field', modelApiKey, apiKey: Field.apiKey(field), title: Field.label(field) };
    }
  }
}

/** The document a vscode:// link names: a signed-in project only; the model must exist. */
export async function resolveExtensionLink(link: ExtensionLink, projects: ProjectSource, t: Translate): Promise<DocumentRef> {
  if (link.kind === 'dashboard') return resolveDashboardLink(link.link, projects, t);
  const project = projects.get(link.project);
  if (!project)
    throw new LinkNotOpenedError(t('You are not signed in to the project {0} this link opens. Sign in to it first.', link.project));
  const environment = link.environment ?? projects.environmentOf(project.key);
  const data = await projects.data(project.key, environment);
  const model = (await data.itemTypes()).find((m) => Model.givenApiKey(m) === link.model);
  if (!model) throw new LinkNotOpenedError(t('Model {0} is not in environment {1} of {2}.', link.model, environment, project.name));
  if (link.record) {
    const ref = await recordRefById(data, project, environment, link.record, t);
    if (ref.kind === 'record' && ref.modelApiKey !== link.model)
      throw new LinkNotOpenedError(t('Record {0} is not a record of {1}.', link.record, link.model));
    return ref;
  }
  return { project: project.key, environment, kind: 'model', apiKey: link.model, title: Model.givenName(model) ?? link.model };
}
