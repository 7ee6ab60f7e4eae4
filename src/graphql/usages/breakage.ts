// What a schema change breaks: the delivery API's schema as it will be once a model or a field is gone (or renamed:
// its old names are gone), made from today's SDL, and the queries and fragments of a file that validate against
// today's schema but not against that one. No vscode import.
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
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type TypeNode,
} from 'graphql';
import { analyse } from '../language/analysis';

/** A change in GraphQL names: a model's types (by its PascalCase name), or one field of a model (by its camelCase name). */
export type SchemaEdit = { kind: 'removeModel'; pascal: string } | { kind: 'removeField'; pascal: string; field: string };

const BUILT_IN = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

/**
 * The schema with the edits made. `pascals` names every model of the project, so that a type made for a longer
 * name (`PostModelModelFilter` of `post_model`) is not taken for one of a shorter one (`post`). What referred to
 * removed types goes too (fields, union members), as the API leaves them out.
 */
export function editedSchema(sdl: string, edits: readonly SchemaEdit[], pascals: readonly string[]): GraphQLSchema {
  const longestFirst = [...pascals].sort((a, b) => b.length - a.length);
  const ownerOf = (name: string) =>
    longestFirst.find(
      (p) => name === `${p}Record` || (name.startsWith(`${p}Model`) && !name.endsWith('Record')) || name.startsWith(`${p}WorkflowStage`),
    );
  const removedModels = new Set(edits.flatMap((e) => (e.kind === 'removeModel' ? [e.pascal] : [])));
  const removedFields = edits.flatMap((e) => (e.kind === 'removeField' ? [e] : []));
  const fieldsOf = (typeName: string, suffix: string) =>
    removedFields.filter((e) => typeName === `${e.pascal}${suffix}`).map((e) => e.field);

  let definitions = parse(sdl, { noLocation: true }).definitions.filter((d) => {
    const name = 'name' in d ? d.name?.value : undefined;
    const owner = name && ownerOf(name);
    return !(owner && removedModels.has(owner));
  });
  definitions = definitions.map((d) => {
    if (d.kind === Kind.OBJECT_TYPE_DEFINITION) {
      const gone = fieldsOf(d.name.value, 'Record').flatMap((f) => [f, `_all${f[0]!.toUpperCase()}${f.slice(1)}Locales`]);
      return gone.length ? { ...d, fields: d.fields?.filter((f) => !gone.includes(f.name.value)) } : d;
    }
    if (d.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) {
      const gone = fieldsOf(d.name.value, 'ModelFilter');
      return gone.length ? { ...d, fields: d.fields?.filter((f) => !gone.includes(f.name.value)) } : d;
    }
    if (d.kind === Kind.ENUM_TYPE_DEFINITION) {
      const gone = fieldsOf(d.name.value, 'ModelOrderBy');
      return gone.length ? { ...d, values: d.values?.filter((v) => !gone.includes(v.name.value.replace(/_(ASC|DESC)$/, ''))) } : d;
    }
    return d;
  });
  return buildASTSchema({ kind: Kind.DOCUMENT, definitions: withoutDangling(definitions) }, { assumeValidSDL: true });
}

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
          return fields.length ? [{ ...d, fields, interfaces } as DefinitionNode] : [];
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

/** A query, mutation or fragment of a file, with the fragments of the same file it spreads. */
export interface Unit {
  /** `query Feed`, `fragment Card on ArticleRecord`, `query` */
  name: string;
  /** where its definition starts in the file */
  offset: number;
  document: DocumentNode;
}

export function unitsOf(text: string, kind: 'graphql' | 'script'): Unit[] {
  const analysis = analyse(text, kind);
  const fragments = new Map([...analysis.fragments].map(([name, f]) => [name, f.node]));
  const units: Unit[] = [];
  for (const range of analysis.ranges)
    for (const definition of range.document?.definitions ?? []) {
      if (definition.kind !== Kind.OPERATION_DEFINITION && definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
      const name =
        definition.kind === Kind.FRAGMENT_DEFINITION
          ? `fragment ${definition.name.value} on ${definition.typeCondition.name.value}`
          : definition.name
            ? `${definition.operation} ${definition.name.value}`
            : definition.operation;
      const spread = spreadClosure(definition, fragments);
      units.push({
        name,
        offset: range.range.start + (definition.loc?.start ?? 0),
        document: { kind: Kind.DOCUMENT, definitions: [definition, ...spread] },
      });
    }
  return units;
}

function spreadClosure(start: DefinitionNode, fragments: Map<string, FragmentDefinitionNode>): FragmentDefinitionNode[] {
  const found = new Map<string, FragmentDefinitionNode>();
  const queue: DefinitionNode[] = [start];
  while (queue.length) {
    visit(queue.shift()!, {
      FragmentSpread(node) {
        const fragment = fragments.get(node.name.value);
        if (fragment && fragment !== start && !found.has(node.name.value)) {
          found.set(node.name.value, fragment);
          queue.push(fragment);
        }
      },
    });
  }
  return [...found.values()];
}

/** As the language features check: the API's merge rule, and fragments other files may define. */
const RULES = specifiedRules.filter(
  (r) => r !== OverlappingFieldsCanBeMergedRule && r !== NoUnusedFragmentsRule && r !== KnownFragmentNamesRule,
);

/** The first problem a unit has against `after` that it does not have against `before`; undefined when none. */
export function breaks(unit: Unit, before: GraphQLSchema, after: GraphQLSchema): string | undefined {
  const known = new Set(validate(before, unit.document, RULES).map((e) => e.message));
  return validate(after, unit.document, RULES).find((e) => !known.has(e.message))?.message;
}
