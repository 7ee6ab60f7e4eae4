// The GraphQL workbench (the Content Delivery API beside the code that reads it): the workspace link, the schema
// cache and its sync to schema.graphql, and Run where the query is. May import documents, tree, projects,
// platform, domain, schema and cma. Loaded in a bundle of its own (graphql-js is large): the context makes
// GraphqlFeature on the first document holding GraphQL, or the first command.
//
// For the language features: `GraphqlFeature.schemas` (SchemaCache: schemaFor, entry, peek, onDidChange),
// `GraphqlFeature.links` (linkFor(document), ensure, book.onDidChange), `findGraphql` / `graphqlOf` (where the
// GraphQL of a document is, with offsets), `GraphqlFeature.endpoint()`.
//
// For the schema actions: `GraphqlFeature.queriesBrokenBy(change)` names the workspace's queries a deleted or renamed
// model or field would break; `GraphqlFeature.findUsages(arg)` is Find Usages in Code.
//
// For the agent tools: `GraphqlFeature.runForTool(target, request)` (a query parsed, then run), `usagesOf(where)` (the
// places in the linked folders' code that read a model or a field), `linksForTool()`: `GraphqlTools`, the types the
// agent tools import (types only: the workbench itself is made on first use).
export * from './events';
export * from './link';
export * from './schemaCache';
export { GraphqlFeature } from './feature';
export type { CodeChange } from './usages/changes';
export type { Breakage } from './usages/workspaceUsages';
export type { GraphqlTools, ToolGraphqlError, ToolRun } from './toolApi';
