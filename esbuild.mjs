// Bundles the extension (and, with --tests, the real-host test suite) into CommonJS for VS Code's Node extension host.
// `vscode` stays external; everything else is inlined so the .vsix needs no node_modules.
//
// Lazy loading is a detail of this file, not of the source tree. BUNDLES follows the entries and the libraries: the
// activation entry with its rooms, the features, the libraries loaded on first use; inside the activation's rooms it
// names only the lazy edges (a module used on a user's action), and what activation does not reach of those rooms
// follows the features by itself (unreachedByActivation). dist/extension.js is what activation loads; the others load
// the first time one of their exports is used: an import that crosses into another bundle is replaced by a stand-in whose exports are
// getters that require that bundle. So every module exists in exactly one bundle (checked below), and a class is
// the same class wherever it is used. An import may cross bundles only through a room's entry (its index.ts).
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');
const analyse = process.argv.includes('--analyse');

/** bundle name → its members: rooms (folders of src/) or single modules, each reached from other bundles through its entry */
const BUNDLES = {
  // what activation needs: the client, the tree, the projects (and, through ENTRY, the context)
  extension: ['src/cma', 'src/domain', 'src/platform', 'src/projects', 'src/tree', 'src/platform/displayLocale.ts'],
  // undici's pool, loaded on the first request; the background budget, made with the first client
  http: ['src/cma/http.ts', 'src/cma/budget.ts'],
  // the record and upload queries and their pages (filters, order, their descriptions) and how moments read, loaded
  // when a Records or Media node first shows
  listing: ['src/listing', 'src/platform/dates.ts'],
  // the host seam's Node implementation (files, worker threads, hashes, random bytes, paths), loaded with the first
  // feature that needs the machine
  host: ['src/platform/host'],
  // lossless-json, for the client and the schema layer alike, loaded with the first number a double cannot hold
  numbers: ['src/numbers'],
  // zod, the document schemas and the JSON parser, loaded when a document opens
  schema: ['src/schema'],
  // vscode-json-languageservice and the DatoCMS JSON language, loaded with the first document
  language: ['src/language'],
  // micromark/mdast and Structured Text as Markdown, loaded with the first Markdown view of a Structured Text field
  markdown: ['src/structuredText'],
  // graphql-js and the GraphQL workbench (the workspace link, the schema cache, Run), loaded with the first GraphQL
  // document or command
  graphql: ['src/graphql'],
  // the features activation does not run: documents and saves, records, history, schema code, environments, export,
  // and the parts of the tree and projects rooms only commands use (queries, pickers, sign-in dialogues, the guard)
  features: [
    // the command table: activation registers the ids package.json declares, the table loads with the first command
    'src/commands.ts',
    'src/documents',
    'src/records',
    'src/history',
    'src/schemaActions',
    'src/schemaCode',
    'src/environments',
    'src/export',
    'src/navigation',
    'src/agentTools',
    'src/media',
    'src/panels',
    'src/preview',
    // lazy edges inside the activation's rooms: what a module there uses only on a user's action
    // client.publishing and client.media, made on first use, with the files they upload and what refuses them
    'src/cma/resources/publishing.ts',
    'src/cma/resources/media.ts',
    'src/cma/uploadFile.ts',
    'src/cma/uploadErrors.ts',
    'src/tree/tooltips.ts', // a node's tooltip, resolved when the pointer rests on it
    'src/tree/reveal.ts', // finding a record's node, on Reveal in Tree
    'src/platform/searchPick.ts', // the searched quick pick, with the first command that asks
    'src/platform/graphqlFiles.ts', // which open files hold GraphQL, asked when one opens
    // ...and, added by unreachedByActivation() below, every other module of the activation's rooms that its entry
    // does not reach (the commands, pickers and dialogues of the tree and projects rooms, the kinds' descriptors…)
  ],
};
/** what a bundle exports besides its rooms; the top-level files it reaches are its own, never imported elsewhere */
const ENTRY = { extension: 'src/extension.ts' };
const TOP_FILES = { extension: ['src/extension.ts', 'src/context.ts'] };

