// get_document: a record, model, field, fieldset or webhook as its `datocms:` editor shows it — the editor's own
// text when one is open (unsaved changes included, and said), else DatoCMS's version rendered by the documents room
// — a page of characters at a time, webhook credentials hidden. No vscode import.
import type { Resource } from '../cma';
import type { OpenedDocument } from '../documents';
import { documentPath, type DocumentRef } from '../domain/paths';
import { describeRef } from '../domain/kinds';
import { Webhook } from '../domain/views';
import type { Translate } from '../platform/translate';
import { LIMITS } from './limits';
import { MARKDOWN_FORM, markdownView, STRUCTURED_TEXT_FORMS } from './markdownForm';
import { cutAt, ToolText } from './output';
import { describePlace, PLACE_KEYS, type Place } from './place';
import { hiddenNote, hideWebhookSecrets } from './secrets';
import { notFound, resolveTarget, TARGET_KEYS } from './targets';
import type { ToolCall } from './toolKit';

export const GET_KEYS = [...PLACE_KEYS, ...TARGET_KEYS, 'offset', 'fresh', 'structuredText'] as const;

/** The path an agent may quote: the document's address without a record's title (which is content). */
export const addressOf = (ref: DocumentRef): string =>
  `datocms:${documentPath(ref.kind === 'record' ? { ...ref, title: undefined } : ref)}`;

/** A short name for messages, without a record's title (content). */
export const nameOf = (ref: DocumentRef): string => describeRef(ref.kind === 'record' ? { ...ref, title: undefined } : ref);

export async function getDocument(call: ToolCall): Promise<string> {
  const { input, t, deps } = call;
  const offset = input.count('offset') ?? 0;
  const fresh = input.flag('fresh') ?? false;
  const markdown = input.oneOf('structuredText', STRUCTURED_TEXT_FORMS) === 'markdown';
  const place = await call.place();
  const data = await call.data(place);
  const ref = await resolveTarget(input, place, data, deps.around.focusedDocument(), t);
  const open = fresh ? undefined : deps.editors.find(ref);
  let text: string;
  let opened: OpenedDocument;
  if (open) {
    text = open.text;
    opened = open.basis.opened;
  } else {
    try {
      opened = await deps.documents.open(ref);
      text = opened.text;
    } catch (error) {
      throw notFound(error, place, t);
    }
  }
  const hidden = ref.kind === 'webhook' ? hideWebhookSecrets(text, passwordsOf(opened.resource)) : { text, hidden: [] };
  const shown: { text: string; note?: string } = markdown ? asMarkdown(call, hidden.text, opened) : { text: hidden.text };
  const out = new ToolText().add(describePlace(place, t));
  out.add(sourceSentence(t, ref, open ? (open.dirty ? 'dirty' : 'clean') : 'datocms'));
  const { part, note } = page(t, shown.text, offset);
  if (part !== undefined) out.data(t, part, 'json');
  out.add(note, shown.note, hiddenNote(t, hidden.hidden), editHint(t, ref, place));
  return out.toString();
}

/** The record's text with its Structured Text values as Markdown, and the sentence saying which are. */
function asMarkdown({ t, deps }: ToolCall, text: string, opened: OpenedDocument): { text: string; note: string } {
  if (opened.ref.kind !== 'record')
    return { text, note: t('structuredText applies to records: this {0} is shown as it is.', nameOf(opened.ref)) };
  // tokens out before the Markdown escapes them (`_tok_` becomes `\_tok\_`, which the answer's scrub would miss)
  const view = markdownView(deps.documents, deps.scrubSecrets(text), opened);
  if (!view)
    return {
      text,
      note: t('The editor holds text that is not a JSON object (an edit in progress): it is shown as it is, Structured Text as DAST.'),
    };
  const notes = [
    view.converted.length
      ? t(
          "Structured Text shown as Markdown (the dialect of Open as Markdown): {0}. Each value is {1} in place of its DAST; a proposal takes the same form. A {2} line is a block of the field by its id: keep, move or remove it; a new block, or a block's fields, are proposed in the dast form. Offsets count in this form: pass structuredText again with offset.",
          view.converted.join(', '),
          MARKDOWN_FORM,
          '::block{#ID}',
        )
      : t('This record has no Structured Text value to show as Markdown.'),
  ];
  if (view.kept.length) notes.push(t('Left as DAST, as its Markdown would not read back whole: {0}.', view.kept.join(', ')));
  return { text: view.text, note: notes.join(' ') };
}

function sourceSentence(t: Translate, ref: DocumentRef, source: 'dirty' | 'clean' | 'datocms'): string {
  const address = addressOf(ref);
  switch (source) {
    case 'dirty':
      return t('The {0} ({1}) as its editor shows it now, with changes the user has not saved to DatoCMS yet.', nameOf(ref), address);
    case 'clean':
      return t('The {0} ({1}) as its editor shows it (no unsaved changes).', nameOf(ref), address);
    case 'datocms':
      return t('The {0} ({1}) as DatoCMS has it, rendered as its editor shows it.', nameOf(ref), address);
  }
}

/** The page of the document's text from `offset`, and the sentence saying which part it is (none for a whole one). */
function page(t: Translate, text: string, offset: number): { part?: string; note?: string } {
  if (offset >= text.length && offset > 0)
    return { note: t('offset {0} is past the end of the document ({1} characters).', offset, text.length) };
  const { text: part, cut } = cutAt(text.slice(offset), LIMITS.documentChars);
  if (!cut && offset === 0) return { part };
  const end = offset + part.length;
  return {
    part,
    note:
      end < text.length
        ? t('This is characters {0}–{1} of {2}: call datocms_get_document again with offset {1} for the rest.', offset, end, text.length)
        : t('This is characters {0}–{1} of {2}, the end of the document.', offset, end, text.length),
  };
}

function editHint(t: Translate, ref: DocumentRef, place: Place): string {
  const schema = ref.kind === 'model' || ref.kind === 'field' || ref.kind === 'fieldset';
  return schema && place.primary
    ? t(
        'To change it, call datocms_propose_edit with the keys to change: the user reviews and saves; saving the schema of the primary environment asks the user first.',
      )
    : t('To change it, call datocms_propose_edit with the keys to change: the user reviews and saves.');
}

function passwordsOf(resource: Resource): string[] {
  const password = resource.type === 'webhook' ? Webhook.basicAuthPassword(resource as Resource<'webhook'>) : undefined;
  return password !== undefined ? [password] : [];
}
