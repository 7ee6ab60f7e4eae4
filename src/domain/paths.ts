// The path codec of `datocms:` documents. Pure (no vscode import) so it can be tested in plain Node.
//
//   /<project>/<env>/models/<api_key>.json
//   /<project>/<env>/models/<model>/fields/<api_key>.json
//   /<project>/<env>/models/<model>/fieldsets/<id>.json
//   /<project>/<env>/webhooks/<id>.json
//   /<project>/<env>/records/<model>/<id>.json
//   /<project>/<env>/records/<model>/<id>/<title> · <model>      (a record with a known title)
//   /<project>/<env>/uploads/<id>.json                            (an upload's metadata)
//   /<project>/<env>/uploads/<id>/<filename> · upload
//   /<project>/<env>/records/<model>/<id>/fields/<field>/<locale>/<Label> (<locale>) · <title>.md
//   /<project>/<env>/records/<model>/<id>/fields/<field>/<Label> · <title>.md   (one field of a record as Markdown)
//
// Every document known by its name is addressed the same way, its name and model after its identity, so that its
// tab reads alike whichever way it was opened:
//   /<project>/<env>/models/<api_key>/<name> · <api_key>
//   /<project>/<env>/models/<model>/fields/<api_key>/<label> · <model>
//   /<project>/<env>/models/<model>/fieldsets/<id>/<title> · <model>
//   /<project>/<env>/webhooks/<id>/<name> · webhook
//
// A draft (a new document its first save creates) has "new~<nonce>…" as its id or api_key and, for models,
// fields and webhooks, a name segment after it: /<project>/<env>/models/new~<nonce>~block/New block model.json.
//
// Paths are the decoded `Uri.path`; vscode.Uri percent-encodes them when it serialises.
//
// Why the title is in the path: the workbench names a tab (and the breadcrumbs' last part) after the
// path's last segment, and nothing an extension can register changes that per document in VS Code 1.100
// (a resourceLabelFormatter is one pattern per scheme: `${query.title}` would also rename every parent
// folder in the breadcrumbs, since they keep the document's query). The document's identity is still its id
// or api_key, the segment before: the title segment is only a name, ignored when the document is read or saved,
// and the URI a document was first opened with is kept for the session (../platform/uris.ts) even when its title
// changes. A named segment always ends with " · <model>" (" · webhook"), which no folder name does.

export type DocumentRef = { project: string; environment: string } & (
  | { kind: 'model'; apiKey: string; title?: string }
  | { kind: 'field'; modelApiKey: string; apiKey: string; title?: string }
  | { kind: 'fieldset'; modelApiKey: string; id: string; title?: string }
  | { kind: 'webhook'; id: string; title?: string }
  | { kind: 'record'; modelApiKey: string; id: string; title?: string }
  | { kind: 'upload'; id: string; title?: string }
  /** one field of a record (one locale, or its unlocalized value) as Markdown; `title` is the file's name, no ".md" */
  | { kind: 'markdown'; modelApiKey: string; id: string; field: string; locale?: string; title?: string }
);

export const DOCUMENT_SCHEME = 'datocms';
const EXTENSION = '.json';
const MARKDOWN_EXTENSION = '.md';

/** A folder of the `datocms:` tree (everything that is not a document). */
export type FolderRef =
  | { kind: 'root' }
  | { kind: 'project'; project: string }
  | { kind: 'environment'; project: string; environment: string }
  | { kind: 'models'; project: string; environment: string }
  | { kind: 'model-folder'; project: string; environment: string; modelApiKey: string }
  | { kind: 'fields'; project: string; environment: string; modelApiKey: string }
  | { kind: 'fieldsets'; project: string; environment: string; modelApiKey: string }
  | { kind: 'webhooks'; project: string; environment: string }
  | { kind: 'uploads'; project: string; environment: string }
  | { kind: 'records'; project: string; environment: string }
  | { kind: 'model-records'; project: string; environment: string; modelApiKey: string }
  | { kind: 'record-folder'; project: string; environment: string; modelApiKey: string; id: string }
  /** the folder a named field, fieldset or webhook's name segment sits in */
  | { kind: 'document-folder'; project: string; environment: string }
  | { kind: 'draft-folder'; project: string; environment: string };

const TITLE_SEPARATOR = ' · ';
const WEBHOOK_SUFFIX = 'webhook';
const UPLOAD_SUFFIX = 'upload';
const MAX_TITLE_LENGTH = 80;

