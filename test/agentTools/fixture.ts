// The agent tools against the emulator, in plain Node: the signed-in projects, the project data and the documents
// room's rendering are the real ones; the editors are kept in memory (the real-host suite runs them in VS Code).
import { CmaClient, closeAllDispatchers } from '../../src/cma';
import { DocumentService } from '../../src/documents/documentService';
import { documentPath, type DocumentRef } from '../../src/domain/paths';
import type { Project } from '../../src/projects/project';
import { ProjectData } from '../../src/projects/projectData';
import { KnownSecrets } from '../../src/platform/secrets';
import { formatMessage } from '../../src/platform/translate';
import type { GraphqlTools } from '../../src/graphql';
import type { EditorText, Editors, TextEdit, ToolDeps } from '../../src/agentTools/toolKit';
import { runTool } from '../../src/agentTools/tools';
import { startEmulator, type Emulator } from '../emulator';

export const BISTRO: Project = {
  key: 'emulated-bistro',
  siteId: '84213',
  name: 'Emulated Bistro',
  baseUrl: '',
  internalDomain: 'emulated-bistro.admin.datocms.com',
  primaryEnvironment: 'main',
};

/** Editors kept in memory: what an editor would hold, and what the tools showed. */
export class MemoryEditors implements Editors {
  readonly open_ = new Map<string, EditorText>();
  readonly shown: { uri: string; review: string }[] = [];

  constructor(private readonly documents: () => DocumentService) {}

  find(ref: DocumentRef): EditorText | undefined {
    return this.open_.get(keyOf(ref));
  }

  async open(ref: DocumentRef): Promise<EditorText> {
    const known = this.find(ref);
    if (known) return known;
    const opened = await this.documents().open(ref);
    const editor = { uri: `datocms:${documentPath(ref)}`, ref, text: opened.text, dirty: false, basis: { opened, basisText: opened.text } };
    this.open_.set(keyOf(ref), editor);
    return editor;
  }

  async apply(uri: string, edits: TextEdit[]): Promise<boolean> {
    const editor = [...this.open_.values()].find((e) => e.uri === uri);
    if (!editor) return false;
    for (const e of [...edits].sort((a, b) => b.offset - a.offset))
      editor.text = `${editor.text.slice(0, e.offset)}${e.text}${editor.text.slice(e.offset + e.length)}`;
    editor.dirty = editor.text !== editor.basis.basisText;
    return true;
  }

  async show(uri: string, review: 'editor' | 'diff'): Promise<void> {
    this.shown.push({ uri, review });
  }

  /** The user types in an open editor. */
  type(ref: DocumentRef, change: (doc: Record<string, unknown>) => void): void {
    const editor = this.find(ref);
    if (!editor) throw new Error(`${documentPath(ref)} is not open`);
    const doc = JSON.parse(editor.text) as Record<string, unknown>;
    change(doc);
    editor.text = `${JSON.stringify(doc, null, 2)}\n`;
    editor.dirty = true;
  }
}

const keyOf = (ref: DocumentRef) => documentPath(ref.kind === 'record' ? { ...ref, title: undefined } : ref);

export interface Bench {
  emulator: Emulator;
  client: CmaClient;
  /** fresh deps (a fresh cache, no editors) with these projects signed in and this document focused */
  deps(options?: {
    projects?: Project[];
    focused?: DocumentRef;
    link?: { project: string; environment?: string };
    /** the GraphQL workbench's side of the tools */
    graphql?: GraphqlTools;
    /** secrets besides the API token (a delivery token) */
    secrets?: string[];
  }): ToolDeps & {
    editors: MemoryEditors;
  };
  /** runs a tool and returns its answer */
  run(deps: ToolDeps, tool: string, input: unknown): Promise<string>;
  writes(): number;
  close(): Promise<void>;
}

export async function bench(options: { records?: number; empty?: boolean } = {}): Promise<Bench> {
  const emulator = await startEmulator({ records: options.records ?? 30, jobDurationMs: 5, empty: options.empty ?? false });
  const client = new CmaClient({
    apiToken: emulator.token,
    baseUrl: emulator.url,
    jobs: { firstDelayMs: 5, maxDelayMs: 20 },
    retry: { maxAttempts: 1 },
  });
  return {
    emulator,
    client,
    deps(o = {}) {
      const projects = o.projects ?? [BISTRO];
      const cache = new Map<string, ProjectData>();
      const data = async (where: { project: string; environment: string }) => {
        if (!projects.some((p) => p.key === where.project)) throw new Error(`${where.project} is not signed in`);
        const key = `${where.project}/${where.environment}`;
        if (!cache.has(key)) cache.set(key, new ProjectData(client.withEnvironment(where.environment)));
        return cache.get(key)!;
      };
      const documents = new DocumentService((ref) => data(ref));
      const editors = new MemoryEditors(() => documents);
      return {
        t: formatMessage,
        projects: {
          list: () => projects,
          get: (key: string) => projects.find((p) => p.key === key),
          environmentOf: () => 'main',
        },
        around: { focusedDocument: () => o.focused, workspaceLink: async () => o.link },
        data,
        documents,
        editors,
        scrubSecrets: knownSecrets(emulator.token, ...(o.secrets ?? [])).scrubSecrets,
        ...(o.graphql ? { graphql: () => o.graphql! } : {}),
      };
    },
    run: (deps, tool, input) => runTool(deps, tool, input),
    writes: () => emulator.requests.filter((r) => r.method !== 'GET').length,
    async close() {
      await emulator.close();
      await closeAllDispatchers();
    },
  };
}

/** The JSON lines of the first fenced block of an answer. */
export function dataLines(answer: string): Record<string, unknown>[] {
  const match = /^(`{3,})jsonl?\n([\s\S]*?)\n\1$/m.exec(answer);
  if (!match) throw new Error(`no data block in: ${answer.slice(0, 300)}`);
  return match[2]!
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The JSON document of the first fenced json block of an answer. */
export function dataDocument(answer: string): Record<string, unknown> {
  const match = /^(`{3,})json\n([\s\S]*?)\n\1$/m.exec(answer);
  if (!match) throw new Error(`no document in: ${answer.slice(0, 300)}`);
  return JSON.parse(match[2]!) as Record<string, unknown>;
}

/** What the extension knows of stored tokens, here the given ones. */
export function knownSecrets(...secrets: string[]): KnownSecrets {
  const known = new KnownSecrets();
  for (const secret of secrets) known.remember(secret);
  return known;
}
