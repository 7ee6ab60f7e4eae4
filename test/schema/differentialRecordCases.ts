// Record edits for the differential test, generated from a model's fields: per field type and per validator
// (values just inside and just outside each bound), per locale, and per block (new, changed, incomplete).
import type { Resource } from '../../src/cma/types';
import type { SchemaContext } from '../../src/schema';
import { attr, validatorsOf, emoji, NEW_ID, type Field, type EditCase } from './differentialCaseKit';
import type { Doc } from './helpers';

/** A value a field of this type accepts when it has no validators, shaped for a new block. */
function sampleValue(field: Field, ctx: SchemaContext, depth: number): unknown {
  const v = validatorsOf(field);
  const type = attr(field, 'field_type');
  let value: unknown;
  switch (type) {
    case 'string':
      value = v['enum']
        ? (v['enum']['values'] as string[])[0]
        : v['format']?.['predefined_pattern'] === 'url'
          ? 'https://sample.example'
          : v['format']?.['predefined_pattern'] === 'email'
            ? 'a@sample.example'
            : 'Sample';
      break;
    case 'text':
      value = 'Sample text, long enough for most minimum lengths.';
      break;
    case 'slug':
      value = 'sample-slug';
      break;
    case 'boolean':
      value = true;
      break;
    case 'integer':
      value = 1;
      break;
    case 'float':
      value = 1.5;
      break;
    case 'date':
      value = '2024-06-01';
      break;
    case 'date_time':
      value = '2024-06-01T10:00:00Z';
      break;
    case 'color':
      value = { red: 1, green: 2, blue: 3, alpha: 255 };
      break;
    case 'json':
      value = '["a"]';
      break;
    case 'lat_lon':
      value = { latitude: 45, longitude: 9 };
      break;
    case 'video':
      value = { provider: 'youtube', provider_uid: 'abc', url: 'https://youtu.be/abc' };
      break;
    case 'single_block':
    case 'rich_text': {
      const models = (v['single_block_blocks'] ?? v['rich_text_blocks'])?.['item_types'] as string[] | undefined;
      const block = depth < 2 && models?.[0] ? newBlock(models[0], ctx, depth + 1) : null;
      value = type === 'rich_text' ? (block ? [block] : []) : block;
      break;
    }
    default:
      value = null;
  }
  return attr(field, 'localized') === true ? Object.fromEntries(ctx.locales.map((l) => [l, value])) : value;
}

function newBlock(modelId: string, ctx: SchemaContext, depth = 0, without?: string): Doc {
  const block: Doc = { item_type: { type: 'item_type', id: modelId } };
  for (const field of ctx.fieldsOf(modelId) ?? []) {
    const key = attr(field, 'api_key') as string;
    if (key !== without) block[key] = sampleValue(field, ctx, depth);
  }
  return block;
}

