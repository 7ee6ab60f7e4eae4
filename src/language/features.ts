// The `datocms-json` language providers: results of ./jsonLanguage.ts converted to VS Code's types; and the new
// blocks offered in record fields' Markdown (./markdownCompletion.ts). Bundled on its own (dist/language.js) and
// loaded when the first `datocms:` document opens, so activation never loads it.
import vscode = require('vscode');
import {
  InsertTextFormat,
  type CompletionItem,
  type DocumentSymbol,
  type Hover,
  type MarkedString,
  type MarkupContent,
  type Position,
  type Range,
  type SelectionRange,
  type TextEdit,
} from 'vscode-json-languageservice';
import { formatLikeRendering } from '../schema';
import { wholeChange } from '../domain/textEdits';
import { findColors, presentColor } from './colors';
import { EditorFeatures, type LanguageSources } from './editorFeatures';
import type { RecordNames } from './names';
import type { UploadNames } from './uploads';
import type { DocumentRef } from '../domain/paths';
import { DatoJsonLanguageServices, LANGUAGE_ID, type ParsedDocument, type RecordModel } from './jsonLanguage';
import { MARKDOWN_SELECTOR, newBlockCompletions } from './markdownCompletion';

export interface LanguageFeatures extends vscode.Disposable {
  noteRecordModel(key: string, model: RecordModel): void;
  /** A record document was opened or saved: its name is read again when next needed. */
  forgetRecordName(ref: DocumentRef, id: string): void;
  /** The name and upload caches of a project environment (the hovers' and the record preview's). */
  caches(project: string, environment: string): Promise<{ names: RecordNames; uploads: UploadNames }>;
}

/** The documents' own style: 2-space indent and a final newline, whatever the editor's indentation settings. */
const FORMAT = { tabSize: 2, insertSpaces: true, insertFinalNewline: true };
const SYMBOL_LIMIT = 5000;

// eslint-disable-next-line max-lines-per-function -- the list of the language's registrations, one per provider
export function registerLanguageFeatures(log: vscode.LogOutputChannel, sources: LanguageSources): LanguageFeatures {
  const services = new DatoJsonLanguageServices((message) => log.error(message));
  const parse = (document: vscode.TextDocument): ParsedDocument =>
    services.parse(document.uri.toString(), document.uri.path, document.version, document.getText());
  const selector: vscode.DocumentSelector = { language: LANGUAGE_ID };

  const editor = new EditorFeatures(services, sources, selector);
  const registrations = [
    editor,
    vscode.languages.registerCompletionItemProvider(
      selector,
      {
        async provideCompletionItems(document, position) {
          const { service, document: doc, json } = parse(document);
          const list = await service.doComplete(doc, fromPosition(position), json);
          return list ? new vscode.CompletionList(list.items.map(toCompletionItem), list.isIncomplete) : undefined;
        },
      },
      '"',
      ':',
    ),
    vscode.languages.registerCompletionItemProvider(
      MARKDOWN_SELECTOR,
      { provideCompletionItems: (document, position) => newBlockCompletions(sources, document, position) },
      ':',
    ),
    vscode.languages.registerHoverProvider(selector, {
      async provideHover(document, position) {
        const { service, document: doc, json } = parse(document);
        const hover = await service.doHover(doc, fromPosition(position), json);
        return hover ? toHover(hover) : undefined;
      },
    }),
    vscode.languages.registerDocumentSymbolProvider(selector, {
      provideDocumentSymbols(document) {
        const { service, document: doc, json } = parse(document);
        return service.findDocumentSymbols2(doc, json, { resultLimit: SYMBOL_LIMIT }).map(toDocumentSymbol);
      },
    }),
    vscode.languages.registerFoldingRangeProvider(selector, {
      provideFoldingRanges(document) {
        const { service, document: doc } = parse(document);
        return service
          .getFoldingRanges(doc)
          .map((r) => new vscode.FoldingRange(r.startLine, r.endLine, r.kind === 'comment' ? vscode.FoldingRangeKind.Comment : undefined));
      },
    }),
    vscode.languages.registerSelectionRangeProvider(selector, {
      provideSelectionRanges(document, positions) {
        const { service, document: doc, json } = parse(document);
        return service.getSelectionRanges(doc, positions.map(fromPosition), json).map(toSelectionRange);
      },
    }),
    vscode.languages.registerDocumentFormattingEditProvider(selector, {
      provideDocumentFormattingEdits(document) {
        const text = document.getText();
        // as the rendering prints it: its indentation and its key order (the user's own keys stay where they are)
        const formatted = formatLikeRendering(text, sources.baseline(document.uri)?.basisText);
        if (formatted === undefined) {
          // text that is not valid JSON is re-indented only: reordering it could lose what was typed
          const { service, document: doc } = parse(document);
          return service.format(doc, undefined, FORMAT).map(toTextEdit);
        }
        const change = wholeChange(text, formatted);
        const range = new vscode.Range(document.positionAt(change.offset), document.positionAt(change.offset + change.length));
        return formatted === text ? [] : [vscode.TextEdit.replace(range, change.content)];
      },
    }),
    vscode.languages.registerColorProvider(selector, {
      provideDocumentColors(document) {
        const { document: doc, json } = parse(document);
        return findColors(doc, json).map(
          ({ range, color }) =>
            new vscode.ColorInformation(toRange(range), new vscode.Color(color.red, color.green, color.blue, color.alpha)),
        );
      },
      provideColorPresentations(color, { document, range }) {
        const { document: doc, json } = parse(document);
        const edit = presentColor(doc, json, fromRange(range), color);
        return edit ? [Object.assign(new vscode.ColorPresentation(edit.label), { textEdit: toTextEdit(edit.textEdit) })] : [];
      },
    }),
  ];

  return {
    noteRecordModel: (key, model) => services.noteRecordModel(key, model),
    forgetRecordName: (ref, id) => void editor.forget(ref, id).catch(() => undefined),
    caches: async (project, environment) => ({
      names: await editor.namesFor(project, environment),
      uploads: await editor.uploadsFor(project, environment),
    }),
    dispose: () => {
      for (const registration of registrations.splice(0)) registration.dispose();
    },
  };
}

