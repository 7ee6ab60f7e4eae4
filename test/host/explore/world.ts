// Where the explorer can act, read from the workbench as a user would find it: the DatoCMS view's rows (walked
// through the extension's own tree model, a random part of it each time), the Record History view's rows, the
// editors, and for each command the places package.json's menus put it (its `when` clauses), so a new command is
// explored where its menus show it without anyone listing it here.
import * as vscode from 'vscode';
import type { TreeNode } from '../../../src/tree';
import { EXTENSION_ID, extensionApi } from '../suite/helpers';
import type { Random } from './random';
import { evaluate, type Context } from './when';

interface MenuEntry {
  command?: string;
  when?: string;
}
interface Manifest {
  contributes: { commands: { command: string }[]; menus: Record<string, MenuEntry[]> };
}

export type PlaceKind = 'tree' | 'history' | 'editor' | 'palette' | 'row';
export interface Place {
  kind: PlaceKind;
  when?: string;
}
export interface Target {
  place: PlaceKind;
  /** what the user acted on, for the step list */
  label: string;
  args: unknown[];
  /** the environment the user saw the target in (writes must go there) */
  environment?: string;
  /** a palette command with a DatoCMS editor focused may act on that editor's document, in its environment */
  alsoEnvironment?: string;
}

export const manifest = () => vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as Manifest;

/** Every command package.json declares. */
export const declaredCommands = () => manifest().contributes.commands.map((c) => c.command);

/** The places a command shows in: tree rows, history rows, editors (their title bar), the palette. */
export function placesOf(command: string): Place[] {
  const places: Place[] = [];
  for (const [menu, entries] of Object.entries(manifest().contributes.menus))
    for (const entry of entries.filter((e) => e.command === command)) {
      if (menu === 'view/item/context')
        places.push({ kind: entry.when?.includes('datocms.history') ? 'history' : 'tree', when: entry.when });
      else if (menu.startsWith('editor/')) places.push({ kind: 'editor', when: entry.when });
      else if (menu === 'commandPalette' || menu === 'view/title') {
        if (entry.when !== 'false') places.push({ kind: 'palette', when: entry.when });
      }
    }
  // a command no menu names is in the palette (VS Code lists every declared command there)
  if (!manifest().contributes.menus['commandPalette']?.some((e) => e.command === command)) places.push({ kind: 'palette' });
  // a command no menu shows runs from rows whose click runs it ("Load more…")
  if (places.length === 0) places.push({ kind: 'row' });
  return places;
}

/** The tree rows a user has in reach this step: the project, its sections, some models and their rows. */
export class TreeReach {
  private nodes: TreeNode[] | undefined;
  private whole = false;

  constructor(private readonly random: Random) {}

  forget(): void {
    this.nodes = undefined;
    this.whole = false;
  }

  /** A random part of the tree, as a user browsing would open it. */
  async all(): Promise<TreeNode[]> {
    this.nodes ??= await this.walk(false);
    return this.nodes;
  }

  /** The rows `wanted` picks; when none is in reach, every branch is opened to find some (a user looking for one). */
  async find(wanted: (node: TreeNode) => boolean | Promise<boolean>): Promise<TreeNode[]> {
    const pick = async (nodes: TreeNode[]) => {
      const found: TreeNode[] = [];
      for (const node of nodes) if (await wanted(node)) found.push(node);
      return found;
    };
    const near = await pick(await this.all());
    if (near.length || this.whole) return near;
    this.nodes = await this.walk(true);
    this.whole = true;
    return pick(this.nodes);
  }

  private async walk(everything: boolean): Promise<TreeNode[]> {
    const { model } = await extensionApi();
    const found: TreeNode[] = [];
    const expand = async (node: TreeNode | undefined, depth: number): Promise<void> => {
      const children = await model.children(node).catch(() => [] as TreeNode[]);
      found.push(...children);
      if (depth === 0) return;
      const open = children.filter((c) => !LEAVES.has(c.kind));
      const wide = everything || node === undefined || node.kind === 'project';
      for (const child of wide ? open : this.random.shuffle(open).slice(0, 2)) await expand(child, depth - 1);
    };
    await expand(undefined, 4);
    return found;
  }
}

