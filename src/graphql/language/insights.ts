// What the language features add to GraphQL's own: the cost of each query against the complexity limit (problems
// when it is over or close, the numbers in the hover), and the DatoCMS model or field behind a name, in words.
// No vscode import.
import { Kind, visit, type FieldNode, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { Translate } from '../../platform/translate';
import { APPROACHING_SHARE, estimateCost, formatCost, MAX_COMPLEXITY, MAX_PAGE_SIZE, type CostEstimate } from '../cost';
import type { DatoField, DatoModel, DatoNames } from '../datoNames';
import { operationsOf, rangeAt, type Analysis, type ParsedRange } from './analysis';
import type { DatoTarget } from './queryService';

export interface CostProblem {
  start: number;
  end: number;
  message: string;
  severity: 'error' | 'warning';
}

function fragmentsOf(analysis: Analysis): Map<string, FragmentDefinitionNode> {
  return new Map([...analysis.fragments].map(([name, f]) => [name, f.node]));
}

export interface CostOptions {
  max?: number;
  /**
   * Whether the folder's code may page with the official client's auto-pagination (which splits a `first` over 500
   * into pages): true, or not known yet, says nothing of a page size; only false does.
   */
  folderPaginates?: boolean;
}

/** Queries over the limit (errors) or close to it (warnings), and pages over the most the API serves. */
export function costProblemsOf(schema: GraphQLSchema, analysis: Analysis, t: Translate, options: CostOptions = {}): CostProblem[] {
  const max = options.max ?? MAX_COMPLEXITY;
  const problems: CostProblem[] = [];
  const fragments = fragmentsOf(analysis);
  const paginated = analysis.autoPagination || options.folderPaginates !== false;
  for (const range of analysis.ranges)
    for (const operation of operationsOf(range)) {
      const estimate = estimateCost(schema, operation, fragments);
      for (const page of paginated ? [] : estimate.oversizedPages)
        problems.push({
          ...at(range, page.node.loc),
          severity: 'error',
          message: t(
            'first: {0} asks for more than a page holds ({1}): the API refuses it. Page with skip, or let executeQueryWithAutoPagination split it.',
            page.value,
            MAX_PAGE_SIZE,
          ),
        });
      if (estimate.total < max * APPROACHING_SHARE) continue;
      const heaviest = heaviestRoot(operation, estimate);
      const where = heaviest ? at(range, heaviest.node.name.loc) : at(range, (operation.name ?? operation.selectionSet).loc);
      const about = estimate.exact ? formatCost(estimate.total) : t('at least {0}', formatCost(estimate.total));
      const share = heaviest ? t('{0} costs {1} of it.', heaviest.node.name.value, formatCost(heaviest.cost)) : '';
      problems.push({
        ...where,
        severity: estimate.total > max ? 'error' : 'warning',
        message:
          estimate.total > max
            ? t('This query costs {0}, over the complexity limit of {1}: the API refuses it. {2}', about, formatCost(max), share)
            : t('This query costs {0}, close to the complexity limit of {1}. {2}', about, formatCost(max), share),
      });
    }
  return problems;
}

export interface CostAt {
  /** the query's cost, and whether variables without defaults left it a lower bound */
  operation: number;
  exact: boolean;
  /** the cost of the field under the cursor with what it selects, when on one */
  field?: number;
  /** the offset is on the operation's head (`query Feed($n: IntType)`), before what it selects */
  header: boolean;
  max: number;
}

/** The cost of the query the offset is in, and of the field there. */
export function costAt(schema: GraphQLSchema, analysis: Analysis, offset: number, max = MAX_COMPLEXITY): CostAt | undefined {
  const range = rangeAt(analysis, offset);
  if (!range) return undefined;
  const local = offset - range.range.start;
  const operation = operationsOf(range).find((o) => o.loc && local >= o.loc.start && local <= o.loc.end);
  if (!operation) return undefined;
  const estimate = estimateCost(schema, operation, fragmentsOf(analysis));
  let field: number | undefined;
  visit(operation, {
    Field(node: FieldNode) {
      const loc = node.name.loc;
      if (loc && local >= loc.start && local <= loc.end) field = estimate.byNode.get(node);
    },
  });
  const header = local < (operation.selectionSet.loc?.start ?? 0);
  return { operation: estimate.total, exact: estimate.exact, header, max, ...(field !== undefined ? { field } : {}) };
}

/** "Cost: 40 of this query's 1,175 (limit 10,000,000)" */
export function describeCost(cost: CostAt, t: Translate): string {
  const total = cost.exact ? formatCost(cost.operation) : t('at least {0}', formatCost(cost.operation));
  const percent = ((cost.operation / cost.max) * 100).toLocaleString('en-US', {
    maximumFractionDigits: cost.operation < cost.max / 100 ? 3 : 1,
  });
  return cost.field !== undefined
    ? t("Complexity: {0} of this query's {1} (the limit is {2}).", formatCost(cost.field), total, formatCost(cost.max))
    : t('Complexity of this query: {0}, {1}% of the limit ({2}).', total, percent, formatCost(cost.max));
}

function heaviestRoot(operation: OperationDefinitionNode, estimate: CostEstimate): { node: FieldNode; cost: number } | undefined {
  let best: { node: FieldNode; cost: number } | undefined;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const cost = estimate.byNode.get(selection) ?? 0;
    if (!best || cost > best.cost) best = { node: selection, cost };
  }
  return best;
}

