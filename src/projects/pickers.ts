// The palette's way to a resource without the tree: pick a project, a model, then a record (by id or
// by a full-text search). Each step is a Ui dialogue; undefined means the user dismissed it. Only reads.
// No vscode import.
import { ApiError } from '../cma';
import type { Resource } from '../cma';
import type { DocumentRef } from '../domain/paths';
import { Model, Site } from '../domain/views';
import type { Project } from './project';
import type { ProjectData } from './projectData';
import { titleReader } from '../domain/titles';
import { byName, relationshipId, statusOf } from '../domain/resources';
import { datesIn } from '../platform/dates';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';

/** A document a link or an id names cannot be opened; the message says why. */
export class LinkNotOpenedError extends Error {}

/** How many search results the quick pick lists. */
const SEARCH_RESULTS = 50;

const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The project to act on: the only one, else a quick pick with the active one first. */
export async function pickProject(
  ui: Ui,
  t: Translate,
  projects: Project[],
  title: string,
  activeKey?: string,
): Promise<Project | undefined> {
  if (projects.length <= 1) return projects[0];
  const ordered = [...projects].sort((a, b) => Number(b.key === activeKey) - Number(a.key === activeKey));
  return ui.pick(
    ordered.map((p) => ({ label: p.name, description: p.key === activeKey ? t('active') : (p.internalDomain ?? undefined), value: p })),
    { title },
  );
}

/** A model of the project (block models too when `blocks`), by name and API key. */
export async function pickModel(
  ui: Ui,
  t: Translate,
  data: ProjectData,
  title: string,
  options: { blocks: boolean },
): Promise<Resource<'item_type'> | undefined> {
  const itemTypes = (await data.itemTypes()).filter((m) => options.blocks || !Model.isBlock(m)).sort(byName);
  if (itemTypes.length === 0) {
    void ui.info(t('This project has no models.'));
    return undefined;
  }
  return ui.pick(
    itemTypes.map((m) => ({
      label: Model.name(m),
      description: `${Model.apiKey(m)}${Model.isBlock(m) ? ` · ${t('block model')}` : ''}`,
      value: m,
    })),
    { title, placeholder: t('Choose a model') },
  );
}

export function askRecordId(ui: Ui, t: Translate): Promise<string | undefined> {
  return ui
    .input({
      title: t('Open DatoCMS record by ID'),
      prompt: t('The record ID (as shown by Copy ID or in the dashboard address)'),
      validate: (text) => (RECORD_ID.test(text.trim()) ? undefined : t('A record ID is letters, digits, "-" and "_".')),
    })
    .then((text) => text?.trim());
}

/** The document of a record known only by its id: one GET /items/:id tells its model. */
export async function recordRefById(
  data: ProjectData,
  project: Project,
  environment: string,
  id: string,
  t: Translate,
): Promise<DocumentRef> {
  let record: Resource<'item'>;
  try {
    record = await data.client.items.find(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && !error.environmentMissing)
      throw new LinkNotOpenedError(t('There is no record {0} in environment {1} of {2}.', id, environment, project.name));
    throw error;
  }
  const modelId = relationshipId(record, 'item_type');
  const itemType = (await data.itemTypes()).find((m) => m.id === modelId);
  if (!itemType) throw new LinkNotOpenedError(t('The model of record {0} is not in environment {1}.', id, environment));
  // the tab names the record by its title, as when it is opened from the tree
  const title = (await titleReader(data, itemType))?.(record);
  return {
    project: project.key,
    environment,
    kind: 'record',
    modelApiKey: Model.apiKey(itemType),
    id: record.id,
    ...(title ? { title } : {}),
  };
}

/** Full-text search in one model's records; the chosen record's id and title. */
export async function searchAndPickRecord(
  ui: Ui,
  t: Translate,
  data: ProjectData,
  itemType: Resource<'item_type'>,
): Promise<{ id: string; title?: string } | undefined> {
  const modelName = Model.name(itemType);
  const text = (
    await ui.input({
      title: t('Search records of {0}', modelName),
      prompt: t('Words to find (full-text search)'),
      validate: (v) => (v.trim() ? undefined : t('Enter words to search for.')),
    })
  )?.trim();
  if (!text) return undefined;
  const [page, , site] = await ui.withProgress({ title: t('Searching {0}…', modelName), cancellable: true }, (_report, signal) =>
    Promise.all([
      data.client.items.list({ filter: { type: itemType.id, query: text }, page: { offset: 0, limit: SEARCH_RESULTS } }, { signal }),
      // the titles need the fields and the locales: loaded meanwhile
      data.fields(itemType.id),
      data.site(),
    ]),
  );
  if (page.data.length === 0) {
    void ui.info(t('No record of {0} matches "{1}".', modelName, text));
    return undefined;
  }
  const titleOfRecord = (await titleReader(data, itemType)) ?? (() => undefined);
  const when = datesIn(Site.timezone(site));
  return ui.pick(
    page.data.map((record) => {
      const title = titleOfRecord(record);
      return {
        label: title ?? record.id,
        description: statusOf(record, when.short),
        detail: record.id,
        value: title ? { id: record.id, title } : { id: record.id },
      };
    }),
    {
      title:
        page.totalCount > page.data.length
          ? t('{0} of {1} records matching "{2}"', page.data.length, page.totalCount, text)
          : t('Records matching "{0}"', text),
    },
  );
}

export interface ModelTarget {
  projectKey: string;
  environment: string;
  itemType: Resource<'item_type'>;
}

/** What the "New …" commands and the pickers take: the dialogs and the projects (a plain-Node test builds these). */
export interface PickerDeps {
  ui: Ui;
  t: Translate;
  registry: { list(): Project[]; environmentOf(key: string): string; data(key: string, environment?: string): Promise<ProjectData> };
}

/** The tree node a command ran on, when it names a model (the model itself, or its Records or Fields item). */
export function modelTargetOfNode(node: unknown, section: 'records' | 'fields' = 'records'): ModelTarget | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const n = node as {
    kind?: string;
    projectKey?: string;
    environment?: string;
    itemType?: Resource<'item_type'>;
    model?: { itemType?: Resource<'item_type'> };
  };
  const itemType = n.kind === 'model' ? n.itemType : n.kind === section ? n.model?.itemType : undefined;
  return itemType && n.projectKey && n.environment ? { projectKey: n.projectKey, environment: n.environment, itemType } : undefined;
}

/** From the palette: a project, then one of its models in the project's selected environment; undefined when dismissed. */
export async function pickModelTarget(
  deps: PickerDeps,
  titles: { project: string; model: string },
  options: { blocks: boolean },
): Promise<ModelTarget | undefined> {
  const project = await pickProject(deps.ui, deps.t, deps.registry.list(), titles.project);
  if (!project) return undefined;
  const environment = deps.registry.environmentOf(project.key);
  const itemType = await pickModel(deps.ui, deps.t, await deps.registry.data(project.key, environment), titles.model, options);
  return itemType && { projectKey: project.key, environment, itemType };
}
