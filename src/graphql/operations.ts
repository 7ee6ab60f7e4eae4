// The operations and fragments of a document's GraphQL, and what Run sends for one operation: its text, then the
// fragments it spreads (from the same document, or from another file of the folder, as gql.tada's fragment arrays
// and `${Fragment}` interpolations expect), gql.tada's client-only `@_unmask` left out. Positions the API reports in
// what was sent map back to the document (or to the other file). No vscode import.
import { Kind, parse, visit, type DocumentNode, type OperationDefinitionNode, type VariableDefinitionNode } from 'graphql';
import { findGraphql, type GraphqlKind, type GraphqlRange } from './embedded';

export interface Operation {
  /** the operation's name; undefined for an anonymous one */
  name: string | undefined;
  kind: 'query' | 'mutation' | 'subscription';
  /** offsets in the document */
  start: number;
  end: number;
  /** the operation's own text */
  text: string;
  node: OperationDefinitionNode;
  /** the GraphQL range (template or file) it is in */
  range: GraphqlRange;
}

export interface Fragment {
  name: string;
  /** offset of its definition in its document */
  start: number;
  text: string;
  /** the document that defines it, when another than the operation's (a URI string) */
  uri?: string;
}

/** A place an error of the API is at: an offset in the operation's document, or in another one (`uri`). */
export interface Place {
  offset: number;
  uri?: string;
}

export interface DocumentGraphql {
  operations: Operation[];
  fragments: Map<string, Fragment>;
  /** ranges that do not parse, with the parser's message and the offset it names */
  problems: { message: string; offset: number }[];
}

/** Everything runnable in a document's text. */
export function graphqlOf(text: string, kind: GraphqlKind): DocumentGraphql {
  const result: DocumentGraphql = { operations: [], fragments: new Map(), problems: [] };
  for (const range of findGraphql(text, kind)) {
    if (range.text.trim() === '') continue;
    let document: DocumentNode;
    try {
      document = parse(range.text);
    } catch (error) {
      if (range.interpolated) continue; // its `${…}` parts leave no GraphQL once blanked: not ours to judge
      const position = (error as { positions?: number[] }).positions?.[0] ?? 0;
      result.problems.push({ message: error instanceof Error ? error.message : String(error), offset: range.start + position });
      continue;
    }
    for (const definition of document.definitions) {
      const loc = definition.loc!;
      const own = range.text.slice(loc.start, loc.end);
      if (definition.kind === Kind.OPERATION_DEFINITION)
        result.operations.push({
          name: definition.name?.value,
          kind: definition.operation,
          start: range.start + loc.start,
          end: range.start + loc.end,
          text: own,
          node: definition,
          range,
        });
      else if (definition.kind === Kind.FRAGMENT_DEFINITION && !result.fragments.has(definition.name.value))
        result.fragments.set(definition.name.value, { name: definition.name.value, start: range.start + loc.start, text: own });
    }
  }
  return result;
}

/** The operation at a document offset (inside it, or on its line before it starts), if any. */
export function operationAt(graphql: DocumentGraphql, offset: number): Operation | undefined {
  return graphql.operations.find((o) => offset >= o.start && offset <= o.end);
}

interface Segment {
  /** offset of the segment in the sent text */
  sentStart: number;
  /** offset of its first character in its document */
  docStart: number;
  length: number;
  /** its document, when another than the operation's */
  uri?: string;
}

/** The text Run sends for an operation, and the way back from a position in it to the document. */
export class SentQuery {
  readonly text: string;
  readonly #segments: Segment[];
  /** fragments the operation spreads that the document does not define */
  readonly missingFragments: string[];

  constructor(operation: Pick<Operation, 'text' | 'start' | 'node'>, fragments: Map<string, Fragment>) {
    const parts: { text: string; docStart: number; uri?: string }[] = [{ text: operation.text, docStart: operation.start }];
    const missing: string[] = [];
    const included = new Set<string>();
    const queue = [...spreadsOf(operation.node)];
    while (queue.length) {
      const name = queue.shift()!;
      if (included.has(name)) continue;
      included.add(name);
      const fragment = fragments.get(name);
      if (!fragment) {
        missing.push(name);
        continue;
      }
      parts.push({ text: fragment.text, docStart: fragment.start, uri: fragment.uri });
      try {
        queue.push(...spreadsOf(parse(fragment.text)));
      } catch {
        // a fragment that does not parse is sent as it is: the API names the problem
      }
    }
    let text = '';
    const segments: Segment[] = [];
    for (const part of parts) {
      if (text) text += '\n\n';
      segments.push({ sentStart: text.length, docStart: part.docStart, length: part.text.length, uri: part.uri });
      text += withoutUnmask(part.text);
    }
    this.text = text;
    this.#segments = segments;
    this.missingFragments = missing;
  }

  /** The document offset of a 1-based line and column of the sent text (as `errors[].locations` give them). */
  documentOffset(line: number, column: number): number | undefined {
    const place = this.place(line, column);
    return place && place.uri === undefined ? place.offset : undefined;
  }

  /** Where a 1-based line and column of the sent text is: in the operation's document, or in another file's fragment. */
  place(line: number, column: number): Place | undefined {
    let offset = 0;
    for (let l = 1; l < line; l++) {
      const newline = this.text.indexOf('\n', offset);
      if (newline < 0) return undefined;
      offset = newline + 1;
    }
    offset += column - 1;
    const segment = this.#segments.find((s) => offset >= s.sentStart && offset <= s.sentStart + s.length);
    if (!segment) return undefined;
    return { offset: segment.docStart + (offset - segment.sentStart), ...(segment.uri ? { uri: segment.uri } : {}) };
  }
}

/** The variables an operation declares: name, type as written, default as written. */
export function variablesOf(node: OperationDefinitionNode): { name: string; type: string; required: boolean; defaultValue?: string }[] {
  return (node.variableDefinitions ?? []).map((definition: VariableDefinitionNode) => {
    const source = definition.loc?.source.body ?? '';
    const type = definition.type.loc ? source.slice(definition.type.loc.start, definition.type.loc.end) : '';
    const defaultValue = definition.defaultValue?.loc
      ? source.slice(definition.defaultValue.loc.start, definition.defaultValue.loc.end)
      : undefined;
    return {
      name: definition.variable.name.value,
      type,
      required: definition.type.kind === Kind.NON_NULL_TYPE && definition.defaultValue === undefined,
      ...(defaultValue !== undefined ? { defaultValue } : {}),
    };
  });
}

function spreadsOf(node: OperationDefinitionNode | DocumentNode): string[] {
  const names: string[] = [];
  visit(node, { FragmentSpread: (spread) => void names.push(spread.name.value) });
  return names;
}

/** gql.tada's `@_unmask` is for the type checker only; the API does not know it. Blanked, so positions hold. */
function withoutUnmask(text: string): string {
  return text.replace(/@_unmask\b/g, (match) => ' '.repeat(match.length));
}
