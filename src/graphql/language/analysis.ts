// A document's GraphQL as the language features read it: its ranges (the whole .graphql file, or each template part 1
// finds in code), each parsed once per version, with the fragments the document defines, and the way between a
// document offset and a (line, character) position inside a range's text. No vscode import.
import { Kind, parse, visit, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { Position } from 'graphql-language-service';
import { MAX_PAGE_SIZE } from '../cost';
import { findGraphql, type GraphqlKind, type GraphqlRange } from '../embedded';

export interface ParsedRange {
  range: GraphqlRange;
  /** the range's text as the features read it (gql.tada's client-only `@_unmask` blanked: same length) */
  text: string;
  /** undefined when the text does not parse (mid-typing) */
  document: DocumentNode | undefined;
  /** offsets where each line of `text` starts */
  lines: number[];
  /** queries and fragments, not a schema (a synced schema.graphql is the API's, not something to check) */
  executable: boolean;
}

export interface Analysis {
  kind: GraphqlKind;
  ranges: ParsedRange[];
  /** the fragments the document defines, by name (the first one when named twice) */
  fragments: Map<string, { node: FragmentDefinitionNode; range: ParsedRange }>;
  /** the code pages its queries with the official client's auto-pagination (then `first` may pass 500) */
  autoPagination: boolean;
}

/** Code that pages with the official client's auto-pagination, which splits a `first` over 500 into pages. */
const AUTO_PAGINATION = /WithAutoPagination\b/;

export function analyse(text: string, kind: GraphqlKind): Analysis {
  const ranges: ParsedRange[] = [];
  const fragments: Analysis['fragments'] = new Map();
  for (const range of findGraphql(text, kind)) {
    const own = withoutUnmask(range.text);
    let document: DocumentNode | undefined;
    try {
      document = own.trim() === '' ? undefined : parse(own);
    } catch {
      document = undefined;
    }
    // a template whose `${…}` parts leave no GraphQL once blanked (`first: ${n}`) is left alone: say nothing, not guess
    const executable = document
      ? document.definitions.every((d) => d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION)
      : !TYPE_SYSTEM.test(own) && range.interpolated !== true;
    const parsed: ParsedRange = { range, text: own, document, lines: lineStarts(own), executable };
    ranges.push(parsed);
    for (const definition of document?.definitions ?? [])
      if (definition.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(definition.name.value))
        fragments.set(definition.name.value, { node: definition, range: parsed });
  }
  return { kind, ranges, fragments, autoPagination: kind !== 'graphql' && AUTO_PAGINATION.test(text) };
}

/** Whether the checks need the folder's other files: a fragment spread the document does not define, a page over 500. */
export function needsFolder(analysis: Analysis): boolean {
  for (const range of analysis.ranges) {
    if (!range.document || !range.executable) continue;
    let needs = false;
    visit(range.document, {
      FragmentSpread: (spread) => void (needs ||= !analysis.fragments.has(spread.name.value)),
      Argument: (argument) =>
        void (needs ||=
          argument.name.value === 'first' && argument.value.kind === Kind.INT && Number(argument.value.value) > MAX_PAGE_SIZE),
    });
    if (needs) return true;
  }
  return false;
}

/** The queries' range an offset of the document is in (its ends included: a cursor right after the last character counts). */
export function rangeAt(analysis: Analysis, offset: number): ParsedRange | undefined {
  return analysis.ranges.find((r) => r.executable && offset >= r.range.start && offset <= r.range.end);
}

/** The fragments of the document defined outside `range` (for validation and completion of its spreads). */
export function fragmentsOutside(analysis: Analysis, range: ParsedRange): FragmentDefinitionNode[] {
  return [...analysis.fragments.values()].filter((f) => f.range !== range).map((f) => f.node);
}

export function operationsOf(range: ParsedRange): OperationDefinitionNode[] {
  return (range.document?.definitions ?? []).filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
}

/** A document offset as a position in the range's text. */
export function positionIn(range: ParsedRange, offset: number): Position {
  const local = offset - range.range.start;
  let line = 0;
  let low = 0;
  let high = range.lines.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (range.lines[middle]! <= local) {
      line = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return new Position(line, local - range.lines[line]!);
}

/** A position in the range's text as a document offset (clamped to the range). */
export function offsetOf(range: ParsedRange, position: { line: number; character: number }): number {
  const start = range.lines[Math.min(Math.max(position.line, 0), range.lines.length - 1)]!;
  return range.range.start + Math.min(start + position.character, range.text.length);
}

/** A type-system definition at the start of a line (for text that does not parse, mid-typing). */
const TYPE_SYSTEM = /^\s*(extend\s+)?(schema|scalar|type|interface|union|enum|input|directive)\b/m;

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** gql.tada's `@_unmask` is for its type checker only; the API (and validation) does not know it. */
function withoutUnmask(text: string): string {
  return text.includes('@_unmask') ? text.replace(/@_unmask\b/g, (match) => ' '.repeat(match.length)) : text;
}
