// The places of a model or field document where an id stands for something the user knows by name: a validator's
// models (`item_types`), a model's field links (`title_field`…), a field's `fieldset`, a slug's title field; and
// the names offered there. Pure: the completion provider in ./idCompletion.ts turns them into completion items.
import type { ASTNode, JSONDocument } from 'vscode-json-languageservice';
import type { Resource } from '../cma';
import { Field, Fieldset, Model, MODEL_FIELD_LINKS } from '../domain/views';
import { BLOCK_VALIDATORS, pathOf, READONLY_KEY, referenceAt, type ReferenceContext } from './references';

/** whether a model attribute links to one of the model's own fields */
const isFieldLink = (key: string): boolean => (MODEL_FIELD_LINKS as readonly string[]).includes(key);

export interface IdSlot {
  kind: 'model' | 'field' | 'fieldset';
  /** for models: whether the slot takes block models (true) or models (false) */
  blockModels?: boolean;
  /** the text a choice replaces */
  offset: number;
  length: number;
  /** how the id is written: as it is (inside quotes), quoted (a new array item), or as a whole `{type, id}` link */
  write: 'bare' | 'quoted' | 'link';
  /** ids already in the list beside it (not offered again) */
  taken: string[];
}

export interface IdChoice {
  id: string;
  /** what the user knows it by: a model's name, a field's label, a fieldset's title */
  name: string;
  /** its api_key, and a field's type */
  details: string[];
}

/** The slot at `offset` (in the string of an id, in a validator's model list, or on a null field link), if any. */
export function idSlotAt(json: JSONDocument, offset: number, context: ReferenceContext): IdSlot | undefined {
  if (context.kind !== 'model' && context.kind !== 'field') return undefined;
  const reference = referenceAt(json, offset, context);
  if (reference) {
    const path = pathOf(reference.node);
    if (path[0] === READONLY_KEY) return undefined;
    const inside = { offset: reference.node.offset + 1, length: reference.node.length - 2, write: 'bare' as const };
    if (reference.kind === 'model' && reference.blockModels !== undefined)
      return { kind: 'model', blockModels: reference.blockModels, ...inside, taken: siblings(reference.node) };
    if (context.kind === 'model' && reference.kind === 'field' && path.length === 2 && isFieldLink(String(path[0])))
      return { kind: 'field', ...inside, taken: [] };
    if (context.kind === 'field' && reference.kind === 'fieldset' && path.join('.') === 'fieldset.id')
      return { kind: 'fieldset', ...inside, taken: [] };
    if (context.kind === 'field' && reference.kind === 'field') return { kind: 'field', ...inside, taken: [] };
    return undefined;
  }
  const node = json.getNodeFromOffset(offset, true);
  if (!node || node.type === 'string') return undefined;
  const path = pathOf(node);
  // between the brackets of `item_types`, outside any string: a new item
  if (
    context.kind === 'field' &&
    node.type === 'array' &&
    path.length === 3 &&
    path[0] === 'validators' &&
    path[2] === 'item_types' &&
    offset > node.offset &&
    offset < node.offset + node.length
  )
    return {
      kind: 'model',
      blockModels: BLOCK_VALIDATORS.includes(String(path[1])),
      offset,
      length: 0,
      write: 'quoted',
      taken: node.items.flatMap((item) => (item.type === 'string' ? [item.value] : [])),
    };
  // on the null of a field link: the whole link
  if (node.type === 'null' && path.length === 1) {
    const slot = { offset: node.offset, length: node.length, write: 'link' as const, taken: [] };
    if (context.kind === 'model' && isFieldLink(String(path[0]))) return { kind: 'field', ...slot };
    if (context.kind === 'field' && path[0] === 'fieldset') return { kind: 'fieldset', ...slot };
  }
  return undefined;
}

/** The other ids of the array an id is in. */
function siblings(node: ASTNode): string[] {
  const array = node.parent;
  return array?.type === 'array' ? array.items.flatMap((item) => (item !== node && item.type === 'string' ? [item.value] : [])) : [];
}

/** What a slot may name, by name: models in name order, fields and fieldsets in the order editors see them. */
export async function idChoices(
  slot: IdSlot,
  context: ReferenceContext & { ownId?: string },
  fieldsets: (modelId: string) => Promise<Resource<'fieldset'>[]>,
): Promise<IdChoice[]> {
  const { ctx, modelId } = context;
  switch (slot.kind) {
    case 'model':
      return ctx.itemTypes
        .filter((m) => Model.isBlock(m) === slot.blockModels && !slot.taken.includes(m.id))
        .map((m) => ({ id: m.id, name: text(Model.givenName(m), m.id), details: [text(Model.givenApiKey(m), '')] }))
        .sort((a, b) => a.name.localeCompare(b.name));
    case 'field': {
      let fields: Resource<'field'>[] | undefined;
      try {
        fields = modelId ? ctx.fieldsOf(modelId) : undefined;
      } catch {
        fields = undefined;
      }
      return [...(fields ?? [])]
        .filter((f) => f.id !== context.ownId)
        .sort((a, b) => Field.position(a, 0) - Field.position(b, 0))
        .map((f) => ({
          id: f.id,
          name: text(Field.givenLabel(f), text(Field.givenApiKey(f), f.id)),
          details: [text(Field.givenApiKey(f), ''), text(Field.type(f), '')],
        }));
    }
    case 'fieldset':
      return modelId
        ? (await fieldsets(modelId))
            .slice()
            .sort((a, b) => Fieldset.position(a, 0) - Fieldset.position(b, 0))
            .map((f) => ({ id: f.id, name: text(Fieldset.givenTitle(f), f.id), details: [] }))
        : [];
  }
}

/** The text a choice writes into its slot; `indent` is the indentation of the line the slot is on. */
export function choiceText(slot: IdSlot, id: string, indent: string): string {
  if (slot.write === 'bare') return id;
  if (slot.write === 'quoted') return JSON.stringify(id);
  return `{\n${indent}  "type": ${JSON.stringify(slot.kind)},\n${indent}  "id": ${JSON.stringify(id)}\n${indent}}`;
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}
