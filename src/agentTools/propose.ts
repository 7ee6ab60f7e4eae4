// propose_edit and propose_new: the write tools that never write. A proposal opens the document (or a new document's
// draft) in its editor with the agent's values as unsaved changes; the user reviews them, and only the user's save
// sends anything — the usual save, with its checks, conflict detection and the primary environment's guard.
// No vscode import: the editor side is ToolDeps.editors.
import { isNewDocumentRef, type DocumentRef } from '../domain/paths';
import type { Translate } from '../platform/translate';
import { applyChanges } from './changes';
import { draftRef, NEW_KINDS } from './drafts';
import { addressOf, nameOf } from './getDocument';
import { LIMITS } from './limits';
import { markdownChanges } from './markdownForm';
import { quoted, ToolRefusal, ToolText } from './output';
import { describePlace, PLACE_KEYS, type Place } from './place';
import { DOCUMENT_KINDS, resolveTarget, TARGET_KEYS } from './targets';
import type { EditorText, ToolCall } from './toolKit';
import { describeProblems, problemsOf } from './validate';
import { kindOf } from '../domain/kinds';

export const PROPOSE_EDIT_KEYS = [...PLACE_KEYS, ...TARGET_KEYS, 'changes', 'review'] as const;
export const PROPOSE_NEW_KEYS = [...PLACE_KEYS, 'kind', 'model', 'fieldType', 'parentId', 'values'] as const;

export async function proposeEdit(call: ToolCall): Promise<string> {
  const { input, t, deps } = call;
  const changes = input.required(
    'changes',
    input.object('changes', LIMITS.changeKeys, LIMITS.inputChars),
    t('an object of the top-level keys to change and their new values'),
  );
  if (Object.keys(changes).length === 0) throw new ToolRefusal(t('changes is empty: name at least one key to change.'));
  const review = input.oneOf('review', ['editor', 'diff'] as const) ?? 'editor';
  const place = await call.place();
  const data = await call.data(place);
  const ref = await resolveTarget(input, place, data, deps.around.focusedDocument(), t);
  const editor = await deps.editors.open(ref);
  return propose(call, place, editor, changes, review, nameOf(ref));
}

export async function proposeNew(call: ToolCall): Promise<string> {
  const { input, t, deps } = call;
  const values = input.object('values', LIMITS.changeKeys, LIMITS.inputChars) ?? {};
  const place = await call.place();
  const data = await call.data(place);
  const ref = await draftRef(input, place, data, t);
  const editor = await deps.editors.open(ref);
  return propose(call, place, editor, values, 'editor', t('new {0}', kindOf(ref).creates(ref)));
}

async function propose(
  call: ToolCall,
  place: Place,
  editor: EditorText,
  changes: Record<string, unknown>,
  review: 'editor' | 'diff',
  name: string,
): Promise<string> {
  const { t, deps } = call;
  // a Structured Text value given as Markdown becomes its DAST first (or the proposal is refused, nothing changed)
  const values = markdownChanges(t, deps.documents, editor.basis.opened, editor.text, changes);
  const applied = applyChanges(t, name, editor.text, editor.basis.basisText, values);
  if (applied.edits.length > 0 && !(await deps.editors.apply(editor.uri, applied.edits)))
    throw new Error(t('The editor of the {0} did not take the proposal; nothing changed.', name));
  await deps.editors.show(editor.uri, review);
  const out = new ToolText().add(describePlace(place, t));
  const isNew = isNewDocumentRef(editor.ref);
  const where = isNew ? editor.uri : addressOf(editor.ref);
  if (applied.changed.length > 0)
    out.add(
      t(
        'Opened the {0} ({1}) with the proposal as unsaved changes to {2}. Nothing was sent to DatoCMS: the user reviews the editor and saves it (or reverts it); the save runs the usual checks.',
        name,
        where,
        applied.changed.join(', '),
      ),
    );
  else out.add(t('Opened the {0} ({1}): the proposal changes nothing, every value is already as proposed.', name, where));
  if (applied.same.length > 0 && applied.changed.length > 0) out.add(t('Already as proposed: {0}.', applied.same.join(', ')));
  if (isNew) out.add(t('The first save creates it in DatoCMS; until then it exists only in this editor.'));
  if (place.primary && isSchema(editor.ref))
    out.add(t('This is the primary environment: saving a schema change there asks the user to confirm first.'));
  out.add(describeProblems(t, problemsOf(applied.text, editor.basis)));
  return out.toString();
}

const isSchema = (ref: DocumentRef) => ref.kind === 'model' || ref.kind === 'field' || ref.kind === 'fieldset';

/** What `prepareInvocation` says will happen, before anything is read: the document, the project and environment. */
export async function describeProposal(call: ToolCall, edit: boolean): Promise<string> {
  const { input, t } = call;
  const place = await call.place();
  const where = t('in {0}, environment {1}', quoted(place.name), place.environment);
  const what = edit ? editTarget(call) : t('a new {0}', (input.oneOf('kind', NEW_KINDS) ?? 'document').replace('_', ' '));
  return edit
    ? t(
        'Opening the proposed changes to {0} {1} as unsaved edits for you to review; nothing is sent to DatoCMS until you save.',
        what,
        where,
      )
    : t('Opening {0} {1} as an unsaved draft for you to review; nothing is created in DatoCMS until you save.', what, where);
}

function editTarget(call: ToolCall): string {
  const { raw } = call.input;
  const t: Translate = call.t;
  const kind = call.input.oneOf('kind', DOCUMENT_KINDS);
  if (!kind) return t('the focused document');
  const name = [raw['model'], raw['apiKey'] ?? raw['id']].filter((v) => typeof v === 'string').join('.');
  return `${kind} ${quoted(name)}`;
}
