// Uploads into a record's editor: "Insert Upload…" (a command, and a code action on a file or gallery value) and
// upload rows dropped on such a value (with Shift held, as VS Code asks). What the field does not take is told and
// left out; a drop anywhere else in a DatoCMS document inserts nothing and says where uploads go. Only the editor's
// text changes: nothing reaches DatoCMS until the user saves.
import vscode = require('vscode');
import type { Resource } from '../cma';
import { DOCUMENT_LANGUAGE } from '../documents';
import { DOCUMENT_SCHEME } from '../domain/paths';
import { parseDocumentUri } from '../platform/uris';
import { UPLOAD_MIME } from '../tree/mediaParts';
import type { DraggedUpload } from './commands';
import { planInsertion, slotAt, uploadFields, type UploadField, type UploadSlot } from './insert';
import { Upload, uploadDescription } from './looks';
import type { Services } from '../services';

const INSERT_COMMAND = 'datocms.media.insertUpload';
const DROP_KIND = vscode.DocumentDropOrPasteEditKind.Empty.append('datocms', 'upload');
/** Uploads offered at once by Insert Upload… (newest first); "Search…" finds any other. */
const OFFERED = 100;

/** The code action and the drop handler, on DatoCMS documents. */
export function registerUploadEditing(deps: Services): vscode.Disposable {
  const selector: vscode.DocumentSelector = { scheme: DOCUMENT_SCHEME, language: DOCUMENT_LANGUAGE };
  return vscode.Disposable.from(
    vscode.languages.registerCodeActionsProvider(
      selector,
      {
        provideCodeActions: (document, range) => {
          const place = placeOf(deps, document, document.offsetAt(range.start));
          if (!place?.slot) return [];
          const action = new vscode.CodeAction(deps.t('Insert Upload…'), vscode.CodeActionKind.RefactorRewrite);
          action.command = {
            command: INSERT_COMMAND,
            title: deps.t('Insert Upload…'),
            arguments: [document.uri, place.slot.field.apiKey, place.slot.locale],
          };
          return [action];
        },
      },
      { providedCodeActionKinds: [vscode.CodeActionKind.RefactorRewrite] },
    ),
    vscode.languages.registerDocumentDropEditProvider(
      selector,
      { provideDocumentDropEdits: (document, position, transfer) => dropEdit(deps, document, position, transfer) },
      { dropMimeTypes: [UPLOAD_MIME], providedDropEditKinds: [DROP_KIND] },
    ),
  );
}

interface Place {
  project: string;
  environment: string;
  fields: UploadField[];
  locales: string[];
  slot: UploadSlot | undefined;
}

/** The record document's upload fields, and the one at `offset` if any. */
function placeOf(deps: Services, document: vscode.TextDocument, offset: number): Place | undefined {
  const ref = parseDocumentUri(document.uri);
  const opened = ref?.kind === 'record' ? deps.documents.baseline(document.uri)?.opened : undefined;
  if (!ref || !opened) return undefined;
  const link = opened.resource.relationships['item_type']?.data;
  const modelId = link && !Array.isArray(link) ? link.id : undefined;
  const fields = uploadFields((modelId && opened.ctx.fieldsOf(modelId)) || []);
  return {
    project: ref.project,
    environment: ref.environment,
    fields,
    locales: opened.ctx.locales,
    slot: slotAt(document.getText(), offset, fields),
  };
}

/** Insert Upload…: into the file or gallery value at the cursor (or the one given, or one the user picks). */
export async function insertUpload(deps: Services, uri?: vscode.Uri, fieldApiKey?: string, locale?: string): Promise<void> {
  const { t, ui } = deps;
  const editor =
    vscode.window.visibleTextEditors.find((e) => uri !== undefined && e.document.uri.toString() === uri.toString()) ??
    vscode.window.activeTextEditor;
  const place = editor && placeOf(deps, editor.document, editor.document.offsetAt(editor.selection.active));
  if (!editor || !place) {
    void ui.info(t('Insert Upload… works in the document of a record: open one, then put the cursor on a file or gallery value.'));
    return;
  }
  if (place.fields.length === 0) {
    void ui.info(t('This record’s model has no file or gallery field.'));
    return;
  }
  let slot = fieldApiKey ? fieldSlot(place.fields, fieldApiKey, locale) : place.slot;
  if (!slot) {
    const field =
      place.fields.length === 1
        ? place.fields[0]
        : await ui.pick(
            place.fields.map((f) => ({ label: f.label, description: `${f.apiKey} · ${f.type}`, value: f })),
            { title: t('Insert the upload into which field?') },
          );
    if (!field) return;
    slot = { field };
  }
  if (slot.field.localized && !slot.locale) {
    const chosen =
      place.locales.length === 1
        ? place.locales[0]
        : await ui.pick(
            place.locales.map((l) => ({ label: l, value: l })),
            { title: t('In which locale?') },
          );
    if (!chosen) return;
    slot = { ...slot, locale: chosen };
  }
  const data = await deps.registry.data(place.project, place.environment);
  const uploads = await chooseUploads(deps, data.client.uploads, slot.field.type === 'gallery');
  if (!uploads?.length) return;
  const edit = insertion(deps, editor.document, slot, uploads, place.locales[0] ?? 'en');
  if (edit) await vscode.workspace.applyEdit(edit);
}