const abs = (p) => path.resolve(p);
const memberList = () => [
  ...Object.entries(BUNDLES).flatMap(([bundle, list]) => list.map((member) => ({ bundle, member: abs(member) }))),
  ...Object.entries(TOP_FILES).flatMap(([bundle, list]) => list.map((member) => ({ bundle, member: abs(member), private: true }))),
];
let members = memberList();
/** The bundle and member a source file belongs to (the longest member path that contains it). */
function ownerOf(file) {
  let best;
  for (const m of members) {
    const inside = file === m.member || file === `${m.member}.ts` || file.startsWith(`${m.member}${path.sep}`);
    if (inside && (!best || m.member.length > best.member.length)) best = m;
  }
  return best;
}
/** The module other bundles import a member through. */
const memberEntry = (member) => (member.endsWith('.ts') ? member : path.join(member, 'index.ts'));
const memberKey = (member) => `room_${path.relative(abs('src'), member).replace(/\.ts$/, '').replace(/[\\/]/g, '_')}`;

/**
 * The metafile of an ESM build of `file` that is only read, never written: packages stay outside, and so does a
 * relative import whose resolved path `outside(path, importer)` says is.
 */
async function inspect(file, outside = () => false) {
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'inspect',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => ({ path: args.path, external: true }));
          build.onResolve({ filter: /^\./ }, async (args) => {
            if (args.pluginData?.plain) return undefined;
            const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: { plain: true } });
            return outside(resolved.path, args.importer) ? { path: resolved.path, external: true } : undefined;
          });
        },
      },
    ],
  });
  return result.metafile;
}

/** The names a module exports (so `export *` and the rest are all counted), read once per module. */
const names = new Map();
async function exportNamesOf(file) {
  if (!names.has(file)) names.set(file, Object.values((await inspect(file)).outputs)[0].exports);
  return names.get(file);
}

/** The virtual entry of a bundle: its rooms, under `rooms`, for stand-ins in other bundles to reach. */
function bundleEntry(bundle) {
  const lines = BUNDLES[bundle].map((member) => `import * as ${memberKey(abs(member))} from ${JSON.stringify(memberEntry(abs(member)))};`);
  lines.push(`export const rooms = { ${BUNDLES[bundle].map((m) => memberKey(abs(m))).join(', ')} };`);
  if (ENTRY[bundle]) lines.push(`export * from ${JSON.stringify(abs(ENTRY[bundle]))};`);
  return lines.join('\n');
}

/**
 * Stand-ins for imports that cross into another bundle, and the refusal of a crossing that skips a room's entry.
 * `crossesInto(bundle)` says which other bundles get a stand-in (the rest is inlined).
 */
