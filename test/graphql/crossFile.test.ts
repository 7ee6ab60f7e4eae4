// GraphQL across files, on a site written as the DatoCMS starters write it (./starterFixture.ts): Run sends the
// fragments an operation spreads from other files, the checks say nothing false about them, a delete counts every
// query and fragment that would fail through them, and the scan skips (and names) what it must not read.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildClientSchema, getIntrospectionQuery, printSchema, type FragmentDefinitionNode, type GraphQLSchema } from 'graphql';
import { closeAllDispatchers } from '../../src/cma';
import { CdaTokens } from '../../src/graphql/cdaTokens';
import { analyse } from '../../src/graphql/language/analysis';
import { costProblemsOf } from '../../src/graphql/language/insights';
import { problemsOf } from '../../src/graphql/language/queryService';
import { graphqlOf, SentQuery, type Fragment } from '../../src/graphql/operations';
import { runOperation } from '../../src/graphql/run';
import { fragmentNode } from '../../src/graphql/usages/breakage';
import { readQueryOf, schemaEditsOf, type CodeChange } from '../../src/graphql/usages/changes';
import { UsageScanner, type ScanFile } from '../../src/graphql/usages/scanner';
import { formatMessage as t } from '../../src/platform/translate';
import { startEmulator, type Emulator } from '../emulator/index';
import { gql } from '../emulator/cda/cda-http';
import { ScriptedUi } from '../platform/scriptedUi';
import { STARTER, writeStarter } from './starterFixture';

let emu: Emulator;
let schema: GraphQLSchema;
let dir: string;
let files: ScanFile[];
const scanner = new UsageScanner();
const pascals = ['Article', 'Author', 'Category', 'CtaBlock', 'Dish', 'Event', 'HomePage', 'ImageBlock', 'Page', 'QuoteBlock'];

