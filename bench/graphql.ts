// GraphQL Run (src/graphql, the code the CodeLens runs, minus the editor): find the operation in the document, build
// what is sent, POST it with the link's headers, read the answer's headers, make the result document's text. Against
// the floor: a bare undici Pool.request of the same body and headers + JSON.parse. And the schema cache: how many
// introspections three callers at once cost.
import { getIntrospectionQuery } from 'graphql';
import { Pool } from 'undici';
import { CdaTokens } from '../src/graphql/cdaTokens';
import { cdaHeaders } from '../src/graphql/cdaHttp';
import { cdaIntrospector } from '../src/graphql/introspection';
import { graphqlOf, SentQuery } from '../src/graphql/operations';
import { resultText, runOperation } from '../src/graphql/run';
import { SchemaCache } from '../src/graphql/schemaCache';
import { formatMessage } from '../src/platform/translate';
import { alternate, median, ratio, round, type EmulatorProcess } from './lib';

const QUERY = `query LatestArticles($first: IntType) {
  allArticles(first: $first, orderBy: _createdAt_ASC) {
    id
    title
    slug
    excerpt
    _status
    author { name }
    categories { name }
  }
}`;
const FIRST = 100;
const LATENCIES = [0, 80] as const;
const TARGET = 1.05;
const OPTIONS = { drafts: false, strict: true };

type Rows = { name: string; value: string; target: string; ok: boolean | undefined }[];

export async function benchGraphqlRun(emulator: EmulatorProcess, runs: number, rows: Rows, progress: (message: string) => void) {
  const endpoint = `${emulator.url}/cda/`;
  const tokens = new CdaTokens({
    ui: undefined as never, // the signed-in token is accepted: nothing is ever asked
    t: formatMessage,
    secrets: { get: async () => undefined, store: async () => undefined, delete: async () => undefined },
    signedInToken: async () => emulator.token,
    projectName: () => 'bench',
  });
  const ours = async () => {
    const graphql = graphqlOf(QUERY, 'graphql');
    const operation = graphql.operations[0]!;
    const sent = new SentQuery(operation, graphql.fragments);
    const result = await runOperation(tokens, {
      endpoint,
      target: { project: 'bench', environment: 'main' },
      options: OPTIONS,
      sent,
      operationName: 'LatestArticles',
      variables: { first: FIRST },
    });
    const text = resultText(result.response, result.errors, {
      t: formatMessage,
      locale: 'en-US',
      operation: 'LatestArticles',
      projectName: 'bench',
      environment: 'main',
      options: OPTIONS,
    });
    if ((result.response.body.data as { allArticles: unknown[] }).allArticles.length !== FIRST || !text.text.includes('Complexity'))
      throw new Error('graphql_run: unexpected answer');
  };
  const url = new URL(endpoint);
  const pool = new Pool(url.origin, { connections: 16 });
  const headers = cdaHeaders({ token: emulator.token, environment: 'main', ...OPTIONS, cacheTags: true });
  const body = JSON.stringify({ query: QUERY, variables: { first: FIRST }, operationName: 'LatestArticles' });
  const raw = async () => {
    const response = await pool.request({ method: 'POST', path: url.pathname, headers, body });
    const json = JSON.parse(await response.body.text()) as { data: { allArticles: unknown[] } };
    if (json.data.allArticles.length !== FIRST) throw new Error('graphql_run: unexpected raw answer');
  };
  const out: Record<string, unknown> = {};
  try {
    for (const latency of LATENCIES) {
      progress(`graphql_run at ${latency} ms latency (${runs * 4} rounds × 2 contenders)`);
      await emulator.setLatency(latency);
      // a run is short: more rounds than the other rows, for a steady median
      const samples = await alternate({ ours, raw }, runs * 4);
      const entry = {
        ours_ms: round(median(samples.ours), 2),
        raw_ms: round(median(samples.raw), 2),
        ratio_ours_vs_raw: ratio(median(samples.ours), median(samples.raw)),
        samples_ms: { ours: samples.ours.map((v) => round(v, 2)), raw: samples.raw.map((v) => round(v, 2)) },
      };
      out[`latency_${latency}`] = entry;
      rows.push({
        name: `graphql_run @${latency} ms: ours / raw`,
        value: `${entry.ours_ms} / ${entry.raw_ms} ms = ${entry.ratio_ours_vs_raw}×`,
        target: `≤ ${TARGET}×`,
        ok: entry.ratio_ours_vs_raw <= TARGET,
      });
    }
    // three callers at once (Run, Sync, the language features): one introspection
    await emulator.setLatency(80);
    await emulator.clearRequests();
    const cache = new SchemaCache(cdaIntrospector({ endpoint: () => endpoint, tokens }));
    const target = { project: 'bench', environment: 'main' };
    await Promise.all([cache.schemaFor(target, OPTIONS), cache.schemaFor(target, OPTIONS), cache.entry(target, OPTIONS)]);
    await cache.schemaFor(target, OPTIONS);
    const introspections = (await emulator.requests()).filter((r) => r.path.startsWith('/cda')).length;
    out['introspections_for_4_uses'] = introspections;
    out['introspection_query_bytes'] = getIntrospectionQuery().length;
    rows.push({
      name: 'graphql_schema: introspections for 4 uses of one schema',
      value: String(introspections),
      target: '1',
      ok: introspections === 1,
    });
  } finally {
    await emulator.setLatency(0);
    await pool.close();
  }
  return out;
}
