// What the GraphQL of one file reads, name by name, against a schema: each selected field with the type it is
// selected on and the type it returns, each type condition, each filter field and each order value, where it is
// (line and character, for a References result) and in which operation or fragment. Plain data, so that a worker
// thread can send it. No vscode import.
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
  type Location,
} from 'graphql';
import type { GraphqlKind } from '../embedded';
import { analyse } from '../language/analysis';

type ReadKind = 'field' | 'type' | 'filter' | 'order';

/** One name a query reads. */
export interface Read {
  kind: ReadKind;
  /** field: the type it is selected on; type: the type named; filter: the filter's input type; order: the order enum */
  typeName: string;
  /** field and filter: the field's name; order: the order value (`title_ASC`) */
  name: string;
  /** field: the named type it returns; filter: a root field's `filter` argument type, for reads of a model's meta count */
  returns?: string;
  /** `query Feed`, `fragment Card on ArticleRecord`, `query` (anonymous) */
  unit: string;
  line: number;
  character: number;
  length: number;
}

/** Reads of one file's text ('graphql' for .graphql/.gql files, 'script' for code with templates). */
export function readsOf(schema: GraphQLSchema, text: string, kind: GraphqlKind): Read[] {
  const analysis = analyse(text, kind);
  if (analysis.ranges.length === 0) return [];
  const reads: Read[] = [];
  const lines = lineStarts(text);
  for (const range of analysis.ranges) {
    if (!range.document || !range.executable) continue;
    collect(schema, range.document, (read, loc) => {
      const offset = range.range.start + loc.start;
      const line = lineOf(lines, offset);
      reads.push({ ...read, line, character: offset - lines[line]!, length: loc.end - loc.start });
    });
  }
  return reads;
}

type Found = Omit<Read, 'line' | 'character' | 'length'>;

function collect(schema: GraphQLSchema, document: DocumentNode, found: (read: Found, loc: Location) => void): void {
  const typeInfo = new TypeInfo(schema);
  let unit = 'query';
  const query = schema.getQueryType();
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition(node) {
        unit = node.name ? `${node.operation} ${node.name.value}` : node.operation;
      },
      FragmentDefinition(node) {
        unit = `fragment ${node.name.value} on ${node.typeCondition.name.value}`;
        if (node.typeCondition.loc)
          found({ kind: 'type', typeName: node.typeCondition.name.value, name: '', unit }, node.typeCondition.loc);
      },
      InlineFragment(node) {
        if (node.typeCondition?.loc)
          found({ kind: 'type', typeName: node.typeCondition.name.value, name: '', unit }, node.typeCondition.loc);
      },
      Field(node) {
        const parent = typeInfo.getParentType();
        const definition = typeInfo.getFieldDef();
        if (!parent || !definition || !node.name.loc) return;
        const read: Found = {
          kind: 'field',
          typeName: parent.name,
          name: node.name.value,
          returns: getNamedType(definition.type).name,
          unit,
        };
        if (parent === query) {
          // a root field that counts a model's records reads the model through its filter type
          const filter = definition.args.find((a) => a.name === 'filter');
          if (filter && read.returns === 'CollectionMetadata') read.returns = getNamedType(filter.type).name;
        }
        found(read, node.name.loc);
      },
      ObjectField(node) {
        const parent = typeInfo.getParentInputType();
        const named = parent && getNamedType(parent);
        if (named && isInputObjectType(named) && node.name.loc)
          found({ kind: 'filter', typeName: named.name, name: node.name.value, unit }, node.name.loc);
      },
      EnumValue(node) {
        const type = typeInfo.getInputType();
        const named = type && getNamedType(type);
        if (named && isEnumType(named) && node.loc) found({ kind: 'order', typeName: named.name, name: node.value, unit }, node.loc);
      },
    }),
  );
}

/** What a search looks for, in GraphQL names (the model's types, the field's names). */
export interface ReadQuery {
  /**
   * models: selections returning one of their types (the record type, `<Model>ModelFilter` for a count,
   * `<Model>Model<Field>Field…`), type conditions naming one, inverse relationship paths through them; `pascal` is
   * `BlogPost`, `camel` `blogPost`, `except` the prefixes of longer models' types (`BlogPostModelModel` of `blog_post_model`)
   */
  models?: { pascal: string; camel: string; except: string[] }[];
  /**
   * fields: selections of these names on the record type, filter fields of the filter type, order values of the enum,
   * type conditions on the field's own types (`typePrefix` `BlogPostModelBody`: `…BodyField`, `…BodyBlocksField`),
   * inverse relationship paths through it (`pathStep` `blogPost_body`)
   */
  fields?: { typeName: string; names: string[]; filterType: string; orderEnum: string; typePrefix: string; pathStep: string }[];
}

/** The types made for one field: `<Model>Model<Field>` followed by these. */
export const FIELD_TYPE_SUFFIX = /^(Field|BlocksField|LinksField|InlineBlocksField)/;
/** The enums naming inverse relationship paths. */
const PATHS_ENUM = /ModelFieldsReferencing\w+Model$/;

export function matches(read: Read, query: ReadQuery): boolean {
  for (const model of query.models ?? []) {
    const owns = (name: string | undefined) => name !== undefined && ownedBy(name, model.pascal, model.except);
    if (read.kind === 'type' && owns(read.typeName)) return true;
    if (read.kind === 'field' && owns(read.returns)) return true;
    if (read.kind === 'order' && PATHS_ENUM.test(read.typeName) && pathSteps(read.name).some((s) => s.startsWith(`${model.camel}_`)))
      return true;
  }
  for (const field of query.fields ?? []) {
    if (read.kind === 'field' && read.typeName === field.typeName && field.names.includes(read.name)) return true;
    if (read.kind === 'filter' && read.typeName === field.filterType && field.names.includes(read.name)) return true;
    if (read.kind === 'order' && read.typeName === field.orderEnum && field.names.includes(read.name.replace(/_(ASC|DESC)$/, '')))
      return true;
    if (read.kind === 'order' && PATHS_ENUM.test(read.typeName) && pathSteps(read.name).includes(field.pathStep)) return true;
    if (
      read.kind === 'type' &&
      read.typeName.startsWith(field.typePrefix) &&
      FIELD_TYPE_SUFFIX.test(read.typeName.slice(field.typePrefix.length))
    )
      return true;
  }
  return false;
}

/** Whether a type is made for the model `pascal`: its record type, or `<Model>Model…` (not a longer model's). */
function ownedBy(name: string, pascal: string, except: readonly string[]): boolean {
  if (name === `${pascal}Record`) return true;
  return name.startsWith(`${pascal}Model`) && !name.endsWith('Record') && !except.some((prefix) => name.startsWith(prefix));
}

/** `academyChapter_content__tabsBlock_tabs` → `academyChapter_content`, `tabsBlock_tabs`. */
export function pathSteps(value: string): string[] {
  return value.split('__');
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOf(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