const fromPosition = (p: vscode.Position): Position => ({ line: p.line, character: p.character });
const fromRange = (r: vscode.Range): Range => ({ start: fromPosition(r.start), end: fromPosition(r.end) });
const toPosition = (p: Position) => new vscode.Position(p.line, p.character);
const toRange = (r: Range) => new vscode.Range(toPosition(r.start), toPosition(r.end));
const toTextEdit = (edit: TextEdit) => vscode.TextEdit.replace(toRange(edit.range), edit.newText);

// The language service speaks the Language Server Protocol, whose kind enumerations start at 1 where VS Code's start at 0.
function toCompletionItem(item: CompletionItem): vscode.CompletionItem {
  const result = new vscode.CompletionItem(item.label, item.kind === undefined ? undefined : item.kind - 1);
  const edit = item.textEdit;
  const text = edit?.newText ?? item.insertText ?? item.label;
  result.insertText = item.insertTextFormat === InsertTextFormat.Snippet ? new vscode.SnippetString(text) : text;
  if (edit) result.range = 'range' in edit ? toRange(edit.range) : { inserting: toRange(edit.insert), replacing: toRange(edit.replace) };
  result.detail = item.detail;
  result.documentation = item.documentation === undefined ? undefined : toMarkdown(item.documentation);
  result.filterText = item.filterText;
  result.sortText = item.sortText;
  if (item.command) result.command = { title: item.command.title, command: item.command.command, arguments: item.command.arguments };
  return result;
}

function toMarkdown(content: string | MarkedString | MarkupContent): vscode.MarkdownString {
  if (typeof content === 'string') return new vscode.MarkdownString(content);
  if ('kind' in content)
    return content.kind === 'markdown' ? new vscode.MarkdownString(content.value) : new vscode.MarkdownString().appendText(content.value);
  return new vscode.MarkdownString().appendCodeblock(content.value, content.language);
}

function toHover(hover: Hover): vscode.Hover {
  const contents = Array.isArray(hover.contents) ? hover.contents : [hover.contents];
  return new vscode.Hover(contents.map(toMarkdown), hover.range && toRange(hover.range));
}

function toDocumentSymbol(symbol: DocumentSymbol): vscode.DocumentSymbol {
  const result = new vscode.DocumentSymbol(
    symbol.name,
    symbol.detail ?? '',
    symbol.kind - 1,
    toRange(symbol.range),
    toRange(symbol.selectionRange),
  );
  result.children = (symbol.children ?? []).map(toDocumentSymbol);
  return result;
}

function toSelectionRange(range: SelectionRange): vscode.SelectionRange {
  return new vscode.SelectionRange(toRange(range.range), range.parent && toSelectionRange(range.parent));
}
