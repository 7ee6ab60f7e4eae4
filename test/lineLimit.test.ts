// The house rule "no source or test file over 400 lines", kept by a test: every .ts and .mjs file git knows
// under src/, test/ and bench/ (committed, or new and not ignored) is counted, none skipped, and the ones over
// the limit are listed with their length so whoever runs the tests sees what to split.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..');
const MAX_LINES = 400;

/** Lines as an editor numbers them: a final newline does not start another line. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', 'src', 'test', 'bench'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  // A file deleted but not yet committed is still listed; it has no lines left to count.
  return [...new Set(listed.split('\0'))].filter((path) => /\.(ts|mjs)$/.test(path) && existsSync(join(ROOT, path))).sort();
}

test(`no .ts or .mjs file under src/, test/ or bench/ is over ${MAX_LINES} lines`, () => {
  const files = sourceFiles();
  assert.ok(files.includes('test/lineLimit.test.ts'), 'git lists the sources (this test among them)');
  assert.ok(
    files.some((path) => path.startsWith('src/')),
    'git lists the extension sources',
  );
  const over = files
    .map((path) => ({ path, lines: lineCount(readFileSync(join(ROOT, path), 'utf8')) }))
    .filter((file) => file.lines > MAX_LINES)
    .sort((a, b) => b.lines - a.lines);
  assert.equal(
    over.length,
    0,
    `${over.length} file(s) over ${MAX_LINES} lines; split each by concern into files that say what they hold:\n` +
      over.map((file) => `  ${file.lines} ${file.path}`).join('\n'),
  );
});

test('lines are counted as an editor numbers them', () => {
  assert.equal(lineCount(''), 0);
  assert.equal(lineCount('one'), 1);
  assert.equal(lineCount('one\n'), 1);
  assert.equal(lineCount('one\ntwo'), 2);
  assert.equal(lineCount('one\n\n'), 2);
});
