// Builds and packages the extension exactly as `npm run package` does, and checks what the .vsix holds.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './processes.mjs';

export const VSIX = join(ROOT, 'dist/datocms-explorer.vsix');

export function buildAndPackage({ withSuite = false } = {}) {
  execFileSync('npm', ['run', '--silent', 'package'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  // the suite is bundled after packaging so it can never end up inside the .vsix
  if (withSuite) execFileSync(process.execPath, ['esbuild.mjs', '--production', '--tests'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return VSIX;
}

export function vsixEntries(vsix = VSIX) {
  const listing = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' });
  return listing.split('\n').filter(Boolean);
}

/** What a published .vsix must hold, and must not. Returns the problems found (empty = fine). */
export function checkVsixContents(entries) {
  const problems = [];
  for (const required of ['extension/package.json', 'extension/dist/extension.js', 'extension/dist/schema.js', 'extension/dist/http.js', 'extension/dist/language.js', 'extension/dist/documents.js', 'extension/dist/liveCheckWorker.js', 'extension/media/icon.png', 'extension/media/datocms-json.tmLanguage.json', 'extension/media/language-configuration.json', 'extension/readme.md', 'extension/changelog.md', 'extension/LICENSE.txt']) {
    if (!entries.some((entry) => entry.toLowerCase() === required.toLowerCase())) problems.push(`missing ${required}`);
  }
  for (const entry of entries) {
    if (/(^|\/)node_modules\//.test(entry)) problems.push(`contains ${entry}`);
    if (/^extension\/(src|test|bench)\//.test(entry) || /\.ts$/.test(entry)) problems.push(`contains source ${entry}`);
  }
  return problems;
}

/** Unpacks the .vsix's extension/ folder, so tests load exactly the packaged files. */
export function unpackVsix(vsix = VSIX) {
  const dir = mkdtempSync(join(tmpdir(), 'datocms-vsix-'));
  execFileSync('unzip', ['-q', vsix, 'extension/*', '-d', dir]);
  return join(dir, 'extension');
}