function at(range: ParsedRange, loc: { start: number; end: number } | undefined): { start: number; end: number } {
  const start = range.range.start + (loc?.start ?? 0);
  return { start, end: range.range.start + (loc?.end ?? range.text.length) };
}

/** The DatoCMS side of a hover: the field's label, type, hint, validators, localization and model; or the model's. */
export function describeTarget(target: DatoTarget, t: Translate, locales: number, names?: DatoNames): string {
  if (target.kind === 'model') return describeModel(target.model, t);
  const field = target.field;
  const lines = [t('**{0}** (`{1}`), a {2} field of {3}', field.label, field.apiKey, field.fieldType, modelPhrase(field.model, t))];
  if (field.hint) lines.push(`_${escapeMarkdown(field.hint)}_`);
  const validators = describeValidators(field, names);
  if (validators) lines.push(t('Validators: {0}', validators));
  if (field.localized) lines.push(t('Localized: one value per locale ({0}); it costs once per locale.', locales));
  return lines.join('  \n');
}

function describeModel(model: DatoModel, t: Translate): string {
  const lines = [
    model.block
      ? t('**{0}** (`{1}`), a block model', model.name, model.apiKey)
      : model.singleton
        ? t('**{0}** (`{1}`), a single-instance model', model.name, model.apiKey)
        : t('**{0}** (`{1}`), a model', model.name, model.apiKey),
  ];
  if (model.hint) lines.push(`_${escapeMarkdown(model.hint)}_`);
  lines.push(t('{0} fields', model.fields.size));
  return lines.join('  \n');
}

function modelPhrase(model: DatoModel, t: Translate): string {
  return model.block
    ? t('the block model **{0}** (`{1}`)', model.name, model.apiKey)
    : t('the model **{0}** (`{1}`)', model.name, model.apiKey);
}

/** `required · length (max 300) · item_item_type (Article, Author, …)`: models and fields by name, never by id. */
function describeValidators(field: DatoField, names: DatoNames | undefined): string {
  return Object.entries(field.validators)
    .map(([name, value]) => {
      const params = value && typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : [];
      const shown = params
        .filter(([, v]) => v !== null && (typeof v !== 'object' || Array.isArray(v)))
        .map(([k, v]) => {
          const shown = Array.isArray(v) ? v.map((item) => nameOf(k, item, field, names)).join(', ') : nameOf(k, v, field, names);
          return k === 'item_types' ? shown : `${k} ${shown}`;
        })
        .join(', ');
      const short = shown.length > 60 ? `${shown.slice(0, 59)}…` : shown;
      return short ? `${name} (${escapeMarkdown(short)})` : name;
    })
    .join(' · ');
}

/** A validator's parameter: a model id (`item_types`) as the model's name, a field id (`title_field_id`) as its label. */
function nameOf(key: string, value: unknown, field: DatoField, names: DatoNames | undefined): string {
  if (key === 'item_types' && typeof value === 'string') return names?.modelById(value)?.name ?? value;
  if (key === 'title_field_id' && typeof value === 'string')
    return [...field.model.fields.values()].find((f) => f.id === value)?.label ?? value;
  return String(value);
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]<>()#+!|]/g, '\\$&');
}
