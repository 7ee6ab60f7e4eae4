// Bundles the extension (and, with --tests, the real-host test suite) into CommonJS for VS Code's
// Node extension host. `vscode` stays external; everything else is inlined so the .vsix needs no node_modules.
import * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const production = process.argv.includes('--production');

// Parts of undici the client never reaches, left out of the bundle (about 120 KB):
// - the SIMD build of the HTTP parser: undici tries it first and falls back to the plain build when it fails to load;
// - the fetch body encoder, needed only for FormData request bodies (ours are JSON strings).
const unusedUndiciParts = {
  name: 'unused-undici-parts',
  setup(build) {
    build.onResolve({ filter: /llhttp_simd-wasm\.js$|web[\\/]fetch[\\/]body\.js$/ }, (args) =>
      args.importer.includes(`${'node_modules'}`) && args.importer.includes('undici')
        ? { path: args.path, namespace: 'unused-undici-part' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'unused-undici-part' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not bundled with DatoCMS Explorer`)});`,
      loader: 'js',
    }));
  },
};
// The schema layer (zod, the document schemas and the JSON parser: about 150 KB minified) is needed only
// once a `datocms:` document opens. It is bundled on its own as dist/schema.js; in dist/extension.js
// `src/schema` is a stand-in whose exports require that file on first use, so activation never loads it.
const SCHEMA_DIR = path.resolve('src/schema');
const schemaExportNames = async () => {
  const index = await readFile(path.join(SCHEMA_DIR, 'index.ts'), 'utf8');
  // The stand-in can only forward names listed in `export { … } from` lines: refuse anything else.
  const unlisted = /^export\s+(\*|default|function|const|let|var|class|async)\b/m.exec(index);
  if (unlisted)
    throw new Error(
      `esbuild.mjs: src/schema/index.ts must re-export with "export { … } from" only (found "${unlisted[0]}"), or dist/extension.js would miss that export`,
    );
  return [...index.matchAll(/^export\s*\{([^}]*)\}/gm)].flatMap((m) =>
    m[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
};
const lazySchema = {
  name: 'lazy-schema',
  setup(build) {
    build.onResolve({ filter: /(^|\/)schema$/ }, (args) =>
      args.namespace === 'file' && path.resolve(args.resolveDir, args.path) === SCHEMA_DIR
        ? { path: SCHEMA_DIR, namespace: 'lazy-schema' }
        : undefined,
    );
    build.onResolve({ filter: /^\.\/schema\.js$/, namespace: 'lazy-schema' }, () => ({ path: './schema.js', external: true }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-schema' }, async () => ({
      contents: `let schema;\nconst load = () => (schema ??= require('./schema.js'));\n${(await schemaExportNames())
        .map(
          (name) =>
            `Object.defineProperty(exports, ${JSON.stringify(name)}, { enumerable: true, get: () => load()[${JSON.stringify(name)}] });`,
        )
        .join('\n')}\n`,
      loader: 'js',
      watchFiles: [path.join(SCHEMA_DIR, 'index.ts')],
    }));
  },
};
// The HTTP client (undici's pool, about 180 KB minified) is bundled on its own as dist/http.js and required
// by src/cma/undici.ts on the first request.
const lazyHttp = {
  name: 'lazy-http',
  setup(build) {
    build.onResolve({ filter: /^\.\/undiciPool$/ }, (args) =>
      path.resolve(args.resolveDir) === path.resolve('src/cma') ? { path: './http.js', external: true } : undefined,
    );
  },
};

// The `datocms-json` language providers (vscode-json-languageservice and its parts, about 150 KB minified) are bundled on their
// own as dist/language.js and required by src/language/index.ts when the first document opens.
const lazyLanguage = {
  name: 'lazy-language',
  setup(build) {
    build.onResolve({ filter: /^\.\/features$/ }, (args) =>
      path.resolve(args.resolveDir) === path.resolve('src/language') ? { path: './language.js', external: true } : undefined,
    );
  },
};

