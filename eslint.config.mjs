// Lint rules for the extension, its tests and benches (`npm run lint`, run by `npm test`).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      // `import * as vscode` makes esbuild copy the whole API object into every module that uses it.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value="vscode"][importKind!="type"] > ImportNamespaceSpecifier',
          message: "Import the VS Code API as `import vscode = require('vscode')`.",
        },
      ],
    },
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