/** Candidate values for one (per-locale) value of a field: valid ones, invalid ones, and each validator's edges. */
function candidates(field: Field, current: unknown): [string, unknown][] {
  const v = validatorsOf(field);
  const type = attr(field, 'field_type') as string;
  const out: [string, unknown][] = [['null', null]];
  const bounds = (name: string, make: (n: number) => unknown) => {
    for (const edge of ['min', 'eq', 'max'] as const) {
      const n = v[name]?.[edge];
      if (typeof n !== 'number') continue;
      for (const d of edge === 'max' ? [0, 1] : edge === 'min' ? [-1, 0] : [-1, 0, 1])
        if (n + d >= 0) out.push([`${name}.${edge}${d >= 0 ? '+' : ''}${d}`, make(n + d)]);
    }
  };
  switch (type) {
    case 'string':
    case 'text':
    case 'slug':
      out.push(['text', type === 'slug' ? 'edited-slug' : 'Edited text'], ['empty', ''], ['number', 42], ['bad slug', 'Not A Slug!']);
      bounds('length', (n) => (type === 'slug' ? 'a'.repeat(n) : emoji(n)));
      if (v['enum']) out.push(['enum value', (v['enum']['values'] as string[])[0]], ['not in enum', 'not-in-enum']);
      if (v['format']) out.push(['email', 'a@b.example'], ['url', 'https://ok.example/x'], ['bad format', 'not an address']);
      break;
    case 'boolean':
      out.push(['true', true], ['string', 'yes']);
      break;
    case 'integer':
      out.push(['int', 3], ['fraction', 2.5], ['string', '3']);
      bounds('number_range', (n) => n);
      break;
    case 'float':
      out.push(['float', 1.25], ['string', '1.5']);
      bounds('number_range', (n) => n);
      {
        const r = v['number_range'];
        if (typeof r?.['max'] === 'number') out.push(['just above max', (r['max'] as number) + 0.5]);
        if (typeof r?.['min'] === 'number') out.push(['just below min', (r['min'] as number) - 0.5]);
      }
      break;
    case 'date':
      out.push(['date', '2024-02-29'], ['no such day', '2023-02-29'], ['short', '2024-1-1'], ['date-time', '2024-05-01T10:00:00Z']);
      if (typeof v['date_range']?.['min'] === 'string') out.push(['before min', '2000-01-01']);
      break;
    case 'date_time':
      out.push(['date-time', '2024-05-01T10:00:00+02:00'], ['date only', '2024-05-01'], ['words', 'soon']);
      if (typeof v['date_time_range']?.['min'] === 'string') out.push(['before min', '2000-01-01T00:00:00Z']);
      break;
    case 'color':
      out.push(
        ['rgba', { red: 1, green: 2, blue: 3, alpha: 4 }],
        ['no alpha', { red: 1, green: 2, blue: 3 }],
        ['256', { red: 256, green: 0, blue: 0, alpha: 0 }],
        ['string channel', { red: '1', green: 0, blue: 0 }],
        ['extra key', { red: 1, green: 1, blue: 1, alpha: 1, hex: '#010101' }],
      );
      break;
    case 'json':
      out.push(['json', '{"a": [1, 2]}'], ['not json', '{bad'], ['number', 5]);
      break;
    case 'lat_lon':
      out.push(
        ['point', { latitude: 45.4, longitude: 9.2 }],
        ['lat 91', { latitude: 91, longitude: 0 }],
        ['no longitude', { latitude: 1 }],
      );
      break;
    case 'seo':
      out.push(
        ['seo', { title: 'T', description: 'D' }],
        ['twitter card', { twitter_card: 'big' }],
        ['empty', {}],
        ['extra key', { title: 'T', keywords: 'x' }],
      );
      bounds('title_length', (n) => ({ title: emoji(n), description: 'D' }));
      bounds('description_length', (n) => ({ title: 'T', description: emoji(n) }));
      break;
    case 'video':
      out.push(
        [
          'full',
          {
            provider: 'vimeo',
            provider_uid: '1',
            url: 'https://vimeo.com/1',
            width: 640,
            height: 360,
            thumbnail_url: 'https://i.vimeocdn.com/1.jpg',
            title: 'Clip',
          },
        ],
        ['minimal', { provider: 'youtube', provider_uid: 'abc', url: 'https://youtu.be/abc' }],
        ['tiktok', { provider: 'tiktok', provider_uid: 'a', url: 'https://t.example' }],
        ['no url', { provider: 'youtube', provider_uid: 'abc' }],
      );
      break;
    case 'file':
    case 'gallery': {
      const file = Array.isArray(current) ? current[0] : current;
      if (file && typeof file === 'object') {
        const f = file as Doc;
        const variants: [string, unknown][] = [
          ['same file', f],
          ['no alt', { ...f, alt: null }],
          ['no title', { ...f, title: '' }],
          ['focal 0.5', { ...f, focal_point: { x: 0.5, y: 0.5 } }],
          ['focal x 2', { ...f, focal_point: { x: 2, y: 0.5 } }],
          ['bad upload id', { ...f, upload_id: 'abc' }],
          ['extra key', { ...f, caption: 'x' }],
        ];
        out.push(...(type === 'gallery' ? variants.map(([n, x]) => [n, [x]] as [string, unknown]) : variants));
        if (type === 'gallery') bounds('size', (n) => Array.from({ length: n }, () => f));
      }
      if (type === 'gallery') out.push(['empty list', []], ['not a list', 'x']);
      break;
    }
    case 'link':
      out.push(['abc', 'abc'], ['unknown id', NEW_ID], ['number', 5]);
      if (current) out.push(['same', current]);
      break;
    case 'links':
      out.push(['empty', []], ['abc', ['abc']], ['unknown id', [NEW_ID]]);
      bounds('size', () => []);
      break;
    case 'structured_text':
      out.push(
        [
          'paragraph',
          { schema: 'dast', document: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'span', value: 'Hi' }] }] } },
        ],
        ['empty doc', { schema: 'dast', document: { type: 'root', children: [] } }],
        ['not dast', { schema: 'html', document: {} }],
      );
      break;
    default:
      break;
  }
  return out;
}

