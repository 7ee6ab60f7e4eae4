// Each field's value as the preview shows it, by field type: text as text, Markdown as Markdown, files as
// thumbnails, links by the linked record's title, blocks as cards with their own fields, Structured Text as its
// nodes with the blocks and records it names. Pure: what is not known is asked of the lookups.
import type { Resource } from '../cma';
import { isLosslessNumber } from '../numbers';
import { stringifyJson } from '../schema';
import { Field } from '../domain/views';
import type { BlockView, FieldView, RecordRef, ValueView } from '../../webviews/preview/protocol';
import type { RenderLookups } from './lookups';
import type { PreviewSchema } from './schema';

export interface ValueContext {
  schema: PreviewSchema;
  lookups: RenderLookups;
  /** words for a block of an unknown model */
  unknownBlock: string;
  /** new blocks (no id yet) get a name of their own here */
  newBlocks: { count: number };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v) && !isLosslessNumber(v);
const isBlank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export function fieldView(field: Resource<'field'>, raw: unknown, ctx: ValueContext): FieldView {
  const hint = Field.hint(field);
  const base = { apiKey: Field.apiKey(field), label: Field.label(field), ...(hint ? { hint } : {}) };
  if (Field.isLocalized(field) && isObject(raw)) {
    const byLocale: Record<string, ValueView> = {};
    for (const [locale, value] of Object.entries(raw)) byLocale[locale] = valueView(field, value, ctx);
    return { ...base, value: { byLocale } };
  }
  return { ...base, value: valueView(field, raw, ctx) };
}

function valueView(field: Resource<'field'>, value: unknown, ctx: ValueContext): ValueView {
  if (isBlank(value)) return { kind: 'empty' };
  const view = typedView(Field.type(field), field, value, ctx);
  return view ?? { kind: 'raw', text: stringifyJson(value, 2) };
}

function typedView(type: string, field: Resource<'field'>, value: unknown, ctx: ValueContext): ValueView | undefined {
  switch (type) {
    case 'string':
    case 'slug':
      return typeof value === 'string' ? { kind: 'text', text: value, ...(headingField(field) ? { heading: true } : {}) } : undefined;
    case 'text':
      if (typeof value !== 'string') return undefined;
      return Field.appearance(field)['editor'] === 'markdown' ? { kind: 'markdown', text: value } : { kind: 'text', text: value };
    case 'boolean':
      return typeof value === 'boolean' ? { kind: 'boolean', value } : undefined;
    case 'integer':
    case 'float':
      return typeof value === 'number' || isLosslessNumber(value) ? { kind: 'number', text: String(value) } : undefined;
    case 'date':
    case 'date_time':
      return typeof value === 'string' ? { kind: 'date', iso: value, time: type === 'date_time' } : undefined;
    case 'color':
      return colorView(value);
    case 'lat_lon':
      return isObject(value) && typeof value['latitude'] === 'number' && typeof value['longitude'] === 'number'
        ? { kind: 'latLon', latitude: value['latitude'], longitude: value['longitude'] }
        : undefined;
    case 'json':
      return typeof value === 'string' ? { kind: 'json', text: prettyJson(value) } : undefined;
    case 'seo':
      return isObject(value) ? seoView(value, ctx) : undefined;
    case 'video':
      return isObject(value) ? videoView(value) : undefined;
    case 'file':
      return isObject(value) ? filesView([value], ctx) : undefined;
    case 'gallery':
      return Array.isArray(value) ? filesView(value.filter(isObject), ctx) : undefined;
    case 'link':
      return typeof value === 'string' ? { kind: 'records', records: [ctx.lookups.record(value)] } : undefined;
    case 'links':
      return Array.isArray(value)
        ? { kind: 'records', records: value.filter((id): id is string => typeof id === 'string').map((id) => ctx.lookups.record(id)) }
        : undefined;
    case 'rich_text':
      return Array.isArray(value) ? { kind: 'blocks', blocks: value.map((block) => blockView(block, ctx)) } : undefined;
    case 'single_block':
      return { kind: 'blocks', blocks: [blockView(value, ctx)] };
    case 'structured_text':
      return isObject(value) && isObject(value['document']) ? structuredTextView(value['document'], ctx) : undefined;
    default:
      return undefined;
  }
}

