// What `npm run package` would put in the .vsix (vsce's own file list): the README's images, the
// walkthrough's media and the manifest's translations are all inside. The real-host run checks the
// built .vsix the same way (test/host/lib/vsix.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');

describe('packaging', () => {
  test('every image of the README, the walkthrough media and the translations are packaged', async () => {
    const { readmeImageProblems, markdownImages } = await import('./host/lib/vsix.mjs');
    const vsce = join(root, 'node_modules', '.bin', 'vsce');
    const listed = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter(Boolean);
    const entries = listed.map((path) => `extension/${path}`);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    assert.ok(markdownImages(readme).length >= 3, 'the README shows the extension at work');
    assert.deepEqual(readmeImageProblems(readme, entries), []);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const walkthroughMedia = manifest.contributes.walkthroughs.flatMap((w: { steps: { media: Record<string, string> }[] }) =>
      w.steps.map((s) => s.media['image'] ?? s.media['markdown']),
    );
    for (const path of [...walkthroughMedia, 'package.nls.json', 'l10n/bundle.l10n.json', manifest.icon])
      assert.ok(listed.includes(path), `${path} is packaged`);
    assert.ok(!listed.some((path) => /^(src|test|bench|scripts)\//.test(path)), 'no sources');
    // a problem is reported, not hidden: an image missing from the package or served insecurely
    assert.equal(
      readmeImageProblems('![x](media/missing.png) ![y](http://example.com/y.png) ![z](https://example.com/z.svg)', entries).length,
      3,
    );
  });
});
