// `datocms:` URIs of documents. A document that is open keeps its URI whatever its title becomes (the title
// in a path is only its name, see ../domain/paths.ts): opening it again, from the tree or from a link, with or
// without its title, finds the editor (or restored tab) already showing it instead of a second document.
import vscode = require('vscode');
import { DOCUMENT_SCHEME, documentPath, parseDocumentPath, type DocumentRef } from '../domain/paths';

export function documentUri(ref: DocumentRef): vscode.Uri {
  return openDocumentUri(identityKey(ref)) ?? vscode.Uri.from({ scheme: DOCUMENT_SCHEME, path: documentPath(ref) });
}

export function parseDocumentUri(uri: vscode.Uri): DocumentRef | undefined {
  return uri.scheme === DOCUMENT_SCHEME ? parseDocumentPath(uri.path) : undefined;
}

/** What the document is, whatever it is called. */
function identityKey(ref: DocumentRef): string {
  const { title: _name, ...identity } = ref;
  return JSON.stringify(Object.entries(identity).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The URI of a tab (also one restored from an earlier session) already showing the document, or of a document with
 * unsaved changes. A document whose tab was closed may linger a while among the text documents: it does not count,
 * so that the document opens again under its name.
 */
function openDocumentUri(key: string): vscode.Uri | undefined {
  const uris = [
    ...vscode.window.tabGroups.all.flatMap((g) =>
      g.tabs.map((t) =>
        t.input instanceof vscode.TabInputText ? t.input.uri : t.input instanceof vscode.TabInputTextDiff ? t.input.modified : undefined,
      ),
    ),
    ...vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri),
  ];
  for (const uri of uris) {
    // a URI with a query is another view of the document (a read-only comparison), not its editor
    const ref = uri && !uri.query && parseDocumentUri(uri);
    if (ref && identityKey(ref) === key) return uri;
  }
  return undefined;
}

/** Opens a `datocms:` document in a lasting (not preview) editor. */
export async function openDocument(ref: DocumentRef): Promise<void> {
  await vscode.window.showTextDocument(documentUri(ref), { preview: false });
}
