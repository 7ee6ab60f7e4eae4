// Builds and packages the extension exactly as `npm run package` does, and checks what the .vsix holds.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
    'extension/dist/host.js',
    'extension/dist/liveCheckWorker.js',
    'extension/dist/graphqlUsageWorker.js',
    'extension/dist/markdown.js',
    'extension/dist/webview-preview.js',
    'extension/dist/webview-preview.css',
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
 * Where the packaged README's images live: the repository's files on the branch it is published from, as vsce
 * rewrites relative image links (package.json's `package` script passes `--githubBranch`).
 */
export function packagedImageBase(manifest = readManifest()) {
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  const project = /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(repository ?? '')?.[1];
  const branch = /--githubBranch\s+(\S+)/.exec(manifest.scripts?.package ?? '')?.[1];
  if (!project || !branch) throw new Error('package.json needs a GitHub repository and `vsce package --githubBranch <branch>`');
  return `https://github.com/${project}/raw/${branch}/`;
}

/** The README as `npm run package` puts it in the .vsix: vsce's own rewriting, with the package script's options. */
export async function packagedReadme(root = ROOT) {
  const manifest = readManifest(root);
  const script = manifest.scripts.package;
  const { ReadmeProcessor } = createRequire(import.meta.url)('@vscode/vsce/out/package.js');
  const processor = new ReadmeProcessor(manifest, {
    githubBranch: /--githubBranch\s+(\S+)/.exec(script)?.[1],
    gitHubIssueLinking: !script.includes('--no-gitHubIssueLinking'),
    rewriteRelativeLinks: !script.includes('--no-rewrite-relative-links'),
  });
  const file = await processor.onFile({ path: 'extension/readme.md', contents: readFileSync(join(root, 'README.md')) });
  return file.contents.toString('utf8');
}

/**
 * Every image the packaged README shows must display on the Marketplace and in VS Code's Extensions view, which
 * read it from the package: an absolute https address of a PNG, JPEG or GIF under media/ in the repository
 * (`base`), a file the repository holds (`inRepository`). SVG is refused by the Marketplace. Returns the problems.
 */
export function readmeImageProblems(markdown, base = packagedImageBase(), inRepository = repositoryHas()) {
  const problems = [];
  const images = markdownImages(markdown);
  if (images.length === 0) problems.push('the README shows no image');
  for (const src of images) {
    if (/\.svg(\?|#|$)/i.test(src)) problems.push(`${src}: SVG images are refused by the Marketplace`);
    if (!src.startsWith(base)) {
      problems.push(`${src}: not an absolute https address of the repository's files (${base}…)`);
      continue;
    }
    const path = decodeURI(src.slice(base.length).split(/[?#]/)[0]);
    if (!/^media\/[^/]+$/.test(path)) problems.push(`${src}: not a file of media/`);
    else if (!inRepository(path)) problems.push(`${src}: ${path} is not in the repository`);
  }
  return problems;
}

/** Whether the repository holds a file: tracked by git (files not committed would not be on the branch), else on disk outside git. */
export function repositoryHas(root = ROOT) {
  let tracked;
  try {
    tracked = new Set(execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0'));
  } catch {
    tracked = undefined;
  }
  return (path) => existsSync(join(root, path)) && (!tracked || tracked.has(path));
}

/** Checks the README packaged in the .vsix (as vsce rewrote it). */
export function checkReadmeImages(vsix = VSIX) {
  const readme = execFileSync('unzip', ['-p', vsix, 'extension/readme.md'], { encoding: 'utf8' });
  return readmeImageProblems(readme);
}

function readManifest(root = ROOT) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
}

/** Unpacks the .vsix's extension/ folder, so tests load exactly the packaged files. */
export function unpackVsix(vsix = VSIX) {
  const dir = mkdtempSync(join(tmpdir(), 'datocms-vsix-'));
  execFileSync('unzip', ['-q', vsix, 'extension/*', '-d', dir]);
  return join(dir, 'extension');
}
