// Run against the emulator: the answer and the summary read off its headers (complexity against the maximum, CDN
// cacheability and size, cache tags), errors at their place in the document, the variables (file or question),
// and the copies (curl without the token, the official client's call).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { CdaTokens } from '../../src/graphql/cdaTokens';
import { graphqlOf, SentQuery } from '../../src/graphql/operations';
import { curlOf, executeQueryOf, resultText, runOperation, summaryLines, type SummaryContext } from '../../src/graphql/run';
import { variablesFor } from '../../src/graphql/variables';
import { formatMessage } from '../../src/platform/translate';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { ScriptedUi } from '../platform/scriptedUi';

let emu: Emulator;
useEmulator({ records: 30 }, (started) => (emu = started.emulator));

const tokens = () =>
  new CdaTokens({
    ui: new ScriptedUi(),
    t: formatMessage,
    secrets: { get: async () => undefined, store: async () => undefined, delete: async () => undefined },
    signedInToken: async () => emu.token,
    projectName: () => 'Emulated Bistro',
  });
const context = (operation: string, drafts = false): SummaryContext => ({
  t: formatMessage,
  locale: 'en-US',
  operation,
  projectName: 'Emulated Bistro',
  environment: 'main',
  options: { drafts, strict: true },
});

async function run(code: string, options = { drafts: false, strict: true }, variables?: Record<string, unknown>) {
  const graphql = graphqlOf(code, 'script');
  const operation = graphql.operations[0]!;
  const sent = new SentQuery(operation, graphql.fragments);
  const result = await runOperation(tokens(), {
    endpoint: `${emu.url}/cda/`,
    target: { project: 'bistro', environment: 'main' },
    options,
    sent,
    ...(operation.name ? { operationName: operation.name } : {}),
    ...(variables ? { variables } : {}),
  });
  return { ...result, operation, sent };
}

describe('Run', () => {
  test('the data, and a summary of status, time, complexity, CDN size and cache tags from the headers', async () => {
    const code =
      'const Q = graphql(`query Articles($first: IntType) { allArticles(first: $first, orderBy: _createdAt_ASC) { id title } }`);';
    const { response, errors } = await run(code, { drafts: false, strict: true }, { first: 4 });
    assert.equal((response.body.data as any).allArticles.length, 4);
    assert.deepEqual(errors, []);
    const lines = summaryLines(response, errors, context('Articles'));
    assert.match(lines[0]!, /^Articles: 200 in \d+ ms$/);
    assert.equal(lines[1], 'Emulated Bistro · main · published · strict');
    assert.match(lines[2]!, new RegExp(`^Complexity ${response.complexity!.toLocaleString('en-US')} of 10,000,000 \\(0\\.\\d+%\\)$`));
    assert.match(lines[3]!, /^CDN: cacheable — request [\d,]+ of 12,000 bytes$/);
    assert.equal(lines[4], `Cache tags: ${response.cacheTags!.length}`);
    assert.equal(lines.length, 5);
    const { text, cut } = resultText(response, errors, context('Articles'));
    assert.equal(cut, false);
    assert.ok(text.startsWith(`// ${lines[0]}\n// ${lines[1]}\n`));
    assert.deepEqual(JSON.parse(text.replace(/^\/\/.*\n/gm, '')), response.body);
  });

  test('drafts show records the published run does not', async () => {
    const query = 'const Q = graphql(`{ _allArticlesMeta { count } }`);';
    const published = (await run(query, { drafts: false, strict: false })).response.body.data as any;
    const drafts = (await run(query, { drafts: true, strict: false })).response.body.data as any;
    assert.ok(drafts._allArticlesMeta.count > published._allArticlesMeta.count);
  });

  test('errors at their place in the document, fragments of the file included', async () => {
    const code = [
      'const Card = graphql(`fragment Card on ArticleRecord { id nope }`);',
      'const Q = graphql(`',
      '  query Broken { allArticles { ...Card } }',
      '`, [Card]);',
    ].join('\n');
    const { response, errors } = await run(code);
    assert.equal(response.body.data, undefined);
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.message, /Cannot query field "nope" on type "ArticleRecord"/);
    assert.deepEqual(errors[0]!.at, { offset: code.indexOf('nope') });
    assert.match(summaryLines(response, errors, context('Broken')).at(-1)!, /^⚠ Errors: 1 \(also shown/);
  });

  test('over the maximum complexity: the documented error, with no place; the summary warns', async () => {
    const deep = (levels: number): string => (levels === 0 ? 'title' : `children { ${deep(levels - 1)} }`);
    const { response, errors } = await run(`graphql(\`query Deep { allPages(first: 500) { ${deep(7)} } }\`)`);
    assert.deepEqual(errors, [
      { message: `Query has complexity of ${response.complexity}, which exceeds max complexity of 10000000`, at: undefined, also: [] },
    ]);
    const lines = summaryLines(response, errors, context('Deep'));
    assert.match(lines[2]!, /^⚠ Complexity [\d,]+ of 10,000,000 \([\d,.]+%\)$/);
    // the other warnings, from headers the emulator sends for other queries
    const other = summaryLines({ ...response, cacheable: false, cacheTags: Array(70).fill('t') }, [], context('X'));
    assert.match(other[3]!, /^⚠ CDN: not cacheable — request [\d,]+ of 12,000 bytes$/);
    assert.equal(other[4], '⚠ Cache tags: 70 (Next.js allows 64 per fetch)');
  });
});

