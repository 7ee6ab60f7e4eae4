// Quick fixes for the problems the documents' checker reports, computed as text edits on the document. A problem is
// recognised by its code and fixed from its data (see ProblemDataByCode), never from its message, which may be
// reworded. Pure: the provider in ./editorFeatures.ts turns them into code actions.
import type { JSONDocument, ASTNode } from 'vscode-json-languageservice';
import { formatMessage, type Translate } from '../platform/translate';
import type { ProblemCode } from '../schema';
import { READONLY_KEY, pathOf } from './references';
import {
  applyAll,
  closestName,
  insertTopLevel,
  propertyOf,
  removeProperty,
  setValue,
  topLevelProperty,
  wholeChange,
  type Edit,
} from './textEdits';

export { closestName };

export interface Fix {
  title: string;
  edits: Edit[];
  /** the one fix to apply with "Fix" / Ctrl+. Enter */
  preferred?: boolean;
}

/**
 * A problem as the editor has it: its code and data (as a diagnostic carries them, so checked before use) at a
 * range of the text.
 */
export interface ProblemAt {
  code: string | undefined;
  data?: unknown;
  offset: number;
  length: number;
}

export interface FixContext {
  text: string;
  json: JSONDocument;
  /** the text the document was opened with (its `$readonly` and removed keys come back from it) */
  openedText?: string;
  openedJson?: JSONDocument;
  /** translates the fixes' titles (vscode.l10n.t in the editor) */
  t?: Translate;
}

const MAX_VALUE_FIXES = 12;

/** Options a field type's required validator needs to be valid (the model list left for the user to fill). */
const LINK_OPTIONS = {
  item_types: [],
  on_publish_with_unpublished_references_strategy: 'fail',
  on_reference_unpublish_strategy: 'fail',
  on_reference_delete_strategy: 'fail',
};
const REQUIRED_VALIDATOR_DEFAULTS: Record<string, unknown> = {
  item_item_type: LINK_OPTIONS,
  items_item_type: LINK_OPTIONS,
  structured_text_links: LINK_OPTIONS,
  rich_text_blocks: { item_types: [] },
  single_block_blocks: { item_types: [] },
  structured_text_blocks: { item_types: [] },
  structured_text_inline_blocks: { item_types: [] },
};

/** The fixes for one problem (none when its code has none, or its data is not what the code promises). */
export function fixesFor(problem: ProblemAt, context: FixContext): Fix[] {
  const t = context.t ?? formatMessage;
  const node = context.json.getNodeFromOffset(problem.offset + Math.min(1, problem.length));
  const data = problem.data;
  switch (problem.code as ProblemCode | undefined) {
    case 'removed-key': {
      const key = text(data, 'key');
      const path = pathIn(data);
      if (key === undefined || !path) return [];
      return path.length === 1
        ? removedKeyFixes(key, getOwn(data, 'nullAccepted') === true, context, t)
        : nestedNullFix(key, path, context, t);
    }
    case 'readonly-changed': {
      const fix = restoreReadonly(context, t);
      return fix ? [fix] : [];
    }
    case 'unknown-key': {
      const key = text(data, 'key');
      return key === undefined ? [] : unknownKeyFixes(node, key, texts(data, 'allowed'), context, t);
    }
    case 'validator-not-allowed': {
      const property = propertyOf(node);
      const validator = text(data, 'validator');
      return property && validator
        ? [{ title: t('Remove the validator "{0}"', validator), edits: removeProperty(property, context.text), preferred: true }]
        : [];
    }
    case 'validator-missing': {
      const validator = text(data, 'validator');
      return validator ? addValidatorFixes(validator, context, t) : [];
    }
    case 'value-not-allowed':
    case 'api-refused':
      return allowedValueFixes(node, values(data, 'allowed'), t);
    case 'wrong-type':
      return typedValueFixes(node, text(data, 'expected'), t);
    case 'missing-locales': {
      const fix = addLocalesFix(node, texts(data, 'missing'), context.text, t);
      return fix ? [fix] : [];
    }
    case 'api-extraneous-attribute':
    case 'set-by-datocms': {
      const property = propertyOf(node);
      const key = text(data, 'key');
      return property && property.keyNode.value === key
        ? [{ title: t('Remove "{0}"', key), edits: removeProperty(property, context.text), preferred: true }]
        : [];
    }
    default:
      return [];
  }
}