function crossings(bundle, names, crossesInto = (other) => other !== bundle) {
  return {
    name: 'bundle-crossings',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.namespace !== 'file' || !args.importer || args.pluginData?.plain) return undefined;
        const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: { plain: true } });
        const file = resolved.path;
        const owner = file && ownerOf(file);
        if (!owner || !crossesInto(owner.bundle)) return undefined;
        if (owner.private)
          throw new Error(`${path.relative('.', args.importer)} imports ${path.relative('.', file)}, which only its own bundle may use`);
        const entry = memberEntry(owner.member);
        if (file !== entry) {
          // A module split off its room (into another bundle) reaches its siblings through the room's entry,
          // which must export everything the sibling does.
          const missing = (await exportNamesOf(file)).filter((name) => !names.get(entry)?.includes(name));
          if (missing.length) {
            throw new Error(
              `${path.relative('.', args.importer)} imports ${path.relative('.', file)}, which belongs to ${owner.bundle}.js: import it through ${path.relative('.', entry)}${names.get(entry) ? ` (which does not export ${missing.join(', ')})` : ''}`,
            );
          }
        }
        return { path: file, namespace: 'stand-in', pluginData: owner };
      });
      build.onResolve({ filter: /^\.\/\w+\.js$/, namespace: 'stand-in' }, (args) => ({ path: args.path, external: true }));
      // what every stand-in does, once per bundle: getters that load the other bundle on first use
      build.onResolve({ filter: /^lazy-room$/, namespace: 'stand-in' }, () => ({ path: 'lazy-room', namespace: 'lazy-room' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-room' }, () => ({
        loader: 'js',
        contents: [
          'module.exports = (exports, load, names) => {',
          '  let loaded;',
          "  for (const name of names.split(' ')) Object.defineProperty(exports, name, { enumerable: true, get: () => (loaded ??= load())[name] });",
          '};',
        ].join('\n'),
      }));
      build.onLoad({ filter: /.*/, namespace: 'stand-in' }, (args) => {
        const { bundle: other, member } = args.pluginData;
        const key = memberKey(member);
        const exported = names.get(args.path) ?? [];
        return {
          loader: 'js',
          contents: `require('lazy-room')(exports, () => require('./${other}.js').rooms.${key}, ${JSON.stringify(exported.join(' '))});`,
        };
      });
    },
  };
}

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  sourcemap: !production,
  sourcesContent: false,
  minify: production,
  legalComments: 'none',
  logLevel: 'info',
  // jsonc-parser's and vscode-json-languageservice's `main` are UMD builds that require their parts at run time,
  // files a bundle does not have next to it; their ES module builds bundle properly.
  alias: {
    'jsonc-parser': 'jsonc-parser/lib/esm/main.js',
    'vscode-json-languageservice': 'vscode-json-languageservice/lib/esm/jsonLanguageService.js',
  },
  metafile: true,
};

/**
 * The modules of the activation's rooms that activation does not reach from its entry (the reach stops at other
 * bundles' members), each then a member of the features' bundle: the table names rooms and lazy edges, not the files
 * that follow from them. Rooms' entries stay (other bundles reach the room through them; what they re-export of a
 * module left out is a stand-in), and modules of types only are left out (nothing of them is bundled).
 */
