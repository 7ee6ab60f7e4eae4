// Where a repository's GraphQL tooling reads the schema from, and the script that turns it into types: gql.tada's
// TypeScript plugin (tsconfig.json `compilerOptions.plugins[].schema`), graphql-config (`graphql.config.*`,
// `.graphqlrc*`), graphql-codegen (`codegen.*`); package.json scripts that run `gql.tada generate output` /
// `turbo`, or `graphql-codegen`. Only local .graphql/.gql files inside the folder count (a URL is fetched by the
// tool itself). Configuration written in code or YAML is read by pattern, never run. No vscode import.
import { parse as parseJsonc } from 'jsonc-parser';
import { files, paths } from '../platform/host';

export interface SchemaFileGuess {
  /** absolute path of the schema file */
  path: string;
  /** the configuration file that names it, relative to the folder */
  from: string;
}

export interface GeneratorScript {
  name: string;
  command: string;
  /** the command that runs it: `npm run x`, `pnpm run x`, `yarn run x`, `bun run x` */
  runner: string;
}

const GRAPHQL_CONFIGS = [
  'graphql.config.json',
  'graphql.config.yml',
  'graphql.config.yaml',
  'graphql.config.ts',
  'graphql.config.js',
  'graphql.config.cjs',
  'graphql.config.mjs',
  '.graphqlrc',
  '.graphqlrc.json',
  '.graphqlrc.yml',
  '.graphqlrc.yaml',
  '.graphqlrc.ts',
  '.graphqlrc.js',
];
const CODEGEN_CONFIGS = ['codegen.ts', 'codegen.js', 'codegen.yml', 'codegen.yaml', 'codegen.json', 'codegen.cjs', 'codegen.mjs'];
const TADA_PLUGINS = new Set(['gql.tada/ts-plugin', '@0no-co/graphqlsp']);
/** `schema: './schema.graphql'` or `schema: ['./schema.graphql']` in YAML or code */
const SCHEMA_ENTRY = /\bschema['"]?\s*:\s*\[?\s*['"]?([^'"\s,\]]+\.(?:graphql|gql))\b/g;
const GENERATOR =
  /\bgql\.tada\s+(generate[\s-]+output|generate\s+turbo|turbo)\b|\bgql\.tada\s+generate\s*(&&|$)|\bgraphql-codegen\b|\bgql-gen\b/;

/** The schema files the folder's tooling names, the first most likely; empty when none is found. */
export async function findSchemaFiles(folder: string): Promise<SchemaFileGuess[]> {
  const found: SchemaFileGuess[] = [];
  const add = (file: string, from: string, base: string) => {
    if (/^[a-z][a-z+.-]*:\/\//i.test(file)) return;
    const path = paths.resolve(base, file);
    const inside = paths.relative(folder, path);
    if (inside.startsWith('..') || paths.isAbsolute(inside) || !/\.(graphql|gql)$/i.test(path)) return;
    if (!found.some((f) => f.path === path)) found.push({ path, from });
  };
  const tsconfig = await text(paths.join(folder, 'tsconfig.json'));
  if (tsconfig !== undefined) {
    const parsed = parseJsonc(tsconfig, [], { allowTrailingComma: true }) as { compilerOptions?: { plugins?: unknown } } | undefined;
    const plugins = Array.isArray(parsed?.compilerOptions?.plugins) ? (parsed.compilerOptions.plugins as Record<string, unknown>[]) : [];
    for (const plugin of plugins) {
      if (!plugin || typeof plugin !== 'object' || !TADA_PLUGINS.has(String(plugin['name']))) continue;
      const schemas = [
        plugin['schema'],
        ...(Array.isArray(plugin['schemas']) ? plugin['schemas'].map((s: { schema?: unknown }) => s?.schema) : []),
      ];
      for (const schema of schemas) if (typeof schema === 'string') add(schema, 'tsconfig.json', folder);
    }
  }
  for (const name of [...GRAPHQL_CONFIGS, ...CODEGEN_CONFIGS]) {
    const content = await text(paths.join(folder, name));
    if (content === undefined) continue;
    if (name.endsWith('.json') || name === '.graphqlrc') {
      const parsed = parseJsonc(content, [], { allowTrailingComma: true }) as unknown;
      if (parsed && typeof parsed === 'object') {
        for (const schema of schemaValues((parsed as Record<string, unknown>)['schema'])) add(schema, name, folder);
        continue;
      }
    }
    for (const match of content.matchAll(SCHEMA_ENTRY)) add(match[1]!, name, folder);
  }
  return found;
}

/** graphql-config's `schema`: a path, a list of them, or an object keyed by them. */
function schemaValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(schemaValues);
  if (value && typeof value === 'object') return Object.keys(value);
  return [];
}

/** The package.json scripts that generate types from the schema file, with the package manager the lockfile names. */
export async function findGeneratorScripts(folder: string): Promise<GeneratorScript[]> {
  const manifest = await text(paths.join(folder, 'package.json'));
  if (manifest === undefined) return [];
  let scripts: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(manifest) as { scripts?: unknown };
    if (parsed.scripts && typeof parsed.scripts === 'object') scripts = parsed.scripts as Record<string, unknown>;
  } catch {
    return [];
  }
  const manager = await packageManager(folder);
  return Object.entries(scripts)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && GENERATOR.test(entry[1]))
    .map(([name, command]) => ({ name, command, runner: `${manager} run ${name}` }));
}

async function packageManager(folder: string): Promise<string> {
  for (const [lockfile, manager] of [
    ['pnpm-lock.yaml', 'pnpm'],
    ['yarn.lock', 'yarn'],
    ['bun.lockb', 'bun'],
    ['bun.lock', 'bun'],
  ] as const)
    if (await isFile(paths.join(folder, lockfile))) return manager;
  return 'npm';
}

async function text(path: string): Promise<string | undefined> {
  try {
    return await files.readText(path);
  } catch {
    return undefined;
  }
}

export async function isFile(path: string): Promise<boolean> {
  try {
    return (await files.stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The path relative to the folder, for messages. */
export function shortPath(folder: string, path: string): string {
  const inside = paths.relative(folder, path);
  return inside && !inside.startsWith('..') ? inside : path;
}