/** Adds the locales a localized value lacks (each set to null), for the object at `offset`. */
export function missingLocalesFix(
  json: JSONDocument,
  offset: number,
  locales: readonly string[],
  isLocalized: (fieldApiKey: string) => boolean,
  text: string,
  t: Translate = formatMessage,
): Fix | undefined {
  let node = json.getNodeFromOffset(offset);
  while (node && !(node.type === 'object' && node.parent?.type === 'property' && node.parent.parent === json.root)) node = node.parent;
  if (node?.type !== 'object' || node.parent?.type !== 'property' || !isLocalized(node.parent.keyNode.value)) return undefined;
  const present = new Set(node.properties.map((p) => p.keyNode.value));
  return addLocalesFix(
    node,
    locales.filter((l) => !present.has(l)),
    text,
    t,
  );
}

/** Sets each of `missing` to null in the localized value at (or holding) `node`. */
function addLocalesFix(node: ASTNode | undefined, missing: readonly string[], text: string, t: Translate): Fix | undefined {
  const value = node?.type === 'object' ? node : node?.type === 'property' ? node.valueNode : propertyOf(node)?.valueNode;
  if (value?.type !== 'object' || missing.length === 0) return undefined;
  const present = new Set(value.properties.map((p) => p.keyNode.value));
  const adding = missing.filter((l) => !present.has(l));
  if (adding.length === 0) return undefined;
  const path = pathOf(value);
  let edited = text;
  for (const locale of adding) edited = applyAll(edited, setValue(edited, [...path, locale], null));
  const title = adding.length > 1 ? t('Add the missing locales {0}', adding.join(', ')) : t('Add the missing locale {0}', adding[0]!);
  return { title, edits: [wholeChange(text, edited)] };
}

function removedKeyFixes(key: string, nullAccepted: boolean, context: FixContext, t: Translate): Fix[] {
  const fixes: Fix[] = [];
  if (nullAccepted)
    fixes.push({
      title: t('Set "{0}" to null instead of removing it', key),
      edits: insertTopLevel(context.text, key, 'null'),
      preferred: true,
    });
  const opened = topLevelProperty(context.openedJson, key);
  if (opened?.valueNode && context.openedText !== undefined) {
    const raw = context.openedText.slice(opened.valueNode.offset, opened.valueNode.offset + opened.valueNode.length);
    fixes.push({ title: t('Put "{0}" back as it was', key), edits: insertTopLevel(context.text, key, raw), preferred: !nullAccepted });
  }
  return fixes;
}

/** A key taken out of a block: set it to null where it was. */
function nestedNullFix(key: string, path: (string | number)[], context: FixContext, t: Translate): Fix[] {
  const edits = setValue(context.text, path, null);
  return edits.length > 0 ? [{ title: t('Set "{0}" to null instead of removing it', key), edits, preferred: true }] : [];
}

function restoreReadonly(context: FixContext, t: Translate): Fix | undefined {
  const opened = topLevelProperty(context.openedJson, READONLY_KEY)?.valueNode;
  if (!opened || context.openedText === undefined) return undefined;
  const raw = context.openedText.slice(opened.offset, opened.offset + opened.length);
  const current = topLevelProperty(context.json, READONLY_KEY);
  const title = t('Restore "{0}" as it was opened', READONLY_KEY);
  if (current?.valueNode)
    return { title, edits: [{ offset: current.valueNode.offset, length: current.valueNode.length, content: raw }], preferred: true };
  const root = context.json.root;
  if (root?.type !== 'object') return undefined;
  const last = root.properties[root.properties.length - 1];
  const at = last ? last.offset + last.length : root.offset + 1;
  return { title, edits: [{ offset: at, length: 0, content: `${last ? ',' : ''}\n  "${READONLY_KEY}": ${raw}` }], preferred: true };
}

