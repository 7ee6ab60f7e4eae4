// Inverse relationships: on a model with them enabled, `_allReferencing<Sources>` lists the records of
// each model that link to it — through a link, links or structured text field, or a block inside one (blocks
// nest: a block's field may hold blocks in turn). The paths are named as the API names them: the camelCased
// model and field names, one `__<block>_<field>` step per block, e.g. `academyChapter_content__tabsBlock_tabs__tabBlock_content`.
import { blockIdsOf } from '../items.js';
import type { CdaContext, RecordView } from './context.js';
import { localeCode } from './context.js';
import { inSchema, type FieldInfo, type ModelInfo } from './model-info.js';
import { blockView } from './records.js';

/** One way a source record can point at the target: its field, then (through blocks) each block model and field. */
export interface ReferencePath {
  value: string;
  field: FieldInfo;
  /** the blocks the link is inside, outermost first; empty when `field` itself links */
  blocks: { model: ModelInfo; field: FieldInfo }[];
}

const LINKING = new Set(['link', 'links', 'structured_text']);

function links(field: FieldInfo, targetId: string): boolean {
  return LINKING.has(field.fieldType) && field.targets.includes(targetId);
}

/** The paths through which records of `source` reference `target`; empty when they cannot. */
export function referencePaths(models: Map<string, ModelInfo>, source: ModelInfo, target: ModelInfo): ReferencePath[] {
  const paths: ReferencePath[] = [];
  for (const field of source.fields) {
    const prefix = `${source.names.single}_${field.name}`;
    if (links(field, target.id)) paths.push({ value: prefix, field, blocks: [] });
    walkBlocks(models, field, target, [], new Set(), (blocks) =>
      paths.push({ value: `${prefix}${blocks.map((b) => `__${b.model.names.single}_${b.field.name}`).join('')}`, field, blocks }),
    );
  }
  return paths;
}

/** Each chain of block fields below `field` whose last field links to `target` (a block model once per chain). */
function walkBlocks(
  models: Map<string, ModelInfo>,
  field: FieldInfo,
  target: ModelInfo,
  chain: { model: ModelInfo; field: FieldInfo }[],
  seen: Set<string>,
  found: (chain: { model: ModelInfo; field: FieldInfo }[]) => void,
): void {
  for (const blockId of new Set([...field.blocks, ...field.inlineBlocks])) {
    const block = models.get(blockId);
    if (!inSchema(block) || seen.has(blockId)) continue;
    const inside = new Set(seen).add(blockId);
    for (const blockField of block.fields) {
      const next = [...chain, { model: block, field: blockField }];
      if (links(blockField, target.id)) found(next);
      walkBlocks(models, blockField, target, next, inside, found);
    }
  }
}

/** Models whose records can reference `target` (not blocks, not singletons: they have no collection). */
export function referencingModels(models: Map<string, ModelInfo>, target: ModelInfo): { source: ModelInfo; paths: ReferencePath[] }[] {
  if (!target.inverse || target.block) return [];
  const out: { source: ModelInfo; paths: ReferencePath[] }[] = [];
  for (const source of models.values()) {
    if (source.block || source.singleton || !inSchema(source)) continue;
    const paths = referencePaths(models, source, target);
    if (paths.length) out.push({ source, paths });
  }
  return out;
}

function contains(field: FieldInfo, value: unknown, id: string): boolean {
  if (field.fieldType === 'link') return value === id;
  if (field.fieldType === 'links') return Array.isArray(value) && value.includes(id);
  let found = false;
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; item?: unknown; children?: unknown[] };
    if ((n.type === 'itemLink' || n.type === 'inlineItem') && n.item === id) found = true;
    n.children?.forEach(walk);
  };
  if (field.fieldType === 'structured_text' && value && typeof value === 'object') walk((value as { document?: unknown }).document);
  return found;
}

/** Values of a field per locale: `_nonLocalized` for a field that is not localized. */
function perLocale(field: FieldInfo, attrs: Record<string, unknown>): [string, unknown][] {
  const value = attrs[field.apiKey];
  if (!field.localized) return [['_nonLocalized', value]];
  return value && typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : [];
}

/** Whether `view` references `targetId` through one of `paths`, in one of the allowed locales. */
export function referencesThrough(
  ctx: CdaContext,
  view: RecordView,
  targetId: string,
  paths: ReferencePath[],
  through: Record<string, unknown> | null | undefined,
): boolean {
  const fieldsFilter = (through?.fields ?? {}) as { anyIn?: string[] | null; notIn?: string[] | null };
  const localesFilter = (through?.locales ?? {}) as { anyIn?: string[] | null; notIn?: string[] | null };
  const locale = (raw: string) => (raw === '_nonLocalized' ? raw : localeCode(ctx, raw));
  const usable = paths.filter(
    (p) => (!fieldsFilter.anyIn || fieldsFilter.anyIn.includes(p.value)) && !(fieldsFilter.notIn ?? []).includes(p.value),
  );
  const localeOk = (l: string) =>
    (!localesFilter.anyIn || localesFilter.anyIn.map(locale).includes(l)) && !(localesFilter.notIn ?? []).map(locale).includes(l);
  for (const path of usable) {
    for (const [l, value] of perLocale(path.field, view.attrs)) {
      if (localeOk(l) && reaches(ctx, view, path.field, value, path.blocks, targetId)) return true;
    }
  }
  return false;
}

/** Whether `value` of `field` links to `targetId`, directly or down the chain of blocks. */
function reaches(
  ctx: CdaContext,
  view: RecordView,
  field: FieldInfo,
  value: unknown,
  chain: { model: ModelInfo; field: FieldInfo }[],
  targetId: string,
): boolean {
  const [step, ...rest] = chain;
  if (!step) return contains(field, value, targetId);
  for (const id of blockIdsOf(field.fieldType, value)) {
    const block = blockView(ctx, id, view, view.published);
    if (block && block.model.id === step.model.id && reaches(ctx, view, step.field, block.attrs[step.field.apiKey], rest, targetId))
      return true;
  }
  return false;
}
