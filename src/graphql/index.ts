// The GraphQL workbench (the Content Delivery API beside the code that reads it): the workspace link, the schema
// cache and its sync to schema.graphql, and Run where the query is. May import documents, tree, projects,
// platform, domain, schema and cma. Loaded in a bundle of its own (graphql-js is large).
export * from './events';
export * from './link';
export * from './schemaCache';
