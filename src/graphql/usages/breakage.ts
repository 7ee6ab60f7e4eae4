// What a schema change breaks: the delivery API's schema as it will be once a model or a field is gone (or renamed:
// its old names are gone), made from today's SDL, and whether a query or fragment (with the fragments it spreads,
// from any file) validates against today's schema but not against that one. No vscode import.
import {
  buildASTSchema,
  Kind,
  KnownFragmentNamesRule,
  NoUnusedFragmentsRule,
  OverlappingFieldsCanBeMergedRule,
  parse,
  specifiedRules,
  validate,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type ExecutableDefinitionNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type TypeNode,
} from 'graphql';
import type { GraphqlKind } from '../embedded';
import { analyse } from '../language/analysis';
import { FIELD_TYPE_SUFFIX, pathSteps } from './extract';

/** A change in GraphQL names: a model's types (by its PascalCase name), or one field of a model (by its camelCase name). */
export type SchemaEdit = { kind: 'removeModel'; pascal: string } | { kind: 'removeField'; pascal: string; field: string };

const BUILT_IN = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

/**
 * The schema with the edits made. `pascals` names every model of the project, so that a type made for a longer
 * name (`PostModelModelFilter` of `post_model`) is not taken for one of a shorter one (`post`). A field takes its own
 * types with it (`<Model>Model<Field>Field…`) and the inverse relationship paths through it; a model, the paths
 * through it. What referred to removed types goes too (fields, union members), as the API leaves them out.
 */
export function editedSchema(sdl: string, edits: readonly SchemaEdit[], pascals: readonly string[]): GraphQLSchema {
  const longestFirst = [...pascals].sort((a, b) => b.length - a.length);
  const ownerOf = (name: string) =>
    longestFirst.find((p) => name === `${p}Record` || (name.startsWith(`${p}Model`) && !name.endsWith('Record')));
  const removedModels = new Set(edits.flatMap((e) => (e.kind === 'removeModel' ? [e.pascal] : [])));
  const removedFields = edits.flatMap((e) => (e.kind === 'removeField' ? [e] : []));
  const fieldsOf = (typeName: string, suffix: string) =>
    removedFields.filter((e) => typeName === `${e.pascal}${suffix}`).map((e) => e.field);
  const fieldType = (name: string) =>
    removedFields.some((e) => {
      const prefix = `${e.pascal}Model${upperFirst(e.field)}`;
      return name.startsWith(prefix) && FIELD_TYPE_SUFFIX.test(name.slice(prefix.length));
    });
  const gonePath = (value: string) =>
    pathSteps(value).some(
      (step) =>
        [...removedModels].some((p) => step.startsWith(`${lowerFirst(p)}_`)) ||
        removedFields.some((e) => step === `${lowerFirst(e.pascal)}_${e.field}`),
    );

  let definitions = parse(sdl, { noLocation: true }).definitions.filter((d) => {
    const name = 'name' in d ? d.name?.value : undefined;
    const owner = name && ownerOf(name);
    return !(owner && removedModels.has(owner)) && !(name && fieldType(name));
  });
  definitions = definitions.map((d) => {
    if (d.kind === Kind.OBJECT_TYPE_DEFINITION) {
      const gone = fieldsOf(d.name.value, 'Record').flatMap((f) => [f, `_all${upperFirst(f)}Locales`]);
      return gone.length ? { ...d, fields: d.fields?.filter((f) => !gone.includes(f.name.value)) } : d;
    }
    if (d.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) {
      const gone = fieldsOf(d.name.value, 'ModelFilter');
      return gone.length ? { ...d, fields: d.fields?.filter((f) => !gone.includes(f.name.value)) } : d;
    }
    if (d.kind === Kind.ENUM_TYPE_DEFINITION) {
      const gone = fieldsOf(d.name.value, 'ModelOrderBy');
      const paths = PATHS_ENUM.test(d.name.value);
      return gone.length || paths
        ? {
            ...d,
            values: d.values?.filter((v) => !gone.includes(v.name.value.replace(/_(ASC|DESC)$/, '')) && !(paths && gonePath(v.name.value))),
          }
        : d;
    }
    return d;
  });
  return buildASTSchema({ kind: Kind.DOCUMENT, definitions: withoutDangling(definitions) }, { assumeValidSDL: true });
}

const PATHS_ENUM = /ModelFieldsReferencing\w+Model$/;
const upperFirst = (text: string) => text.slice(0, 1).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => text.slice(0, 1).toLowerCase() + text.slice(1);

