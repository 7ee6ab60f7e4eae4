// Runs every test/**/*.test.ts with Node's own test runner (TypeScript through tsx).
// Node 20's --test does not expand globs, so the files are listed here.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const skip = new Set(['node_modules', 'host', 'fixtures']);
function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return skip.has(name) ? [] : find(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const only = process.argv.slice(2);
const files = (only.length ? only : find('test')).sort();
const seed = ['--require', './test/support/propertySeed.cjs'];
const result = spawnSync(process.execPath, ['--import', 'tsx', ...seed, '--test', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
