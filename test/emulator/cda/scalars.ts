// The delivery API's custom scalars. Descriptions are the ones its schema carries.
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

const INT_DESCRIPTION = 'Represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1.';
const FLOAT_DESCRIPTION =
  'Represents signed double-precision fractional values as specified by [IEEE 754](http://en.wikipedia.org/wiki/IEEE_floating_point).';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function invalid(type: string, value: unknown): GraphQLError {
  return new GraphQLError(`Could not coerce value ${JSON.stringify(value)} to ${type}`);
}

function literalValue(ast: ValueNode, variables?: Record<string, unknown> | null): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.ENUM:
      return ast.value;
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map((v) => literalValue(v, variables));
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literalValue(f.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
  }
}

function scalar(
  name: string,
  description: string | undefined,
  check: (value: unknown) => boolean,
  literalKinds: readonly string[],
  fromLiteral: (ast: ValueNode) => unknown = (ast) => literalValue(ast),
): GraphQLScalarType {
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => {
      if (!check(value)) throw invalid(name, value);
      return value;
    },
    parseValue: (value) => {
      if (!check(value)) throw invalid(name, value);
      return value;
    },
    parseLiteral: (ast) => {
      if (!literalKinds.includes(ast.kind)) throw invalid(name, 'kind' in ast ? ast.kind : ast);
      const value = fromLiteral(ast);
      if (!check(value)) throw invalid(name, value);
      return value;
    },
  });
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isDateTime = (v: unknown) => isString(v) && DATE_TIME.test(v) && !Number.isNaN(Date.parse(v));
const isDate = (v: unknown) => isString(v) && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export const BooleanType = scalar('BooleanType', 'Represents `true` or `false` values.', (v) => typeof v === 'boolean', [Kind.BOOLEAN]);
export const IntType = scalar('IntType', INT_DESCRIPTION, (v) => Number.isSafeInteger(v), [Kind.INT]);
export const FloatType = scalar('FloatType', FLOAT_DESCRIPTION, (v) => typeof v === 'number' && Number.isFinite(v), [Kind.INT, Kind.FLOAT]);
export const DateTime = scalar('DateTime', 'A ISO 8601 compliant datetime value', isDateTime, [Kind.STRING]);
export const DateScalar = scalar('Date', 'A ISO 8601 compliant date value', isDate, [Kind.STRING]);
// Legacy projects have numeric ids: an integer literal names the same record.
export const ItemId = scalar('ItemId', undefined, isString, [Kind.STRING, Kind.INT], (ast) =>
  ast.kind === Kind.INT ? ast.value : literalValue(ast),
);
export const UploadId = scalar('UploadId', undefined, isString, [Kind.STRING, Kind.INT], (ast) =>
  ast.kind === Kind.INT ? ast.value : literalValue(ast),
);
const anyJson = () => true;
export const JsonField = scalar('JsonField', undefined, anyJson, [
  Kind.STRING,
  Kind.INT,
  Kind.FLOAT,
  Kind.BOOLEAN,
  Kind.NULL,
  Kind.LIST,
  Kind.OBJECT,
]);
const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
export const CustomData = scalar('CustomData', undefined, isObject, [Kind.OBJECT]);
export const MetaTagAttributes = scalar('MetaTagAttributes', undefined, isObject, [Kind.OBJECT]);
