// What a query will cost against the delivery API's complexity limit, before it is sent, from the documented rules:
// each field 1 unless its kind says otherwise; each filter condition and each sort key 250; a collection 100 plus
// its page size (`first`, 20 by default) × its inner cost; a single record 50, a singleton 25, a meta count 1,000,
// `_site` 10; an asset 5 + inner; lists of links, blocks or assets 5 × inner; a link 10; a tree's `parent` 25; a
// structured text `value` 10; JSON, markdown, SEO image, `_seoMetaTags`, `blurUpThumb`, `responsiveImage` 5; a
// localized field once per locale; a union its most expensive member; deep filtering 1,000,000 per block model.
// The kinds are read off the schema's shape (introspection carries no costs). No vscode import.
import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  OperationTypeNode,
  type ArgumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** The default maximum (plans may raise it; a Run's `X-Max-Complexity` says). */
export const MAX_COMPLEXITY = 10_000_000;
/** A query from this share of the maximum on is said to approach it. */
export const APPROACHING_SHARE = 0.8;
/** The most records one page may ask for. */
export const MAX_PAGE_SIZE = 500;
const DEFAULT_PAGE_SIZE = 20;
const CONDITION = 250;
const SORT_KEY = 250;
const DEEP_FILTER = 1_000_000;

export interface CostEstimate {
  total: number;
  /** false when a variable without a default decides a page size, a filter or a sort (counted as absent/default) */
  exact: boolean;
  /** each field's cost with what it selects, by node (fragments' nodes hold their cost where last spread) */
  byNode: Map<FieldNode, number>;
  /** `first` values above the maximum page size, where they are written */
  oversizedPages: { node: ArgumentNode; value: number }[];
}

type CostKind =
  | 'collection'
  | 'single'
  | 'singleton'
  | 'meta'
  | 'site'
  | 'asset'
  | 'list'
  | 'link'
  | 'parent'
  | 'stValue'
  | 'five'
  | 'markdown'
  | 'allLocales'
  | 'plain';

interface FilterCount {
  conditions: number;
  blockModels: number;
}

export function estimateCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): CostEstimate {
  return new Estimator(schema, operation, fragments).run();
}

class Estimator {
  readonly #schema: GraphQLSchema;
  readonly #operation: OperationDefinitionNode;
  readonly #fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  readonly #locales: number;
  readonly #record: GraphQLInterfaceType | undefined;
  readonly #file: GraphQLInterfaceType | undefined;
  /** variables with a literal default */
  readonly #defaults = new Map<string, ValueNode>();
  readonly #result: CostEstimate = { total: 0, exact: true, byNode: new Map(), oversizedPages: [] };

  constructor(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>) {
    this.#schema = schema;
    this.#operation = operation;
    this.#fragments = fragments;
    const locales = schema.getType('SiteLocale');
    this.#locales = isEnumType(locales) ? Math.max(1, locales.getValues().length) : 1;
    const record = schema.getType('RecordInterface');
    const file = schema.getType('FileFieldInterface');
    this.#record = isInterfaceType(record) ? record : undefined;
    this.#file = isInterfaceType(file) ? file : undefined;
    for (const definition of operation.variableDefinitions ?? [])
      if (definition.defaultValue) this.#defaults.set(definition.variable.name.value, definition.defaultValue);
  }

  run(): CostEstimate {
    const root = this.#operation.operation === OperationTypeNode.QUERY ? this.#schema.getQueryType() : undefined;
    if (root) this.#result.total = this.#selection(root, [this.#operation.selectionSet], true);
    return this.#result;
  }

  #selection(type: GraphQLCompositeType, sets: SelectionSetNode[], root = false): number {
    if (isAbstractType(type)) return Math.max(0, ...this.#schema.getPossibleTypes(type).map((member) => this.#object(member, sets, root)));
    return this.#object(type, sets, root);
  }