/**
 * A record title as it can stand in a path segment: one line, no "/" or "\\" (look-alikes instead),
 * at most 80 characters; undefined when nothing is left.
 */
function titleSegment(title: string | undefined): string | undefined {
  if (title === undefined) return undefined;
  let text = title
    .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
    .replace(/\//g, '\u2215')
    .replace(/\\/g, '\u29f5')
    .trim();
  if (text.length > MAX_TITLE_LENGTH)
    text = `${Array.from(text)
      .slice(0, MAX_TITLE_LENGTH - 1)
      .join('')
      .trimEnd()}…`;
  return text === '' || text === '.' || text === '..' ? undefined : text;
}

function checkSegment(value: string, what: string): string {
  if (value === '' || value.includes('/') || value === '.' || value === '..') {
    throw new Error(`Invalid ${what} "${value}" for a datocms: path (must be a non-empty name without "/")`);
  }
  return value;
}

type Ref<K extends DocumentRef['kind']> = Extract<DocumentRef, { kind: K }>;
/** A named document's last segments: its identity, then its name (ending " · <suffix>"). */
type Named = (identity: string, suffix: string) => string;

/** Each kind's path below its environment, and the name segment its draft's tab shows (see draftName). */
const KIND_PATHS: { readonly [K in DocumentRef['kind']]: KindPath<Ref<K>> } = {
  model: {
    path: (ref, named) => `models/${named(checkSegment(ref.apiKey, 'model api_key'), ref.apiKey)}`,
    draftTab: (ref) => (draftsBlockModel(ref) ? '/New block model' : '/New model'),
  },
  field: {
    path: (ref, named) =>
      `models/${checkSegment(ref.modelApiKey, 'model api_key')}/fields/${named(checkSegment(ref.apiKey, 'field api_key'), ref.modelApiKey)}`,
    draftTab: (ref) => `/New ${ref.apiKey.split('~')[2] ?? ''} field${TITLE_SEPARATOR}${ref.modelApiKey}`,
  },
  fieldset: {
    path: (ref, named) =>
      `models/${checkSegment(ref.modelApiKey, 'model api_key')}/fieldsets/${named(checkSegment(ref.id, 'fieldset id'), ref.modelApiKey)}`,
    draftTab: (ref) => `/New fieldset${TITLE_SEPARATOR}${ref.modelApiKey}`,
  },
  webhook: {
    path: (ref, named) => `webhooks/${named(checkSegment(ref.id, 'webhook id'), WEBHOOK_SUFFIX)}`,
    draftTab: () => '/New webhook',
  },
  upload: {
    path: (ref, named) => `uploads/${named(checkSegment(ref.id, 'upload id'), UPLOAD_SUFFIX)}`,
    draftTab: () => '',
  },
  markdown: {
    path(ref) {
      const folder = `records/${checkSegment(ref.modelApiKey, 'model api_key')}/${checkSegment(ref.id, 'record id')}/fields/${checkSegment(ref.field, 'field api_key')}`;
      const locale = ref.locale === undefined ? '' : `/${checkSegment(ref.locale, 'locale')}`;
      return `${folder}${locale}/${titleSegment(ref.title) ?? ref.field}${MARKDOWN_EXTENSION}`;
    },
    // a record's draft has its own name segment: its title
    draftTab: () => '',
  },
  record: {
    path(ref) {
      const folder = `records/${checkSegment(ref.modelApiKey, 'model api_key')}/${checkSegment(ref.id, 'record id')}`;
      const title = titleSegment(ref.title);
      return title === undefined ? `${folder}${EXTENSION}` : `${folder}/${title}${TITLE_SEPARATOR}${ref.modelApiKey}`;
    },
    draftTab: () => '',
  },
};

interface KindPath<R extends DocumentRef> {
  path(ref: R, named: Named): string;
  draftTab(ref: R): string;
}
const kindPaths = (ref: DocumentRef): KindPath<DocumentRef> => KIND_PATHS[ref.kind];

export function documentPath(ref: DocumentRef): string {
  const named: Named = (identity, suffix) => {
    const title = isNewDocumentRef(ref) ? undefined : titleSegment(ref.title);
    return title === undefined ? `${identity}${draftName(ref)}${EXTENSION}` : `${identity}/${title}${TITLE_SEPARATOR}${suffix}`;
  };
  return `/${checkSegment(ref.project, 'project')}/${checkSegment(ref.environment, 'environment')}/${kindPaths(ref).path(ref, named)}`;
}

function segmentsOf(path: string): string[] | undefined {
  if (!path.startsWith('/')) return undefined;
  const segments = path.slice(1).split('/');
  if (segments.length > 0 && segments[segments.length - 1] === '') segments.pop(); // trailing slash
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  return segments;
}

function stripExtension(name: string): string | undefined {
  if (!name.endsWith(EXTENSION) || name.length === EXTENSION.length) return undefined;
  return name.slice(0, -EXTENSION.length);
}

export function parseDocumentPath(path: string): DocumentRef | undefined {
  const s = segmentsOf(path);
  if (!s || s.length < 4) return undefined;
  const [project, environment, section] = s as [string, string, string];
  // a draft's path ends with a name segment (the tab's title) after its identity
  const draft = s.length >= 5 && s[s.length - 2]!.startsWith(DRAFT_PREFIX) && s[s.length - 1]!.endsWith(EXTENSION);
  if (draft && section === 'models' && s.length === 5) return { project, environment, kind: 'model', apiKey: s[3]! };
  if (draft && section === 'models' && s.length === 7 && s[4] === 'fields')
    return { project, environment, kind: 'field', modelApiKey: s[3]!, apiKey: s[5]! };
  if (draft && section === 'models' && s.length === 7 && s[4] === 'fieldsets')
    return { project, environment, kind: 'fieldset', modelApiKey: s[3]!, id: s[5]! };
  if (draft && section === 'webhooks' && s.length === 5) return { project, environment, kind: 'webhook', id: s[3]! };
  // a named document: " · <model>" (" · webhook") ends its name segment
  const name = (suffix: string) => {
    const last = s[s.length - 1]!;
    if (!last.endsWith(`${TITLE_SEPARATOR}${suffix}`)) return undefined;
    const title = titleSegment(last.slice(0, -(TITLE_SEPARATOR.length + suffix.length)));
    return title === undefined ? undefined : { title };
  };
  if (!draft && section === 'models' && s.length === 5) {
    const titled = name(s[3]!);
    return titled && { project, environment, kind: 'model', apiKey: s[3]!, ...titled };
  }
  if (!draft && section === 'models' && s.length === 7 && (s[4] === 'fields' || s[4] === 'fieldsets')) {
    const titled = name(s[3]!);
    if (!titled) return undefined;
    return s[4] === 'fields'
      ? { project, environment, kind: 'field', modelApiKey: s[3]!, apiKey: s[5]!, ...titled }
      : { project, environment, kind: 'fieldset', modelApiKey: s[3]!, id: s[5]!, ...titled };
  }
  if (!draft && section === 'webhooks' && s.length === 5) {
    const titled = name(WEBHOOK_SUFFIX);
    return titled && { project, environment, kind: 'webhook', id: s[3]!, ...titled };
  }
  if (!draft && section === 'uploads' && s.length === 5) {
    const titled = name(UPLOAD_SUFFIX);
    return titled && { project, environment, kind: 'upload', id: s[3]!, ...titled };
  }
  if (section === 'uploads' && s.length === 4) {
    const id = stripExtension(s[3]!);
    return id === undefined ? undefined : { project, environment, kind: 'upload', id };
  }
  if (section === 'models' && s.length === 4) {
    const apiKey = stripExtension(s[3]!);
    return apiKey === undefined ? undefined : { project, environment, kind: 'model', apiKey };
  }
  if (section === 'models' && s.length === 6 && s[4] === 'fields') {
    const apiKey = stripExtension(s[5]!);
    return apiKey === undefined ? undefined : { project, environment, kind: 'field', modelApiKey: s[3]!, apiKey };
  }
  if (section === 'models' && s.length === 6 && s[4] === 'fieldsets') {
    const id = stripExtension(s[5]!);
    return id === undefined ? undefined : { project, environment, kind: 'fieldset', modelApiKey: s[3]!, id };
  }
  if (section === 'webhooks' && s.length === 4) {
    const id = stripExtension(s[3]!);
    return id === undefined ? undefined : { project, environment, kind: 'webhook', id };
  }
  if (section === 'records' && (s.length === 8 || s.length === 9) && s[5] === 'fields') return markdownRef(s);
  if (section === 'records' && s.length === 5) {
    const id = stripExtension(s[4]!);
    return id === undefined ? undefined : { project, environment, kind: 'record', modelApiKey: s[3]!, id };
  }
  // ("fields" is the folder of the record's fields as Markdown: a record's name segment ends with " · <model>")
  if (section === 'records' && s.length === 6 && !s[4]!.endsWith(EXTENSION) && s[5] !== 'fields') {
    const modelApiKey = s[3]!;
    const suffix = `${TITLE_SEPARATOR}${modelApiKey}`;
    const named = s[5]!.endsWith(suffix) ? s[5]!.slice(0, -suffix.length) : s[5]!;
    const title = titleSegment(named);
    return { project, environment, kind: 'record', modelApiKey, id: s[4]!, ...(title === undefined ? {} : { title }) };
  }
  return undefined;
}

/** A record field's Markdown document: /<p>/<e>/records/<model>/<id>/fields/<field>[/<locale>]/<name>.md */
function markdownRef(s: string[]): DocumentRef | undefined {
  const last = s[s.length - 1]!;
  if (!last.endsWith(MARKDOWN_EXTENSION) || s.slice(3, -1).some((segment) => segment.endsWith(EXTENSION))) return undefined;
  const [project, environment, , modelApiKey, id, , field] = s as [string, string, string, string, string, string, string];
  const title = titleSegment(last.slice(0, -MARKDOWN_EXTENSION.length));
  const locale = s.length === 9 ? { locale: s[7]! } : {};
  return { project, environment, kind: 'markdown', modelApiKey, id, field, ...locale, ...(title === undefined ? {} : { title }) };
}

/** The name of a field's Markdown document, as its tab reads: "Body (en) · Hello world". */
export function markdownTitle(label: string, locale: string | undefined, recordTitle: string | undefined): string {
  const name = locale === undefined ? label : `${label} (${locale})`;
  return recordTitle === undefined ? name : `${name}${TITLE_SEPARATOR}${recordTitle}`;
}

/** The record a field's Markdown document belongs to. */
export function recordOfMarkdown(ref: MarkdownRef): RecordRef {
  return { project: ref.project, environment: ref.environment, kind: 'record', modelApiKey: ref.modelApiKey, id: ref.id };
}

export type MarkdownRef = Extract<DocumentRef, { kind: 'markdown' }>;

export function parseFolderPath(path: string): FolderRef | undefined {
  const s = segmentsOf(path);
  if (!s) return undefined;
  if (s.length === 0) return { kind: 'root' };
  const project = s[0]!;
  if (s.length === 1) return { kind: 'project', project };
  const environment = s[1]!;
  if (s.length === 2) return { kind: 'environment', project, environment };
  const section = s[2];
  // the folder a new model, field or webhook's name segment sits in
  if (
    (section === 'models' || section === 'webhooks') &&
    s[s.length - 1]!.startsWith(DRAFT_PREFIX) &&
    parseDocumentPath(`${path.replace(/\/$/, '')}/x${EXTENSION}`)
  ) {
    return { kind: 'draft-folder', project, environment };
  }
  if (section === 'models') {
    if (s.length === 3) return { kind: 'models', project, environment };
    if (s[3]!.endsWith(EXTENSION)) return undefined;
    if (s.length === 4) return { kind: 'model-folder', project, environment, modelApiKey: s[3]! };
    if (s.length === 5 && s[4] === 'fields') return { kind: 'fields', project, environment, modelApiKey: s[3]! };
    if (s.length === 5 && s[4] === 'fieldsets') return { kind: 'fieldsets', project, environment, modelApiKey: s[3]! };
    if (s.length === 6 && (s[4] === 'fields' || s[4] === 'fieldsets') && !s[5]!.endsWith(EXTENSION))
      return { kind: 'document-folder', project, environment };
    return undefined;
  }
  if (section === 'webhooks' && s.length === 3) return { kind: 'webhooks', project, environment };
  if (section === 'uploads' && s.length === 3) return { kind: 'uploads', project, environment };
  if (section === 'uploads' && s.length === 4 && !s[3]!.endsWith(EXTENSION)) return { kind: 'document-folder', project, environment };
  if (section === 'webhooks' && s.length === 4 && !s[3]!.endsWith(EXTENSION)) return { kind: 'document-folder', project, environment };
  if (section === 'records') {
    if (s.length === 3) return { kind: 'records', project, environment };
    if (s.length === 4 && !s[3]!.endsWith(EXTENSION)) return { kind: 'model-records', project, environment, modelApiKey: s[3]! };
    if (s.length === 5 && !s[3]!.endsWith(EXTENSION) && !s[4]!.endsWith(EXTENSION))
      return { kind: 'record-folder', project, environment, modelApiKey: s[3]!, id: s[4]! };
    // the folders a field's Markdown document sits in
    if (
      s.length >= 6 &&
      s.length <= 8 &&
      s[5] === 'fields' &&
      !s.slice(3).some((x) => x.endsWith(EXTENSION) || x.endsWith(MARKDOWN_EXTENSION))
    )
      return { kind: 'document-folder', project, environment };
  }
  return undefined;
}

export type RecordRef = Extract<DocumentRef, { kind: 'record' }>;

const DRAFT_PREFIX = 'new~';
let drafts = 0;

/** Whether a record path names a new record not yet created (DatoCMS ids never hold "~"). */
export function isDraftRef(ref: DocumentRef): ref is RecordRef {
  return ref.kind === 'record' && ref.id.startsWith(DRAFT_PREFIX);
}

/** A new record of a model, not yet created; `parentId` is the chosen parent of a tree record. */
export function newDraftRef(
  where: { project: string; environment: string },
  modelApiKey: string,
  parentId?: string | null,
  title = 'New record',
): RecordRef {
  const nonce = `${Date.now().toString(36)}${(drafts++).toString(36)}`;
  return { ...where, kind: 'record', modelApiKey, id: `${DRAFT_PREFIX}${nonce}${parentId ? `~${parentId}` : ''}`, title };
}

export type FieldRef = Extract<DocumentRef, { kind: 'field' }>;

/** Whether a field path names a new field not yet created (its type after the nonce; api_keys never hold "~"). */
export function isFieldDraftRef(ref: DocumentRef): ref is FieldRef {
  return ref.kind === 'field' && ref.apiKey.startsWith(DRAFT_PREFIX);
}

/** A new model (or block model, `block`), not yet created. */
export function newModelDraftRef(where: { project: string; environment: string }, block: boolean): ModelRef {
  const nonce = `${Date.now().toString(36)}${(drafts++).toString(36)}`;
  return { ...where, kind: 'model', apiKey: `${DRAFT_PREFIX}${nonce}~${block ? 'block' : 'model'}` };
}

/** A new fieldset of a model, not yet created. */
export function newFieldsetDraftRef(where: { project: string; environment: string }, modelApiKey: string): FieldsetRef {
  const nonce = `${Date.now().toString(36)}${(drafts++).toString(36)}`;
  return { ...where, kind: 'fieldset', modelApiKey, id: `${DRAFT_PREFIX}${nonce}` };
}

/** A new webhook, not yet created. */
export function newWebhookDraftRef(where: { project: string; environment: string }): WebhookRef {
  const nonce = `${Date.now().toString(36)}${(drafts++).toString(36)}`;
  return { ...where, kind: 'webhook', id: `${DRAFT_PREFIX}${nonce}` };
}

export type ModelRef = Extract<DocumentRef, { kind: 'model' }>;
export type WebhookRef = Extract<DocumentRef, { kind: 'webhook' }>;
export type FieldsetRef = Extract<DocumentRef, { kind: 'fieldset' }>;

/** The segment that names the document (ids and api_keys never hold "~", drafts do). */
function identity(ref: DocumentRef): string {
  return ref.kind === 'model' || ref.kind === 'field' ? ref.apiKey : ref.id;
}

/** Whether the document is a draft of any kind: its first save creates it. */
export const isNewDocumentRef = (ref: DocumentRef): boolean => identity(ref).startsWith(DRAFT_PREFIX);

/** A new model draft's kind: whether it drafts a block model. */
export const draftsBlockModel = (ref: ModelRef): boolean => ref.apiKey.endsWith('~block');

/** A new field of a model, of the given type, not yet created. */
export function newFieldDraftRef(where: { project: string; environment: string }, modelApiKey: string, fieldType: string): FieldRef {
  const nonce = `${Date.now().toString(36)}${(drafts++).toString(36)}`;
  return { ...where, kind: 'field', modelApiKey, apiKey: `${DRAFT_PREFIX}${nonce}~${fieldType}` };
}

/**
 * The name segment of a new model, field or webhook's path ("/New block model", "/New string field · article"):
 * the workbench names the draft's tab after it. Empty for other documents.
 */
const draftName = (ref: DocumentRef): string => (isNewDocumentRef(ref) ? kindPaths(ref).draftTab(ref) : '');