const LEAVES = new Set(['record', 'field', 'upload', 'webhook', 'loadMore', 'uploadsMore', 'empty', 'error']);

export async function contextValueOf(node: TreeNode): Promise<string> {
  const { provider } = await extensionApi();
  return provider.getTreeItem(node).contextValue ?? '';
}

/** The context keys of the active editor, as its menus see them. */
export function editorContext(): Context {
  const editor = vscode.window.activeTextEditor;
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  const inDiff = tab?.input instanceof vscode.TabInputTextDiff;
  const uri = editor?.document.uri;
  const signedIn = signedInNow();
  const base: Context = { 'datocms.signedIn': signedIn, workspaceFolderCount: vscode.workspace.workspaceFolders?.length ?? 0 };
  if (!uri) return base;
  return {
    ...base,
    resourceScheme: uri.scheme,
    resourcePath: uri.path,
    resourceExtname: uri.path.match(/\.[^./]+$/)?.[0] ?? '',
    editorLangId: editor.document.languageId,
    isInDiffEditor: inDiff,
    activeEditorIsDirty: editor.document.isDirty,
    editorTextFocus: true,
    editorHasSelection: !editor.selection.isEmpty,
  };
}

let signedIn = false;
export const signedInNow = () => signedIn;
export async function noteSignedIn(): Promise<void> {
  signedIn = (await extensionApi()).registry.list().length > 0;
}

/** The targets of `command` within reach now: rows, editors or the palette whose menus show it. */
export async function targetsOf(command: string, reach: TreeReach): Promise<Target[]> {
  const targets: Target[] = [];
  const { provider, history: historyView } = await extensionApi();
  for (const place of placesOf(command)) {
    if (place.kind === 'tree') {
      const shows = async (node: TreeNode, multi: boolean) =>
        evaluate(place.when, {
          view: 'datocms.explorer',
          viewItem: await contextValueOf(node),
          'datocms.signedIn': signedInNow(),
          listMultiSelection: multi,
        }) !== false;
      for (const node of await reach.find(async (n) => (await shows(n, false)) || shows(n, true))) {
        if (await shows(node, false))
          targets.push({ place: 'tree', label: `${node.kind} "${node.label}"`, args: [node], environment: node.environment });
        else {
          const siblings = (await reach.all()).filter((n) => n.kind === node.kind && n.parent === node.parent);
          targets.push({ place: 'tree', label: `${siblings.length} ${node.kind}s`, args: [node, siblings], environment: node.environment });
        }
      }
    } else if (place.kind === 'history') {
      const history = historyView();
      for (const node of history?.children() ?? []) {
        const item = history!.treeItem(node);
        if (evaluate(place.when, { view: 'datocms.history', viewItem: item.contextValue ?? '' }) !== false)
          targets.push({ place: 'history', label: `version ${String(item.label)}`, args: [node] });
      }
    } else if (place.kind === 'editor' || place.kind === 'palette') {
      const context = editorContext();
      const uri = vscode.window.activeTextEditor?.document.uri;
      if (place.kind === 'editor' && !uri) continue;
      if (evaluate(place.when, context) === false) continue;
      // a command of the document acts in its editor's environment; any other in the one the tree shows
      const ofDocument = placesOf(command).some((p) => p.kind === 'editor');
      const inEditor = uri?.scheme === 'datocms' ? uri.path.split('/')[2] : undefined;
      const environment = ofDocument ? inEditor : await shownEnvironment();
      targets.push(
        place.kind === 'editor'
          ? { place: 'editor', label: `editor ${uri!.path}`, args: [uri], environment }
          : { place: 'palette', label: 'the command palette', args: [], environment, ...(inEditor ? { alsoEnvironment: inEditor } : {}) },
      );
    } else {
      for (const node of await reach.find((n) => provider.getTreeItem(n).command?.command === command)) {
        const item = provider.getTreeItem(node);
        if (item.command?.command === command)
          targets.push({
            place: 'row',
            label: `click ${node.kind} "${node.label}"`,
            args: item.command.arguments ?? [],
            environment: node.environment,
          });
      }
    }
  }
  return targets;
}

/** The environment the tree shows its (first) project in. */
async function shownEnvironment(): Promise<string | undefined> {
  const { model } = await extensionApi();
  return model.roots()[0]?.environment;
}
