// The API client and the schema layer run without VS Code (plain Node tests, the emulator, the bench): neither
// imports `vscode`, in any form.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..');
const VSCODE_IMPORT = /(?:from\s+|require\(\s*|import\(\s*)['"]vscode['"]/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });
}

test('src/cma, src/schema, src/numbers and src/domain never import vscode', () => {
  const files = ['src/cma', 'src/schema', 'src/numbers', 'src/domain'].flatMap((dir) => sources(join(ROOT, dir)));
  assert.ok(files.length > 20, 'the layers have their sources');
  const offenders = files.filter((file) => VSCODE_IMPORT.test(readFileSync(file, 'utf8'))).map((file) => file.slice(ROOT.length + 1));
  assert.deepEqual(offenders, []);
});

test('the pattern catches each form of the import', () => {
  for (const line of [
    "import * as vscode from 'vscode';",
    "import vscode = require('vscode');",
    "import type { Uri } from 'vscode';",
    'const v = await import("vscode");',
  ]) {
    assert.match(line, VSCODE_IMPORT);
  }
  assert.doesNotMatch("import { z } from 'zod'; // vscode", VSCODE_IMPORT);
});
