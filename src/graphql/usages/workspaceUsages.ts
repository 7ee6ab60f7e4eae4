// The workspace's queries and a schema change: Find Usages in Code for a model or a field (in the References view, and
// Find All References in the model's or field's `datocms:` document), and the queries a deleted or renamed model or
// field would break, for the confirmations to name. Only folders whose code reads that project's environment count
// (./usageSearch.ts); their files are listed with the workspace's excludes and scanned off the extension host's
// thread; files the scan skipped (too large, outside the workspace through a link) are named.
import vscode = require('vscode');
import { DOCUMENT_SCHEME, type DocumentRef } from '../../domain/paths';
import { Model } from '../../domain/views';
import { workers } from '../../platform/host';
import { documentUri, parseDocumentUri } from '../../platform/uris';
import { pascalCase } from '../datoNames';
import type { GraphqlDeps } from '../deps';
import type { LinkedFolder } from '../link';
import type { CodeChange } from './changes';
import { showInReferencesView, type UsagePlace } from './referencesView';
import { MAX_FILE_BYTES, type Skipped } from './scanner';
import { UsageClient } from './usageClient';
import { UsageSearch } from './usageSearch';
import { WorkspaceFiles } from './workspaceFiles';

/** A query or fragment a change would break, for a confirmation to name. */
export interface Breakage {
  /** `query Feed`, `fragment Card on ArticleRecord` */
  name: string;
  /** the file, relative to its workspace folder */
  file: string;
  uri: string;
  /** 1-based */
  line: number;
  /** the first problem it would have */
  message: string;
}

export class WorkspaceUsages implements vscode.Disposable {
  /** the scan over the linked folders (the agents' find-usages tool and the fragments of Run read it too) */
  readonly search: UsageSearch;
  /** the linked folders' files, and when they change */
  readonly files = new WorkspaceFiles();
  readonly #deps: Pick<GraphqlDeps, 'schemas' | 'linkFor' | 'linksReady' | 'data' | 'ui' | 't' | 'startWorker'>;
  readonly #client: UsageClient;
  readonly #registration: vscode.Disposable;

  constructor(deps: Pick<GraphqlDeps, 'schemas' | 'linkFor' | 'linksReady' | 'data' | 'ui' | 't' | 'startWorker'>) {
    this.#deps = deps;
    this.#client = new UsageClient(deps.startWorker ?? (() => workers.start('graphqlUsageWorker')));
    this.search = new UsageSearch({
      schemas: deps.schemas,
      folders: () => this.linkedFolders(),
      files: (folders) => this.files.files(folders),
      client: this.#client,
      pascals: async (target) =>
        (await (await deps.data(target.project, target.environment)).itemTypes()).map((m) => pascalCase(Model.givenApiKey(m) ?? '')),
    });
    this.#registration = vscode.languages.registerReferenceProvider(
      { scheme: DOCUMENT_SCHEME },
      { provideReferences: (document) => this.#references(document) },
    );
  }

  /** The workspace folders on this machine that have a link. */
  async linkedFolders(): Promise<LinkedFolder[]> {
    await this.#deps.linksReady;
    return (vscode.workspace.workspaceFolders ?? []).flatMap((folder) => {
      const link = this.#deps.linkFor(folder.uri);
      return link && folder.uri.scheme === 'file' ? [{ key: folder.uri.toString(), name: folder.name, path: folder.uri.fsPath, link }] : [];
    });
  }

  dispose(): void {
    this.#registration.dispose();
    this.files.dispose();
    this.#client.dispose();
  }

