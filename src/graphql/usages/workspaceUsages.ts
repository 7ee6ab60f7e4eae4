// The workspace's queries and a schema change: Find Usages in Code for a model or a field (a list to pick from, and
// Find All References in the model's or field's `datocms:` document), and the queries a deleted or renamed model or
// field would break, for the confirmations to name. Only folders whose code reads that project's environment count
// (./usageSearch.ts); their files are listed with the workspace's excludes and scanned off the extension host's thread.
import path = require('node:path');
import { Worker } from 'node:worker_threads';
import vscode = require('vscode');
import { DOCUMENT_SCHEME, type DocumentRef } from '../../domain/paths';
import { Model } from '../../domain/views';
import type { Translate } from '../../platform/translate';
import type { Ui } from '../../platform/ui';
import { parseDocumentUri } from '../../platform/uris';
import type { ProjectData } from '../../projects/projectData';
import { pascalCase } from '../datoNames';
import type { WorkspaceLink } from '../link';
import type { SchemaCache } from '../schemaCache';
import type { CodeChange } from './changes';
import type { ScanFile } from './scanner';
import { UsageClient } from './usageClient';
import { UsageSearch, type LinkedFolder } from './usageSearch';

export interface WorkspaceUsagesDeps {
  schemas: Pick<SchemaCache, 'entry' | 'refresh'>;
  linkFor(uri: vscode.Uri): WorkspaceLink | undefined;
  /** the folders' links are resolved (the first reading of their configuration) */
  linksReady: Promise<unknown>;
  data(project: string, environment: string): Promise<ProjectData>;
  ui: Ui;
  t: Translate;
  /** the worker thread; the bundled one by default */
  startWorker?: () => Worker;
}

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

export interface Usage {
  location: vscode.Location;
  name: string;
  unit: string;
  preview: string;
}

const SOURCES = '**/*.{graphql,gql,ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const WORKER_FILE = path.join(__dirname, 'graphqlUsageWorker.js');

export class WorkspaceUsages implements vscode.Disposable {
  /** the scan over the linked folders (the agents' find-usages tool reads it too) */
  readonly search: UsageSearch;
  readonly #deps: WorkspaceUsagesDeps;
  readonly #client: UsageClient;
  readonly #registration: vscode.Disposable;

  constructor(deps: WorkspaceUsagesDeps) {
    this.#deps = deps;
    this.#client = new UsageClient(deps.startWorker ?? (() => new Worker(WORKER_FILE, { execArgv: [] })));
    this.search = new UsageSearch({
      schemas: deps.schemas,
      folders: async () => {
        await deps.linksReady;
        return (vscode.workspace.workspaceFolders ?? []).flatMap((folder) => {
          const link = deps.linkFor(folder.uri);
          return link && folder.uri.scheme === 'file'
            ? [{ key: folder.uri.toString(), name: folder.name, path: folder.uri.fsPath, link }]
            : [];
        });
      },
      files: (folders) => filesOf(folders),
      client: this.#client,
    });
    this.#registration = vscode.languages.registerReferenceProvider(
      { scheme: DOCUMENT_SCHEME },
      { provideReferences: (document) => this.#references(document) },
    );
  }

  dispose(): void {
    this.#registration.dispose();
    this.#client.dispose();
  }

  /** The selections of the workspace that read a model or a field (a `datocms:` model or field reference). */
  async find(ref: DocumentRef): Promise<Usage[]> {
    const change = changeOf(ref);
    if (!change) return [];
    return (await this.search.find(change)).flatMap((file) =>
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
  }

  /** The queries and fragments of the workspace that read what the changes remove and would no longer validate. */
  async queriesBrokenBy(changes: CodeChange | readonly CodeChange[]): Promise<Breakage[]> {
    const list = Array.isArray(changes) ? (changes as CodeChange[]) : [changes as CodeChange];
    const first = list[0];
    if (!first) return [];
    const pascals = async () =>
      (await (await this.#deps.data(first.project, first.environment)).itemTypes()).map((m) => pascalCase(Model.givenApiKey(m) ?? ''));
    return (await this.search.broken(list, pascals)).map((unit) => {
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

  /** Find Usages in Code: a list of the selections reading the model or field; picking one opens it there. */
  async show(ref: DocumentRef, label: string): Promise<void> {
    const { ui, t } = this.#deps;
    const usages = await ui.withProgress({ title: t('Looking for {0} in the workspace’s queries…', label), cancellable: false }, () =>
      this.find(ref),
    );
    if (usages.length === 0) {
      void ui.info(
        t('No query in the workspace reads {0} (only folders linked to environment {1} of this project count).', label, ref.environment),
      );
      return;
    }
    const picked = await ui.pick(
      usages.map((u) => ({
        label: `${u.name} · ${u.unit}`,
        description: `${vscode.workspace.asRelativePath(u.location.uri, false)}:${u.location.range.start.line + 1}`,
        detail: u.preview,
        value: u,
      })),
      { title: t('{0} read(s) of {1} in the workspace’s queries', usages.length, label) },
    );
    if (picked) await vscode.window.showTextDocument(picked.location.uri, { selection: picked.location.range });
  }

  async #references(document: vscode.TextDocument): Promise<vscode.Location[]> {
    const ref = parseDocumentUri(document.uri);
    return ref && changeOf(ref) ? (await this.find(ref)).map((u) => u.location) : [];
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

/** The folders' GraphQL and code files, without what the workspace excludes; open editors by their text. */
async function filesOf(linked: readonly LinkedFolder[]): Promise<ScanFile[]> {
  const folders = linked.flatMap((l) => vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === l.key) ?? []);
  const open = new Map(vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'file').map((d) => [d.uri.fsPath, d]));
  const files: ScanFile[] = [];
  for (const folder of folders) {
    const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, SOURCES), excludesOf(folder));
    for (const uri of found) {
      const kind = /\.(graphql|gql)$/i.test(uri.path) ? 'graphql' : 'script';
      const editor = open.get(uri.fsPath);
      files.push(editor ? { path: uri.fsPath, kind, text: editor.getText(), stamp: String(editor.version) } : { path: uri.fsPath, kind });
    }
  }
  return files;
}

/** The folder's `files.exclude` and `search.exclude` (node_modules always), as one glob. */
export function excludesOf(folder: vscode.WorkspaceFolder): string {
  const config = vscode.workspace.getConfiguration(undefined, folder.uri);
  const patterns = new Set(['**/node_modules/**']);
  for (const key of ['files.exclude', 'search.exclude'])
    for (const [glob, on] of Object.entries(config.get<Record<string, unknown>>(key) ?? {}))
      if (on === true) for (const p of expandBraces(glob)) patterns.add(p);
  return `{${[...patterns].join(',')}}`;
}

/** `**\/*.{js,map}` → `**\/*.js`, `**\/*.map` (one level: a glob group cannot hold another). */
function expandBraces(glob: string): string[] {
  const match = /\{([^{}]*)\}/.exec(glob);
  if (!match) return [glob];
  return match[1]!
    .split(',')
    .flatMap((part) => expandBraces(glob.slice(0, match.index) + part + glob.slice(match.index + match[0].length)));
}
