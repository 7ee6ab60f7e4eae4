// Lint rules for the extension, its tests and benches (`npm run lint`, run by `npm test`).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What every source file avoids (a rule's options are replaced, not merged, where a later block sets them again). */
const SOURCE_RULES = [
  {
    // `import * as vscode` makes esbuild copy the whole API object into every module that uses it.
    selector: 'ImportDeclaration[source.value="vscode"][importKind!="type"] > ImportNamespaceSpecifier',
    message: "Import the VS Code API as `import vscode = require('vscode')`.",
  },
  {
    // The context's features are getters and methods on its prototype: a spread copy silently drops them.
    selector: 'ObjectExpression > SpreadElement[argument.type="Identifier"][argument.name=/^(deps|ctx|context|host)$/]',
    message: 'Pass the context (deps) whole: spreading it drops its getters and methods.',
  },
];

/**
 * Messages, dialogs, quick picks, input boxes, progress and status bar messages go through the Ui seam, so plain-Node
 * tests read them from a scripted Ui. showTextDocument opens an editor, not a message: it stays.
 */
const WINDOW_MESSAGES = {
  selector:
    'MemberExpression[object.object.name="vscode"][object.property.name="window"]' +
    '[property.name=/^(show(?!TextDocument$)\\w+|withProgress|setStatusBarMessage|createQuickPick|createInputBox)$/]',
  message:
    'Show messages, dialogs, picks, input boxes, progress and status bar messages through the Ui (src/platform/ui.ts, deps.ui): ' +
    'a scripted Ui then reads them in plain-Node tests.',
};

/**
 * Node's modules and undici only through the host seam (src/platform/host/: interfaces, and the Node implementation in
 * its node/ folder), so that a web build for vscode.dev is another implementation, not a rewrite. The CMA transport
 * (below the platform in the floors) keeps its own.
 */
const HOST_ONLY = {
  paths: builtinModules.map((name) => ({ name, message: 'Use the host seam (src/platform/host/) for what needs Node.' })),
  patterns: [
    {
      group: ['node:*', 'undici', 'undici/*'],
      message: 'Node and undici live behind the host seam: import files, workers, hashing, random or paths from src/platform/host/.',
    },
  ],
};
const HOST_IMPLEMENTATIONS = ['src/platform/host/node/**/*.ts', 'src/cma/http.ts', 'src/cma/storagePut.ts', 'src/cma/uploadFile.ts'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.cache/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Control characters are matched on purpose (path segments, wire data).
      'no-control-regex': 'off',
      // prettier wraps code at 140; what it cannot wrap (a long message or pattern) may run longer, nothing else
      'max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...SOURCE_RULES, WINDOW_MESSAGES],
      '@typescript-eslint/no-restricted-imports': ['error', HOST_ONLY],
    },
  },
  {
    // the host's Node implementation, and the CMA transport (undici, its uploads' files), which the seam cannot serve
    files: HOST_IMPLEMENTATIONS,
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // The extension's sources are also linted with their types (tsconfig.json): a promise nobody awaits, a promise
    // where a callback's result is ignored, an await of what is not a promise.
    files: ['src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // a caught error (unknown) passed on as the rejection is the error itself
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // `any` enters only from VS Code's and JSON's any-typed APIs (command arguments, JSON.parse) and is checked where
      // it is read: casts at each use would add noise, not safety
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // String() of JSON values typed unknown (scalars, exact numbers) is deliberate; objects are JSON.stringify'd first
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // A function longer than a screen is split; the few that are not say why where they start.
    files: ['src/**/*.ts', 'webviews/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // the Ui's real implementation is where those calls live
    files: ['src/platform/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SOURCE_RULES] },
  },
  {
    // webview scripts run in the webview's browser page
    files: ['webviews/**/*.ts'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The suite loads its test files in a fixed order; bench probes are plain CommonJS.
    files: ['test/host/suite/index.ts', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests poke at loosely typed wire data and drive a browser page.
    files: ['test/**', 'bench/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
