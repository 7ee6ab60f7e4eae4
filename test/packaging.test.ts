// What `npm run package` puts in the .vsix (vsce's own file list and its own README rewriting): the README's
// images as absolute https addresses of the repository's media/ files (the Marketplace page and the Extensions
// view read the packaged README), the walkthrough's media and the manifest's translations inside. The
// real-host run checks the built .vsix the same way (test/host/lib/vsix.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const REPOSITORY_MEDIA = 'https://github.com/datocms-explorer/vscode-datocms-explorer/raw/main/media/';

describe('packaging', () => {
  test("the packaged README shows its images from the repository's main branch; the repository's README links them relatively", async () => {
    const { readmeImageProblems, markdownImages, packagedReadme, packagedImageBase } = await import('./host/lib/vsix.mjs');
    assert.equal(packagedImageBase(), REPOSITORY_MEDIA.replace(/media\/$/, ''));
    const source = readFileSync(join(root, 'README.md'), 'utf8');
    const sourceImages = markdownImages(source);
    assert.ok(sourceImages.length >= 3, 'the README shows the extension at work');
    // readable on GitHub and in the repository: the images are the repository's own files
    assert.deepEqual(
      sourceImages.filter((src) => !/^media\/[\w.-]+\.png$/.test(src)),
      [],
    );
    const packaged = await packagedReadme();
    const images = markdownImages(packaged);
    assert.deepEqual(
      images,
      sourceImages.map((src) => `${REPOSITORY_MEDIA}${src.slice('media/'.length)}`),
    );
    assert.deepEqual(readmeImageProblems(packaged), []);
    // a problem is reported, not hidden: a file the repository lacks, a relative, insecure, foreign or SVG image
    const problems = readmeImageProblems(
      [
        `![a](${REPOSITORY_MEDIA}missing.png)`,
        '![b](media/screenshot-tree.png)',
        '![c](http://github.com/datocms-explorer/vscode-datocms-explorer/raw/main/media/screenshot-tree.png)',
        '![d](https://example.com/d.png)',
        `![e](${REPOSITORY_MEDIA}icon.svg)`,
      ].join('\n'),
    );
    assert.equal(problems.length, 5, problems.join('\n'));
  });

  test('the walkthrough media and the translations are packaged, and no sources', () => {
    const vsce = join(root, 'node_modules', '.bin', 'vsce');
    const listed = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter(Boolean);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const walkthroughMedia = manifest.contributes.walkthroughs.flatMap((w: { steps: { media: Record<string, string> }[] }) =>
      w.steps.map((s) => s.media['image'] ?? s.media['markdown']),
    );
    for (const path of [...walkthroughMedia, 'package.nls.json', 'l10n/bundle.l10n.json', manifest.icon])
      assert.ok(listed.includes(path), `${path} is packaged`);
    assert.ok(!listed.some((path) => /^(src|test|bench|scripts)\//.test(path)), 'no sources');
    // the README's own screenshots are read from the repository, not from the package
    const readmeOnly = listed.filter((path) => /^media\/screenshot-/.test(path) && !walkthroughMedia.includes(path));
    assert.deepEqual(readmeOnly, []);
  });
});
