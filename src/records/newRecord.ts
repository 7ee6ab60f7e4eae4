// "New Record…": which model (from the tree's model or Records item, or picked from the palette), then
// what to open: a singleton model's existing record, else a new record of the model (a tree model's parent
// chosen first). Nothing is sent here: the record is created when the user first saves it. No vscode import.
import type { Resource } from '../cma/types';
import { newDraftRef, type RecordRef } from '../domain/paths';
import type { Project } from '../projects/project';
import type { ProjectData } from '../projects/projectData';
import { mainLocale, recordTitle, relationshipId } from '../domain/resources';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import { pickModel, pickProject } from '../projects/pickers';

export interface NewRecordTarget {
  projectKey: string;
  environment: string;
  itemType: Resource<'item_type'>;
}

export interface NewRecordDeps {
  ui: Ui;
  t: Translate;
  projects: { list(): Project[]; environmentOf(key: string): string; data(key: string, environment?: string): Promise<ProjectData> };
}

/** How many records a tree model's parent pick lists. */
const PARENT_CHOICES = 100;

/** The tree node a command ran on, when it names a model (the model itself, or its Records or Fields item). */
export function targetOfNode(node: unknown, section: 'records' | 'fields' = 'records'): NewRecordTarget | undefined {
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
export async function pickTarget(
  deps: NewRecordDeps,
  titles: { project: string; model: string },
  options: { blocks: boolean },
): Promise<NewRecordTarget | undefined> {
  const project = await pickProject(deps.ui, deps.t, deps.projects.list(), titles.project);
  if (!project) return undefined;
  const environment = deps.projects.environmentOf(project.key);
  const itemType = await pickModel(deps.ui, deps.t, await deps.projects.data(project.key, environment), titles.model, options);
  return itemType && { projectKey: project.key, environment, itemType };
}

/** The document to open for a new record of the target (or picked) model; undefined when the user dismissed a pick. */
export async function newRecordRef(deps: NewRecordDeps, target?: NewRecordTarget): Promise<RecordRef | undefined> {
  const { ui, t } = deps;
  const chosen =
    target ??
    (await pickTarget(deps, { project: t('New record in which project?'), model: t('New record of which model?') }, { blocks: false }));
  if (!chosen) return undefined;
  const where = { project: chosen.projectKey, environment: chosen.environment };
  const data = await deps.projects.data(chosen.projectKey, chosen.environment);
  // the model as DatoCMS has it now: a singleton's record may have been created since the tree loaded
  data.invalidate();
  const model = await data.itemType(chosen.itemType.id);
  const apiKey = String(model.attributes['api_key']);
  if (model.attributes['modular_block'] === true) {
    void ui.info(t("Blocks are created inside a record: add one to a record's block field."));
    return undefined;
  }
  if (model.attributes['singleton'] === true) {
    const existing = relationshipId(model, 'singleton_item');
    if (existing) {
      void ui.info(
        t('{0} is a single-instance model and already has its record: it is opened instead.', String(model.attributes['name'] ?? apiKey)),
      );
      return { ...where, kind: 'record', modelApiKey: apiKey, id: existing };
    }
  }
  let parentId: string | null = null;
  if (model.attributes['tree'] === true) {
    const page = await data.client.items.list({ filter: { type: model.id }, page: { offset: 0, limit: PARENT_CHOICES } });
    const [fields, site] = await Promise.all([data.fields(model.id), data.site()]);
    const titleField = fields.find((f) => f.id === relationshipId(model, 'title_field'));
    const none = { label: t('No parent (a root record)'), value: null as string | null };
    const records = page.data
      .map((r) => ({
        label: (titleField && recordTitle(r, titleField, mainLocale(site))) || r.id,
        description: r.id,
        value: r.id as string | null,
      }))
      .sort((a, b) => a.label.localeCompare(b.label));
    const picked = await ui.pick([none, ...records], {
      title: t('Parent of the new {0} record', apiKey),
      placeholder: t('Choose its parent, or none'),
    });
    if (picked === undefined) return undefined;
    parentId = picked;
  }
  return newDraftRef(where, apiKey, parentId, t('New record'));
}
