// Structured Text as the Markdown of Open as Markdown, for agents: datocms_get_document shows a record's Structured
// Text values as {"markdown": "…"} when asked, and the proposals and checks take a value in that form, read with the
// same converter, the field's rules and its blocks by id before anything is opened or changed. No vscode import.
import { applyEdits, getNodeValue, modify, parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { Resource } from '../cma';
import type { DocumentService, OpenedDocument } from '../documents';
import { relationshipId } from '../domain/resources';
import { Field } from '../domain/views';
import { isLosslessNumber } from '../numbers';
import { parseText, type Json } from '../schema';
import type { Translate } from '../platform/translate';
import type { Raw } from './inputs';
import { LIMITS } from './limits';
import { oneLine, quoted, ToolRefusal } from './output';

export const STRUCTURED_TEXT_FORMS = ['dast', 'markdown'] as const;

/** How messages write the form: the one key, its Markdown as a JSON string. */
export const MARKDOWN_FORM = '{"markdown": "…"}';

type Opened = Pick<OpenedDocument, 'ref' | 'resource' | 'ctx'>;
const FORMATTING = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** A record's fields by api_key; none for the other documents. */
function fieldsOf(opened: Opened): Map<string, Resource<'field'>> {
  if (opened.ref.kind !== 'record') return new Map();
  const fields = opened.ctx.fieldsOf(relationshipId(opened.resource, 'item_type') ?? '') ?? [];
  return new Map(fields.map((field) => [Field.apiKey(field), field]));
}

const isStructuredText = (field: Resource<'field'>) => Field.type(field) === 'structured_text';
const isPlainObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A value in the Markdown form (checked further when it is read). */
const isMarkdownForm = (value: unknown): value is Raw => isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, 'markdown');
const labelOf = (key: string, locale: string | undefined) => (locale === undefined ? key : `${key} (${locale})`);

export interface MarkdownView {
  /** the document's text, its Structured Text values in the Markdown form */
  text: string;
  /** the values shown as Markdown (`body (en)`), and those left as DAST: their Markdown would not read back whole */
  converted: string[];
  kept: string[];
}

/** `text`, a record's document, with each Structured Text value as {"markdown": …}; undefined when it is not a JSON object. */
export function markdownView(documents: DocumentService, text: string, opened: Opened): MarkdownView | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors);
  if (errors.length > 0 || root?.type !== 'object') return undefined;
  const fields = fieldsOf(opened);
  const view: MarkdownView = { text, converted: [], kept: [] };
  for (const property of root.children ?? []) {
    const key = String(property.children?.[0]?.value);
    const field = fields.get(key);
    const node = property.children?.[1];
    if (!field || !node || !isStructuredText(field)) continue;
    for (const [locale, value] of valuesOf(field, node)) {
      if (value.type === 'null') continue;
      const markdown = documents.markdownOf(getNodeValue(value));
      if (markdown === undefined) {
        view.kept.push(labelOf(key, locale));
        continue;
      }
      const path = locale === undefined ? [key] : [key, locale];
      view.text = applyEdits(view.text, modify(view.text, path, { markdown }, FORMATTING));
      view.converted.push(labelOf(key, locale));
    }
  }
  return view;
}

/** The value nodes of a field: each locale's of a localized field, else the one. */
function valuesOf(field: Resource<'field'>, node: Node): [string | undefined, Node][] {
  if (!Field.isLocalized(field) || node.type !== 'object') return [[undefined, node]];
  return (node.children ?? []).flatMap((p): [string, Node][] => (p.children?.[1] ? [[String(p.children[0]?.value), p.children[1]]] : []));
}

/** What reading a proposal's Markdown works with. */
interface Reading {
  t: Translate;
  documents: DocumentService;
  opened: Opened;
  /** the document as its editor holds it, parsed */
  current: Record<string, Json>;
  /** characters of Markdown read so far in this call */
  chars: number;
}

/**
 * `changes` with each Structured Text value given as {"markdown": …} replaced by its DAST (blocks as the editor
 * holds them); refused, naming the field and locale, when one does not convert. `currentText` is the editor's text;
 * when it is not a JSON object, `changes` is returned as it is (applying them says what is wrong).
 */
export function markdownChanges(t: Translate, documents: DocumentService, opened: Opened, currentText: string, changes: Raw): Raw {
  const fields = fieldsOf(opened);
  const current = parseText(currentText).value;
  if (!Object.keys(changes).some((key) => fields.has(key)) || !isPlainObject(current)) return changes;
  const reading: Reading = { t, documents, opened, current, chars: 0 };
  // fromEntries: a `__proto__` key stays a key
  return Object.fromEntries(
    Object.entries(changes).map(([key, value]) => {
      const field = fields.get(key);
      return [key, field ? fieldValue(reading, key, field, value) : value];
    }),
  );
}

