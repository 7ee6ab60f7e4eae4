// Run under hostile and unlucky conditions, against the emulator's faults: a 22 MB answer previewed, not opened whole;
// a slow server cancelled; a redirect refused in one clear message; a server echoing the Authorization header never
// shows a stored token.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CancelledError } from '../../src/cma';
import { CdaTokens } from '../../src/graphql/cdaTokens';
import { graphqlOf, SentQuery } from '../../src/graphql/operations';
import { resultText, runOperation } from '../../src/graphql/run';
import { PREVIEW_CHARS } from '../../src/graphql/resultPreview';
import { formatMessage as t } from '../../src/platform/translate';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { ScriptedUi } from '../platform/scriptedUi';

let emu: Emulator;
useEmulator({ records: 5 }, (started) => (emu = started.emulator));

const OTHER_PROJECT_TOKEN = 'another-projects-api-token';
const tokens = () =>
  new CdaTokens({
    ui: new ScriptedUi(),
    t,
    secrets: { get: async () => undefined, store: async () => undefined, delete: async () => undefined },
    signedInToken: async () => emu.token,
    storedTokens: async () => [emu.token, OTHER_PROJECT_TOKEN],
    projectName: () => 'Emulated Bistro',
  });
const context = {
  t,
  locale: 'en-US',
  operation: 'All',
  projectName: 'Emulated Bistro',
  environment: 'main',
  options: { drafts: false, strict: true },
};

function run(signal?: AbortSignal) {
  const operation = graphqlOf('query All { allArticles(first: 500) { id title } }', 'graphql').operations[0]!;
  return runOperation(tokens(), {
    endpoint: `${emu.url}/cda/`,
    target: { project: 'bistro', environment: 'main' },
    options: { drafts: false, strict: true },
    sent: new SentQuery(operation, new Map()),
    operationName: 'All',
    ...(signal ? { signal } : {}),
  });
}

describe('Run under hostile and unlucky conditions', () => {
  test('a 22 MB answer: read, then previewed (about 1 MB shown, the rest counted), the whole kept for Save Whole Answer…', async () => {
    emu.faults.add({ kind: 'large_answer', path: '/cda/', bytes: 22 * 1024 * 1024 });
    const started = performance.now();
    const result = await run();
    const preview = resultText(result.response, result.errors, context);
    const ms = Math.round(performance.now() - started);
    assert.ok(result.response.text.length >= 22 * 1024 * 1024, 'the whole answer was read');
    assert.equal(preview.cut, true);
    assert.ok(preview.text.length < PREVIEW_CHARS * 1.1, `the preview is ${preview.text.length} characters`);
    assert.match(preview.text, /^\/\/ ⚠ The answer is 22(\.\d)? MB: a preview is shown\. Save Whole Answer… keeps all of it\.$/m);
    assert.match(preview.text, /^ {6}\/\/ … [\d,]+ more not shown \(the answer is larger than the preview\)$/m);
    // still JSON once its comments are left out: the records shown are whole
    const shown = JSON.parse(preview.text.replace(/^\s*\/\/.*\n/gm, '')) as { data: { allArticles: { id: string }[] } };
    assert.ok(shown.data.allArticles.length > 100);
    console.log(
      `[measure] 22 MB answer: read and previewed in ${ms} ms; preview ${preview.text.length.toLocaleString('en-US')} characters`,
    );
  });

  test('a slow server: the Run is cancelled at once, nothing waits for the answer', async () => {
    emu.faults.add({ kind: 'timeout', path: '/cda/', delayMs: 60_000 });
    const controller = new AbortController();
    const before = emu.requests.length;
    const running = run(controller.signal);
    while (emu.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = performance.now();
    controller.abort();
    await assert.rejects(running, CancelledError);
    assert.ok(performance.now() - started < 5000, 'cancelled without waiting for the server');
    emu.faults.clear();
  });

  test('a redirect: not followed, one message naming it and what to check', async () => {
    emu.faults.add({ kind: 'redirect', path: '/cda/', location: 'https://proxy.example/login' });
    await assert.rejects(run(), (error: Error) => {
      assert.match(error.message, /answered 307, a redirect to https:\/\/proxy\.example\. DatoCMS Explorer does not follow redirects/);
      return true;
    });
  });

  test('a server echoing the Authorization header: the result shows no stored token', async () => {
    emu.faults.add({ kind: 'echo_authorization', path: '/cda/' });
    const result = await run();
    const preview = resultText(result.response, result.errors, context);
    assert.doesNotMatch(preview.text, new RegExp(emu.token));
    assert.match(preview.text, /Rejected request with Authorization: Bearer \[secret removed\]/);
    assert.equal(result.errors[0]!.message, 'Rejected request with Authorization: Bearer [secret removed]');
  });
});
