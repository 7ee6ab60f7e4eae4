// What every tool runs with: its checked input, the place it works in, the project's data, the documents room's
// rendering, and the open editors. The VS Code side (./agentTools.ts) provides the editors; the unit tests provide
// editors kept in memory. No vscode import.
import type { DocumentRef } from '../domain/paths';
import type { DocumentService, SaveBasis } from '../documents';
import type { ProjectData } from '../projects/projectData';
import type { Translate } from '../platform/translate';
import type { GraphqlTools } from '../graphql';
import type { InputReader } from './inputs';
import { resolvePlace, type Place, type Projects, type Surroundings, type Where } from './place';

/** One text edit of a document: `length` characters at `offset` become `text`. */
export interface TextEdit {
  offset: number;
  length: number;
  text: string;
}

/** A `datocms:` document as its editor holds it. */
export interface EditorText {
  /** the editor's URI (`datocms:/…`) */
  uri: string;
  ref: DocumentRef;
  text: string;
  /** whether the editor holds changes not saved to DatoCMS */
  dirty: boolean;
  /** what a save compares the text with (DatoCMS's version) */
  basis: SaveBasis;
}

export interface Editors {
  /** The document's editor, when it is open. */
  find(ref: DocumentRef): EditorText | undefined;
  /** Opens the document (reading it from DatoCMS if no editor holds it) without showing it. */
  open(ref: DocumentRef): Promise<EditorText>;
  /** Applies `edits` to the open document as one undoable, unsaved change; false when the editor refused it. */
  apply(uri: string, edits: TextEdit[]): Promise<boolean>;
  /** Shows the document to the user: its editor, or its differences from DatoCMS's version. */
  show(uri: string, review: 'editor' | 'diff'): Promise<void>;
}

export interface ToolDeps {
  t: Translate;
  projects: Projects;
  around: Surroundings;
  data(where: Where): Promise<ProjectData>;
  /** renders documents the way their editors show them */
  documents: DocumentService;
  editors: Editors;
  /** removes from a tool's answer what must never appear in it: every stored token (API and delivery tokens) */
  scrubSecrets(text: string): string;
  /** the GraphQL workbench, made on the first call of a GraphQL tool (absent where there is none) */
  graphql?: () => GraphqlTools;
}

export interface ToolCall {
  tool: string;
  input: InputReader;
  t: Translate;
  deps: ToolDeps;
  /** where the call works (resolved once) */
  place(): Promise<Place>;
  data(where: Where): Promise<ProjectData>;
}

export function toolCall(tool: string, input: InputReader, deps: ToolDeps): ToolCall {
  let place: Promise<Place> | undefined;
  return {
    tool,
    input,
    t: deps.t,
    deps,
    place: () => (place ??= resolvePlace(deps.projects, deps.around, input, deps.t)),
    data: (where) => deps.data(where),
  };
}
