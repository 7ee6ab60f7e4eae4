// GraphQL parse and validation errors as the API answers them: HTTP 200, `errors` with `locations` and
// `extensions.code`, no `data`. Messages are graphql-js's; codes follow the API's GraphQL server.
import {
  GraphQLError,
  OverlappingFieldsCanBeMergedRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';

// The API accepts queries that select the same field with different nullability across union members,
// which this graphql-js rule refuses; real queries do that, so it stays out.
const RULES = specifiedRules.filter((rule) => rule !== OverlappingFieldsCanBeMergedRule);

const CODES: Record<string, string> = {
  ExecutableDefinitionsRule: 'definitionNotExecutable',
  UniqueOperationNamesRule: 'operationNotUnique',
  LoneAnonymousOperationRule: 'anonymousOperationNotAlone',
  SingleFieldSubscriptionsRule: 'subscriptionNotSingleField',
  KnownTypeNamesRule: 'undefinedType',
  FragmentsOnCompositeTypesRule: 'fragmentOnNonCompositeType',
  VariablesAreInputTypesRule: 'variableRequiresValidType',
  ScalarLeafsRule: 'selectionMismatch',
  FieldsOnCorrectTypeRule: 'undefinedField',
  UniqueFragmentNamesRule: 'fragmentNotUnique',
  KnownFragmentNamesRule: 'undefinedFragment',
  NoUnusedFragmentsRule: 'useAndDefineFragment',
  PossibleFragmentSpreadsRule: 'cannotSpreadFragment',
  NoFragmentCyclesRule: 'infiniteLoop',
  UniqueVariableNamesRule: 'variableNotUnique',
  NoUndefinedVariablesRule: 'variableNotDefined',
  NoUnusedVariablesRule: 'variableNotUsed',
  KnownDirectivesRule: 'undefinedDirective',
  UniqueDirectivesPerLocationRule: 'directiveNotUniqueForLocation',
  KnownArgumentNamesRule: 'argumentNotAccepted',
  UniqueArgumentNamesRule: 'argumentNotUnique',
  ValuesOfCorrectTypeRule: 'argumentLiteralsIncompatible',
  ProvidedRequiredArgumentsRule: 'missingRequiredArguments',
  VariablesInAllowedPositionRule: 'variableMismatch',
  UniqueInputFieldNamesRule: 'inputFieldNotUnique',
  MaxIntrospectionDepthRule: 'maxIntrospectionDepth',
};

export type Parsed = { document: DocumentNode } | { errors: Record<string, unknown>[] };

function withExtensions(error: GraphQLError, extensions: Record<string, unknown>): Record<string, unknown> {
  const json = error.toJSON() as unknown as Record<string, unknown>;
  return { ...json, extensions: { ...(json.extensions as object | undefined), ...extensions } };
}

/** The error's own names, where the message carries them (`Cannot query field "x" on type "T".`). */
function details(code: string, message: string): Record<string, unknown> {
  if (code === 'undefinedField') {
    const m = /field "([^"]+)" on type "([^"]+)"/.exec(message);
    if (m) return { typeName: m[2], fieldName: m[1] };
  }
  if (code === 'argumentNotAccepted') {
    const m = /argument "([^"]+)" on field "([^".]+)\.([^"]+)"/.exec(message);
    if (m) return { name: m[3], typeName: 'Field', argumentName: m[1] };
  }
  return {};
}

export function parseAndValidate(schema: GraphQLSchema, query: string): Parsed {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return { errors: [withExtensions(error, { code: 'parseError' })] };
    throw error;
  }
  const errors = validate(schema, document, RULES);
  if (!errors.length) return { document };
  // Which rule said what: run them one by one (only for a query that already failed).
  const codeOf = new Map<string, string>();
  for (const rule of RULES) {
    const code = CODES[(rule as ValidationRule & { name: string }).name] ?? 'validationError';
    for (const e of validate(schema, document, [rule])) codeOf.set(e.message, code);
  }
  return {
    errors: errors.map((e) => {
      const code = codeOf.get(e.message) ?? 'validationError';
      return withExtensions(e, { code, ...details(code, e.message) });
    }),
  };
}
