import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Project } from '../../src/projects/project';
import {
  askSchemaChange,
  resetSchemaChangeConfirmations,
  schemaChangeWarning,
  stopAskingSchemaChanges,
  type GuardHost,
} from '../../src/projects/primaryGuard';
import { formatMessage } from '../../src/platform/translate';
import { ScriptedUi } from '../platform/scriptedUi';
import { FakeState } from './fakeStores';

const PROJECTS: Project[] = [
  {
    key: 'bistro',
    siteId: '1',
    name: 'Bistro',
    baseUrl: 'https://site-api.datocms.com',
    internalDomain: null,
    primaryEnvironment: 'production',
  },
  { key: 'shop', siteId: '2', name: 'Shop', baseUrl: 'https://site-api.datocms.com', internalDomain: null },
];

/** DatoCMS's environments of each project, as the guard reads them (undefined: the token may not list them). */
type Listed = Record<string, { id: string; primary: boolean }[] | undefined>;

function host(listed: Listed = {}) {
  const ui = new ScriptedUi();
  const state = new FakeState();
  const projects = PROJECTS.map((p) => ({ ...p }));
  const reads: string[] = [];
  const guard: GuardHost = {
    get: (key) => projects.find((p) => p.key === key),
    ui,
    t: formatMessage,
    store: { state },
    environments: async (key) => {
      reads.push(key);
      const environments = listed[key];
      if (!environments) throw new Error('403 the token may not list environments');
      return environments.map(({ id, primary }) => ({ id, type: 'environment', attributes: {}, relationships: {}, meta: { primary } }));
    },
    setPrimary: async (key, environment) => {
      projects.find((p) => p.key === key)!.primaryEnvironment = environment;
    },
  };
  return { ui, state, guard, projects, reads };
}

const change = (project: string, environment: string) => ({ project, environment, action: 'Update the model article (name)' });

describe('the guard on the primary environment', () => {
  test('the primary is read from DatoCMS before asking: a sandbox a colleague promoted asks, and is remembered', async () => {
    const { ui, guard, projects, reads } = host({
      bistro: [
        { id: 'production', primary: false },
        { id: 'feature', primary: true },
      ],
    });
    assert.equal(await askSchemaChange(guard, change('bistro', 'production')), true, 'the former primary is a sandbox now');
    assert.deepEqual(ui.transcript, []);
    ui.answers.push(() => undefined);
    assert.equal(await askSchemaChange(guard, change('bistro', 'feature')), false);
    assert.deepEqual(ui.transcript, [
      'confirm: Update the model article (name) in the primary environment "feature" of Bistro? [Change Schema, Don\'t Ask Again for This Project]',
    ]);
    assert.equal(projects[0]!.primaryEnvironment, 'feature', 'the new primary is remembered (status bar, tree)');
    assert.deepEqual(reads, ['bistro', 'bistro'], 'read before each change');
  });

  test('a sandbox is not guarded', async () => {
    const { ui, guard } = host();
    assert.equal(
      await askSchemaChange(guard, change('bistro', 'main')),
      true,
      '"main" is a sandbox of a project whose primary is "production"',
    );
    assert.equal(await askSchemaChange(guard, change('bistro', 'sandbox')), true);
    assert.deepEqual(ui.transcript, []);
  });

  test('the primary asks, naming the project, the environment and the change; Cancel declines', async () => {
    const { ui, guard } = host();
    ui.answers.push(() => undefined);
    assert.equal(await askSchemaChange(guard, change('bistro', 'production')), false);
    assert.deepEqual(ui.transcript, [
      'confirm: Update the model article (name) in the primary environment "production" of Bistro? [Change Schema, Don\'t Ask Again for This Project]',
    ]);
    assert.equal(ui.confirmations[0]?.safe, "Don't Change", 'Enter changes nothing: the safe choice has the focus');
    ui.answers.push(() => 'Change Schema');
    assert.equal(await askSchemaChange(guard, change('bistro', 'production')), true);
    ui.answers.push(() => undefined);
    assert.equal(await askSchemaChange(guard, change('bistro', 'production')), false, '"Change Schema" counts once');
  });

  test('a project whose primary was not known at sign-in guards "main"', async () => {
    const { ui, guard } = host();
    ui.answers.push(() => undefined);
    assert.equal(await askSchemaChange(guard, change('shop', 'main')), false);
    assert.match(ui.transcript[0] ?? '', /primary environment "main" of Shop/);
  });

  test('"Don\'t Ask Again" holds for that project only, until reset', async () => {
    const { ui, state, guard } = host();
    ui.answers.push(() => "Don't Ask Again for This Project");
    assert.equal(await askSchemaChange(guard, change('bistro', 'production')), true);
    assert.equal(await askSchemaChange(guard, change('bistro', 'production')), true);
    assert.equal(ui.transcript.length, 1, 'asked once');
    ui.answers.push(() => undefined);
    assert.equal(await askSchemaChange(guard, change('shop', 'main')), false, 'another project still asks');

    assert.equal(await resetSchemaChangeConfirmations(state), 1);
    ui.answers.push(() => undefined);
    assert.equal(await askSchemaChange(guard, change('bistro', 'production')), false);
    assert.equal(ui.transcript.length, 3);
    assert.equal(await resetSchemaChangeConfirmations(state), 0);
  });

  test("a delete's own question carries the guard's warning in the primary (asked once); a sandbox or a project that stopped asking, none", async () => {
    const { ui, state, guard } = host();
    const deletion = { project: 'bistro', environment: 'production', action: 'Delete model “Article” (article)' };
    assert.equal(
      await schemaChangeWarning(guard, deletion),
      '"production" is the primary environment of Bistro: your website and editors use it, and this applies to it at once.',
    );
    assert.equal(await schemaChangeWarning(guard, { ...deletion, environment: 'sandbox' }), undefined);
    await stopAskingSchemaChanges(state, 'bistro');
    assert.equal(await schemaChangeWarning(guard, deletion), undefined);
    assert.deepEqual(ui.transcript, [], 'the guard itself asks nothing');
  });
});
