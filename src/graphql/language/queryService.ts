// Completion, problems, hover and the DatoCMS model or field under the cursor, for the GraphQL of one document against
// one schema (the linked environment's, from the cache): graphql-language-service does the GraphQL, this adds what
// the project knows (labels, hints, validators) and what a query costs. Offsets are the document's. No vscode import.
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isNamedType,
  Kind,
  OperationTypeNode,
  visit,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import {
  getAutocompleteSuggestions,
  getContextAtPosition,
  getDiagnostics,
  getHoverInformation,
  GraphQLDocumentMode,
  type CompletionItem,
} from 'graphql-language-service';
import type { DatoField, DatoModel, DatoNames } from '../datoNames';
import { fragmentsOutside, offsetOf, operationsOf, positionIn, rangeAt, type Analysis, type ParsedRange } from './analysis';

export type DatoTarget = { kind: 'model'; model: DatoModel } | { kind: 'field'; field: DatoField };

/** What is under the cursor, in GraphQL terms, and where its name is. */
export type GraphqlSymbol = { start: number; end: number } & (
  | { kind: 'type'; typeName: string }
  | { kind: 'field'; typeName: string; fieldName: string; returns: GraphQLNamedType }
  | { kind: 'inputField'; typeName: string; fieldName: string }
  | { kind: 'enumValue'; typeName: string; value: string }
);

export interface Completion {
  label: string;
  /** the LSP kind (VS Code's is one less) */
  kind: number | undefined;
  detail: string | undefined;
  documentation: string | undefined;
  insertText: string | undefined;
  /** a snippet (LSP insertTextFormat 2) */
  snippet: boolean;
  deprecated: boolean;
  /** the DatoCMS field or model it reads, e.g. "Cover image · file" */
  dato: string | undefined;
}

export interface GraphqlProblem {
  start: number;
  end: number;
  message: string;
  severity: 'error' | 'warning';
  source: 'syntax' | 'validation' | 'deprecation';
}

/** graphql-js refuses a selection merged from fields of different nullability; the API accepts it, so no problem. */
const OVERLAPPING_FIELDS = /^Fields "[^"]+" conflict because/;
const UNKNOWN_FRAGMENT = /^Unknown fragment "([^"]+)"\.$/;
const UNUSED_VARIABLE = /^Variable "\$[^"]+" is never used/;

export function completionsAt(schema: GraphQLSchema, analysis: Analysis, offset: number, names?: DatoNames): Completion[] | undefined {
  const range = rangeAt(analysis, offset);
  if (!range) return undefined;
  const cursor = positionIn(range, offset);
  const outside = fragmentsOutside(analysis, range);
  const items = getAutocompleteSuggestions(schema, range.text, cursor, undefined, outside, { mode: GraphQLDocumentMode.EXECUTABLE });
  let parent: string | undefined;
  if (names && items.length) {
    const context = getContextAtPosition(range.text, cursor, schema, undefined, {
      fragmentDefinitions: [...analysis.fragments.values()].map((f) => f.node),
    });
    const type = context?.typeInfo.parentType;
    parent = type && isNamedType(type) ? type.name : undefined;
  }
  return items.map((item) => toCompletion(item, names, parent));
}

function toCompletion(item: CompletionItem, names: DatoNames | undefined, parent: string | undefined): Completion {
  const field = parent ? names?.field(parent, item.label) : undefined;
  const named = item.type && getNamedType(item.type);
  const model = !field && named ? names?.modelOfType(named.name) : undefined;
  return {
    label: item.label,
    kind: item.kind,
    detail: item.detail ?? undefined,
    documentation: typeof item.documentation === 'string' ? item.documentation : undefined,
    insertText: item.insertText ?? undefined,
    snippet: item.insertTextFormat === 2,
    deprecated: item.isDeprecated === true,
    dato: field ? `${field.label} · ${field.fieldType}` : model && named?.name === model.typeName ? model.name : undefined,
  };
}

/**
 * Syntax and validation problems of every range. Fragments of the document's other ranges count as known, and so do
 * `external` ones (defined in other files of the folder). What the check cannot know is left unsaid: a spread of a
 * fragment found nowhere, a variable that only such a fragment may use, a query for another GraphQL API.
 */
