// Finding and opening DatoCMS documents without the tree (an id, a dashboard address, a search, a vscode:// link)
// and the small actions on what the tree or an editor shows (copy an id, open the dashboard, reveal in the tree).
// They only read, then open a document.
import vscode = require('vscode');
import { Field, Model } from '../domain/views';
import { errorMessage } from '../platform/errors';
import { openDocument, parseDocumentUri } from '../platform/uris';
import { askRecordId, pickModel, pickProject, recordRefById, searchAndPickRecord } from '../projects/pickers';
import { isDocumentNode, modelOf, type TreeNode } from '../tree/nodes';
import { nodeOf } from '../tree/commands';
import type { Services } from '../services';
import { VIEW_ID } from '../tree/provider';
import { REVEAL_MAX_PAGES } from '../tree/reveal';
import type { DocumentRef } from '../domain/paths';
import { adminUrl, type AdminTarget } from './adminUrls';
import { parseDashboardUrl, parseExtensionLink, resolveDashboardLink, resolveExtensionLink } from './dashboardLinks';

/** The project a palette command acts on (asking when there are several), in the environment the tree shows. */
async function chooseProject(deps: Services, title: string) {
  const { registry, ui, t } = deps;
  const chosen = await pickProject(ui, t, registry.list(), title, deps.statusBar.activeProjectKey());
  return chosen && { project: chosen, environment: registry.environmentOf(chosen.key), data: await registry.data(chosen.key) };
}

export async function openRecordById(deps: Services): Promise<void> {
  const { ui, t } = deps;
  const chosen = await chooseProject(deps, t('Open a record of which project?'));
  if (!chosen) return;
  const id = await askRecordId(ui, t);
  if (!id) return;
  const ref = await ui.withProgress({ title: t('Looking up record {0}…', id), cancellable: false }, () =>
    recordRefById(chosen.data, chosen.project, chosen.environment, id, t),
  );
  await openDocument(ref);
}

export async function openFromUrl(deps: Services, text?: unknown): Promise<void> {
  const { ui, t } = deps;
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
  await openDocument(await resolveDashboardLink(parsed.value, deps.registry, t));
}

export async function searchAndOpen(deps: Services): Promise<void> {
  const { ui, t } = deps;
  const chosen = await chooseProject(deps, t('Search records of which project?'));
  if (!chosen) return;
  const itemType = await pickModel(ui, t, chosen.data, t('Search records of which model?'), { blocks: false });
  if (!itemType) return;
  const picked = await searchAndPickRecord(ui, t, chosen.data, itemType);
  if (picked) {
    const modelApiKey = Model.apiKey(itemType);
    await openDocument({ project: chosen.project.key, environment: chosen.environment, kind: 'record', modelApiKey, ...picked });
  }
}

/**
 * A vscode://datocms-explorer.datocms-explorer/open?… link opens a record or a model of a signed-in project. A link
 * comes from outside (a web page, a chat): everything in it is checked, and it can only open a document to read; it
 * never signs in, saves or changes anything.
 */
export async function openLink(deps: Pick<Services, 'registry' | 'ui' | 't' | 'log'>, uri: vscode.Uri): Promise<void> {
  const { ui, t, log } = deps;
  const parsed = parseExtensionLink(uri.path, uri.query, t);
  if (!parsed.ok) {
    log.warn(`link refused: ${parsed.message}`);
    void ui.error(t('DatoCMS Explorer cannot open this link: {0}', parsed.message));
    return;
  }
  try {
    await openDocument(await resolveExtensionLink(parsed.value, deps.registry, t));
  } catch (error) {
    log.warn(`link not opened: ${errorMessage(error)}`);
    void ui.error(t('DatoCMS Explorer could not open this link: {0}', errorMessage(error)));
  }
}

/** How each node that stands for one resource names its id. */
const ID_OF: { [K in TreeNode['kind']]?: (node: Extract<TreeNode, { kind: K }>) => string } = {
  project: (node) => node.project.siteId,
  model: (node) => node.itemType.id,
  field: (node) => node.field.id,
  fieldset: (node) => node.fieldset.id,
  record: (node) => node.record.id,
  webhook: (node) => node.webhook.id,
  upload: (node) => node.upload.id,
};

