// Type-checks generated types and programs that use them with the installed `tsc --strict --noEmit`, the official
// client resolvable as in a website's project. One run for many folders: tsc's start-up dominates the time.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** What the type checks of generated code compile with: strict, no output, modules resolved as Node does. */
const STRICT_OPTIONS = {
  strict: true,
  noEmit: true,
  target: 'ES2022',
  module: 'commonjs',
  moduleResolution: 'node',
  skipLibCheck: true,
  baseUrl: '.',
} as const;

export const NODE_MODULES = join(process.cwd(), 'node_modules');

/** Writes `dir`/tsconfig.json (the strict options and `options`, for `files`) and runs the installed tsc on it. */
export async function runTsc(
  dir: string,
  options: Record<string, unknown>,
  files: string[],
  args: string[] = [],
): Promise<SpawnSyncReturns<string>> {
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...STRICT_OPTIONS, ...options }, files }));
  return spawnSync(process.execPath, [join(NODE_MODULES, 'typescript/bin/tsc'), '-p', 'tsconfig.json', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
}

/**
 * The diagnostics of a program made of `files` (relative path → text, e.g. `seeded/datocms-types.ts`), each as
 * "path(line,col): error TSnnnn: message". Expected errors are written as `// @ts-expect-error` in the files: one
 * that does not happen is itself a diagnostic.
 */
export async function typeCheck(files: Record<string, string>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'datocms-types-check-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    const result = await runTsc(
      dir,
      {
        types: [],
        paths: {
          '@datocms/cma-client': [join(NODE_MODULES, '@datocms/cma-client')],
          '@datocms/cma-client-node': [join(NODE_MODULES, '@datocms/cma-client-node')],
        },
      },
      Object.keys(files).filter((name) => name.endsWith('.ts')),
      ['--pretty', 'false'],
    );
    if (result.error) throw result.error;
    const lines = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim() !== '');
    // a message continues on indented lines
    return lines.reduce<string[]>(
      (all, line) => (/^\s/.test(line) && all.length > 0 ? [...all.slice(0, -1), `${all.at(-1)}\n${line}`] : [...all, line]),
      [],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The diagnostics of the files under `folder/`. */
export const under = (diagnostics: readonly string[], folder: string) => diagnostics.filter((d) => d.startsWith(`${folder}/`));