function unknownKeyFixes(node: ASTNode | undefined, key: string, allowed: string[], context: FixContext, t: Translate): Fix[] {
  const property = propertyOf(node);
  if (!property || property.keyNode.value !== key) return [];
  const siblings = new Set(property.parent?.type === 'object' ? property.parent.properties.map((p) => p.keyNode.value) : []);
  const closest = closestName(
    key,
    allowed.filter((a) => !siblings.has(a) && a !== READONLY_KEY),
  );
  const fixes: Fix[] = [];
  if (closest) {
    fixes.push({
      title: t('Change to {0}', JSON.stringify(closest)),
      edits: [{ offset: property.keyNode.offset, length: property.keyNode.length, content: JSON.stringify(closest) }],
      preferred: true,
    });
  }
  fixes.push({ title: t('Remove "{0}"', key), edits: removeProperty(property, context.text) });
  return fixes;
}

function addValidatorFixes(name: string, context: FixContext, t: Translate): Fix[] {
  const value = REQUIRED_VALIDATOR_DEFAULTS[name] ?? {};
  const validators = topLevelProperty(context.json, 'validators')?.valueNode;
  const edits =
    validators?.type === 'object'
      ? setValue(context.text, ['validators', name], value)
      : setValue(context.text, ['validators'], { [name]: value });
  return [
    { title: t('Add the "{0}" validator', name), edits: [wholeChange(context.text, applyAll(context.text, edits))], preferred: true },
  ];
}

/** One fix per allowed value, on a value that is a string, number, boolean or null. */
function allowedValueFixes(node: ASTNode | undefined, allowed: (string | number | boolean | null)[], t: Translate): Fix[] {
  if (!node || !['string', 'number', 'boolean', 'null'].includes(node.type)) return [];
  const shown = allowed.slice(0, MAX_VALUE_FIXES);
  return shown.map((value, i) => ({
    title: t('Change to {0}', JSON.stringify(value)),
    edits: [{ offset: node.offset, length: node.length, content: JSON.stringify(value) }],
    preferred: i === 0 && shown.length === 1,
  }));
}

/** A number or true/false typed as a string where the number or boolean belongs. */
function typedValueFixes(node: ASTNode | undefined, expected: string | undefined, t: Translate): Fix[] {
  if (node?.type !== 'string') return [];
  const typed = node.value.trim();
  const edit = (content: string, title: string): Fix[] => [
    { title, edits: [{ offset: node.offset, length: node.length, content }], preferred: true },
  ];
  if ((expected === 'integer' && /^-?\d+$/.test(typed)) || (expected === 'number' && /^-?\d+(\.\d+)?$/.test(typed)))
    return edit(typed, t('Change to the number {0}', typed));
  if (expected === 'boolean' && (typed === 'true' || typed === 'false')) return edit(typed, t('Change to {0}', typed));
  return [];
}

function getOwn(data: unknown, key: string): unknown {
  return data !== null && typeof data === 'object' && Object.prototype.hasOwnProperty.call(data, key)
    ? (data as Record<string, unknown>)[key]
    : undefined;
}

function text(data: unknown, key: string): string | undefined {
  const value = getOwn(data, key);
  return typeof value === 'string' ? value : undefined;
}

function texts(data: unknown, key: string): string[] {
  const value = getOwn(data, key);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function values(data: unknown, key: string): (string | number | boolean | null)[] {
  const value = getOwn(data, key);
  return Array.isArray(value)
    ? value.filter((v): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v))
    : [];
}

function pathIn(data: unknown): (string | number)[] | undefined {
  const path = getOwn(data, 'path');
  return Array.isArray(path) && path.length > 0 && path.every((s) => typeof s === 'string' || typeof s === 'number') ? path : undefined;
}
