// Which ids in a document point somewhere: a record's link values, upload ids (files, galleries, SEO images)
// and block models; a model's or field's links (`{type, id}`), validators' `item_types` and `title_field_id`.
// Pure: it reads the JSON syntax tree of vscode-json-languageservice and the schema context the document was opened with.
import type { ASTNode, JSONDocument, ObjectASTNode } from 'vscode-json-languageservice';
import type { Resource } from '../cma';
import { Field } from '../domain/views';
import type { DocumentKind, SchemaContext } from '../schema';

// Read from the resources directly: importing the schema modules here would bundle zod into dist/language.js.

/** The key the read-only part of every document has. */
export const READONLY_KEY = '$readonly';

/** The id a resource's `item_type` relationship names (a record's or a field's model). */
export function modelIdOf(resource: Resource): string | undefined {
  const data = resource.relationships?.['item_type']?.data;
  return data && !Array.isArray(data) ? data.id : undefined;
}

/** What finding references needs to know about a model's fields. */
export interface FieldFacts {
  apiKey: string;
  type: string;
  localized: boolean;
  validators: Record<string, unknown>;
}

/** The fields of a model as far as the schema context has loaded them. */
export function fieldsOf(ctx: SchemaContext, modelId: string | undefined): FieldFacts[] | undefined {
  if (!modelId) return undefined;
  let fields: Resource<'field'>[] | undefined;
  try {
    fields = ctx.fieldsOf(modelId);
  } catch {
    return undefined;
  }
  return fields?.map((f) => ({
    apiKey: Field.apiKey(f),
    type: Field.type(f),
    localized: Field.isLocalized(f),
    validators: Field.validators(f),
  }));
}

type TargetKind = 'record' | 'upload' | 'model' | 'field' | 'fieldset';

export interface Reference {
  kind: TargetKind;
  id: string;
  /** the string node holding the id */
  node: ASTNode;
  /** for a record link: the models the field allows (empty when any or unknown) */
  allowedModelIds?: string[];
  /** for a validator's model: whether it takes block models (true) or models (false) */
  blockModels?: boolean;
}

/** What a document is, for finding its references. */
export interface ReferenceContext {
  kind: DocumentKind;
  ctx: SchemaContext;
  /** a record's model */
  modelId?: string;
}

/** The relationship types a `{type, id}` object may name, and what they point to. */
const LINK_TYPES: Record<string, TargetKind> = {
  item_type: 'model',
  field: 'field',
  fieldset: 'fieldset',
  item: 'record',
  upload: 'upload',
};

/** The reference at `offset` (inside the string of an id, which may be empty while typing), or undefined. */
export function referenceAt(json: JSONDocument, offset: number, context: ReferenceContext): Reference | undefined {
  const node = json.getNodeFromOffset(offset);
  if (node?.type !== 'string' || offset <= node.offset || offset >= node.offset + node.length) return undefined;
  return classify(node, context);
}

/** Every reference of the document (to name them all with one lookup). */
export function allReferences(json: JSONDocument, context: ReferenceContext, limit = 2000): Reference[] {
  const found: Reference[] = [];
  const visit = (node: ASTNode | undefined): void => {
    if (!node || found.length >= limit) return;
    if (node.type === 'string') {
      const reference = classify(node, context);
      if (reference && reference.id !== '') found.push(reference);
    } else if (node.type === 'object') for (const p of node.properties) visit(p.valueNode);
    else if (node.type === 'array') for (const item of node.items) visit(item);
  };
  visit(json.root);
  return found;
}

/** The path from the root to `node`: property names and array indexes. */
export function pathOf(node: ASTNode): (string | number)[] {
  return chainOf(node).map((c) => c.segment);
}

/** The path from the root to `node`: property names and array indexes, with the node at each step. */
function chainOf(node: ASTNode): { segment: string | number; node: ASTNode }[] {
  const chain: { segment: string | number; node: ASTNode }[] = [];
  let current: ASTNode = node;
  while (current.parent) {
    const parent: ASTNode = current.parent;
    if (parent.type === 'property') {
      chain.unshift({ segment: parent.keyNode.value, node: current });
      current = parent.parent ?? parent;
      if (current === parent) break;
    } else if (parent.type === 'array') {
      chain.unshift({ segment: parent.items.indexOf(current), node: current });
      current = parent;
    } else break;
  }
  return chain;
}

function classify(node: ASTNode, context: ReferenceContext): Reference | undefined {
  if (node.type !== 'string') return undefined;
  const linked = asLinkObject(node);
  if (linked) return linked;
  const chain = chainOf(node);
  const path = chain.map((c) => c.segment);
  if (context.kind === 'record' && path[0] !== READONLY_KEY) return inRecord(node, chain, context.modelId, context.ctx);
  // validators.<name>.item_types[n]: models; validators.slug_title_field.title_field_id: a field
  if (path[0] === 'validators' && path[2] === 'item_types' && typeof path[3] === 'number' && path.length === 4)
    return { kind: 'model', id: node.value, node, blockModels: BLOCK_VALIDATORS.includes(String(path[1])) };
  if (path[0] === 'validators' && path[1] === 'slug_title_field' && path[2] === 'title_field_id' && path.length === 3)
    return { kind: 'field', id: node.value, node };
  return undefined;
}