describe('variables', () => {
  const operation = graphqlOf('query Q($first: IntType = 3, $locale: SiteLocale!, $ids: [ItemId]) { a }', 'graphql').operations[0]!;
  const state = () => {
    const map = new Map<string, unknown>();
    return {
      map,
      store: {
        get: <T>(key: string) => map.get(key) as T | undefined,
        update: async (key: string, value: unknown) => void map.set(key, value),
      },
    };
  };

  test('asked as JSON from a template of the declared variables, checked, remembered for the next run', async () => {
    const ui = new ScriptedUi();
    const { store } = state();
    const deps = { ui, t: formatMessage, state: store, readText: async () => undefined };
    ui.inputs.push((options) => {
      assert.equal(options.title, 'Variables of Q');
      assert.equal(options.value, '{"first":3,"locale":null,"ids":[]}');
      assert.equal(options.validate?.('{"first": 3}'), 'Required: $locale');
      assert.equal(options.validate?.('{"locale": "en", "other": 1}'), 'The operation declares no $other');
      assert.match(options.validate?.('{') ?? '', /^Not JSON/);
      assert.equal(options.validate?.('{"locale": "en"}'), undefined);
      return '{"locale": "it"}';
    });
    assert.deepEqual(await variablesFor(deps, { uri: 'file:///q.graphql', path: '/q.graphql' }, operation), { locale: 'it' });
    ui.inputs.push((options) => {
      assert.equal(options.value, '{"locale": "it"}');
      return options.value;
    });
    await variablesFor(deps, { uri: 'file:///q.graphql', path: '/q.graphql' }, operation);
  });

  test('from <file>.variables.json when it has the operation: nothing asked', async () => {
    const ui = new ScriptedUi();
    const files: Record<string, string> = { '/app/page.tsx.variables.json': '{"Q": {"locale": "en", "first": 1}}' };
    const deps = { ui, t: formatMessage, state: state().store, readText: async (path: string) => files[path] };
    assert.deepEqual(await variablesFor(deps, { uri: 'file:///app/page.tsx', path: '/app/page.tsx' }, operation), {
      locale: 'en',
      first: 1,
    });
    files['/app/page.tsx.variables.json'] = '{"Q": 1}';
    await assert.rejects(
      variablesFor(deps, { uri: 'u', path: '/app/page.tsx' }, operation),
      /page\.tsx\.variables\.json: "Q" must be an object/,
    );
    assert.deepEqual(ui.transcript, []);
  });
});

describe('copies', () => {
  const request = {
    endpoint: 'https://graphql.datocms.com/',
    environment: 'sandbox',
    options: { drafts: true, strict: true },
    query: 'query Q { allArticles(filter: {title: {matches: {pattern: "it\'s"}}}) { id } }',
    variables: { first: 2 },
  };

  test('curl: the token as $DATOCMS_CDA_TOKEN for the shell, the headers, the body as one quoted word', () => {
    const curl = curlOf(request);
    assert.doesNotMatch(curl, /secret|demo-token/);
    assert.match(curl, /-H "Authorization: Bearer \$DATOCMS_CDA_TOKEN"/);
    for (const header of ['X-Environment: sandbox', 'X-Include-Drafts: true', 'X-Exclude-Invalid: true'])
      assert.ok(curl.includes(`-H '${header}'`), header);
    // what a shell makes of it: the same body
    const words = execFileSync('bash', ['-c', `DATOCMS_CDA_TOKEN=tok; set -- ${curl.replace(/^curl /, '')}; printf '%s\\n' "$@"`], {
      encoding: 'utf8',
    }).split('\n');
    assert.ok(words.includes('Authorization: Bearer tok'));
    assert.deepEqual(JSON.parse(words[words.indexOf('--data-raw') + 1]!), { query: request.query, variables: { first: 2 } });
  });

  test('the official client: executeQuery with the same options; the query survives the template literal', () => {
    const code = executeQueryOf({ ...request, query: 'query Q { a(s: "`${x}` \\\\") }' });
    assert.match(code, /^import \{ executeQuery \} from '@datocms\/cda-client';/);
    assert.match(
      code,
      /token: process\.env\.DATOCMS_CDA_TOKEN \?\? '',\n {2}environment: "sandbox",\n {2}includeDrafts: true,\n {2}excludeInvalid: true,\n {2}variables: \{\n {4}"first": 2\n {2}\},/,
    );
    const template = /const query = (`[\s\S]*?[^\\]`);/.exec(code)![1]!;
    assert.equal(new Function(`return ${template}`)(), '\nquery Q { a(s: "`${x}` \\\\") }\n');
    assert.doesNotMatch(
      executeQueryOf({ ...request, environment: undefined, options: { drafts: false, strict: false }, variables: undefined }),
      /environment|includeDrafts|excludeInvalid|variables/,
    );
  });
});
