// Commands that work from the command palette as well as the tree: open a record by id, open a
// dashboard address, search records, export a model's records. They only read, then open a document.
import vscode = require('vscode');
import { documentUri } from '../documents';
import type { DocumentRef } from '../domain/paths';
import type { ModelNode, RecordsNode } from '../tree/model';
import type { CommandDeps, CommandFactory } from '../commands/index';
import { parseDashboardUrl, resolveDashboardLink } from './dashboardLinks';
import { askRecordId, pickModel, pickProject, recordRefById, searchAndPickRecord } from '../projects/pickers';

const t = vscode.l10n.t;

export interface PaletteDeps extends CommandDeps {
  command: CommandFactory;
  exportModel: (node: ModelNode | RecordsNode) => Promise<void>;
}

/** Opens a `datocms:` document in a lasting (not preview) editor. */
export async function openDocument(ref: DocumentRef): Promise<void> {
  await vscode.window.showTextDocument(documentUri(ref), { preview: false });
}

/** The project a palette command acts on (asking when there are several), in the environment the tree shows. */
async function chooseProject(deps: CommandDeps, title: string) {
  const { registry, ui } = deps;
  const projects = registry.list();
  if (projects.length === 0) {
    const signIn = t('Sign In');
    if ((await ui.info(t('Sign in to a DatoCMS project first.'), signIn)) === signIn)
      await vscode.commands.executeCommand('datocms.signIn');
    return undefined;
  }
  const chosen = await pickProject(ui, t, projects, title, deps.statusBar.activeProjectKey());
  return chosen && { project: chosen, environment: registry.environmentOf(chosen.key), data: await registry.data(chosen.key) };
}

/** The tree node of a model the user picks (project, then model). */
async function chooseModelNode(deps: CommandDeps, projectTitle: string, modelTitle: string): Promise<ModelNode | undefined> {
  const chosen = await chooseProject(deps, projectTitle);
  if (!chosen) return undefined;
  const itemType = await pickModel(deps.ui, t, chosen.data, modelTitle, { blocks: false });
  if (!itemType) return undefined;
  const apiKey = String(itemType.attributes['api_key']);
  const node = await deps.model.find({ project: chosen.project.key, environment: chosen.environment, kind: 'model', apiKey });
  if (node?.kind !== 'model') throw new Error(t('Model {0} is not in the DatoCMS view.', apiKey));
  return node;
}

/** The Records item of a model the user picks, for the query commands run from the palette. */
export async function pickRecordsNode(deps: CommandDeps, modelTitle: string): Promise<RecordsNode | undefined> {
  const modelNode = await chooseModelNode(deps, t('Which project?'), modelTitle);
  return modelNode && (await deps.model.children(modelNode)).find((n): n is RecordsNode => n.kind === 'records');
}

export function paletteCommands(deps: PaletteDeps): vscode.Disposable[] {
  const { command, registry, ui } = deps;
  const project = (title: string) => chooseProject(deps, title);

  return [
    command('datocms.openRecordById', t('Could not open the record'), async () => {
      const chosen = await project(t('Open a record of which project?'));
      if (!chosen) return;
      const id = await askRecordId(ui, t);
      if (!id) return;
      const ref = await ui.withProgress({ title: t('Looking up record {0}…', id), cancellable: false }, () =>
        recordRefById(chosen.data, chosen.project, chosen.environment, id, t),
      );
      await openDocument(ref);
    }),
    command('datocms.openFromUrl', t('Could not open the DatoCMS address'), async (text?: unknown) => {
      const address =
        typeof text === 'string'
          ? text
          : await ui.input({
              title: t('Open from DatoCMS URL'),
              prompt: t('Paste the address of a record, model, field or webhook page of the DatoCMS dashboard'),
              placeholder: 'https://<project>.admin.datocms.com/editor/item_types/…/items/…/edit',
              validate: (value) => {
                const parsed = parseDashboardUrl(value, t);
                return parsed.ok ? undefined : parsed.message;
              },
            });
      if (address === undefined) return;
      const parsed = parseDashboardUrl(address, t);
      if (!parsed.ok) throw new Error(parsed.message);
      await openDocument(await resolveDashboardLink(parsed.value, registry, t));
    }),
    command('datocms.searchRecords', t('Could not search records'), async () => {
      const chosen = await project(t('Search records of which project?'));
      if (!chosen) return;
      const itemType = await pickModel(ui, t, chosen.data, t('Search records of which model?'), { blocks: false });
      if (!itemType) return;
      const picked = await searchAndPickRecord(ui, t, chosen.data, itemType);
      if (picked)
        await openDocument({
          project: chosen.project.key,
          environment: chosen.environment,
          kind: 'record',
          modelApiKey: String(itemType.attributes['api_key']),
          ...picked,
        });
    }),
    command('datocms.exportRecords', t('Could not export records'), async (node?: ModelNode | RecordsNode) => {
      const target = node ?? (await chooseModelNode(deps, t('Export records of which project?'), t('Export the records of which model?')));
      if (target) await deps.exportModel(target);
    }),
  ];
}
