// A query's complexity, as the API documents it: each field 1 unless its kind says otherwise; each
// filter condition and each sort key 250; a collection costs 100 plus its page size (`first`, 20 by
// default) times its inner cost; single record 50, singleton 25, meta 1,000, `_site` 10; assets 5 +
// inner; lists of links/blocks/assets 5 × inner; a link 10; a localized field once per locale; a union
// the most expensive of its members; deep filtering 1,000,000 per block model it names.
import {
  type GraphQLInputObjectType,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  isInputObjectType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { CostInfo } from './cost.js';
import { CONTAINER_FILTERS } from './filter-types.js';

export const MAX_COMPLEXITY = 10_000_000;
const FILTER_COST = 250;
const SORT_COST = 250;
const DEEP_FILTER_COST = 1_000_000;

type Vars = Record<string, unknown>;

interface FilterCount {
  conditions: number;
  blockModels: number;
}

/** Conditions in a filter value: members of operator inputs; containers (model filters, AND/OR, deep filters) are walked. */
function countFilter(type: GraphQLInputObjectType, value: unknown, count: FilterCount): void {
  if (!value || typeof value !== 'object') return;
  if (!CONTAINER_FILTERS.has(type)) {
    count.conditions += Object.values(value).filter((v) => v !== null && v !== undefined).length;
    return;
  }
  const fields = type.getFields();
  for (const [key, v] of Object.entries(value as Vars)) {
    if (v === null || v === undefined) continue;
    const inner = getNamedType(fields[key]?.type);
    if (!isInputObjectType(inner)) {
      count.conditions++;
      continue;
    }
    if (inner.name.endsWith('BlocksConditions'))
      count.blockModels += Object.values(v as Vars).filter((b) => b !== null && b !== undefined).length;
    for (const item of Array.isArray(v) ? v : [v]) countFilter(inner, item, count);
  }
}

export class ComplexityCalculator {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly variables: Vars,
    private readonly locales: number,
    fragments: FragmentDefinitionNode[],
  ) {
    for (const fragment of fragments) this.fragments.set(fragment.name.value, fragment);
  }

  operation(op: OperationDefinitionNode): number {
    const root = op.operation === 'query' ? this.schema.getQueryType() : undefined;
    return root ? this.selection(root, [op.selectionSet]) : 0;
  }

  /** The cost of selection sets on a type: an interface or union costs its most expensive member. */
  private selection(type: GraphQLCompositeType, sets: SelectionSetNode[]): number {
    if (isAbstractType(type)) return Math.max(0, ...this.schema.getPossibleTypes(type).map((t) => this.objectSelection(t, sets)));
    return this.objectSelection(type as GraphQLObjectType, sets);
  }

  private included(node: { directives?: readonly unknown[] }): boolean {
    const n = node as FieldNode;
    if (getDirectiveValues(GraphQLSkipDirective, n, this.variables)?.if === true) return false;
    return getDirectiveValues(GraphQLIncludeDirective, n, this.variables)?.if !== false;
  }

  private applies(type: GraphQLObjectType, condition: string | undefined): boolean {
    if (!condition || condition === type.name) return true;
    const target = this.schema.getType(condition);
    return target !== undefined && isAbstractType(target) && this.schema.isSubType(target, type);
  }

  /** Fields by response key, fragments flattened for this object type. */
  private collect(
    type: GraphQLObjectType,
    sets: SelectionSetNode[],
    into = new Map<string, FieldNode[]>(),
    seen = new Set<string>(),
  ): Map<string, FieldNode[]> {
    for (const set of sets)
      for (const selection of set.selections) {
        if (!this.included(selection)) continue;
        if (selection.kind === Kind.FIELD) {
          const key = selection.alias?.value ?? selection.name.value;
          into.set(key, [...(into.get(key) ?? []), selection]);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          if (this.applies(type, selection.typeCondition?.name.value)) this.collect(type, [selection.selectionSet], into, seen);
        } else {
          const fragment = this.fragments.get(selection.name.value);
          if (!fragment || seen.has(fragment.name.value) || !this.applies(type, fragment.typeCondition.name.value)) continue;
          this.collect(type, [fragment.selectionSet], into, new Set([...seen, fragment.name.value]));
        }
      }
    return into;
  }

  private objectSelection(type: GraphQLObjectType, sets: SelectionSetNode[]): number {
    let total = 0;
    for (const nodes of this.collect(type, sets).values()) {
      const name = nodes[0]!.name.value;
      const def = type.getFields()[name];
      total += def ? this.field(def, nodes) : 1;
    }
    return total;
  }

  private args(def: GraphQLField<unknown, unknown>, node: FieldNode): Vars {
    try {
      return getArgumentValues(def, node, this.variables);
    } catch {
      return {};
    }
  }

  private field(def: GraphQLField<unknown, unknown>, nodes: FieldNode[]): number {
    const node = nodes[0]!;
    const args = this.args(def, node);
    const sets = nodes.map((n) => n.selectionSet).filter((s): s is SelectionSetNode => s !== undefined);
    const named = getNamedType(def.type);
    const inner = sets.length && (isObjectType(named) || isAbstractType(named)) ? this.selection(named, sets) : 0;
    const info = (def.extensions as { cda?: CostInfo }).cda;
    const filters: FilterCount = { conditions: 0, blockModels: 0 };
    for (const argName of ['filter', 'through']) {
      const argType = def.args.find((a) => a.name === argName)?.type;
      const input = argType && getNamedType(argType);
      if (input && isInputObjectType(input)) countFilter(input, args[argName], filters);
    }
    const explicitSorts = node.arguments?.some((a) => a.name.value === 'orderBy')
      ? Array.isArray(args.orderBy)
        ? args.orderBy.length
        : 1
      : 0;
    const conditions = filters.conditions * FILTER_COST + filters.blockModels * DEEP_FILTER_COST;
    const pageSize = typeof args.first === 'number' ? args.first : 20;
    let cost: number;
    switch (info?.kind) {
      case 'collection':
      case 'inverse':
        cost = 100 + conditions + explicitSorts * SORT_COST + pageSize * inner;
        break;
      case 'single':
        cost = 50 + conditions + explicitSorts * SORT_COST + inner;
        break;
      case 'singleton':
        cost = 25 + inner;
        break;
      case 'meta':
      case 'inverseMeta':
        cost = 1000 + conditions + inner;
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
        cost = this.locales * inner;
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
      case 'json':
      case 'seoImage':
      case 'seoMeta':
      case 'blurUp':
      case 'responsive':
        cost = 5;
        break;
      case 'markdown':
        cost = args.markdown === true ? 5 : 1;
        break;
      default:
        cost = 1 + inner;
    }
    return info?.localized ? cost * this.locales : cost;
  }
}
