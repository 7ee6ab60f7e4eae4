// The fragments of each linked folder's code, for what crosses files: Run and the copies send the fragments an
// operation spreads from other files (gql.tada's fragment arrays, codegen's documents), and the checks of a document
// know them (a spread is not unknown, a variable only another file's fragment uses is used). Read by the usage scan
// (off the extension host's thread) when first needed, then again when needed after a file of the folder changed.
import type { FragmentDefinitionNode } from 'graphql';
import vscode = require('vscode');
import type { GraphqlDeps } from './deps';
import { fragmentNode } from './usages/breakage';
import type { OutlineFragment } from './usages/outline';
import type { FolderFragments, Skipped } from './usages/scanner';

/** A fragment defined somewhere in the folder. */
interface FolderFragment extends OutlineFragment {
  /** the file that defines it */
  uri: vscode.Uri;
}

export interface FolderIndex {
  fragments: ReadonlyMap<string, FolderFragment>;
  /** some code of the folder pages with the official client's auto-pagination */
  autoPagination: boolean;
  skipped: readonly Skipped[];
  /** the fragments as syntax trees (for the checks) */
  nodes(): ReadonlyMap<string, FragmentDefinitionNode>;
}

interface Slot {
  index?: FolderIndex;
  reading?: Promise<FolderIndex | undefined>;
  stale: boolean;
}

export class FragmentIndex implements vscode.Disposable {
  readonly #deps: Pick<GraphqlDeps, 'folders' | 'readFragments' | 'onFileChange'>;
  readonly #slots = new Map<string, Slot>();
  readonly #changed = new vscode.EventEmitter<void>();
  /** a folder's fragments were read (again) */
  readonly onDidChange = this.#changed.event;
  readonly #disposables: vscode.Disposable[];

  constructor(deps: Pick<GraphqlDeps, 'folders' | 'readFragments' | 'onFileChange'>) {
    this.#deps = deps;
    this.#disposables = [
      this.#changed,
      deps.onFileChange((folder) => {
        const slot = this.#slots.get(folder);
        if (slot) slot.stale = true;
      }),
    ];
  }

  /** The fragments of the folder of `uri` as they are now (read when stale); undefined outside linked folders. */
  async current(uri: vscode.Uri): Promise<FolderIndex | undefined> {
    const key = vscode.workspace.getWorkspaceFolder(uri)?.uri.toString();
    if (!key) return undefined;
    const slot = this.#slot(key);
    if (slot.index && !slot.stale) return slot.index;
    return this.#read(key, slot);
  }

  /**
   * What is known of the folder's fragments without waiting; a read is started when nothing is known yet or a file
   * changed since (`onDidChange` then fires), when `wanted`.
   */
  peek(uri: vscode.Uri, wanted: boolean): FolderIndex | undefined {
    const key = vscode.workspace.getWorkspaceFolder(uri)?.uri.toString();
    if (!key) return undefined;
    const slot = this.#slot(key);
    if (wanted && (!slot.index || slot.stale) && !slot.reading) void this.#read(key, slot);
    return slot.index;
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0)) d.dispose();
  }

  #slot(key: string): Slot {
    let slot = this.#slots.get(key);
    if (!slot) this.#slots.set(key, (slot = { stale: true }));
    return slot;
  }

  #read(key: string, slot: Slot): Promise<FolderIndex | undefined> {
    if (slot.reading) return slot.reading;
    slot.stale = false;
    const reading = (async () => {
      const folder = (await this.#deps.folders()).find((f) => f.key === key);
      if (!folder) return undefined;
      const index = indexOf(await this.#deps.readFragments(folder));
      slot.index = index;
      this.#changed.fire();
      return index;
    })();
    slot.reading = reading;
    const done = () => {
      if (slot.reading === reading) slot.reading = undefined;
    };
    reading.then(done, () => {
      done();
      slot.stale = true;
    });
    return reading;
  }
}

function indexOf(found: FolderFragments): FolderIndex {
  const fragments = new Map<string, FolderFragment>();
  for (const fragment of found.fragments) {
    const { path, ...rest } = fragment;
    fragments.set(fragment.name, { ...rest, uri: vscode.Uri.file(path) });
  }
  let nodes: Map<string, FragmentDefinitionNode> | undefined;
  return {
    fragments,
    autoPagination: found.autoPagination,
    skipped: found.skipped,
    nodes: () => {
      nodes ??= new Map(
        [...fragments].flatMap(([name, f]) => {
          const node = fragmentNode(f);
          return node ? [[name, node] as const] : [];
        }),
      );
      return nodes;
    },
  };
}
