// A save's consent: the guard on the primary environment (read afresh) and the workspace's trust; an auto-save
// announced while an explicit save waits for its answer cannot write in its place.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { QueriesBrokenBy, SchemaCodeChange } from '../../src/domain/codeImpact';
import type { DocumentRef } from '../../src/domain/paths';
import { SaveConsent } from '../../src/documents/saveConsent';
import type { WorkspaceTrust } from '../../src/documents/trust';
import type { Project } from '../../src/projects/project';
import type { GuardHost } from '../../src/projects/primaryGuard';
import { formatMessage } from '../../src/platform/translate';
import { ScriptedUi } from '../platform/scriptedUi';
import { FakeState } from '../projects/fakeStores';

const project = { key: 'bistro', name: 'Bistro', primaryEnvironment: 'main' } as Project;
const model: DocumentRef = { project: 'bistro', environment: 'main', kind: 'model', apiKey: 'article' };
const record: DocumentRef = { project: 'bistro', environment: 'main', kind: 'record', modelApiKey: 'article', id: '1' };

function consent(trusted = true, queriesBrokenBy?: QueriesBrokenBy) {
  const ui = new ScriptedUi();
  const trustAsked: string[] = [];
  const trust: WorkspaceTrust = { isTrusted: () => trusted, confirm: async (message) => (trustAsked.push(message), true) };
  const guard: GuardHost = {
    get: () => project,
    ui,
    t: formatMessage,
    store: { state: new FakeState() },
    environments: async () => [{ id: 'main', type: 'environment', attributes: {}, relationships: {}, meta: { primary: true } }],
    setPrimary: async () => undefined,
  };
  return { ui, trustAsked, consent: new SaveConsent(trust, guard, formatMessage, queriesBrokenBy) };
}

describe('save consent', () => {
  test('a model change in the primary asks, naming the keys; declined is "guard"', async () => {
    const { ui, consent: c } = consent();
    ui.answers.push(() => undefined);
    assert.equal(await c.ask('k', model, ['hint'], 'A'), 'guard');
    assert.deepEqual(ui.transcript, [
      'confirm: Update the model article (hint) in the primary environment "main" of Bistro? [Change Schema, Don\'t Ask Again for This Project]',
    ]);
    ui.answers.push((_message, actions) => actions[0]);
    assert.equal(await c.ask('k', model, ['hint'], 'B'), 'given');
    assert.equal(ui.transcript.length, 2);
    // the same text again (Overwrite after a conflict) is not asked again, until it is saved
    assert.equal(await c.ask('k', model, ['hint'], 'B'), 'given');
    assert.equal(ui.transcript.length, 2);
    c.saved('k');
    ui.answers.push(() => undefined);
    assert.equal(await c.ask('k', model, ['hint'], 'B'), 'guard');
    assert.equal(ui.transcript.length, 3);
  });

  test('a new api_key that the workspace\'s queries read asks first, naming them; declined is "code" and nothing else is asked', async () => {
    const asked: SchemaCodeChange[] = [];
    const broken: QueriesBrokenBy = async (changes) => {
      asked.push(...[changes].flat());
      return [{ name: 'query Feed', file: 'app/feed.graphql', line: 3 }];
    };
    const sandbox: DocumentRef = { ...model, environment: 'sandbox' };
    const { ui, consent: c } = consent(true, broken);
    ui.answers.push(() => undefined);
    assert.equal(await c.ask('k', sandbox, ['api_key'], '{"api_key": "post"}'), 'code');
    assert.deepEqual(asked, [{ project: 'bistro', environment: 'sandbox', kind: 'model', modelApiKey: 'article', to: 'post' }]);
    assert.deepEqual(ui.transcript, ['confirm: Change the api_key of the model article to "post"? [Change the api_key]']);
    // another key changes nothing the queries read: not asked
    assert.equal(await c.ask('k', sandbox, ['hint'], '{"api_key": "article", "hint": "x"}'), 'given');
    assert.equal(ui.transcript.length, 1);
  });

  test('records are not guarded; an untrusted workspace asks first', async () => {
    const { ui, trustAsked, consent: c } = consent(false);
    assert.equal(await c.ask('k', record, ['title'], 'A'), 'given');
    assert.equal(trustAsked.length, 1);
    assert.deepEqual(ui.transcript, []);
  });

  test('an auto-save announced after an explicit save of the same text does not write in its place', () => {
    const { consent: c } = consent();
    c.announce('k', 'A', true);
    c.announce('k', 'A', false);
    assert.equal(c.mayWrite('k', 'A'), true, 'the explicit save writes');
    assert.equal(c.mayWrite('k', 'A'), false, 'the auto-save that followed does not');
    assert.equal(c.mayWrite('k', 'B'), false, 'a write nobody announced (a restored editor auto-saved after a reload) may not');
  });

  test('an auto-save that never wrote does not block a later explicit save of the same text', () => {
    const { consent: c } = consent();
    c.announce('k', 'A', false);
    c.announce('k', 'A', true);
    assert.equal(c.mayWrite('k', 'A'), true);
    assert.equal(c.mayWrite('k', 'A'), false, 'the auto-save itself, if it does write, still may not');
  });
});
