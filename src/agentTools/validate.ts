// validate_document: our checks (the ones the editor shows as you type and a save runs before sending) on a proposed
// document — a whole text, or changes over the current document or a new one's template — answered with located
// problems. Nothing opens and nothing is sent. No vscode import.
import { kindOf } from '../domain/kinds';
import { isNewDocumentRef, type DocumentRef } from '../domain/paths';
import type { SaveBasis } from '../documents';
import { basisValue, checkDocument, type JsonObject, type Problem } from '../schema';
import type { Translate } from '../platform/translate';
import { applyChanges } from './changes';
import { draftRef } from './drafts';
import { addressOf, nameOf } from './getDocument';
import { InputReader } from './inputs';
import { LIMITS } from './limits';
import { markdownChanges } from './markdownForm';
import { fenced, ToolRefusal, ToolText } from './output';
import { describePlace, PLACE_KEYS } from './place';
import { holdsMarker } from './secrets';
import { notFound, resolveTarget, TARGET_KEYS } from './targets';
import type { ToolCall } from './toolKit';

export const VALIDATE_KEYS = [...PLACE_KEYS, ...TARGET_KEYS, 'draft', 'text', 'changes'] as const;

/**
 * The problems of `text` over `basis`, as a save finds them before sending: for a document, the ones the text brings
 * (the editor's diagnostics); for a draft, every one (its template's empty required values too, as its create would).
 */
export function problemsOf(text: string, basis: SaveBasis): Problem[] {
  const { opened, basisText } = basis;
  // the tools' targets are JSON documents (targets.ts never names a field's Markdown, whose resource is a record)
  const kind = opened.ref.kind === 'markdown' ? 'record' : opened.ref.kind;
  const value = isNewDocumentRef(opened.ref) ? readonlyPart(opened.text) : basisText === opened.text ? undefined : basisValue(basisText);
  return value === undefined
    ? checkDocument(kind, text, opened.resource, opened.ctx)
    : checkDocument(kind, text, opened.resource, opened.ctx, value);
}

/** Only the `$readonly` part of a draft's template: the rest of the text is the user's (or the agent's) to fill. */
function readonlyPart(text: string): JsonObject {
  const readonly = basisValue(text)?.['$readonly'];
  return readonly === undefined ? {} : { $readonly: readonly };
}

/** The problems as a paragraph and a fenced list (their messages may quote the document's values). */
export function describeProblems(t: Translate, problems: Problem[]): string {
  if (problems.length === 0)
    return t(
      'Our checks find no problem. (DatoCMS checks again when the user saves: uniqueness and links to other records are known only there.)',
    );
  const shown = problems.slice(0, LIMITS.problems);
  const rows = shown.map((p) => JSON.stringify({ line: p.line, column: p.column, path: p.pathText, message: p.message })).join('\n');
  const more = problems.length > shown.length ? ` ${t('The first {0} are listed.', shown.length)}` : '';
  return `${t('Our checks find {0} problem(s), listed with line and column (from 1) and the path of the value.', problems.length)}${more}\n${fenced(rows, 'jsonl')}`;
}

export async function validateDocument(call: ToolCall): Promise<string> {
  const { input, t, deps } = call;
  const text = input.string('text', LIMITS.inputChars);
  const changes = input.object('changes', LIMITS.changeKeys, LIMITS.inputChars);
  if ((text === undefined) === (changes === undefined))
    throw new ToolRefusal(
      t('datocms_validate_document takes either text (a whole document) or changes (the keys to change): exactly one of them.'),
    );
  const place = await call.place();
  const data = await call.data(place);
  let ref: DocumentRef;
  let basis: SaveBasis;
  let current: string;
  if (input.has('draft')) {
    if (TARGET_KEYS.some((key) => input.has(key)))
      throw new ToolRefusal(
        t('datocms_validate_document checks either a new document (draft) or an existing one (kind and id): not both.'),
      );
    ref = await draftRef(
      InputReader.of(input.raw['draft'], 'datocms_validate_document draft', ['kind', 'model', 'fieldType', 'parentId'], t),
      place,
      data,
      t,
    );
    const opened = await deps.documents.open(ref).catch((error: unknown) => Promise.reject(notFound(error, place, t)));
    basis = { opened, basisText: opened.text };
    current = opened.text;
  } else {
    ref = await resolveTarget(input, place, data, deps.around.focusedDocument(), t);
    const open = deps.editors.find(ref);
    if (open) {
      basis = open.basis;
      current = open.text;
    } else {
      const opened = await deps.documents.open(ref).catch((error: unknown) => Promise.reject(notFound(error, place, t)));
      basis = { opened, basisText: opened.text };
      current = opened.text;
    }
  }
  if (text !== undefined && holdsMarker(text))
    throw new ToolRefusal(t('The text holds the marker of a hidden credential: leave that key out or give a real value.'));
  const proposed =
    text ??
    applyChanges(t, nameOf(ref), current, basis.basisText, markdownChanges(t, deps.documents, basis.opened, current, changes!)).text;
  const out = new ToolText().add(describePlace(place, t));
  out.add(
    input.has('draft')
      ? t('Checked as a new {0} (nothing was opened or sent).', kindOf(ref).creates(ref))
      : t(
          'Checked against the {0} ({1}) as {2} (nothing was opened or sent).',
          nameOf(ref),
          addressOf(ref),
          deps.editors.find(ref)?.dirty ? t('its editor holds it, unsaved changes included') : t('DatoCMS has it'),
        ),
  );
  out.add(describeProblems(t, problemsOf(proposed, basis)));
  return out.toString();
}
