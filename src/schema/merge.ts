// Three-way merge of a document: what the user's text derives from (base), the user's text (mine) and the remote's
// current state (theirs), at the finest grain the API takes — a record's field, or one locale of a localized field; a
// key of a model, field or webhook (one validator of `validators`); one locale of an upload's metadata. A unit only
// the user changed takes the user's value, a unit only a colleague changed keeps theirs, and a unit both changed
// differently is named: Overwrite then sends the user's value, after telling which ones.
import type { Resource, UpdateBody } from '../cma';
import { documentValue, itemTypeIdOf, READONLY_KEY, recordFields, type DocumentKind, type SchemaContext } from './document';
import { deepEqual, getOwn, isObject, parseText, setOwn, type JsonObject, type Path } from './json';
import { planUpdate, updateBody, type UpdatePlan } from './plan';

interface Merged {
  value: JsonObject;
  /** the units both sides changed differently, as paths: ["excerpt", "en"], ["hint"] */
  conflicts: Path[];
}

/** The remote a save is merged over: its resource and the schema it renders with. */
export interface Remote {
  resource: Resource;
  ctx: SchemaContext;
}

/** How many object levels below each top-level key are merged separately (0: the key's value is one unit). */
function depthOf(kind: DocumentKind, key: string, resource: Resource, ctx: SchemaContext): number {
  if (kind === 'record') {
    const field = recordFields(ctx, itemTypeIdOf(resource))?.find((f) => f.apiKey === key);
    return field?.localized ? 1 : 0;
  }
  if (kind === 'upload' && key === 'default_field_metadata') return 2;
  if (kind === 'field' && key === 'validators') return 1;
  return 0;
}

function mergeValue(base: unknown, mine: unknown, theirs: unknown, depth: number, path: Path, conflicts: Path[]): unknown {
  if (deepEqual(mine, base)) return theirs;
  if (deepEqual(theirs, base) || deepEqual(mine, theirs)) return mine;
  if (depth > 0 && isObject(mine) && isObject(theirs)) {
    const before = isObject(base) ? base : {};
    const out: JsonObject = {};
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const value = mergeValue(getOwn(before, key), getOwn(mine, key), getOwn(theirs, key), depth - 1, [...path, key], conflicts);
      if (value !== undefined) setOwn(out, key, value);
    }
    return out;
  }
  conflicts.push(path);
  return mine;
}

/** Merges `mine` (derived from `base`) over `theirs`, the document of `remote`. */
function mergeDocuments(kind: DocumentKind, base: JsonObject, mine: JsonObject, remote: Remote): Merged {
  const theirs = documentValue(kind, remote.resource, remote.ctx);
  const conflicts: Path[] = [];
  const value: JsonObject = {};
  for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
    if (key === READONLY_KEY) continue;
    const depth = depthOf(kind, key, remote.resource, remote.ctx);
    const merged = mergeValue(getOwn(base, key), getOwn(mine, key), getOwn(theirs, key), depth, [key], conflicts);
    if (merged !== undefined) setOwn(value, key, merged);
  }
  setOwn(value, READONLY_KEY, getOwn(theirs, READONLY_KEY) ?? {});
  return { value, conflicts };
}

/**
 * The update that puts the user's changes (text over `base`) on top of `remote`: only the units the user changed are
 * sent (a localized field whole, its other locales as the remote has them). Problems of the text come first.
 */
export function planOver(
  kind: DocumentKind,
  text: string,
  opened: Resource,
  base: JsonObject,
  ctx: SchemaContext,
  remote: Remote,
): UpdatePlan & { conflicts?: Path[] } {
  const checked = planUpdate(kind, opened, text, ctx, base);
  if (!checked.ok) return checked;
  const mine = parseText(text).value as JsonObject;
  const { value, conflicts } = mergeDocuments(kind, base, mine, remote);
  const body: UpdateBody | null = updateBody(kind, remote.resource, value, documentValue(kind, remote.resource, remote.ctx), remote.ctx);
  return { ok: true, body, conflicts };
}

/** The units both the user and the remote changed differently (empty when the text does not parse). */
export function conflictsOf(kind: DocumentKind, text: string, base: JsonObject, remote: Remote): Path[] {
  const mine = parseText(text).value;
  return isObject(mine) ? mergeDocuments(kind, base, mine, remote).conflicts : [];
}

/** A unit as the user reads it: `excerpt (en)`, `validators.length`, `hint`. */
export function describeUnit(path: Path): string {
  const [key, ...rest] = path.map(String);
  if (rest.length === 0) return key!;
  const locale = rest.at(-1)!;
  const inner = rest.slice(0, -1);
  return /^[a-z]{2}([-_][A-Za-z]+)?$/.test(locale) ? `${[key, ...inner].join('.')} (${locale})` : [key, ...rest].join('.');
}
