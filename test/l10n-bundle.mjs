// Writes l10n/bundle.l10n.json: every message the sources pass to vscode.l10n.t (directly, or as the
// `t` they are given), keyed by itself. Translators copy it to bundle.l10n.<locale>.json.
// Run after changing user-facing strings: npm run l10n (a unit test checks the bundle is current).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = join(ROOT, 'l10n', 'bundle.l10n.json');

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

// t('…') / l10n.t('…') / this.t('…') with a literal first argument, single or double quoted.
const CALL = /\bt\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")\s*[,)]/g;
const unescape = (text) => text.replace(/\\(.)/g, (_, c) => ({ n: '\n', t: '\t' })[c] ?? c);

/** The messages of the sources under src/, sorted, each mapped to itself. */
export function extractMessages(root = ROOT) {
  const messages = new Set();
  for (const file of sources(join(root, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(CALL)) messages.add(unescape(match[1] ?? match[2]));
  }
  return Object.fromEntries([...messages].sort().map((m) => [m, m]));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bundle = extractMessages();
  writeFileSync(BUNDLE, `${JSON.stringify(bundle, null, 2)}\n`);
  console.log(`${Object.keys(bundle).length} messages → ${BUNDLE}`);
}