export async function copyId(deps: Services, arg?: unknown): Promise<void> {
  const node = await nodeOf(deps, arg);
  const id = node && (ID_OF[node.kind] as ((node: TreeNode) => string) | undefined)?.(node);
  if (id !== undefined) await copied(deps, id);
}

export async function copyApiKey(deps: Services, arg?: unknown): Promise<void> {
  const node = await nodeOf(deps, arg);
  const apiKey =
    node?.kind === 'model' ? Model.givenApiKey(node.itemType) : node?.kind === 'field' ? Field.givenApiKey(node.field) : undefined;
  if (apiKey !== undefined) await copied(deps, apiKey);
}

async function copied(deps: Services, text: string): Promise<void> {
  await deps.ui.copy(text);
  deps.ui.status(deps.t('Copied {0}', text), 3000);
}

export async function openInDatoCMS(deps: Services, arg?: unknown): Promise<void> {
  const node = await nodeOf(deps, arg);
  if (!node) return;
  const project = deps.registry.get(node.projectKey);
  const target = adminTarget(node);
  const url = project && target ? adminUrl(project, node.environment, target) : undefined;
  if (!url) throw new Error(deps.t('The dashboard address of this project is unknown (the site has no internal domain).'));
  await deps.ui.openExternal(url);
}

/** The dashboard page of each node that has one of its own (others open their model's, if any). */
const ADMIN_TARGET_OF: { [K in TreeNode['kind']]?: (node: Extract<TreeNode, { kind: K }>) => AdminTarget } = {
  project: () => ({ kind: 'project' }),
  model: (node) => ({ kind: 'model', itemType: node.itemType }),
  field: (node) => ({ kind: 'field', itemType: node.model.itemType, field: node.field }),
  record: (node) => ({ kind: 'record', itemType: node.model.itemType, record: node.record }),
  webhook: (node) => ({ kind: 'webhook', webhook: node.webhook }),
};

function adminTarget(node: TreeNode): AdminTarget | undefined {
  const own = ADMIN_TARGET_OF[node.kind] as ((node: TreeNode) => AdminTarget) | undefined;
  if (own) return own(node);
  const model = modelOf(node);
  return model ? { kind: 'model', itemType: model.itemType } : undefined;
}

export async function revealInTree(deps: Services, arg?: unknown): Promise<void> {
  const { registry, ui, t } = deps;
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const ref = uri ? parseDocumentUri(uri) : undefined;
  if (!ref) {
    void ui.info(t('Open a DatoCMS document (datocms:) first.'));
    return;
  }
  if (registry.environmentOf(ref.project) !== ref.environment) {
    void ui.info(
      t(
        'This document is from environment {0}; the tree shows {1}. Switch environment to reveal it.',
        ref.environment,
        registry.environmentOf(ref.project),
      ),
    );
    return;
  }
  const node = await revealRef(deps, ref, { focus: true, maxPages: REVEAL_MAX_PAGES });
  if (!node) {
    void ui.info(t('This document is not in the tree (was it deleted, or is the project signed out?).'));
    return;
  }
  if (!isDocumentNode(node)) {
    void ui.info(
      t(
        "Record {0} is not in the first pages of its model's records (or the Records query leaves it out); showing its model's records.",
        ref.kind === 'record' ? ref.id : '',
      ),
    );
  }
}

/**
 * Selects the node that shows `ref` (the editor keeps the focus unless `focus`), loading the branches on its way:
 * a record is paged to, at most `maxPages` more pages, else its model's Records item stands in. The node shown.
 */
export async function revealRef(
  deps: Services,
  ref: DocumentRef,
  options: { focus: boolean; maxPages: number },
): Promise<TreeNode | undefined> {
  // A record beyond the loaded pages is paged to: show the view's progress bar meanwhile.
  const node = await deps.ui.withProgress({ location: { view: VIEW_ID } }, () => deps.tree.find(ref, options.maxPages));
  if (node) await deps.treeView.reveal(node, { select: true, focus: options.focus, expand: false });
  return node;
}