/** Removes what names a type no longer defined, and types left empty by that, until nothing changes. */
function withoutDangling(start: readonly DefinitionNode[]): DefinitionNode[] {
  let definitions = [...start];
  for (;;) {
    const defined = new Set(definitions.flatMap((d) => ('name' in d && d.name ? [d.name.value] : [])));
    const known = (type: TypeNode): boolean =>
      type.kind === Kind.NAMED_TYPE ? defined.has(type.name.value) || BUILT_IN.has(type.name.value) : known(type.type);
    let changed = false;
    const next = definitions.flatMap((d): DefinitionNode[] => {
      switch (d.kind) {
        case Kind.OBJECT_TYPE_DEFINITION:
        case Kind.INTERFACE_TYPE_DEFINITION: {
          // an argument of a removed type (a model's filter, order, inverse path) takes its field with it: `_allPostsMeta`
          const fields = (d.fields ?? []).filter((f) => known(f.type) && (f.arguments ?? []).every((a) => known(a.type)));
          const interfaces = d.interfaces?.filter((i) => known(i));
          const same =
            fields.length === d.fields?.length &&
            fields.every((f, i) => f === d.fields?.[i]) &&
            interfaces?.length === d.interfaces?.length;
          if (same) return [d];
          changed = true;
          return fields.length ? [{ ...d, fields, interfaces }] : [];
        }
        case Kind.UNION_TYPE_DEFINITION: {
          const types = d.types?.filter((t) => known(t)) ?? [];
          if (types.length === d.types?.length) return [d];
          changed = true;
          return types.length ? [{ ...d, types }] : [];
        }
        case Kind.INPUT_OBJECT_TYPE_DEFINITION: {
          const fields = d.fields?.filter((f) => known(f.type)) ?? [];
          if (fields.length === d.fields?.length) return [d];
          changed = true;
          return fields.length ? [{ ...d, fields }] : [];
        }
        case Kind.ENUM_TYPE_DEFINITION:
          if (d.values?.length) return [d];
          changed = true;
          return [];
        default:
          return [d];
      }
    });
    definitions = next;
    if (!changed) return definitions;
  }
}

/** The queries and fragments of a file's text by the offset where each starts. */
export function definitionsAt(text: string, kind: GraphqlKind): Map<number, ExecutableDefinitionNode> {
  const definitions = new Map<number, ExecutableDefinitionNode>();
  for (const range of analyse(text, kind).ranges)
    for (const definition of range.document?.definitions ?? [])
      if (definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION)
        definitions.set(range.range.start + (definition.loc?.start ?? 0), definition);
  return definitions;
}

const parsedFragments = new WeakMap<object, FragmentDefinitionNode | null>();

/** A fragment of the outline, parsed once. */
export function fragmentNode(fragment: { text: string } | undefined): FragmentDefinitionNode | undefined {
  if (!fragment) return undefined;
  let node = parsedFragments.get(fragment);
  if (node === undefined) {
    try {
      const definition = parse(fragment.text, { noLocation: true }).definitions[0];
      node = definition?.kind === Kind.FRAGMENT_DEFINITION ? definition : null;
    } catch {
      node = null;
    }
    parsedFragments.set(fragment, node);
  }
  return node ?? undefined;
}

/** A definition with every fragment it spreads, followed across files. */
function withFragments(start: ExecutableDefinitionNode, fragmentOf: (name: string) => FragmentDefinitionNode | undefined): DocumentNode {
  const found = new Map<string, FragmentDefinitionNode>();
  const own = start.kind === Kind.FRAGMENT_DEFINITION ? start.name.value : undefined;
  const queue: DefinitionNode[] = [start];
  while (queue.length)
    visit(queue.shift()!, {
      FragmentSpread(node) {
        const name = node.name.value;
        const fragment = name === own || found.has(name) ? undefined : fragmentOf(name);
        if (fragment) {
          found.set(name, fragment);
          queue.push(fragment);
        }
      },
    });
  return { kind: Kind.DOCUMENT, definitions: [start, ...found.values()] };
}

/** As the language features check: the API's merge rule, and fragments other files may define. */
const RULES = specifiedRules.filter(
  (r) => r !== OverlappingFieldsCanBeMergedRule && r !== NoUnusedFragmentsRule && r !== KnownFragmentNamesRule,
);

/**
 * The first problem a query or fragment (with the fragments it spreads, from any file) has against `after` that it
 * does not have against `before`; undefined when none.
 */
export function breakingProblem(
  definition: ExecutableDefinitionNode,
  fragmentOf: (name: string) => FragmentDefinitionNode | undefined,
  before: GraphQLSchema,
  after: GraphQLSchema,
): string | undefined {
  const document = withFragments(definition, fragmentOf);
  const known = new Set(validate(before, document, RULES).map((e) => e.message));
  return validate(after, document, RULES).find((e) => !known.has(e.message))?.message;
}
