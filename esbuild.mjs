// Bundles the extension (and, with --tests, the real-host test suite) into CommonJS for VS Code's
// Node extension host. `vscode` stays external; everything else is inlined so the .vsix needs no node_modules.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');

// Parts of undici the client never reaches, left out of the bundle (about 120 KB):
// - the SIMD build of the HTTP parser: undici tries it first and falls back to the plain build when it fails to load;
// - the fetch body encoder, needed only for FormData request bodies (ours are JSON strings).
const unusedUndiciParts = {
  name: 'unused-undici-parts',
  setup(build) {
    build.onResolve({ filter: /llhttp_simd-wasm\.js$|web[\\/]fetch[\\/]body\.js$/ }, (args) =>
      args.importer.includes(`${'node_modules'}`) && args.importer.includes('undici') ? { path: args.path, namespace: 'unused-undici-part' } : undefined);
    build.onLoad({ filter: /.*/, namespace: 'unused-undici-part' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not bundled with DatoCMS Explorer`)});`,
      loader: 'js',
    }));
  },
};
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');

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
  logLevel: 'info',
};

const builds = [{ ...common, entryPoints: { extension: 'src/extension.ts' }, outdir: 'dist' }];
if (tests) {
  // The extension-host suite follows the @vscode/test-electron contract: a module exporting run().
  builds.push({ ...common, minify: false, external: ['vscode', 'mocha'], entryPoints: { index: 'test/host/suite/index.ts' }, outdir: 'dist/host-suite' });
}

if (watch) {
  const contexts = await Promise.all(builds.map((options) => esbuild.context(options)));
  await Promise.all(contexts.map((context) => context.watch()));
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