// Features loaded on first use. Each row: the directory that imports it, the request it imports it by,
// the bundle it becomes (dist/<bundle>.js) and that bundle's entry. In the activation bundle the request is
// left as `require('./<bundle>.js')`, so a feature's code loads only when one of its commands first runs.
//   documents: saves, baselines, diagnostics (required by src/documents/shell.ts when a document is touched)
//   export:    exporting records (paging, file writing), required when an export starts
//   types:     Generate Types (the TypeScript generator), required when the command first runs or a schema save needs it
//   lossless:  lossless-json's parser and serialiser, for bodies holding numbers a double cannot keep
//   history:   the Record History view's versions, diffs and restore (src/records/history.ts)
//   environments: the Environments node's children and the environment / maintenance mode commands
//   publishing: publish / unpublish / schedule / bulk actions on records, required when one first runs
const LAZY_BUNDLES = [
  { from: 'src/documents', request: './feature', bundle: 'documents', entry: 'src/documents/feature.ts' },
  { from: 'src/commands', request: './exportCommand', bundle: 'export', entry: 'src/commands/exportCommand.ts' },
  { from: 'src/commands', request: './typesCommand', bundle: 'types', entry: 'src/commands/typesCommand.ts' },
  { from: 'src/records', request: './lifecycle', bundle: 'lifecycle', entry: 'src/records/lifecycle.ts' },
  { from: 'src/cma/resources', request: './lifecycle', bundle: 'cmaLifecycle', entry: 'src/cma/resources/lifecycle.ts' },
  { from: 'src/cma', request: './losslessCodec', bundle: 'lossless', entry: 'src/cma/losslessCodec.ts' },
  { from: 'src/records', request: './historyFeature', bundle: 'history', entry: 'src/records/historyFeature.ts' },
  { from: 'src/schemaCode', request: './feature', bundle: 'schemaCode', entry: 'src/schemaCode/feature.ts' },
  { from: 'src/environments', request: './feature', bundle: 'environments', entry: 'src/environments/feature.ts' },
  { from: 'src/records', request: './publishing', bundle: 'publishing', entry: 'src/records/publishing.ts' },
];
const lazyBundles = {
  name: 'lazy-bundles',
  setup(build) {
    for (const { from, request, bundle } of LAZY_BUNDLES) {
      const filter = new RegExp(`^${request.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
      build.onResolve({ filter }, (args) =>
        path.resolve(args.resolveDir) === path.resolve(from) ? { path: `./${bundle}.js`, external: true } : undefined,
      );
    }
  },
};

const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');
const analyse = process.argv.includes('--analyse');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  sourcemap: true,
  sourcesContent: false,
  minify: production,
  legalComments: 'none',
  plugins: [unusedUndiciParts],
  // jsonc-parser's `main` is a UMD build whose factory requires './impl/…' at run time, files a bundle
  // does not have next to it; its ES module build is bundled properly.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  logLevel: 'info',
};

const builds = [
  // The live-check worker (dist/liveCheckWorker.js) runs in its own thread, started when a document is first
  // checked; like the extension it requires dist/schema.js rather than bundling the schema layer again.
  {
    ...common,
    plugins: [...common.plugins, lazySchema, lazyHttp, lazyLanguage, lazyBundles],
    entryPoints: { extension: 'src/extension.ts', liveCheckWorker: 'src/documents/liveCheckWorker.ts' },
    outdir: 'dist',
  },
  {
    ...common,
    plugins: [...common.plugins, lazySchema, lazyHttp, lazyLanguage],
    entryPoints: Object.fromEntries(LAZY_BUNDLES.map((row) => [row.bundle, row.entry])),
    outdir: 'dist',
  },
  { ...common, entryPoints: { schema: 'src/schema/index.ts', http: 'src/cma/undiciPool.ts' }, outdir: 'dist' },
  // Its package's `main` is a UMD build that requires its parts at run time; the ES module build bundles properly.
  {
    ...common,
    plugins: [...common.plugins, lazySchema],
    alias: { ...common.alias, 'vscode-json-languageservice': 'vscode-json-languageservice/lib/esm/jsonLanguageService.js' },
    entryPoints: { language: 'src/language/features.ts' },
    outdir: 'dist',
  },
];
if (tests) {
  // The extension-host suite follows the @vscode/test-electron contract: a module exporting run().
  builds.push({
    ...common,
    minify: false,
    external: ['vscode', 'mocha'],
    entryPoints: { index: 'test/host/suite/index.ts' },
    outdir: 'dist/host-suite',
  });
}

if (watch) {
  const contexts = await Promise.all(builds.map((options) => esbuild.context(options)));
  await Promise.all(contexts.map((context) => context.watch()));
} else {
  const results = await Promise.all(builds.map((options) => esbuild.build({ ...options, metafile: analyse })));
  // `--analyse`: what takes the room in the activation bundle, largest first.
  if (analyse) console.log(await esbuild.analyzeMetafile(results[0].metafile, { verbose: false }));
}