function fieldValue(reading: Reading, key: string, field: Resource<'field'>, value: unknown): unknown {
  if (!Field.isLocalized(field)) return localeValue(reading, key, undefined, field, value);
  if (isMarkdownForm(value))
    throw new ToolRefusal(
      reading.t(
        '{0} is localized: give its value per locale, {1}, each in the form {2}.',
        key,
        '{"en": {"markdown": "…"}, …}',
        MARKDOWN_FORM,
      ),
    );
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([locale, v]) => [locale, localeValue(reading, key, locale, field, v)]));
}

function localeValue(reading: Reading, key: string, locale: string | undefined, field: Resource<'field'>, value: unknown): unknown {
  if (!isMarkdownForm(value)) return value;
  const { t, documents } = reading;
  const where = labelOf(key, locale);
  if (!isStructuredText(field)) {
    // a JSON field may hold any object, this one included
    if (Field.type(field) === 'json') return value;
    throw new ToolRefusal(
      t(
        '{0} is a {1} field: {2} is the form of a Structured Text value only; give its value itself.',
        where,
        Field.type(field),
        MARKDOWN_FORM,
      ),
    );
  }
  const markdown = checkedMarkdown(reading, where, value);
  const now = currentValue(reading.current, key, locale);
  // the Markdown it was read as: the value stays as it is (not rewritten in the normal form the Markdown reads back)
  if (markdown === documents.markdownOf(now)) return now;
  if (holdsExactNumber(now))
    throw new ToolRefusal(
      t(
        '{0} holds a block with a number too exact for this form: propose its value in the dast form, as datocms_get_document shows it by default.',
        where,
      ),
    );
  const read = readMarkdown(reading, where, field, markdown, now);
  if (!read.ok) throw new ToolRefusal(markdownRefusal(t, where, read.problems));
  return read.value;
}

/** The field's value from the Markdown (blocks as `now` holds them), or its problems; never the parser's own error. */
function readMarkdown(reading: Reading, where: string, field: Resource<'field'>, markdown: string, now: Json) {
  const { t, documents, opened } = reading;
  const addBlocks = t(
    "a block is placed by its id only when the field holds it: propose a new block, or a block's fields, in the dast form",
  );
  try {
    return documents.valueOfMarkdown(markdown, field, now, opened.ctx, addBlocks);
  } catch (error) {
    // a stack overflow on deep nesting, or a construct the converter did not expect: said in our words
    throw new ToolRefusal(
      error instanceof RangeError
        ? t('The Markdown of {0} could not be read: it nests too deeply. Write it with less nesting.', where)
        : t('The Markdown of {0} could not be read as Structured Text. Propose it in the dast form.', where),
    );
  }
}

/** The Markdown of a value in the form, within the caps. */
function checkedMarkdown(reading: Reading, where: string, value: Raw): string {
  const { t } = reading;
  const others = Object.keys(value).filter((k) => k !== 'markdown');
  if (others.length > 0)
    throw new ToolRefusal(
      t('{0}: the Markdown form is {1} alone; it also had {2}.', where, MARKDOWN_FORM, others.map((k) => quoted(k)).join(', ')),
    );
  const markdown = value['markdown'];
  if (typeof markdown !== 'string')
    throw new ToolRefusal(t('{0}: "markdown" must be a string of Markdown; it was {1}.', where, quoted(markdown)));
  if (markdown.length > LIMITS.markdownChars)
    throw new ToolRefusal(
      t('The Markdown of {0} is {1} characters long; at most {2} are accepted.', where, markdown.length, LIMITS.markdownChars),
    );
  reading.chars += markdown.length;
  if (reading.chars > LIMITS.markdownCallChars)
    throw new ToolRefusal(
      t('The Markdown of one call is at most {0} characters in all: propose fewer values at a time.', LIMITS.markdownCallChars),
    );
  const runs = markdown.match(/[*_]+/g)?.length ?? 0;
  if (runs > LIMITS.markdownEmphasisRuns)
    throw new ToolRefusal(
      t(
        'The Markdown of {0} has {1} runs of * and _; at most {2} are read. Propose it in the dast form.',
        where,
        runs,
        LIMITS.markdownEmphasisRuns,
      ),
    );
  return markdown;
}

function currentValue(current: Record<string, Json>, key: string, locale: string | undefined): Json {
  const value = Object.prototype.hasOwnProperty.call(current, key) ? current[key]! : null;
  if (locale === undefined) return value;
  return isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, locale) ? (value as Record<string, Json>)[locale]! : null;
}

function holdsExactNumber(value: unknown): boolean {
  if (isLosslessNumber(value)) return true;
  if (Array.isArray(value)) return value.some(holdsExactNumber);
  return isPlainObject(value) && Object.values(value).some(holdsExactNumber);
}

/** One refusal for a Markdown's problems: the field and locale, each problem at its line. */
function markdownRefusal(t: Translate, where: string, problems: { line: number; message: string }[]): string {
  const listed = problems.slice(0, LIMITS.markdownProblems).map((p) => t('line {0}: {1}', p.line, oneLine(p.message)));
  const more = problems.length > listed.length ? ` ${t('({0} more)', problems.length - listed.length)}` : '';
  return t('The Markdown of {0} does not fit the field (nothing changed): {1}', where, `${listed.join('; ')}${more}`);
}
