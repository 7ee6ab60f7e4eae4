// Find All References on a record's own id (`$readonly.id`) or on a link to a record: the records that link to
// it, each at the link itself (every place it links from), as DatoCMS's references of the record list them.
import vscode = require('vscode');
import { documentUri } from '../platform/uris';
import { renderDocument } from '../schema';
import { rangeOf, targetUri, type Editor } from './located';
import { lineAndCharacter, linksTo, pathOf, READONLY_KEY, referenceAt } from './references';

export async function referencesAt(
  editor: Editor,
  document: vscode.TextDocument,
  position: vscode.Position,
  context: vscode.ReferenceContext,
  token: vscode.CancellationToken,
): Promise<vscode.Location[] | undefined> {
  const located = editor.locate(document);
  if (located?.ref.kind !== 'record') return undefined;
  const offset = document.offsetAt(position);
  const link = referenceAt(located.parsed.json, offset, located.context);
  const node = located.parsed.json.getNodeFromOffset(offset);
  const ownId = node?.type === 'string' && pathOf(node).join('/') === `${READONLY_KEY}/id` ? node : undefined;
  const target = link?.kind === 'record' && link.id !== '' ? link.id : ownId?.value;
  if (!target) return undefined;
  const { ref } = located;
  const [data, names] = await Promise.all([
    editor.sources.data(ref.project, ref.environment),
    editor.namesFor(ref.project, ref.environment),
  ]);
  const abort = new AbortController();
  const cancelled = token.onCancellationRequested(() => abort.abort());
  try {
    // nested: blocks in place, as the records' documents show them, so a link inside a block is found where it is
    const records = await data.client.items.references(target, { version: 'current', nested: true, signal: abort.signal });
    const [named, ctx] = await Promise.all([names.note(records), data.schemaContext()]);
    const byId = new Map(records.map((r) => [r.id, r]));
    const top = new vscode.Position(0, 0);
    const locations: vscode.Location[] = [];
    for (const name of named) {
      const uri = documentUri({
        project: ref.project,
        environment: ref.environment,
        kind: 'record',
        modelApiKey: name.modelApiKey,
        id: name.id,
        ...(name.titled ? { title: name.title } : {}),
      });
      // an open editor may hold edits: its text is where the links are now
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      const record = byId.get(name.id);
      const text = open?.getText() ?? (record ? renderDocument('record', record, ctx) : '');
      const places = linksTo(editor.services.parseText(text), target, { kind: 'record', ctx, modelId: name.modelId });
      if (places.length === 0) locations.push(new vscode.Location(uri, top));
      for (const place of places) {
        const at = (o: number) => (open ? open.positionAt(o) : toPosition(lineAndCharacter(text, o)));
        locations.push(new vscode.Location(uri, new vscode.Range(at(place.offset), at(place.offset + place.length))));
      }
    }
    if (context.includeDeclaration) {
      const declaration = ownId
        ? new vscode.Location(document.uri, rangeOf(document, ownId))
        : await targetUri(editor, located, link!).then((uri) => uri && new vscode.Location(uri, top));
      if (declaration) locations.unshift(declaration);
    }
    return locations;
  } finally {
    cancelled.dispose();
  }
}

const toPosition = ({ line, character }: { line: number; character: number }) => new vscode.Position(line, character);