export function problemsOf(
  schema: GraphQLSchema,
  analysis: Analysis,
  external: ReadonlyMap<string, FragmentDefinitionNode> = new Map(),
): GraphqlProblem[] {
  const problems: GraphqlProblem[] = [];
  const known = (name: string) => analysis.fragments.has(name) || external.has(name);
  for (const range of analysis.ranges) {
    if (range.text.trim() === '' || !range.executable) continue;
    if (range.document && readsAnotherApi(schema, range.document)) continue;
    const outside = [...fragmentsOutside(analysis, range), ...externalFor(range, analysis, external)];
    const blind = operationsOf(range).filter((o) => spreadsUnknown(o, analysis, external, known));
    for (const diagnostic of getDiagnostics(range.text, schema, undefined, false, outside)) {
      const { start, end } = diagnostic.range;
      const message = typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value;
      if (start.line >= range.lines.length) continue; // in the fragments appended for the check: reported where they are
      if (OVERLAPPING_FIELDS.test(message)) continue;
      const unknown = UNKNOWN_FRAGMENT.exec(message);
      // a fragment defined in another file (gql.tada's fragment arrays, a codegen documents glob) is not unknown
      if (unknown && !known(unknown[1]!)) continue;
      const from = offsetOf(range, start);
      if (UNUSED_VARIABLE.test(message) && blind.some((o) => contains(range, o, from))) continue;
      const source = diagnostic.source === 'GraphQL: Syntax' ? 'syntax' : diagnostic.severity === 2 ? 'deprecation' : 'validation';
      // the service's ends run one character past a name
      const name = nameAround(range, from);
      problems.push({
        start: from,
        end: name?.start === from ? name.end : Math.max(offsetOf(range, end), from + 1),
        message,
        severity: diagnostic.severity === 2 ? 'warning' : 'error',
        source,
      });
    }
  }
  return problems;
}

/** The external fragments a range spreads, itself or through each other (not those the document defines). */
function externalFor(
  range: ParsedRange,
  analysis: Analysis,
  external: ReadonlyMap<string, FragmentDefinitionNode>,
): FragmentDefinitionNode[] {
  if (external.size === 0 || !range.document) return [];
  const found = new Map<string, FragmentDefinitionNode>();
  const queue: ASTNode[] = [range.document, ...fragmentsOutside(analysis, range)];
  while (queue.length)
    visit(queue.shift()!, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        const fragment = external.get(name);
        if (found.has(name) || analysis.fragments.has(name) || !fragment) return;
        found.set(name, fragment);
        queue.push(fragment);
      },
    });
  return [...found.values()];
}

/** Whether an operation spreads, itself or through known fragments, a fragment defined nowhere the check can see. */
function spreadsUnknown(
  operation: OperationDefinitionNode,
  analysis: Analysis,
  external: ReadonlyMap<string, FragmentDefinitionNode>,
  known: (name: string) => boolean,
): boolean {
  const seen = new Set<string>();
  const queue: ASTNode[] = [operation];
  while (queue.length) {
    let missing = false;
    visit(queue.shift()!, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        if (seen.has(name)) return;
        seen.add(name);
        if (!known(name)) missing = true;
        const fragment = analysis.fragments.get(name)?.node ?? external.get(name);
        if (fragment) queue.push(fragment);
      },
    });
    if (missing) return true;
  }
  return false;
}

/** A document for another GraphQL API (a Shopify query marked `/* GraphQL *\/`): no root field or type of ours. */
function readsAnotherApi(schema: GraphQLSchema, document: DocumentNode): boolean {
  const roots = schema.getQueryType()?.getFields() ?? {};
  let ours = false;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) ours ||= schema.getType(definition.typeCondition.name.value) !== undefined;
    else if (definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.QUERY)
      ours ||= definition.selectionSet.selections.some(
        (s) => s.kind !== Kind.FIELD || s.name.value in roots || s.name.value === '__typename',
      );
  }
  return !ours;
}

function contains(range: ParsedRange, operation: OperationDefinitionNode, offset: number): boolean {
  const local = offset - range.range.start;
  return operation.loc !== undefined && local >= operation.loc.start && local <= operation.loc.end;
}

/** The GraphQL hover (the type, its description) at an offset, as markdown; '' when there is nothing to say. */
export function graphqlHoverAt(schema: GraphQLSchema, analysis: Analysis, offset: number): string {
  const range = rangeAt(analysis, offset);
  if (!range) return '';
  const hover = getHoverInformation(schema, range.text, positionIn(range, offset), undefined, { useMarkdown: true });
  return typeof hover === 'string' ? hover : '';
}