function fieldSlot(fields: UploadField[], apiKey: string, locale?: string): UploadSlot | undefined {
  const field = fields.find((f) => f.apiKey === apiKey);
  return field && (locale && field.localized ? { field, locale } : { field });
}

type UploadLister = { list(query: object): Promise<{ data: Resource<'upload'>[] }> };

/** The newest uploads to choose from, or those a search finds. */
async function chooseUploads(deps: Services, uploads: UploadLister, many: boolean): Promise<Resource<'upload'>[] | undefined> {
  const { t, ui } = deps;
  const numbers = new Intl.NumberFormat(vscode.env.language);
  const items = (list: Resource<'upload'>[]) =>
    list.map((u) => ({ label: Upload.filename(u), description: uploadDescription(u, numbers), value: u }));
  const newest = (await uploads.list({ page: { offset: 0, limit: OFFERED } })).data;
  const search: Resource<'upload'> = { type: 'upload', id: '', attributes: {}, relationships: {}, meta: {} };
  const offered = [{ label: t('$(search) Search All Uploads…'), value: search }, ...items(newest)];
  const title = many ? t('Add Uploads to the Gallery') : t('Insert Upload');
  const picked = many ? await ui.pickMany(offered, { title }) : await ui.pick(offered, { title }).then((u) => u && [u]);
  if (!picked?.some((u) => u === search)) return picked;
  const words = await ui.input({
    title: t('Search Uploads'),
    prompt: t('Words in the file name, alt text, title, tags, notes, author or copyright'),
  });
  if (!words?.trim()) return undefined;
  const found = (await uploads.list({ filter: { query: words.trim() }, page: { offset: 0, limit: OFFERED } })).data;
  if (found.length === 0) {
    void ui.info(t('No upload matches “{0}”.', words.trim()));
    return undefined;
  }
  return many ? ui.pickMany(items(found), { title }) : ui.pick(items(found), { title }).then((u) => u && [u]);
}

/** The edit inserting the uploads that may go in the slot; what may not (and what a value still needs) is said. */
function insertion(
  deps: Services,
  document: vscode.TextDocument,
  slot: UploadSlot,
  uploads: readonly Resource<'upload'>[],
  mainLocale: string,
): vscode.WorkspaceEdit | undefined {
  const plan = planInsertion(deps.t, document.getText(), slot, uploads, mainLocale);
  if (plan.told.length) {
    const said = plan.edits ? plan.told.join(' ') : `${plan.told.join(' ')} ${deps.t('Nothing was inserted.')}`;
    void (plan.edits ? deps.ui.info(said) : deps.ui.warn(said));
  }
  if (!plan.edits?.length) return undefined;
  const workspaceEdit = new vscode.WorkspaceEdit();
  for (const e of plan.edits)
    workspaceEdit.replace(
      document.uri,
      new vscode.Range(document.positionAt(e.offset), document.positionAt(e.offset + e.length)),
      e.content,
    );
  return workspaceEdit;
}

/**
 * Upload rows dropped in a DatoCMS document: on a file or gallery value of a record, the value takes those that fit (a
 * localized field's key: the main locale); anywhere else nothing is inserted (not even the row's address, which VS
 * Code would put there), and the user is told where uploads go.
 */
async function dropEdit(
  deps: Services,
  document: vscode.TextDocument,
  position: vscode.Position,
  transfer: vscode.DataTransfer,
): Promise<vscode.DocumentDropEdit | undefined> {
  const raw = await transfer.get(UPLOAD_MIME)?.asString();
  if (!raw) return undefined;
  const nothing = (message: string) => {
    void deps.ui.info(message);
    return new vscode.DocumentDropEdit('', deps.t('Nothing inserted'), DROP_KIND);
  };
  let dragged: DraggedUpload[];
  try {
    dragged = JSON.parse(raw) as DraggedUpload[];
  } catch {
    return undefined;
  }
  const place = placeOf(deps, document, document.offsetAt(position));
  if (!place) return nothing(deps.t('Uploads go into a record’s file or gallery value: drop them there in the record’s document.'));
  if (!place.slot) {
    const fields = place.fields.map((f) => `“${f.label}”`).join(', ');
    return nothing(
      fields
        ? deps.t('Drop uploads on the value of a file or gallery field of this record ({0}); nothing was inserted.', fields)
        : deps.t('This record’s model has no file or gallery field; nothing was inserted.'),
    );
  }
  const own = dragged.filter((u) => u.project === place.project && u.environment === place.environment);
  if (own.length === 0) return nothing(deps.t('A record can hold only uploads of its own project and environment.'));
  const slot = place.slot.field.localized && !place.slot.locale ? { ...place.slot, locale: place.locales[0] } : place.slot;
  const additional = insertion(
    deps,
    document,
    slot,
    own.map((u) => u.upload),
    place.locales[0] ?? 'en',
  );
  if (!additional) return new vscode.DocumentDropEdit('', deps.t('Nothing inserted'), DROP_KIND);
  const edit = new vscode.DocumentDropEdit('', deps.t('Insert {0}', own.map((u) => u.filename).join(', ')), DROP_KIND);
  edit.additionalEdit = additional;
  return edit;
}
