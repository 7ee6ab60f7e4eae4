// Find Usages in Code's answer in VS Code's References view (the built-in references-view extension's API, which Find
// All References fills too): the files, each with the selections reading the model or field, a click opening one
// there. Without that extension (a workbench that removed it) the caller shows a list instead.
import vscode = require('vscode');

/** One place in the code that reads the model or field. */
export interface UsagePlace {
  location: vscode.Location;
  /** the GraphQL name read (`title`, `ArticleRecord`) */
  name: string;
  /** `query Feed`, `fragment Card on ArticleRecord` */
  unit: string;
  /** the line's text, trimmed */
  preview: string;
}

/** The part of the built-in extension's API used here (its `SymbolTree`). */
interface SymbolTree {
  setInput(input: UsagesInput): void;
}

type Node = { file: vscode.Uri; places: UsagePlace[] } | UsagePlace;

/** Shows the usages in the References view; false when the view is not there. */
export async function showInReferencesView(title: string, anchor: vscode.Location, places: UsagePlace[]): Promise<boolean> {
  const extension = vscode.extensions.getExtension<SymbolTree>('vscode.references-view');
  if (!extension) return false;
  const api = extension.isActive ? extension.exports : await extension.activate();
  if (typeof api?.setInput !== 'function') return false;
  api.setInput(new UsagesInput(title, anchor, places));
  return true;
}

/** What the References view asks of its input (its `SymbolTreeInput`). */
class UsagesInput {
  readonly contextValue = 'datocmsUsages';

  constructor(
    readonly title: string,
    readonly location: vscode.Location,
    private readonly places: UsagePlace[],
  ) {}

  resolve(): { message: string; provider: vscode.TreeDataProvider<Node> } {
    const byFile = new Map<string, { file: vscode.Uri; places: UsagePlace[] }>();
    for (const place of this.places) {
      const key = place.location.uri.toString();
      const group = byFile.get(key) ?? { file: place.location.uri, places: [] };
      group.places.push(place);
      byFile.set(key, group);
    }
    const files = [...byFile.values()];
    return {
      message: vscode.l10n.t('{0} read(s) in {1} file(s)', this.places.length, files.length),
      provider: {
        getChildren: (node?: Node) => (node === undefined ? files : 'places' in node ? node.places : []),
        getTreeItem: (node: Node) => ('places' in node ? fileItem(node.file, node.places.length) : placeItem(node)),
      },
    };
  }

  with(location: vscode.Location): UsagesInput {
    return new UsagesInput(this.title, location, this.places);
  }
}

function fileItem(file: vscode.Uri, count: number): vscode.TreeItem {
  const item = new vscode.TreeItem(file, vscode.TreeItemCollapsibleState.Expanded);
  item.description = `${vscode.workspace.asRelativePath(file, false)} · ${count}`;
  item.contextValue = 'file-item';
  return item;
}

function placeItem(place: UsagePlace): vscode.TreeItem {
  const item = new vscode.TreeItem(place.preview || place.name, vscode.TreeItemCollapsibleState.None);
  item.description = `${place.name} · ${place.unit}`;
  item.contextValue = 'reference-item';
  item.command = {
    command: 'vscode.open',
    title: vscode.l10n.t('Open'),
    arguments: [place.location.uri, { selection: place.location.range }],
  };
  return item;
}