before(async () => {
  emu = await startEmulator({ records: 10, jobDurationMs: 1 });
  schema = buildClientSchema((await gql(emu, getIntrospectionQuery(), { headers: { 'X-Exclude-Invalid': 'true' } })).data);
  scanner.setSchema('k', printSchema(schema));
  dir = await mkdtemp(join(tmpdir(), 'starter-'));
  files = await writeStarter(join(dir, 'site'));
});
after(async () => {
  await closeAllDispatchers();
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

const kindOf = (name: string) => files.find((f) => f.path.endsWith(name))!.kind;
const change = (c: { kind: 'model' | 'field'; modelApiKey: string; fieldApiKey?: string }) =>
  ({ project: 'p', environment: 'main', ...c }) as CodeChange;

describe('GraphQL across files, on a site written as the starters write it', () => {
  test('Run sends the fragments each operation spreads from other files: every operation of the site runs, none "Unknown fragment"', async () => {
    const folder = await scanner.fragments(files);
    const index = new Map<string, Fragment>(
      folder.fragments.map((f) => [f.name, { name: f.name, start: f.start, text: f.text, uri: f.path }]),
    );
    const tokens = new CdaTokens({
      ui: new ScriptedUi(),
      t,
      secrets: { get: async () => undefined, store: async () => undefined, delete: async () => undefined },
      signedInToken: async () => emu.token,
      projectName: () => 'Emulated Bistro',
    });
    let operations = 0;
    let fromOtherFiles = 0;
    let alone = 0;
    const failures: string[] = [];
    for (const [name, text] of Object.entries(STARTER)) {
      const graphql = graphqlOf(text, kindOf(name));
      for (const operation of graphql.operations) {
        operations++;
        const own = new SentQuery(operation, graphql.fragments);
        fromOtherFiles += own.missingFragments.length;
        if (own.missingFragments.length) alone++;
        const sent = new SentQuery(operation, new Map([...index, ...graphql.fragments]));
        assert.deepEqual(sent.missingFragments, [], `${operation.name}: every fragment found`);
        const { errors } = await runOperation(tokens, {
          endpoint: `${emu.url}/cda/`,
          target: { project: 'bistro', environment: 'main' },
          options: { drafts: false, strict: true },
          sent,
          ...(operation.name ? { operationName: operation.name } : {}),
          variables: operation.name === 'ArticlePage' ? { slug: 'anything' } : {},
        });
        failures.push(...errors.map((e) => `${operation.name}: ${e.message}`));
      }
    }
    // the one the site's executeQuery pages: sent as written, the API refuses its page (as it does the official client's)
    assert.deepEqual(failures, ['Sitemap: "first" argument cannot be greater than 500 (got 1000)']);
    assert.equal(operations, 6);
    assert.ok(fromOtherFiles >= 6, `fragments resolved from other files: ${fromOtherFiles}`);
    console.log(
      `[measure] ${operations} operations of the starter fixture; ${alone} would fail alone (Unknown fragment); ${fromOtherFiles} spreads resolved from other files`,
    );
  });

  test('no false problem on the site: variables used in other files’ fragments, first over 500 under auto-pagination', async () => {
    const folder = await scanner.fragments(files);
    const nodes = new Map(folder.fragments.map((f) => [f.name, fragmentNode(f)!] as [string, FragmentDefinitionNode]));
    assert.equal(folder.autoPagination, true, 'executeQuery wraps rawExecuteQueryWithAutoPagination');
    const problems = Object.entries(STARTER).flatMap(([name, text]) => {
      const analysis = analyse(text, kindOf(name));
      return [
        ...problemsOf(schema, analysis, nodes),
        ...costProblemsOf(schema, analysis, t, { folderPaginates: folder.autoPagination }),
      ].map((p) => `${name}: ${p.message}`);
    });
    assert.deepEqual(problems, []);
  });

  test('deleting a field counts every query and fragment that would fail, following fragments across files', async () => {
    const broken = async (changes: CodeChange[]) => {
      const { units } = await scanner.broken('k', files, readQueryOf(changes, pascals), schemaEditsOf(changes), pascals);
      return units.map((u) => `${u.path.slice(dir.length + 6)} ${u.unit}`).sort();
    };
    // read by ArticleCardFragment only: its three operations, in three other files, fail with it
    assert.deepEqual(await broken([change({ kind: 'field', modelApiKey: 'article', fieldApiKey: 'reading_time' })]), [
      'src/app/page.tsx query HomePage',
      'src/components/ArticleCard/index.tsx fragment ArticleCardFragment on ArticleRecord',
      'src/pages/authors.astro query AuthorsPage',
    ]);
    // the structured text field goes with its type: the fragment on ArticleModelBodyField, and the queries reading body
    assert.deepEqual(await broken([change({ kind: 'field', modelApiKey: 'article', fieldApiKey: 'body' })]), [
      'src/app/articles/[slug]/page.tsx query ArticlePage',
      'src/components/ArticleBody/fragment.ts fragment ArticleBodyFragment on ArticleModelBodyField',
      'src/components/LatestQuote.vue query LatestQuote',
    ]);
    // a block model: its fragment, the fragment spreading it, and every query spreading either (two files away)
    const imageBlock = await broken([change({ kind: 'model', modelApiKey: 'image_block' })]);
    assert.deepEqual(imageBlock, [
      'src/app/articles/[slug]/page.tsx query ArticlePage',
      'src/components/ArticleBody/fragment.ts fragment ArticleBodyFragment on ArticleModelBodyField',
      'src/components/blocks/ImageBlock/index.tsx fragment ImageBlockFragment on ImageBlockRecord',
    ]);
    const caption = await broken([change({ kind: 'field', modelApiKey: 'image_block', fieldApiKey: 'caption' })]);
    console.log(`[measure] deleting image_block.caption breaks ${caption.length} units: ${caption.join('; ')}`);
    assert.equal(caption.length, 3);
  });

  test('the scan skips files over 2 MB and links out of the folder, and says so; nothing outside is read', async () => {
    const site = join(dir, 'site');
    await writeFile(join(site, 'src/bundle.js'), `const q = graphql(\`{ allAuthors { name } }\`);\n${'x'.repeat(3 * 1024 * 1024)}`);
    await mkdir(join(dir, 'outside'), { recursive: true });
    await writeFile(join(dir, 'outside/secret.ts'), 'const q = graphql(`{ allAuthors { name } }`);');
    await symlink(join(dir, 'outside'), join(site, 'src/linked'));
    const more: ScanFile[] = [
      ...files,
      { path: join(site, 'src/bundle.js'), kind: 'script', root: site },
      { path: join(site, 'src/linked/secret.ts'), kind: 'script', root: site },
    ];
    const found = await scanner.find('k', more, readQueryOf([change({ kind: 'model', modelApiKey: 'author' })], pascals));
    assert.deepEqual(
      found.skipped.map((s) => [s.path.slice(site.length + 1), s.why]),
      [
        ['src/bundle.js', 'large'],
        ['src/linked/secret.ts', 'outside'],
      ],
    );
    assert.ok(!found.files.some((f) => f.path.includes('linked') || f.path.includes('bundle')));
    assert.deepEqual(
      found.files.map((f) => f.path.slice(site.length + 1)),
      ['src/components/ArticleCard/index.tsx', 'src/pages/authors.astro'],
    );
  });
});
