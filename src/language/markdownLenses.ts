// "Open as Markdown" above each Structured Text (or Markdown text) value of a record document: one lens per locale
// of a localized field, at the locale's key; one at the field's key otherwise. The lenses read only what the editor
// already holds (the parsed text and the record's schema): no request.
import vscode = require('vscode');
import { markdownKindOf } from '../documents';
import { Field } from '../domain/views';
import type { Editor } from './located';

const OPEN_AS_MARKDOWN_COMMAND = 'datocms.openAsMarkdown';

export function markdownLensesIn(editor: Editor, document: vscode.TextDocument): vscode.CodeLens[] {
  const located = editor.locate(document);
  if (!located || located.ref.kind !== 'record' || located.ref.id.startsWith('new~')) return [];
  const { ctx, modelId } = located.context;
  const root = located.parsed.json.root;
  if (!modelId || root?.type !== 'object') return [];
  const fields = new Map((ctx.fieldsOf(modelId) ?? []).filter((f) => markdownKindOf(f)).map((f) => [Field.apiKey(f), f]));
  const lenses: vscode.CodeLens[] = [];
  const lens = (offset: number, field: string, locale?: string) => {
    const at = document.positionAt(offset);
    lenses.push(
      new vscode.CodeLens(new vscode.Range(at, at), {
        title: locale === undefined ? vscode.l10n.t('Open as Markdown') : vscode.l10n.t('Open {0} as Markdown', locale),
        command: OPEN_AS_MARKDOWN_COMMAND,
        arguments: [document.uri.toString(), field, ...(locale === undefined ? [] : [locale])],
      }),
    );
  };
  for (const property of root.properties) {
    const field = fields.get(property.keyNode.value);
    if (!field) continue;
    const value = property.valueNode;
    if (!Field.isLocalized(field)) lens(property.keyNode.offset, Field.apiKey(field));
    else if (value?.type === 'object')
      for (const locale of value.properties) lens(locale.keyNode.offset, Field.apiKey(field), locale.keyNode.value);
  }
  return lenses;
}