/** Block edits of a block field value (one locale): new, new without a required field, changed, removed. */
function blockEdits(field: Field, value: unknown, ctx: SchemaContext): [string, (value: unknown) => unknown][] {
  const v = validatorsOf(field);
  const type = attr(field, 'field_type');
  const models = (v['rich_text_blocks'] ?? v['single_block_blocks'] ?? v['structured_text_blocks'])?.['item_types'] as string[] | undefined;
  const model = models?.[0];
  if (!model) return [];
  const required = (ctx.fieldsOf(model) ?? []).find((f) => validatorsOf(f)['required'] !== undefined);
  const text = (ctx.fieldsOf(model) ?? []).find(
    (f) => ['string', 'text'].includes(attr(f, 'field_type') as string) && !validatorsOf(f)['enum'] && !validatorsOf(f)['format'],
  );
  const edits: [string, (value: unknown) => unknown][] = [];
  const add = (block: Doc) => (old: unknown) => {
    if (type === 'rich_text') return [...(Array.isArray(old) ? old : []), block];
    if (type === 'single_block') return block;
    const doc = (
      old && typeof old === 'object' ? structuredClone(old) : { schema: 'dast', document: { type: 'root', children: [] } }
    ) as Doc;
    doc['document'].children.push({ type: 'block', item: block });
    return doc;
  };
  edits.push(['new block', add(newBlock(model, ctx))]);
  if (required)
    edits.push([
      `new block without required ${attr(required, 'api_key')}`,
      add(newBlock(model, ctx, 0, attr(required, 'api_key') as string)),
    ]);
  const firstBlock = (val: unknown): Doc | undefined => {
    if (Array.isArray(val)) return val.find((b) => b && typeof b === 'object');
    if (type === 'single_block') return val && typeof val === 'object' ? (val as Doc) : undefined;
    return (val as Doc | null)?.['document']?.children?.find((c: Doc) => c.type === 'block')?.item;
  };
  if (firstBlock(value) && text) {
    const key = attr(text, 'api_key') as string;
    edits.push([
      `changed block ${key}`,
      (old) => {
        const copy = structuredClone(old);
        firstBlock(copy)![key] = 'Changed in place';
        return copy;
      },
    ]);
    edits.push([
      `changed block ${key} to a number`,
      (old) => {
        const copy = structuredClone(old);
        firstBlock(copy)![key] = 7;
        return copy;
      },
    ]);
    edits.push([
      'block with a foreign id',
      (old) => {
        const copy = structuredClone(old);
        firstBlock(copy)!['id'] = NEW_ID;
        return copy;
      },
    ]);
  }
  if (type === 'rich_text' && Array.isArray(value) && value.length > 0)
    edits.push(['removed first block', (old) => (old as unknown[]).slice(1)]);
  return edits;
}

export function recordCases(record: Resource, fields: Field[], ctx: SchemaContext, current: Doc): EditCase[] {
  const out: EditCase[] = [];
  const add = (name: string, mutate: (doc: Doc) => void, text?: (t: string) => string) =>
    out.push({
      name: `record ${String(attr(record, 'id') ?? record.id)} ${name}`,
      kind: 'record',
      id: record.id,
      mutate,
      ...(text ? { text } : {}),
    });
  const localizedKeys = fields.filter((f) => attr(f, 'localized') === true).map((f) => attr(f, 'api_key') as string);
  for (const field of fields) {
    const key = attr(field, 'api_key') as string;
    if (!(key in current)) continue;
    const localized = attr(field, 'localized') === true;
    const locale = ctx.locales[0]!;
    const slot = localized ? (current[key]?.[locale] ?? null) : current[key];
    const set = (doc: Doc, value: unknown) => {
      if (localized) doc[key] = { ...(doc[key] ?? {}), [locale]: value };
      else doc[key] = value;
    };
    for (const [name, value] of candidates(field, slot)) add(`${key} (${attr(field, 'field_type')}) = ${name}`, (d) => set(d, value));
    for (const [name, edit] of blockEdits(field, slot, ctx))
      add(`${key}: ${name}`, (d) => set(d, edit(localized ? (d[key]?.[locale] ?? null) : d[key])));
    if (localized) {
      add(`${key}: whole value null`, (d) => {
        d[key] = null;
      });
      add(`${key}: unknown locale fr`, (d) => {
        d[key] = { ...(d[key] ?? {}), fr: slot };
      });
      const other = ctx.locales[1];
      if (other && current[key] && other in current[key]) {
        add(`${key}: locale ${other} removed from this field only`, (d) => {
          delete d[key][other];
        });
        add(`locale ${other} removed from every localized field`, (d) => {
          for (const k of localizedKeys) if (d[k] && typeof d[k] === 'object') delete d[k][other];
        });
      }
    }
    if (attr(field, 'field_type') === 'integer' && !localized)
      add(
        `${key} = an integer beyond 2^53`,
        () => {},
        (t) => t.replace(new RegExp(`"${key}": [^,\\n]+`), `"${key}": 123456789012345678901`),
      );
  }
  return out;
}
