// What a file's GraphQL is made of, whatever the schema: its fragments (name, where, text), its queries and fragments
// with the fragments each spreads, and whether its code pages with auto-pagination. The usage scan keeps one per file
// version, so that fragments are found across files (Run sends them, a schema change follows them to the queries
// that spread them) without reading every file again. Plain data (a worker thread sends it). No vscode import.
import { Kind, visit, type DefinitionNode } from 'graphql';
import type { GraphqlKind } from '../embedded';
import { analyse } from '../language/analysis';

export interface OutlineUnit {
  /** `query Feed`, `fragment Card on ArticleRecord`, `query` (anonymous) */
  name: string;
  /** the fragment's name, for a fragment */
  fragment?: string;
  /** where its definition starts in the file */
  offset: number;
  /** the fragments it spreads directly */
  spreads: string[];
}

export interface OutlineFragment {
  name: string;
  /** where its definition starts in the file */
  start: number;
  /** its definition's text (gql.tada's `@_unmask` blanked) */
  text: string;
}

export interface FileOutline {
  units: OutlineUnit[];
  fragments: OutlineFragment[];
  /** the file's code pages with the official client's auto-pagination */
  autoPagination: boolean;
}

export function outlineOf(text: string, kind: GraphqlKind): FileOutline {
  const analysis = analyse(text, kind);
  const outline: FileOutline = { units: [], fragments: [], autoPagination: analysis.autoPagination };
  for (const range of analysis.ranges)
    for (const definition of range.document?.definitions ?? []) {
      if (definition.kind !== Kind.OPERATION_DEFINITION && definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
      const loc = definition.loc!;
      const offset = range.range.start + loc.start;
      outline.units.push({ name: unitName(definition), offset, spreads: spreadsOf(definition) });
      if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        outline.units[outline.units.length - 1]!.fragment = definition.name.value;
        outline.fragments.push({ name: definition.name.value, start: offset, text: range.text.slice(loc.start, loc.end) });
      }
    }
  return outline;
}

/** `query Feed`, `fragment Card on ArticleRecord`, `query` (anonymous): how a unit is named to the user. */
function unitName(definition: DefinitionNode): string {
  if (definition.kind === Kind.FRAGMENT_DEFINITION) return `fragment ${definition.name.value} on ${definition.typeCondition.name.value}`;
  if (definition.kind === Kind.OPERATION_DEFINITION)
    return definition.name ? `${definition.operation} ${definition.name.value}` : definition.operation;
  return '';
}

function spreadsOf(definition: DefinitionNode): string[] {
  const names = new Set<string>();
  visit(definition, { FragmentSpread: (spread) => void names.add(spread.name.value) });
  return [...names];
}