async function unreachedByActivation() {
  const reach = await inspect(ENTRY.extension, (file) => ownerOf(file)?.bundle !== 'extension');
  const reached = new Set(Object.keys(reach.inputs).map(abs));
  const filesOf = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? filesOf(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  const rooms = BUNDLES.extension.map(abs).filter((member) => !member.endsWith('.ts'));
  const unreached = rooms
    .flatMap(filesOf)
    .filter(
      (file) => file.endsWith('.ts') && path.basename(file) !== 'index.ts' && !reached.has(file) && ownerOf(file)?.bundle === 'extension',
    );
  // a module leaves if its siblings that stay are reached through the room's entry; one staying may keep another
  let leaving = (await Promise.all(unreached.map(async (file) => ((await exportNamesOf(file)).length > 0 ? file : undefined)))).filter(
    Boolean,
  );
  for (let before = -1; before !== leaving.length;) {
    before = leaving.length;
    const set = new Set(leaving);
    leaving = (await Promise.all(leaving.map(async (file) => ((await keepsToEntry(file, set)) ? file : undefined)))).filter(Boolean);
  }
  return leaving.map((file) => path.relative('.', file));
}

/** Whether every sibling the module imports that does not leave with it is reached through the room's entry. */
async function keepsToEntry(file, leaving) {
  const room = ownerOf(file).member;
  const exported = await exportNamesOf(memberEntry(room));
  for (const sibling of await relativeImports(file)) {
    if (leaving.has(sibling) || ownerOf(sibling)?.member !== room || sibling === memberEntry(room)) continue;
    if ((await exportNamesOf(sibling)).some((name) => !exported.includes(name))) return false;
  }
  return true;
}

/** The modules a module imports by a relative path, resolved. */
async function relativeImports(file) {
  const inputs = (await inspect(file, (_, importer) => importer === file)).inputs;
  return inputs[path.relative('.', file)]?.imports.map((i) => i.path) ?? [];
}
BUNDLES.features.push(...(await unreachedByActivation()));
members = memberList();
if (analyse) console.log(`features' share of the activation's rooms: ${BUNDLES.features.filter((m) => m.endsWith('.ts')).join(', ')}`);

for (const list of Object.values(BUNDLES)) for (const member of list) await exportNamesOf(memberEntry(abs(member)));

const builds = Object.keys(BUNDLES).map((bundle) => ({
  ...common,
  stdin: { contents: bundleEntry(bundle), resolveDir: abs('.'), sourcefile: `${bundle}-entry.js`, loader: 'js' },
  outfile: `dist/${bundle}.js`,
  plugins: [crossings(bundle, names)],
}));
// The live-check worker runs in a thread of its own, where neither vscode nor the extension's bundles are loaded: it
// carries everything it needs (its classes never meet the extension's; messages between them are copies).
builds.push({ ...common, entryPoints: { liveCheckWorker: 'src/documents/liveCheckWorker.ts' }, outdir: 'dist' });
// The GraphQL usage scan's worker likewise (graphql-js and the scan, reading the workspace's files off the host's thread).
builds.push({ ...common, entryPoints: { graphqlUsageWorker: 'src/graphql/usages/usageWorker.ts' }, outdir: 'dist' });
// The Record Preview's webview: a browser script of its own (webviews/, no vscode) and its stylesheet.
builds.push({
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'info',
  entryPoints: { 'webview-preview': 'webviews/preview/main.ts' },
  outdir: 'dist',
});
if (tests) {
  // The extension-host suite follows the @vscode/test-electron contract: a module exporting run().
  builds.push({
    ...common,
    metafile: false,
    minify: false,
    external: ['vscode', 'mocha'],
    entryPoints: { index: 'test/host/suite/index.ts' },
    outdir: 'dist/host-suite',
  });
  // The exploratory run (test/host/explore): the same contract, in a folder of its own (its own config.json).
  builds.push({
    ...common,
    metafile: false,
    minify: false,
    external: ['vscode', 'mocha'],
    entryPoints: { index: 'test/host/explore/index.ts' },
    outdir: 'dist/host-explore',
  });
}

// Bundles of an earlier layout must not linger in dist/ (the .vsix takes every dist/*.js).
mkdirSync('dist', { recursive: true });
for (const file of readdirSync('dist', { withFileTypes: true }))
  if (file.isFile() && /\.js(\.map)?$/.test(file.name)) rmSync(path.join('dist', file.name));

if (watch) {
  const contexts = await Promise.all(builds.map((options) => esbuild.context(options)));
  await Promise.all(contexts.map((context) => context.watch()));
} else {
  const results = await Promise.all(builds.map((options) => esbuild.build(options)));
  // No module of ours, nor of a library whose instances travel between features, may be in two of the extension's
  // bundles: its classes would be two classes. (Libraries used by one feature only, such as jsonc-parser inside the
  // JSON language service and the schema layer, may be.)
  const seen = new Map();
  const shared = /^(src\/|node_modules\/(lossless-json|undici|zod)\/)/;
  for (const [index, result] of results.slice(0, Object.keys(BUNDLES).length).entries()) {
    const bundle = Object.keys(BUNDLES)[index];
    for (const input of Object.keys(result.metafile.inputs)) {
      if (!shared.test(input)) continue;
      if (seen.has(input)) throw new Error(`${input} is in both ${seen.get(input)}.js and ${bundle}.js`);
      seen.set(input, bundle);
    }
  }
  // `--analyse`: what takes the room in the activation bundle, largest first.
  if (analyse) console.log(await esbuild.analyzeMetafile(results[0].metafile, { verbose: false }));
}