  #object(type: GraphQLObjectType, sets: SelectionSetNode[], root: boolean): number {
    let total = 0;
    for (const nodes of this.#collect(type, sets).values()) {
      const definition = type.getFields()[nodes[0]!.name.value];
      const cost = definition ? this.#field(type, definition, nodes, root) : 1;
      for (const node of nodes) this.#result.byNode.set(node, cost);
      total += cost;
    }
    return total;
  }

  /** Fields by response key, fragments flattened for this object type (as execution merges them). */
  #collect(type: GraphQLObjectType, sets: SelectionSetNode[], into = new Map<string, FieldNode[]>(), seen = new Set<string>()) {
    for (const set of sets)
      for (const selection of set.selections) {
        if (!this.#included(selection)) continue;
        if (selection.kind === Kind.FIELD) {
          const key = selection.alias?.value ?? selection.name.value;
          into.set(key, [...(into.get(key) ?? []), selection]);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          if (this.#applies(type, selection.typeCondition?.name.value)) this.#collect(type, [selection.selectionSet], into, seen);
        } else {
          const fragment = this.#fragments.get(selection.name.value);
          if (!fragment || seen.has(fragment.name.value) || !this.#applies(type, fragment.typeCondition.name.value)) continue;
          this.#collect(type, [fragment.selectionSet], into, new Set([...seen, fragment.name.value]));
        }
      }
    return into;
  }

  #included(node: { directives?: readonly { name: { value: string }; arguments?: readonly ArgumentNode[] }[] }): boolean {
    for (const directive of node.directives ?? []) {
      const value = directive.arguments?.find((a) => a.name.value === 'if')?.value;
      if (value?.kind !== Kind.BOOLEAN) continue; // a variable: counted as included
      if (directive.name.value === 'skip' && value.value) return false;
      if (directive.name.value === 'include' && !value.value) return false;
    }
    return true;
  }

  #applies(type: GraphQLObjectType, condition: string | undefined): boolean {
    if (!condition || condition === type.name) return true;
    const target = this.#schema.getType(condition);
    return target !== undefined && isAbstractType(target) && this.#schema.isSubType(target, type);
  }

  #field(parent: GraphQLObjectType, definition: GraphQLField<unknown, unknown>, nodes: FieldNode[], root: boolean): number {
    const node = nodes[0]!;
    const named = getNamedType(definition.type);
    const sets = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
    const inner = sets.length && (isObjectType(named) || isAbstractType(named)) ? this.#selection(named, sets) : 0;
    const kind = this.#kindOf(parent, definition, root);
    const paged = () => this.#conditions(definition, node) + this.#sorts(node) + this.#pageSize(node) * inner;
    let cost: number;
    switch (kind) {
      case 'collection':
        cost = 100 + paged();
        break;
      case 'single':
        cost = 50 + this.#conditions(definition, node) + this.#sorts(node) + inner;
        break;
      case 'singleton':
        cost = 25 + inner;
        break;
      case 'meta':
        cost = 1000 + this.#conditions(definition, node) + inner;
        break;
      case 'site':
        cost = 10 + inner;
        break;
      case 'asset':
        cost = 5 + inner;
        break;
      case 'list':
        cost = 5 * inner;
        break;
      case 'allLocales':
        cost = this.#locales * inner;
        break;
      case 'link':
        cost = 10;
        break;
      case 'parent':
        cost = 25;
        break;
      case 'stValue':
        cost = 10;
        break;
      case 'five':
        cost = 5;
        break;
      case 'markdown':
        cost = isTrue(this.#literal(node, 'markdown')) ? 5 : 1;
        break;
      default:
        cost = 1 + inner;
    }
    return this.#localized(parent, definition) ? cost * this.#locales : cost;
  }

  #isRecord(type: GraphQLObjectType): boolean {
    return this.#record !== undefined && this.#schema.isSubType(this.#record, type);
  }

  #isFile(type: unknown): boolean {
    return isObjectType(type) && this.#file !== undefined && this.#schema.isSubType(this.#file, type);
  }

  /** A structured text field's own type: `value: JsonField!` beside its blocks and links. */
  #isStructuredText(type: GraphQLObjectType): boolean {
    const fields = type.getFields();
    return getNamedType(fields['value']?.type)?.name === 'JsonField' && fields['links'] !== undefined && fields['blocks'] !== undefined;
  }

  #kindOf(parent: GraphQLObjectType, definition: GraphQLField<unknown, unknown>, root: boolean): CostKind {
    const named = getNamedType(definition.type);
    const list = isListType(getNullableType(definition.type));
    const composite = isObjectType(named) || isAbstractType(named);
    const args = new Set(definition.args.map((a) => a.name));
    if (root) {
      if (definition.name === '_site') return 'site';
      if (named.name === 'CollectionMetadata') return 'meta';
      if (list && composite) return 'collection';
      if (args.has('filter')) return 'single';
      return composite ? 'singleton' : 'plain';
    }
    if (definition.name === 'responsiveImage' || definition.name === 'blurUpThumb') return 'five';
    if (parent.name === 'SeoField' && definition.name === 'image') return 'five';
    if (this.#isStructuredText(parent)) {
      if (definition.name === 'value') return 'stValue';
      if (list) return 'list';
      return 'plain';
    }
    if (!this.#isRecord(parent)) return 'plain';
    if (definition.name.startsWith('_allReferencing')) return named.name === 'CollectionMetadata' ? 'meta' : 'collection';
    if (definition.name === '_seoMetaTags') return 'five';
    if (/^_all\w+Locales$/.test(definition.name) && list) return 'allLocales';
    if (definition.name === 'parent' && named === parent && isListType(getNullableType(parent.getFields()['children']?.type)))
      return 'parent';
    if (named.name === 'JsonField') return 'five';
    if (args.has('markdown')) return 'markdown';
    if (!composite) return 'plain';
    if (list) return 'list';
    if (this.#isFile(named)) return 'asset';
    if (
      (isObjectType(named) && this.#isRecord(named)) ||
      (isAbstractType(named) && this.#schema.getPossibleTypes(named).every((m) => this.#isRecord(m)))
    )
      return 'link';
    return 'plain';
  }

  /** A record's own field with a `locale` argument is localized (meta fields start with `_`). */
  #localized(parent: GraphQLObjectType, definition: GraphQLField<unknown, unknown>): boolean {
    return !definition.name.startsWith('_') && definition.args.some((a) => a.name === 'locale') && this.#isRecord(parent);
  }

  /** An argument's value as written; a variable resolves to its literal default, else undefined (inexact). */
  #literal(node: FieldNode, name: string): ValueNode | undefined {
    const value = node.arguments?.find((a) => a.name.value === name)?.value;
    return value && this.#resolve(value);
  }

  #resolve(value: ValueNode): ValueNode | undefined {
    if (value.kind !== Kind.VARIABLE) return value;
    const fallback = this.#defaults.get(value.name.value);
    if (!fallback) this.#result.exact = false;
    return fallback;
  }

  #pageSize(node: FieldNode): number {
    const argument = node.arguments?.find((a) => a.name.value === 'first');
    const value = argument && this.#resolve(argument.value);
    if (!argument || value?.kind !== Kind.INT) return DEFAULT_PAGE_SIZE;
    const first = Number(value.value);
    if (first > MAX_PAGE_SIZE) this.#result.oversizedPages.push({ node: argument, value: first });
    return first;
  }

  #sorts(node: FieldNode): number {
    const argument = node.arguments?.find((a) => a.name.value === 'orderBy');
    if (!argument) return 0;
    const value = this.#resolve(argument.value);
    return (value?.kind === Kind.LIST ? value.values.length : 1) * SORT_KEY;
  }

  #conditions(definition: GraphQLField<unknown, unknown>, node: FieldNode): number {
    const count: FilterCount = { conditions: 0, blockModels: 0 };
    for (const name of ['filter', 'through']) {
      const type = definition.args.find((a) => a.name === name)?.type;
      const input = type && getNamedType(type);
      const value = node.arguments?.find((a) => a.name.value === name)?.value;
      if (input && isInputObjectType(input) && value) this.#countFilter(input, value, count);
    }
    return count.conditions * CONDITION + count.blockModels * DEEP_FILTER;
  }

  /** Conditions in a filter: each member of an operator input; containers (model filters, AND/OR, deep filters) are walked. */
  #countFilter(type: GraphQLInputObjectType, written: ValueNode, count: FilterCount): void {
    const value = this.#resolve(written);
    if (value?.kind !== Kind.OBJECT) return;
    const present = value.fields.filter((f) => f.value.kind !== Kind.NULL);
    if (!isContainer(type)) {
      count.conditions += present.length;
      return;
    }
    const fields = type.getFields();
    for (const member of present) {
      const inner = getNamedType(fields[member.name.value]?.type);
      if (!inner || !isInputObjectType(inner)) {
        count.conditions++;
        continue;
      }
      const resolved = this.#resolve(member.value);
      if (inner.name.endsWith('BlocksConditions') && resolved?.kind === Kind.OBJECT)
        count.blockModels += resolved.fields.filter((f) => f.value.kind !== Kind.NULL).length;
      const items = resolved?.kind === Kind.LIST ? resolved.values : resolved ? [resolved] : [];
      for (const item of items) this.#countFilter(inner, item, count);
    }
  }
}

/**
 * Filters whose members are filters themselves: a model's (and the uploads') filter with AND/OR, a deep filter's
 * block conditions, and the deep filter of a modular content or structured text field (`any`, or `value` + `blocks`).
 */
function isContainer(type: GraphQLInputObjectType): boolean {
  const fields = type.getFields();
  if (type.name.endsWith('BlocksConditions')) return true;
  if (getNamedType(fields['AND']?.type) === type) return true;
  if (fields['any'] && getNamedType(fields['any'].type).name.endsWith('BlocksConditions')) return true;
  return fields['value'] !== undefined && fields['blocks'] !== undefined && isInputObjectType(getNamedType(fields['blocks'].type));
}

function isTrue(value: ValueNode | undefined): boolean {
  return value?.kind === Kind.BOOLEAN && value.value;
}

/** "1,175" */
export function formatCost(value: number): string {
  return value.toLocaleString('en-US');
}
