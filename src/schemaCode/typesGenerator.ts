// TypeScript types of a project's schema in the shape `datocms schema:generate` writes: per model and block model an
// ItemTypeDefinition of the official client (its fields by api_key, each with its field type, `localized` and the
// block models it allows) and a constant with its id; then the unions of all blocks and models. Deterministic: the
// same schema gives the same bytes whatever order the API lists it in. Pure; no vscode import.
import type { Resource } from '../cma';
import { Field as DomainField, Model as DomainModel } from '../domain/views';
import { sortedFields, type FieldInfo, type SchemaContext } from '../schema';
import { docComment, literal, propertyName, typeNames } from './typesNaming';
import { CLIENT_PROPERTIES, DEFAULT_CLIENT_PACKAGE, OBJECT_MEMBERS, OWN_NAMES, prelude } from './typesPrelude';

export { TYPES_MARKER } from './typesPrelude';

export interface TypesInput {
  projectName: string;
  environment: string;
  /** the package ItemTypeDefinition is imported from (the official client the workspace uses) */
  clientPackage?: string;
  /** the project's locales, its models and block models, and each one's fields */
  schema: SchemaContext;
}

interface Model {
  id: string;
  apiKey: string;
  name: string;
  hint: string | undefined;
  isBlock: boolean;
  sortable: boolean;
  tree: boolean;
  fields: Field[];
}

