// The schema as code: Compare with Environment, Compare Schemas (the Schema Comparison view), Generate Migration,
// Generate Types.
export { SchemaCodeFeature } from './feature';
export * from './generateTypes';
