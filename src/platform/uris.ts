// `datocms:` URIs of documents. A record that is open keeps its URI whatever its title becomes (the title
// in a record's path is only its name, see ./paths.ts): opening it again, from the tree or from a link,
// finds the editor (or restored tab) already showing it instead of a second document.
import vscode = require('vscode');
import { DOCUMENT_SCHEME, documentPath, parseDocumentPath, type DocumentRef } from '../domain/paths';

export function documentUri(ref: DocumentRef): vscode.Uri {
  return (
    (ref.kind === 'record' ? openRecordUri(recordKey(ref)) : undefined) ??
    vscode.Uri.from({ scheme: DOCUMENT_SCHEME, path: documentPath(ref) })
  );
}

export function parseDocumentUri(uri: vscode.Uri): DocumentRef | undefined {
  return uri.scheme === DOCUMENT_SCHEME ? parseDocumentPath(uri.path) : undefined;
}

function recordKey(ref: { project: string; environment: string; id: string }): string {
  return JSON.stringify([ref.project, ref.environment, ref.id]);
}

/** The URI of an editor (or a tab restored from an earlier session) already showing the record. */
function openRecordUri(key: string): vscode.Uri | undefined {
  const uris = [
    ...vscode.workspace.textDocuments.map((d) => d.uri),
    ...vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => (t.input instanceof vscode.TabInputText ? t.input.uri : undefined))),
  ];
  for (const uri of uris) {
    const ref = uri && parseDocumentUri(uri);
    if (ref?.kind === 'record' && recordKey(ref) === key) return uri;
  }
  return undefined;
}

/** Opens a `datocms:` document in a lasting (not preview) editor. */
export async function openDocument(ref: DocumentRef): Promise<void> {
  await vscode.window.showTextDocument(documentUri(ref), { preview: false });
}
