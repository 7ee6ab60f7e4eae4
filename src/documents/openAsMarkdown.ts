// Open as Markdown: one Structured Text (or Markdown text) field of a record document, for one locale, opens as its
// own Markdown document beside the record's (see markdownDocument.ts for what it shows and how it saves). The record's
// editor may hold unsaved changes to that field: the Markdown would be read from DatoCMS without them, and saving
// either would then replace the other's change, so opening is refused until they are saved or reverted.
import { deepStrictEqual } from './deepStrictEqual';
import vscode = require('vscode');
import { isNewDocumentRef, markdownTitle, type MarkdownRef, type RecordRef } from '../domain/paths';
import { documentTitle } from '../domain/kinds';
import { relationshipId } from '../domain/resources';
import { Field } from '../domain/views';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import { documentUri, parseDocumentUri } from '../platform/uris';
import { basisValue } from '../schema';
import type { DocumentsFeature } from './datoDocuments';
import { markdownKindOf } from './markdownDocument';
import type { SaveBasis } from './model';

interface Choice {
  field: string;
  label: string;
  locale?: string;
}

/** The command: `target` is the record document (default: the active editor's), `field` and `locale` what to open. */
/** `deps`: the context (its documents feature, dialogues and messages). */
export async function openAsMarkdown(
  deps: { documents: DocumentsFeature; ui: Ui; t: Translate },
  target?: vscode.Uri | string,
  field?: string,
  locale?: string,
): Promise<void> {
  const { t } = deps;
  const uri = typeof target === 'string' ? vscode.Uri.parse(target) : (target ?? vscode.window.activeTextEditor?.document.uri);
  const ref = uri && parseDocumentUri(uri);
  if (!uri || ref?.kind !== 'record' || isNewDocumentRef(ref))
    throw new Error(t('Open a record first: Open as Markdown opens one of its Structured Text or Markdown fields.'));
  const document = await vscode.workspace.openTextDocument(uri);
  const basis =
    deps.documents.baseline(uri) ?? (deps.documents.adoptOpened(uri, document.getText()) ? deps.documents.baseline(uri) : undefined);
  if (!basis) throw new Error(t('The record is not loaded yet: wait until its document shows, then try again.'));
  const choice = await choose(deps, basis, field, locale);
  if (!choice) return;
  if (document.isDirty && fieldChanged(document.getText(), basis, choice.field)) {
    void deps.ui.warn(
      t(
        'The record\'s editor "{0}" has unsaved changes to {1}. Save or revert them first, then open the field as Markdown: the Markdown is read from DatoCMS, and saving either would replace the other\'s change.',
        uri.path.split('/').pop() ?? '',
        choice.locale === undefined ? choice.label : `${choice.label} (${choice.locale})`,
      ),
    );
    return;
  }
  const title = documentTitle('record', basis.opened.resource, basis.opened.ctx) ?? ref.title;
  const markdown: MarkdownRef = {
    ...place(ref),
    kind: 'markdown',
    field: choice.field,
    ...(choice.locale === undefined ? {} : { locale: choice.locale }),
    title: markdownTitle(choice.label, choice.locale, title),
  };
  await vscode.window.showTextDocument(documentUri(markdown), { preview: false });
}

const place = (ref: RecordRef) => ({ project: ref.project, environment: ref.environment, modelApiKey: ref.modelApiKey, id: ref.id });

/** The field and locale to open: the ones given, the only one, or the user's pick. */
async function choose(
  deps: { ui: Ui; t: Translate },
  basis: SaveBasis,
  field: string | undefined,
  locale: string | undefined,
): Promise<Choice | undefined> {
  const { resource, ctx } = basis.opened;
  const fields = (ctx.fieldsOf(relationshipId(resource, 'item_type') ?? '') ?? [])
    .filter((f) => markdownKindOf(f) !== undefined)
    .sort((a, b) => Field.position(a) - Field.position(b));
  const choices = fields.flatMap((f): Choice[] =>
    Field.isLocalized(f)
      ? ctx.locales.map((l) => ({ field: Field.apiKey(f), label: Field.label(f), locale: l }))
      : [{ field: Field.apiKey(f), label: Field.label(f) }],
  );
  if (choices.length === 0) throw new Error(deps.t('This record has no Structured Text or Markdown field to open as Markdown.'));
  if (field !== undefined) {
    const found = choices.find(
      (c) => c.field === field && (c.locale === locale || (locale === undefined && choices.filter((x) => x.field === field).length === 1)),
    );
    if (!found)
      throw new Error(deps.t('The record has no Structured Text or Markdown field "{0}"{1}.', field, locale ? ` (${locale})` : ''));
    return found;
  }
  if (choices.length === 1) return choices[0];
  return deps.ui.pick(
    choices.map((c) => ({
      label: c.locale === undefined ? c.label : `${c.label} (${c.locale})`,
      description: c.field,
      value: c,
    })),
    { title: deps.t('Open as Markdown'), placeholder: deps.t('Which field (and locale) to open as Markdown') },
  );
}

/** Whether the editor's text changed the field (every locale) from what it derives from (unreadable text: yes). */
function fieldChanged(text: string, basis: SaveBasis, field: string): boolean {
  const now = basisValue(text);
  if (!now) return true;
  const before = basisValue(basis.basisText);
  return !deepStrictEqual(now[field] ?? null, before?.[field] ?? null);
}
