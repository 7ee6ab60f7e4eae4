// The messages between the Record Preview's panel (src/preview) and its webview (./main.ts), and the model the
// webview renders. Plain data: it crosses postMessage as a copy. No vscode, no DOM.
import type { Node as DastNode } from 'datocms-structured-text-utils';

export const PREVIEW_SCRIPT = 'webview-preview.js';
export const PREVIEW_STYLE = 'webview-preview.css';

/** What the webview keeps across reloads (VS Code hands it to the panel serializer). */
export interface PreviewState {
  uri: string;
  locale?: string;
}

export type ToWebview = { type: 'render'; model: PreviewModel } | { type: 'reveal'; field: string };

export type FromWebview =
  | { type: 'ready' }
  | { type: 'openRecord'; id: string }
  | { type: 'openLink'; url: string }
  | { type: 'revealField'; field: string }
  /** after each render: the text it shows (what tests and screen readers read) */
  | { type: 'rendered'; version: number; text: string };

export interface PreviewModel {
  /** increases with each model of one panel */
  version: number;
  title: string;
  modelName: string;
  status: string | null;
  /** the editor holds changes not saved to DatoCMS */
  dirty: boolean;
  /** why the text cannot be shown now (invalid JSON): the model is the last text that could */
  stale?: string;
  locales: string[];
  /** the language dates and numbers are written in */
  uiLocale: string;
  sections: Section[];
  /** the words of the webview, in the user's language */
  words: Words;
}

export interface Words {
  unsaved: string;
  empty: string;
  yes: string;
  no: string;
  locale: string;
  missing: string;
  block: string;
  noIndex: string;
}

export interface Section {
  /** the fieldset's title; none for fields outside fieldsets */
  title?: string;
  hint?: string;
  fields: FieldView[];
}

export interface FieldView {
  apiKey: string;
  label: string;
  hint?: string;
  /** one value, or one per locale */
  value: ValueView | { byLocale: Record<string, ValueView> };
}

export interface RecordRef {
  id: string;
  title: string;
  /** draft, updated, published; null on models without drafts; undefined when not known (yet) */
  status?: string | null;
  modelName?: string;
  /** no record of this environment has the id */
  missing?: boolean;
}

export interface FileView {
  uploadId: string;
  /** a small rendition on the project's image CDN, for images */
  thumbnail?: string;
  filename?: string;
  alt?: string;
  title?: string;
}

export interface BlockView {
  id?: string;
  modelName: string;
  fields: FieldView[];
}

export type ValueView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string; heading?: boolean }
  | { kind: 'markdown'; text: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'number'; text: string }
  | { kind: 'date'; iso: string; time: boolean }
  | { kind: 'color'; hex: string; alpha: number }
  | { kind: 'latLon'; latitude: number; longitude: number }
  | { kind: 'json'; text: string }
  | { kind: 'seo'; title?: string; description?: string; image?: FileView; twitterCard?: string; noIndex?: boolean }
  | { kind: 'video'; title?: string; url?: string; provider?: string }
  | { kind: 'files'; files: FileView[] }
  | { kind: 'records'; records: RecordRef[] }
  | { kind: 'blocks'; blocks: BlockView[] }
  | { kind: 'structuredText'; nodes: DastNode[]; blocks: Record<string, BlockView>; records: Record<string, RecordRef> }
  /** a value the field's type does not explain: its JSON */
  | { kind: 'raw'; text: string };
