// Completion of ids by name: inside a link value the records the field allows (searched by title), inside an
// upload id the uploads (by file name), and in model and field documents the models, fields and fieldsets an id
// names (./idSlots.ts). Each item shows a name and inserts the id.
import vscode = require('vscode');
import { Model } from '../domain/views';
import { idChoices, idSlotAt, choiceText, type IdSlot } from './idSlots';
import type { Editor, Located } from './located';
import { referenceAt, type Reference } from './references';

export async function completeAt(
  editor: Editor,
  document: vscode.TextDocument,
  position: vscode.Position,
): Promise<vscode.CompletionList | undefined> {
  const located = editor.locate(document);
  if (!located) return undefined;
  const asked: Asked = { editor, document, position, located };
  const offset = document.offsetAt(position);
  const reference = referenceAt(located.parsed.json, offset, located.context);
  if (reference?.kind === 'upload') return completeUpload(asked, reference);
  if (reference?.kind === 'record') return completeRecord(asked, reference);
  const slot = idSlotAt(located.parsed.json, offset, located.context);
  return slot ? completeSlot(asked, slot) : undefined;
}

/** Where completion was asked: the document, the cursor, and what the document is. */
interface Asked {
  editor: Editor;
  document: vscode.TextDocument;
  position: vscode.Position;
  located: Located;
}

async function completeRecord({ editor, document, position, located }: Asked, reference: Reference): Promise<vscode.CompletionList> {
  const allowed = reference.allowedModelIds?.length
    ? reference.allowedModelIds
    : located.context.ctx.itemTypes.filter((t) => !Model.isBlock(t)).map((t) => t.id);
  const { range, typed } = insideQuotes(document, position, reference.node);
  const names = await editor.namesFor(located.ref.project, located.ref.environment);
  const records = await names.search(allowed, typed);
  const items = records.map((name, i) =>
    idCompletion(
      name.id,
      name.title,
      `${name.modelApiKey}${name.status ? ` · ${name.status}` : ''}`,
      vscode.CompletionItemKind.Reference,
      typed,
      range,
      i,
    ),
  );
  return new vscode.CompletionList(items, true);
}

async function completeUpload({ editor, document, position, located }: Asked, reference: Reference): Promise<vscode.CompletionList> {
  const { range, typed } = insideQuotes(document, position, reference.node);
  const uploads = await (await editor.uploadsFor(located.ref.project, located.ref.environment)).search(typed);
  const size = (upload: { width: number | null; height: number | null }) =>
    upload.width && upload.height ? `${upload.width}×${upload.height}` : undefined;
  return new vscode.CompletionList(
    uploads.map((upload, i) =>
      idCompletion(
        upload.id,
        upload.filename,
        [size(upload), upload.mimeType].filter(Boolean).join(' · '),
        vscode.CompletionItemKind.File,
        typed,
        range,
        i,
      ),
    ),
    true,
  );
}

const SLOT_KINDS: Record<IdSlot['kind'], vscode.CompletionItemKind> = {
  model: vscode.CompletionItemKind.Class,
  field: vscode.CompletionItemKind.Field,
  fieldset: vscode.CompletionItemKind.Folder,
};

/** Models, fields or fieldsets by name; each inserts its id (quoted in a list, as a whole link on a null). */
async function completeSlot({ editor, document, position, located }: Asked, slot: IdSlot): Promise<vscode.CompletionList> {
  const { ref, basis } = located;
  const data = await editor.sources.data(ref.project, ref.environment);
  const choices = await idChoices(slot, { ...located.context, ownId: basis.opened.resource.id }, (modelId) => data.fieldsets(modelId));
  const range = new vscode.Range(document.positionAt(slot.offset), document.positionAt(slot.offset + slot.length));
  const cursor = document.offsetAt(position);
  const typed = document.getText().slice(slot.offset, Math.max(slot.offset, Math.min(cursor, slot.offset + slot.length)));
  const indent = /^\s*/.exec(document.lineAt(range.start.line).text)?.[0] ?? '';
  const items = choices.map((choice, i) => {
    const item = idCompletion(choice.id, choice.name, choice.details.filter(Boolean).join(' · '), SLOT_KINDS[slot.kind], typed, range, i);
    item.insertText = choiceText(slot, choice.id, indent);
    // VS Code filters by what lies between the start of the range and the cursor: a name typed inside the quotes,
    // or (on a null being replaced) the null itself, which every choice matches
    item.filterText = slot.write === 'link' ? `${typed}${choice.name} ${choice.id}` : `${choice.name} ${choice.id}`;
    return item;
  });
  return new vscode.CompletionList(items, false);
}

/** The text between the quotes of a string node, and what was typed before the cursor. */
function insideQuotes(
  document: vscode.TextDocument,
  position: vscode.Position,
  node: { offset: number; length: number },
): { range: vscode.Range; typed: string } {
  const start = node.offset + 1;
  const typed = document.getText().slice(start, document.offsetAt(position));
  return { range: new vscode.Range(document.positionAt(start), document.positionAt(node.offset + node.length - 1)), typed };
}

/**
 * A completion that shows a name and inserts an id. The search matched the name or any text of the target, so
 * every answer stays in the list whatever was typed; the given order is kept.
 */
function idCompletion(
  id: string,
  label: string,
  description: string,
  kind: vscode.CompletionItemKind,
  typed: string,
  range: vscode.Range,
  index: number,
): vscode.CompletionItem {
  const item = new vscode.CompletionItem({ label, description }, kind);
  item.insertText = id;
  item.detail = id;
  item.range = range;
  item.filterText = `${typed}${label} ${id}`;
  item.sortText = String(index).padStart(4, '0');
  return item;
}