interface Field extends FieldInfo {
  hint: string | undefined;
  /** the values a select, radio group or multi-select editor offers */
  options: string[];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The whole generated file. */
export function generateTypes(input: TypesInput): string {
  const models = modelsOf(input.schema);
  const names = typeNames(models, OWN_NAMES);
  const byId = new Map(models.map((m) => [m.id, m]));
  const out = [
    prelude({
      projectName: input.projectName,
      environment: input.environment,
      clientPackage: input.clientPackage ?? DEFAULT_CLIENT_PACKAGE,
      locales: input.schema.locales,
    }),
  ];
  // models, then block models, each by api_key: an order that only a schema change changes
  const ordered = [...models].sort((a, b) => Number(a.isBlock) - Number(b.isBlock) || compare(a.apiKey, b.apiKey) || compare(a.id, b.id));
  for (const model of ordered) out.push(definition(model, names, byId));
  out.push(unions(ordered, names));
  return out.join('\n');
}

function modelsOf(schema: SchemaContext): Model[] {
  return schema.itemTypes.map((resource: Resource<'item_type'>) => {
    const apiKey = DomainModel.givenApiKey(resource) ?? resource.id;
    const resources = new Map((schema.fieldsOf(resource.id) ?? []).map((f) => [f.id, f]));
    const fields = sortedFields([...resources.values()])
      .map((f): Field => ({ ...f, hint: DomainField.hint(resources.get(f.id)!), options: editorOptions(resources.get(f.id)!) }))
      .sort((x, y) => x.position - y.position || compare(x.apiKey, y.apiKey) || compare(x.id, y.id));
    return {
      id: resource.id,
      apiKey,
      name: DomainModel.givenName(resource) ?? apiKey,
      hint: DomainModel.hint(resource),
      isBlock: DomainModel.isBlock(resource),
      sortable: DomainModel.isSortable(resource),
      tree: DomainModel.isTree(resource),
      fields,
    };
  });
}

function definition(model: Model, names: Map<string, string>, byId: Map<string, Model>): string {
  const typeName = names.get(model.id)!;
  const id = literal(model.id);
  const lines: string[] = [];
  const keys = new Set<string>();
  for (const field of model.fields) {
    if ((CLIENT_PROPERTIES as readonly string[]).includes(field.apiKey)) {
      lines.push(
        `    // field ${literal(field.apiKey)} (${field.type ?? 'unknown'}) left out: the client's records use this name for the record itself`,
      );
      continue;
    }
    // the API keeps api_keys unique within a model; should it not, the first field keeps its place
    if (keys.has(field.apiKey)) continue;
    keys.add(field.apiKey);
    if ((OBJECT_MEMBERS as readonly string[]).includes(field.apiKey)) {
      const note = `a ${field.type ?? 'unknown'} field, typed unknown: every object has a ${field.apiKey}`;
      lines.push(`${docComment([...describe(field, byId), note], '    ')}    ${propertyName(field.apiKey)}: { type: 'unknown' };`);
    } else lines.push(`${docComment(describe(field, byId), '    ')}    ${propertyName(field.apiKey)}: ${fieldDefinition(field, names)};`);
  }
  if ((model.sortable || model.tree) && !keys.has('position'))
    lines.push("    /** Position among the model's records */\n    position: { type: 'integer' };");
  if (model.tree && !keys.has('parent_id'))
    lines.push("    /** Id of the parent record, null at the top */\n    parent_id: { type: 'string' };");
  const fields = lines.length > 0 ? `{\n${lines.join('\n')}\n  }` : '{}';
  const about = `${model.name} (${model.isBlock ? 'block model' : 'model'} \`${model.apiKey}\`)${model.hint ? `: ${model.hint}` : ''}`;
  return [
    `${docComment([about], '')}export type ${typeName} = ItemTypeDefinition<`,
    '  EnvironmentSettings,',
    `  ${id},`,
    `  ${fields}`,
    '>;',
    `export const ${typeName} = {`,
    `  ID: ${id},`,
    `  REF: { type: 'item_type', id: ${id} },`,
    '} as const;',
    '',
  ].join('\n');
}

/** Ids a validator lists in `item_types`. */
function itemTypeIds(field: FieldInfo, validator: string): string[] {
  const v = field.validators[validator];
  const ids = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)['item_types'] : undefined;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** The union of the named block models' types, by name; undefined when none is in the schema. */
function union(ids: readonly string[], names: Map<string, string>): string | undefined {
  const known = [...new Set(ids.map((id) => names.get(id)).filter((n): n is string => n !== undefined))].sort(compare);
  return known.length > 0 ? known.join(' | ') : undefined;
}

/** `{ type: …; blocks?: …; inline_blocks?: …; localized?: true }`, as the client's FieldDefinition reads it. */
function fieldDefinition(field: Field, names: Map<string, string>): string {
  // a field type this extension does not know yet may not be one the installed client knows either
  const parts = [`type: ${literal(field.type ?? 'unknown')}`];
  if (field.type === 'rich_text') parts.push(`blocks: ${union(itemTypeIds(field, 'rich_text_blocks'), names) ?? 'never'}`);
  if (field.type === 'single_block') parts.push(`blocks: ${union(itemTypeIds(field, 'single_block_blocks'), names) ?? 'never'}`);
  if (field.type === 'structured_text') {
    const blocks = union(itemTypeIds(field, 'structured_text_blocks'), names);
    const inline = union(itemTypeIds(field, 'structured_text_inline_blocks'), names);
    if (blocks) parts.push(`blocks: ${blocks}`);
    if (inline) parts.push(`inline_blocks: ${inline}`);
  }
  if (field.localized) parts.push('localized: true');
  return `{ ${parts.join('; ')} }`;
}

/** The field's doc comment: label and hint, then the rules a value must follow; on one line when short. */
function describe(field: Field, byId: Map<string, Model>): string[] {
  const first = field.hint ? `${field.label || field.apiKey}: ${field.hint}` : field.label || field.apiKey;
  // required and unique first, the others by name
  const rank = (name: string) => (name === 'required' ? 0 : name === 'unique' ? 1 : 2);
  const rules = Object.keys(field.validators)
    .sort((a, b) => rank(a) - rank(b) || compare(a, b))
    .map((name) => ruleText(name, field.validators[name], byId))
    .filter((r): r is string => r !== undefined);
  // a multi-select keeps its choice as JSON text of an array; a select without an enum validator does not enforce its options
  if (field.options.length > 0 && field.type === 'json') rules.push(`an array of: ${field.options.join(', ')}`);
  else if (field.options.length > 0 && field.validators['enum'] == null) rules.push(`editor offers: ${field.options.join(', ')}`);
  if (rules.length === 0) return [first];
  const short = `${first} (${rules.join('; ')})`;
  return short.length <= 100 && !/[\r\n\u2028\u2029]/.test(short) ? [short] : [first, rules.join('; ')];
}

/** The option values of a select, radio group, multi-select or checkbox group editor. */
function editorOptions(field: Resource<'field'>): string[] {
  const parameters = DomainField.appearance(field)['parameters'];
  const p = parameters !== null && typeof parameters === 'object' ? (parameters as Record<string, unknown>) : {};
  const list = p['options'] ?? p['radios'];
  return Array.isArray(list)
    ? list.flatMap((o) => {
        const value = o !== null && typeof o === 'object' ? (o as Record<string, unknown>)['value'] : undefined;
        return typeof value === 'string' ? [value] : [];
      })
    : [];
}

function bounds(options: Record<string, unknown>, unit = ''): string | undefined {
  const { min, max, eq } = options;
  const shown = (v: unknown) => v !== undefined && v !== null;
  if (shown(eq)) return `exactly ${String(eq)}${unit}`;
  if (shown(min) && shown(max)) return `${String(min)}–${String(max)}${unit}`;
  if (shown(min)) return `at least ${String(min)}${unit}`;
  if (shown(max)) return `at most ${String(max)}${unit}`;
  return undefined;
}

function ruleText(name: string, value: unknown, byId: Map<string, Model>): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const options = value as Record<string, unknown>;
  const prefixed = (label: string, rest: string | undefined) => (rest === undefined ? undefined : `${label} ${rest}`);
  const modelNames = () =>
    (Array.isArray(options['item_types']) ? options['item_types'] : []).map((id) => byId.get(String(id))?.name ?? String(id)).join(', ');
  switch (name) {
    case 'required':
    case 'unique':
      return name;
    case 'enum':
      return Array.isArray(options['values']) ? `one of: ${options['values'].map(String).join(', ')}` : undefined;
    case 'length':
      return prefixed('length', bounds(options, ' characters'));
    case 'size':
      return prefixed('size', bounds(options, ' items'));
    case 'number_range':
      return prefixed('range', bounds(options));
    case 'date_range':
    case 'date_time_range':
      return prefixed('dates', bounds(options));
    case 'format':
    case 'slug_format':
      return typeof options['predefined_pattern'] === 'string'
        ? `format: ${options['predefined_pattern']}`
        : typeof options['custom_pattern'] === 'string'
          ? `format: /${options['custom_pattern']}/`
          : undefined;
    case 'item_item_type':
    case 'items_item_type':
      return `links to: ${modelNames()}`;
    case 'structured_text_links':
      return `may link to: ${modelNames()}`;
    default:
      return undefined;
  }
}

/** AnyBlock, AnyModel and AnyBlockOrModel. */
function unions(models: readonly Model[], names: Map<string, string>): string {
  const of = (isBlock: boolean) => {
    const members = models.filter((m) => m.isBlock === isBlock).map((m) => names.get(m.id)!);
    if (members.length === 0) return ' never';
    const inline = ` ${members.join(' | ')}`;
    return inline.length <= 100 ? inline : `\n${members.map((n) => `  | ${n}`).join('\n')}`;
  };
  return [
    '/** Every block model. */',
    `export type AnyBlock =${of(true)};`,
    '/** Every model. */',
    `export type AnyModel =${of(false)};`,
    'export type AnyBlockOrModel = AnyBlock | AnyModel;',
    '',
  ].join('\n');
}
