// Completion in a Structured Text field's Markdown document: where a block line starts, one new block per block
// model the field allows (`::block{model="api_key"}`). It reads only what the document's baseline holds: no request.
import vscode = require('vscode');
import { newBlocksAt } from '../documents';
import { DOCUMENT_SCHEME, parseDocumentPath } from '../domain/paths';
import type { LanguageSources } from './located';

/** The Markdown documents of record fields. */
export const MARKDOWN_SELECTOR: vscode.DocumentSelector = { scheme: DOCUMENT_SCHEME, language: 'markdown' };

export function newBlockCompletions(
  sources: LanguageSources,
  document: vscode.TextDocument,
  position: vscode.Position,
): vscode.CompletionItem[] {
  const ref = parseDocumentPath(document.uri.path);
  const basis = sources.baseline(document.uri);
  if (ref?.kind !== 'markdown' || !basis) return [];
  const { resource, ctx } = basis.opened;
  return newBlocksAt(ref, resource, ctx, document.getText(), document.offsetAt(position)).map((choice) => {
    const item = new vscode.CompletionItem(choice.name, vscode.CompletionItemKind.Module);
    item.detail = choice.apiKey;
    item.insertText = choice.line;
    // what was typed (`::`, `::b`) is matched against, and replaced by, the whole line
    item.filterText = choice.line;
    item.range = new vscode.Range(position.line, 0, position.line, position.character);
    item.documentation = vscode.l10n.t("A new block, its fields empty: they are filled in the record's document.");
    return item;
  });
}
