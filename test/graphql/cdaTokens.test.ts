// Which token reads the delivery API: the signed-in one while the API accepts it; otherwise a delivery token asked
// for once, kept in secret storage per project, asked for again when the API refuses it, never kept when refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CancelledError } from '../../src/cma';
import { postCda } from '../../src/graphql/cdaHttp';
import { CdaTokens, cdaTokenKey } from '../../src/graphql/cdaTokens';
import { formatMessage } from '../../src/platform/translate';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { ScriptedUi } from '../platform/scriptedUi';

let emu: Emulator;
useEmulator({ records: 3 }, (started) => (emu = started.emulator));

function setup(signedIn: string | undefined) {
  const ui = new ScriptedUi();
  const secrets = new Map<string, string>();
  const tried: string[] = [];
  const tokens = new CdaTokens({
    ui,
    t: formatMessage,
    secrets: {
      get: async (key) => secrets.get(key),
      store: async (key, value) => void secrets.set(key, value),
      delete: async (key) => void secrets.delete(key),
    },
    signedInToken: async () => signedIn,
    projectName: () => 'Emulated Bistro',
  });
  const run = (drafts = false) =>
    tokens.run('bistro', drafts, async (token) => {
      tried.push(token === emu.token ? 'right' : token);
      return (await postCda({ endpoint: `${emu.url}/cda/`, token, drafts, strict: false, query: '{ _site { locales } }' })).status;
    });
  return { ui, secrets, tried, tokens, run };
}

describe('the delivery token', () => {
  test('the signed-in token, when the API accepts it: nothing is asked or stored', async () => {
    const { ui, secrets, tried, run } = setup(emu.token);
    assert.equal(await run(), 200);
    assert.equal(await run(true), 200);
    assert.deepEqual(tried, ['right', 'right']);
    assert.deepEqual(ui.transcript, []);
    assert.equal(secrets.size, 0);
  });

  test('a refused signed-in token: one question (a password box), the answer stored per project and used from then on', async () => {
    const { ui, secrets, tried, run } = setup('cma-only');
    ui.inputs.push((options) => {
      assert.equal(options.password, true);
      assert.equal(options.title, 'Content Delivery API token of Emulated Bistro');
      assert.match(
        options.prompt ?? '',
        /^The signed-in token of Emulated Bistro may not read the Content Delivery API\. Paste a read-only/,
      );
      assert.equal(options.validate?.('  '), 'Paste the token, or press Escape to cancel.');
      return ` ${emu.token} `;
    });
    assert.equal(await run(), 200);
    assert.equal(secrets.get(cdaTokenKey('bistro')), emu.token);
    assert.equal(await run(), 200);
    assert.deepEqual(tried, ['cma-only', 'right', 'right']);
    assert.equal(ui.transcript.length, 1);
  });

  test('a stored token the API refuses: asked again, replaced; a pasted token it refuses too is not kept', async () => {
    const { ui, secrets, tried, run } = setup('cma-only');
    secrets.set(cdaTokenKey('bistro'), 'old');
    ui.inputs.push((options) => {
      assert.match(
        options.prompt ?? '',
        /^The Content Delivery API refused the delivery token stored for Emulated Bistro \(with drafts\)\./,
      );
      return 'also-wrong';
    });
    await assert.rejects(
      run(true),
      /refused the token you pasted for Emulated Bistro too\. Check that it may access the Content Delivery API with drafts/,
    );
    assert.equal(secrets.has(cdaTokenKey('bistro')), false);
    assert.deepEqual(tried, ['old', 'also-wrong']);
    // next time: the signed-in token (not tried yet), refused, then one question
    ui.inputs.push(() => emu.token);
    assert.equal(await run(), 200);
    assert.deepEqual(tried, ['old', 'also-wrong', 'cma-only', 'right']);
    // and from then on the stored one only
    assert.equal(await run(), 200);
    assert.equal(tried.length, 5);
  });

  test('Escape cancels quietly; two requests at once ask one question', async () => {
    const { ui, run } = setup('cma-only');
    ui.inputs.push(() => undefined);
    await assert.rejects(run(), CancelledError);
    ui.inputs.push(() => emu.token);
    assert.deepEqual(await Promise.all([run(), run()]), [200, 200]);
    assert.equal(ui.transcript.filter((line) => line.startsWith('input')).length, 2);
  });

  test('signing out forgets the stored delivery token', async () => {
    const { secrets, tokens } = setup(emu.token);
    secrets.set(cdaTokenKey('bistro'), 'x');
    await tokens.forget('bistro', false);
    assert.equal(secrets.size, 1);
    await tokens.forget('bistro', true);
    assert.equal(secrets.size, 0);
  });
});
