// Inverse relationships: on a model with them enabled, `_allReferencing<Sources>` lists the records of
// each model that link to it — through a link, links or structured text field, or a block inside one.
import { blockIdsOf } from '../items.js';
import type { CdaContext, RecordView } from './context.js';
import { localeCode } from './context.js';
import { inSchema, type FieldInfo, type ModelInfo } from './model-info.js';
import { blockView } from './records.js';

/** One way a source record can point at the target: `<model>_<field>` or `<model>_<field>__<block>_<blockField>`. */
export interface ReferencePath {
  value: string;
  field: FieldInfo;
  /** set when the link is inside a block of `field` */
  block?: { model: ModelInfo; field: FieldInfo };
}

const LINKING = new Set(['link', 'links', 'structured_text']);

function links(field: FieldInfo, targetId: string): boolean {
  return LINKING.has(field.fieldType) && field.targets.includes(targetId);
}

/** The paths through which records of `source` reference `target`; empty when they cannot. */
export function referencePaths(models: Map<string, ModelInfo>, source: ModelInfo, target: ModelInfo): ReferencePath[] {
  const paths: ReferencePath[] = [];
  for (const field of source.fields) {
    if (links(field, target.id)) paths.push({ value: `${source.apiKey}_${field.apiKey}`, field });
    for (const blockId of new Set([...field.blocks, ...field.inlineBlocks])) {
      const block = models.get(blockId);
      if (!inSchema(block)) continue;
      for (const blockField of block.fields)
        if (links(blockField, target.id))
          paths.push({
            value: `${source.apiKey}_${field.apiKey}__${block.apiKey}_${blockField.apiKey}`,
            field,
            block: { model: block, field: blockField },
          });
    }
  }
  return paths;
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
      if (!localeOk(l)) continue;
      if (!path.block) {
        if (contains(path.field, value, targetId)) return true;
        continue;
      }
      for (const id of blockIdsOf(path.field.fieldType, value)) {
        const block = blockView(ctx, id, view, view.published);
        if (block && block.model.id === path.block.model.id && contains(path.block.field, block.attrs[path.block.field.apiKey], targetId))
          return true;
      }
    }
  }
  return false;
}
