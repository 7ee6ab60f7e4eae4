// The real-host checks' own parts, in plain Node: reading the extension host's log for the extension's errors,
// the emulator's request journal and the quiet check, the explorer's `when` clauses and its seeded chance.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { evaluate } from './host/explore/when';
import { Random } from './host/explore/random';
import { useEmulator } from './support/emulator';

const lib = () => import('./host/lib/sentinel.mjs');

const EXTENSION = '/tmp/datocms-vsix-x/extension';
const log = (lines: string[]) => {
  const file = join(mkdtempSync(join(tmpdir(), 'sentinel-')), 'remoteexthost.log');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
};

describe('the extension host log', () => {
  it("finds the extension's errors (its files, its id, a datocms: document) and not the workbench's", async () => {
    const { extensionErrorsSince } = await lib();
    const file = log([
      '2026-12-02 00:09:43.417 [info] Extension host started',
      "2026-12-02 00:09:44.146 [error] Error: document 'datocms:/p/main/models/author.json' NOT found",
      '\tat changeLanguage (file:///code/extensionHostProcess.js:1:2)',
      `\tat opened (${EXTENSION}/dist/features.js:1:99)`,
      '2026-12-02 00:09:45.000 [error] TypeError: x is undefined',
      '\tat Workbench.render (http://127.0.0.1/workbench.js:3:4)',
      '2026-12-02 00:09:46.183 [error] ExtensionError: Error in extension datocms-explorer.datocms-explorer: FAILED to handle event',
      '\tat P.fire (file:///code/extensionHostProcess.js:27:2660)',
      '\tat bV.$acceptModelChanged (file:///code/extensionHostProcess.js:145:1)',
      '2026-12-02 00:09:47.000 [warning] datocms: something only worth a warning',
    ]);
    const { errors, offset } = extensionErrorsSince(file, 0, [EXTENSION, 'datocms-explorer.datocms-explorer', 'datocms:/']);
    assert.equal(errors.length, 2);
    assert.match(errors[0]!, /NOT found\n\s+at opened \(\/tmp\/datocms-vsix-x\/extension\/dist\/features\.js/);
    assert.match(errors[1]!, /FAILED to handle event[\s\S]*\$acceptModelChanged/);
    appendFileSync(file, `2026-12-02 00:09:48.000 [error] Error: later\n\tat run (${EXTENSION}/dist/extension.js:1:1)\n`);
    assert.deepEqual(
      extensionErrorsSince(file, offset, [EXTENSION]).errors.map((e) => e.split('\n')[0]),
      ['Error: later'],
      'read from where the last read stopped',
    );
  });

  it('leaves an entry whose line is not written to its end for the next read', async () => {
    const { extensionErrorsSince } = await lib();
    const file = log(['2026-12-02 00:09:48.000 [info] fine']);
    appendFileSync(file, `2026-12-02 00:09:49.000 [error] Error: half\n\tat x (${EXTENSION}/dist/a.js`);
    const first = extensionErrorsSince(file, 0, [EXTENSION]);
    assert.deepEqual(first.errors, []);
    appendFileSync(file, ':1:1)\n');
    assert.equal(extensionErrorsSince(file, first.offset, [EXTENSION]).errors.length, 1);
  });
});

describe("the extension's own log", () => {
  it("finds a failure told in JavaScript's own words, not one told in ours", async () => {
    const { internalErrorsSince } = await lib();
    const file = log([
      "2026-12-02 00:10:00.000 [error] Could not publish: Cannot read properties of undefined (reading 'refreshFromRemote')",
      '2026-12-02 00:10:01.000 [error] Could not publish: DatoCMS refused it (422): the title is required.',
      '2026-12-02 00:10:02.000 [info] TypeError in a message that is only information',
    ]);
    assert.deepEqual(internalErrorsSince(file, 0).errors, [
      "told the user: Could not publish: Cannot read properties of undefined (reading 'refreshFromRemote')",
    ]);
  });
});

describe('the request journal and the quiet check', () => {
  const setup = useEmulator();
  const get = (agent: string) =>
    fetch(`${setup.emulator.url}/site`, {
      headers: { authorization: `Bearer ${setup.emulator.token}`, accept: 'application/json', 'x-api-version': '3', 'user-agent': agent },
    });

  it('numbers every request, keeps them across clears of the request log, and names their user agent', async () => {
    const { journalSince, isExtensionRequest } = await lib();
    const start = (await journalSince(setup.emulator.url, Number.MAX_SAFE_INTEGER)).total;
    await get('datocms-explorer/1.0 vscode/1.100.3');
    await fetch(`${setup.emulator.url}/_emulator/requests`, { method: 'DELETE' });
    await get('a colleague');
    const { total, requests } = await journalSince(setup.emulator.url, start);
    assert.equal(total, start + 2);
    assert.deepEqual(
      requests.map((r) => [r.seq, r.method, r.path, isExtensionRequest(r)]),
      [
        [start + 1, 'GET', '/site', true],
        [start + 2, 'GET', '/site', false],
      ],
    );
  });

  it('passes an extension that goes quiet; fails one that keeps sending, naming what it sent', async () => {
    const { checkQuiet, journalSince } = await lib();
    let since = (await journalSince(setup.emulator.url, Number.MAX_SAFE_INTEGER)).total;
    const quiet = await checkQuiet(setup.emulator.url, since, { sleep: async () => void (await get('datocms-explorer/1.0')) });
    // one request in each look: never quiet, and over the budget after 11
    assert.match(quiet.problem ?? '', /sent 11 requests after the last action \(budget 10\): GET \/site \[main\] ×11/);
    since = (await journalSince(setup.emulator.url, Number.MAX_SAFE_INTEGER)).total;
    let looks = 0;
    const settles = await checkQuiet(setup.emulator.url, since, {
      sleep: async () => void (looks++ < 2 && (await get('datocms-explorer/1.0'))),
    });
    assert.equal(settles.problem, undefined);
    assert.equal(settles.seen.length, 2);
    since = (await journalSince(setup.emulator.url, Number.MAX_SAFE_INTEGER)).total;
    const colleague = await checkQuiet(setup.emulator.url, since, { sleep: async () => void (await get('a colleague')) });
    assert.equal(colleague.problem, undefined, "a colleague's requests are not the extension's");
  });
});

describe("the explorer's when clauses", () => {
  const row = (viewItem: string, more = {}) => ({ view: 'datocms.explorer', viewItem, listMultiSelection: false, ...more });
  it('reads the operators of package.json menus', () => {
    const clause = 'view == datocms.explorer && viewItem =~ /^record\\b/ && viewItem =~ /\\b(draft|updated)\\b/ && !listMultiSelection';
    assert.equal(evaluate(clause, row('record draft drafts')), true);
    assert.equal(evaluate(clause, row('record published')), false);
    assert.equal(evaluate(clause, row('record draft', { listMultiSelection: true })), false);
    assert.equal(
      evaluate('resourceScheme == datocms && resourcePath =~ /\\/(models|webhooks)\\//', {
        resourceScheme: 'datocms',
        resourcePath: '/p/main/models/a.json',
      }),
      true,
    );
    assert.equal(evaluate('datocms.signedIn && workspaceFolderCount > 0', { 'datocms.signedIn': true, workspaceFolderCount: 1 }), true);
    assert.equal(evaluate('viewItem =~ /^environment\\b/ && !(viewItem =~ /\\bactive\\b/)', row('environment ready active')), false);
    // a "/" inside a character class does not end the expression
    const fieldOrModel = 'resourceScheme == datocms && resourcePath =~ /\\/models\\/[^/]+(\\/fields\\/[^/]+)?\\.json$/';
    assert.equal(evaluate(fieldOrModel, { resourceScheme: 'datocms', resourcePath: '/p/main/models/a/fields/b.json' }), true);
    assert.equal(evaluate(fieldOrModel, { resourceScheme: 'datocms', resourcePath: '/p/main/records/a/b.json' }), false);
  });

  it('says "maybe" (null) for a context key it cannot know, and "no" when the rest is false anyway', () => {
    assert.equal(evaluate('resourceScheme == datocms && datocms.saveFailed', { resourceScheme: 'datocms' }), null);
    assert.equal(evaluate('resourceScheme == datocms && datocms.saveFailed', { resourceScheme: 'file' }), false);
    assert.equal(evaluate('isInDiffEditor || datocms.saveFailed', { isInDiffEditor: true }), true);
    assert.equal(evaluate(undefined, {}), true);
  });
});

describe("the explorer's chance", () => {
  it('replays the same choices from a seed, and goes on from a saved state', () => {
    const a = new Random(27);
    const first = [a.int(100), a.int(100), a.pick(['x', 'y', 'z'])];
    const saved = a.state;
    const next = a.next();
    const b = new Random(27);
    assert.deepEqual([b.int(100), b.int(100), b.pick(['x', 'y', 'z'])], first);
    assert.equal(new Random(saved).next(), next);
    assert.deepEqual(new Random(5).shuffle([1, 2, 3, 4]).sort(), [1, 2, 3, 4]);
  });
});