  /** The selections of the workspace that read a model or a field (a `datocms:` model or field reference). */
  async find(ref: DocumentRef): Promise<{ places: UsagePlace[]; skipped: Skipped[] }> {
    const change = changeOf(ref);
    if (!change) return { places: [], skipped: [] };
    const found = await this.search.find(change);
    const places = found.files.flatMap((file) =>
      file.reads.map((read) => {
        const start = new vscode.Position(read.line, read.character);
        return {
          location: new vscode.Location(vscode.Uri.file(file.path), new vscode.Range(start, start.translate(0, read.length))),
          name: read.name || read.typeName,
          unit: read.unit,
          preview: file.lines[read.line] ?? '',
        };
      }),
    );
    return { places, skipped: found.skipped };
  }

  /** The queries and fragments of the workspace that would no longer validate once the changes are made. */
  async queriesBrokenBy(changes: CodeChange | readonly CodeChange[]): Promise<Breakage[]> {
    const list = Array.isArray(changes) ? (changes as CodeChange[]) : [changes as CodeChange];
    return (await this.search.broken(list)).units.map((unit) => {
      const uri = vscode.Uri.file(unit.path);
      return {
        name: unit.unit,
        file: vscode.workspace.asRelativePath(uri, false),
        uri: uri.toString(),
        line: unit.line + 1,
        message: unit.message,
      };
    });
  }

  /** Find Usages in Code: the selections reading the model or field, in the References view; what was skipped, said. */
  async show(ref: DocumentRef, label: string): Promise<void> {
    const { ui, t } = this.#deps;
    const { places, skipped } = await ui.withProgress(
      { title: t('Looking for {0} in the workspace’s queries…', label), cancellable: false },
      () => this.find(ref),
    );
    if (skipped.length) void ui.warn(this.#skippedMessage(skipped));
    if (places.length === 0) {
      void ui.info(
        t('No query in the workspace reads {0} (only folders linked to environment {1} of this project count).', label, ref.environment),
      );
      return;
    }
    const anchor = new vscode.Location(documentUri(ref), new vscode.Position(0, 0));
    if (await showInReferencesView(t('Usages of {0}', label), anchor, places)) return;
    const picked = await ui.pick(
      places.map((u) => ({
        label: `${u.name} · ${u.unit}`,
        description: `${vscode.workspace.asRelativePath(u.location.uri, false)}:${u.location.range.start.line + 1}`,
        detail: u.preview,
        value: u,
      })),
      { title: t('{0} read(s) of {1} in the workspace’s queries', places.length, label) },
    );
    if (picked) await vscode.window.showTextDocument(picked.location.uri, { selection: picked.location.range });
  }

  #skippedMessage(skipped: Skipped[]): string {
    const { t } = this.#deps;
    const names = (why: Skipped['why']) => {
      const files = skipped.filter((s) => s.why === why).map((s) => vscode.workspace.asRelativePath(s.path, false));
      return files.length > 3 ? t('{0} and {1} more', files.slice(0, 3).join(', '), files.length - 3) : files.join(', ');
    };
    const large = names('large');
    const outside = names('outside');
    return [
      t('Some files were not searched.'),
      ...(large ? [t('Larger than {0} MB (not queries written by hand): {1}.', MAX_FILE_BYTES / 1024 / 1024, large)] : []),
      ...(outside ? [t('Outside the workspace folder, through a symbolic link: {0}.', outside)] : []),
    ].join(' ');
  }

  async #references(document: vscode.TextDocument): Promise<vscode.Location[]> {
    const ref = parseDocumentUri(document.uri);
    return ref && changeOf(ref) ? (await this.find(ref)).places.map((u) => u.location) : [];
  }
}

/** What a `datocms:` model or field reference is, as a change to look for. */
export function changeOf(ref: DocumentRef): CodeChange | undefined {
  const place = { project: ref.project, environment: ref.environment };
  if (ref.kind === 'model' && !ref.apiKey.startsWith('new~')) return { ...place, kind: 'model', modelApiKey: ref.apiKey };
  if (ref.kind === 'field' && !ref.apiKey.startsWith('new~'))
    return { ...place, kind: 'field', modelApiKey: ref.modelApiKey, fieldApiKey: ref.apiKey };
  return undefined;
}
