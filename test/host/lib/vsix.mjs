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
  if (withSuite)
    execFileSync(process.execPath, ['esbuild.mjs', '--production', '--tests'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return VSIX;
}

export function vsixEntries(vsix = VSIX) {
  const listing = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' });
  return listing.split('\n').filter(Boolean);
}

/** What a published .vsix must hold, and must not. Returns the problems found (empty = fine). */
export function checkVsixContents(entries) {
  const problems = [];
  for (const required of [
    'extension/package.json',
    'extension/dist/extension.js',
    'extension/dist/schema.js',
    'extension/dist/http.js',
    'extension/dist/language.js',
    'extension/dist/features.js',
    'extension/dist/numbers.js',
    'extension/dist/liveCheckWorker.js',
    'extension/dist/graphqlUsageWorker.js',
    'extension/media/icon.png',
    'extension/media/datocms-json.tmLanguage.json',
    'extension/media/language-configuration.json',
    'extension/readme.md',
    'extension/changelog.md',
    'extension/LICENSE.txt',
    'extension/package.nls.json',
    'extension/l10n/bundle.l10n.json',
  ]) {
    if (!entries.some((entry) => entry.toLowerCase() === required.toLowerCase())) problems.push(`missing ${required}`);
  }
  for (const entry of entries) {
    if (/(^|\/)node_modules\//.test(entry)) problems.push(`contains ${entry}`);
    if (/^extension\/(src|test|bench)\//.test(entry) || /\.ts$/.test(entry)) problems.push(`contains source ${entry}`);
    if (/\.map$/.test(entry)) problems.push(`contains source map ${entry}`);
  }
  return problems;
}

/** The images a Markdown text shows: `![alt](src "title")` and `<img src="…">`. */
export function markdownImages(markdown) {
  const images = [];
  for (const match of markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) images.push(match[1]);
  for (const match of markdown.matchAll(/<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)) images.push(match[1]);
  return images;
}

/**
 * Every image the README shows must display on the Marketplace and in VS Code's extension page: a file
 * inside the package (linked relatively: the page resolves it against the installed extension) or an
 * https address. SVG is refused by the Marketplace. Returns the problems (empty = fine).
 */
export function readmeImageProblems(markdown, entries) {
  const problems = [];
  const images = markdownImages(markdown);
  if (images.length === 0) problems.push('the README shows no image');
  for (const src of images) {
    if (/\.svg(\?|#|$)/i.test(src)) problems.push(`${src}: SVG images are refused by the Marketplace`);
    if (/^[a-z][a-z0-9+.-]*:/i.test(src)) {
      if (!src.startsWith('https://')) problems.push(`${src}: not https`);
      continue;
    }
    const path = `extension/${src.replace(/^\.\//, '').split(/[?#]/)[0]}`;
    if (!entries.includes(path)) problems.push(`${src}: not in the .vsix (${path})`);
  }
  return problems;
}

/** Checks the README packaged in the .vsix (vsce may rewrite it) against the .vsix's own files. */
export function checkReadmeImages(vsix = VSIX, entries = vsixEntries(vsix)) {
  const readme = execFileSync('unzip', ['-p', vsix, 'extension/readme.md'], { encoding: 'utf8' });
  return readmeImageProblems(readme, entries);
}

/** Unpacks the .vsix's extension/ folder, so tests load exactly the packaged files. */
export function unpackVsix(vsix = VSIX) {
  const dir = mkdtempSync(join(tmpdir(), 'datocms-vsix-'));
  execFileSync('unzip', ['-q', vsix, 'extension/*', '-d', dir]);
  return join(dir, 'extension');
}