/** The validators whose `item_types` name block models (the others name models). */
export const BLOCK_VALIDATORS = ['rich_text_blocks', 'single_block_blocks', 'structured_text_blocks', 'structured_text_inline_blocks'];

/** The `id` of a `{type: "<kind>", id}` object (empty while it is being typed). */
function asLinkObject(node: ASTNode): Reference | undefined {
  if (node.type !== 'string') return undefined;
  const property = node.parent;
  if (property?.type !== 'property' || property.keyNode.value !== 'id' || property.valueNode !== node) return undefined;
  const object = property.parent;
  if (object?.type !== 'object') return undefined;
  // `$readonly` itself holds the document's own id and type
  if (object.parent?.type === 'property' && object.parent.keyNode.value === READONLY_KEY && !object.parent.parent?.parent) return undefined;
  const type = stringProperty(object, 'type');
  const kind = type === undefined ? undefined : LINK_TYPES[type];
  return kind ? { kind, id: node.value, node } : undefined;
}

function stringProperty(object: ObjectASTNode, key: string): string | undefined {
  const value = object.properties.find((p) => p.keyNode.value === key)?.valueNode;
  return value?.type === 'string' ? value.value : undefined;
}

type Chain = { segment: string | number; node: ASTNode }[];

/** A string inside a record's (or block's) attributes, `chain` starting at a field's key. */
function inRecord(
  node: ASTNode & { type: 'string' },
  chain: Chain,
  modelId: string | undefined,
  ctx: SchemaContext,
): Reference | undefined {
  const field = fieldsOf(ctx, modelId)?.find((f) => f.apiKey === chain[0]?.segment);
  if (!field) return undefined;
  let rest = chain.slice(1);
  if (field.localized) {
    if (typeof rest[0]?.segment !== 'string') return undefined;
    rest = rest.slice(1);
  }
  const path = rest.map((c) => c.segment);
  const allowed = (name: string) => modelIdsOf(field.validators[name]);
  switch (field.type) {
    case 'link':
      return path.length === 0 ? { kind: 'record', id: node.value, node, allowedModelIds: allowed('item_item_type') } : undefined;
    case 'links':
      return path.length === 1 && typeof path[0] === 'number'
        ? { kind: 'record', id: node.value, node, allowedModelIds: allowed('items_item_type') }
        : undefined;
    case 'file':
      return path.length === 1 && path[0] === 'upload_id' ? { kind: 'upload', id: node.value, node } : undefined;
    case 'gallery':
      return path.length === 2 && typeof path[0] === 'number' && path[1] === 'upload_id'
        ? { kind: 'upload', id: node.value, node }
        : undefined;
    case 'seo':
      return path.length === 1 && path[0] === 'image' ? { kind: 'upload', id: node.value, node } : undefined;
    case 'rich_text':
      return typeof path[0] === 'number' ? inBlock(node, rest.slice(1), rest[0]!.node, ctx) : undefined;
    case 'single_block':
      return rest.length > 0 ? inBlock(node, rest, chain[chain.length - rest.length - 1]!.node, ctx) : undefined;
    case 'structured_text':
      return inStructuredText(node, rest, allowed('structured_text_links'), ctx);
    default:
      return undefined;
  }
}

/** A string inside a block object (`block`), `rest` starting at the block's key. */
function inBlock(node: ASTNode & { type: 'string' }, rest: Chain, block: ASTNode, ctx: SchemaContext): Reference | undefined {
  if (block.type !== 'object' || rest.length === 0) return undefined;
  if (rest[0]!.segment === 'id') return undefined;
  const itemType = block.properties.find((p) => p.keyNode.value === 'item_type')?.valueNode;
  const blockModelId = itemType?.type === 'object' ? stringProperty(itemType, 'id') : undefined;
  return inRecord(node, rest, blockModelId, ctx);
}

/** A string inside a structured text value: a block's contents, or the record of an itemLink / inlineItem. */
function inStructuredText(
  node: ASTNode & { type: 'string' },
  rest: Chain,
  allowedModelIds: string[],
  ctx: SchemaContext,
): Reference | undefined {
  for (let i = 0; i < rest.length; i++) {
    if (rest[i]!.segment !== 'item') continue;
    const dastNode = (i === 0 ? undefined : rest[i - 1]!.node) ?? undefined;
    const nodeType = dastNode?.type === 'object' ? stringProperty(dastNode, 'type') : undefined;
    if ((nodeType === 'itemLink' || nodeType === 'inlineItem') && i === rest.length - 1)
      return { kind: 'record', id: node.value, node, allowedModelIds };
    if (nodeType === 'block' || nodeType === 'inlineBlock') return inBlock(node, rest.slice(i + 1), rest[i]!.node, ctx);
  }
  return undefined;
}

function modelIdsOf(validator: unknown): string[] {
  const ids = validator && typeof validator === 'object' ? (validator as { item_types?: unknown }).item_types : undefined;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** Where a record document links to the record `target` (a link, an item of links, a structured text link). */
export function linksTo(json: JSONDocument, target: string, context: ReferenceContext): { offset: number; length: number }[] {
  return allReferences(json, context, 10_000)
    .filter((r) => r.kind === 'record' && r.id === target)
    .map((r) => ({ offset: r.node.offset, length: r.node.length }));
}

/** The 0-based line and character of `offset` in `text` (for a document that is not open in an editor). */
export function lineAndCharacter(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, character: offset - start };
}