/** The type, field, filter field or order value whose name is at the offset. */
export function symbolAt(schema: GraphQLSchema, analysis: Analysis, offset: number): GraphqlSymbol | undefined {
  const range = rangeAt(analysis, offset);
  if (!range) return undefined;
  const cursor = positionIn(range, offset);
  const fragmentDefinitions = [...analysis.fragments.values()].map((f) => f.node);
  const context = getContextAtPosition(range.text, cursor, schema, undefined, { fragmentDefinitions });
  if (!context) return undefined;
  const { token, typeInfo } = context;
  const { kind, step } = token.state;
  const at = nameAround(range, offset);
  if (!at || range.text.slice(at.start - range.range.start, at.end - range.range.start) !== token.string) return undefined;
  const parent = typeInfo.parentType && getNamedType(typeInfo.parentType);
  if (
    ((kind === Kind.FIELD && step === 0) || (kind === 'AliasedField' && step === 2)) &&
    typeInfo.fieldDef &&
    parent &&
    'type' in typeInfo.fieldDef
  )
    return {
      ...at,
      kind: 'field',
      typeName: parent.name,
      fieldName: typeInfo.fieldDef.name,
      returns: getNamedType(typeInfo.fieldDef.type),
    };
  if (kind === Kind.OBJECT_FIELD && step === 0 && typeInfo.inputObjectType && typeInfo.fieldDef)
    return { ...at, kind: 'inputField', typeName: typeInfo.inputObjectType.name, fieldName: typeInfo.fieldDef.name };
  const input = typeInfo.inputType && getNamedType(typeInfo.inputType);
  if (kind === Kind.ENUM && typeInfo.enumValue && input && isEnumType(input))
    return { ...at, kind: 'enumValue', typeName: input.name, value: typeInfo.enumValue.name };
  if (kind === Kind.NAMED_TYPE && typeInfo.type) {
    const named = getNamedType(typeInfo.type);
    if (named.name === token.string) return { ...at, kind: 'type', typeName: named.name };
  }
  return undefined;
}

/** The model or field a symbol reads: a record type or a type made for its model, a field, a filter field, an order. */
export function datoTargetOf(symbol: GraphqlSymbol, names: DatoNames, schema: GraphQLSchema): DatoTarget | undefined {
  switch (symbol.kind) {
    case 'type': {
      // a type made for one field (`ArticleModelBodyField`) is that field's; any other made for a model, the model's
      const field = names.fieldOfType(symbol.typeName);
      if (field) return { kind: 'field', field };
      const model = names.modelOfType(symbol.typeName);
      return model && { kind: 'model', model };
    }
    case 'field': {
      const field = names.field(symbol.typeName, symbol.fieldName);
      if (field) return { kind: 'field', field };
      if (symbol.typeName !== schema.getQueryType()?.name) return undefined;
      // a root field (allArticles, article, _allArticlesMeta): the model of what it returns, else of its filter
      const root = schema.getQueryType()?.getFields() ?? {};
      const filter = root[symbol.fieldName]?.args.find((a) => a.name === 'filter');
      const filterType = filter && getNamedType(filter.type);
      const model =
        names.modelOfType(symbol.returns.name) ??
        (filterType && isInputObjectType(filterType) ? names.modelOfType(filterType.name) : undefined);
      return model && { kind: 'model', model };
    }
    case 'inputField': {
      const field = names.field(symbol.typeName, symbol.fieldName);
      return field && { kind: 'field', field };
    }
    case 'enumValue': {
      const field = names.fieldOfOrder(symbol.typeName, symbol.value) ?? names.fieldOfPath(symbol.typeName, symbol.value);
      return field && { kind: 'field', field };
    }
  }
}

/** The GraphQL name the offset is in or right after, as document offsets. */
function nameAround(range: ParsedRange, offset: number): { start: number; end: number } | undefined {
  const text = range.text;
  const local = offset - range.range.start;
  const isName = (i: number) => i >= 0 && i < text.length && /[_0-9A-Za-z]/.test(text[i]!);
  let start = local;
  while (isName(start - 1)) start--;
  let end = local;
  while (isName(end)) end++;
  if (start === end || /[0-9]/.test(text[start]!)) return undefined;
  return { start: range.range.start + start, end: range.range.start + end };
}