const headingField = (field: Resource<'field'>) => {
  const parameters = Field.appearance(field)['parameters'];
  return isObject(parameters) && parameters['heading'] === true;
};

function colorView(value: unknown): ValueView | undefined {
  if (!isObject(value)) return undefined;
  const channel = (key: string) => (typeof value[key] === 'number' ? Math.max(0, Math.min(255, Math.round(value[key]))) : undefined);
  const [red, green, blue] = [channel('red'), channel('green'), channel('blue')];
  if (red === undefined || green === undefined || blue === undefined) return undefined;
  const hex = `#${[red, green, blue].map((c) => c.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
  return { kind: 'color', hex, alpha: channel('alpha') ?? 255 };
}

function prettyJson(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

function seoView(value: Json, ctx: ValueContext): ValueView {
  const image = typeof value['image'] === 'string' ? ctx.lookups.file({ upload_id: value['image'] }) : undefined;
  return {
    kind: 'seo',
    ...(text(value['title']) ? { title: text(value['title'])! } : {}),
    ...(text(value['description']) ? { description: text(value['description'])! } : {}),
    ...(image ? { image } : {}),
    ...(text(value['twitter_card']) ? { twitterCard: text(value['twitter_card'])! } : {}),
    ...(value['no_index'] === true ? { noIndex: true } : {}),
  };
}

function videoView(value: Json): ValueView {
  return {
    kind: 'video',
    ...(text(value['title']) ? { title: text(value['title'])! } : {}),
    ...(text(value['url']) ? { url: text(value['url'])! } : {}),
    ...(text(value['provider']) ? { provider: text(value['provider'])! } : {}),
  };
}

function filesView(values: Json[], ctx: ValueContext): ValueView {
  return { kind: 'files', files: values.map((v) => ctx.lookups.file(v)).filter((f) => f !== undefined) };
}

/** A block as a card: its model's name and its own fields (a block given as an id only has neither). */
function blockView(block: unknown, ctx: ValueContext): BlockView {
  if (!isObject(block)) return { ...(typeof block === 'string' ? { id: block } : {}), modelName: ctx.unknownBlock, fields: [] };
  const id = text(block['id']) ?? `new-${++ctx.newBlocks.count}`;
  const link = block['item_type'];
  const modelId = isObject(link) && typeof link['id'] === 'string' ? link['id'] : undefined;
  const fields = modelId ? ctx.schema.fields(modelId) : [];
  return {
    id,
    modelName: (modelId && ctx.schema.modelName(modelId)) ?? ctx.unknownBlock,
    fields: fields.map((field) => fieldView(field, block[Field.apiKey(field)], ctx)),
  };
}

/** The nodes with blocks as ids, beside the views of those blocks and of the records the text links to. */
function structuredTextView(document: Json, ctx: ValueContext): ValueView {
  const blocks: Record<string, BlockView> = {};
  const records: Record<string, RecordRef> = {};
  const walk = (node: unknown, depth: number): unknown => {
    if (!isObject(node) || depth > 50) return node;
    const type = node['type'];
    if ((type === 'block' || type === 'inlineBlock') && node['item'] !== undefined) {
      const view = blockView(node['item'], ctx);
      const id = view.id ?? '';
      blocks[id] = view;
      return { type, item: id };
    }
    if ((type === 'itemLink' || type === 'inlineItem') && typeof node['item'] === 'string')
      records[node['item']] = ctx.lookups.record(node['item']);
    return Array.isArray(node['children']) ? { ...node, children: node['children'].map((child) => walk(child, depth + 1)) } : node;
  };
  const root = walk(document, 0) as Json;
  const nodes = Array.isArray(root['children']) ? root['children'] : [];
  return { kind: 'structuredText', nodes: nodes as never, blocks, records };
}
