// The introspection the schema cache asks for: graphql-js's standard query (the one type generators send), through
// the delivery token, with the link's environment and options. No vscode import.
import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { postCda } from './cdaHttp';
import type { CdaTokens } from './cdaTokens';
import type { Introspect } from './schemaCache';

const QUERY = getIntrospectionQuery();

export function cdaIntrospector(deps: { endpoint(): string; tokens: CdaTokens }): Introspect {
  return async (target, options, signal) => {
    const response = await deps.tokens.run(target.project, options.drafts, (token, secrets) =>
      postCda({ endpoint: deps.endpoint(), token, secrets, environment: target.environment, ...options, query: QUERY, signal }),
    );
    const errors = response.body.errors;
    if (Array.isArray(errors) && errors.length)
      throw new Error(`The Content Delivery API refused the introspection: ${errors.map((e) => e.message).join('; ')}`);
    const data = response.body.data as IntrospectionQuery | undefined;
    if (!data?.__schema) throw new Error('The Content Delivery API answered the introspection without a schema.');
    return data;
  };
}
