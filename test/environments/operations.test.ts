import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  activateMaintenanceMode,
  deactivateMaintenanceMode,
  deleteEnvironment,
  environmentNameProblem,
  forkEnvironment,
  promoteEnvironment,
  renameEnvironment,
  type EnvironmentOpsDeps,
} from '../../src/environments/operations';
import type { Project } from '../../src/projects/project';
import { formatMessage } from '../../src/platform/translate';
import { ScriptedUi } from '../platform/scriptedUi';
import { FakeEnvironments, PROJECT } from './fakeEnvironments';

function setup(ids?: string[], shown = 'main') {
  const fake = new FakeEnvironments(ids);
  const ui = new ScriptedUi();
  const project: Project = { ...PROJECT };
  const state = {
    shown,
    primary: project.primaryEnvironment,
    refreshes: 0,
    switches: [] as string[],
    editors: new Map<string, number>(),
    unsaved: new Map<string, number>(),
  };
  const deps: EnvironmentOpsDeps = {
    ui,
    t: formatMessage,
    client: fake.api,
    project,
    shown: () => state.shown,
    switchTo: async (environment) => {
      state.switches.push(environment);
      state.shown = environment;
    },
    setPrimary: async (environment) => {
      state.primary = environment;
    },
    refresh: async () => {
      state.refreshes++;
    },
    openEditorsOf: (environment) => state.editors.get(environment) ?? 0,
    unsavedEditorsOf: (environment) => state.unsaved.get(environment) ?? 0,
    pollInterval: 1,
  };
  return { fake, ui, deps, state };
}

describe('environment names', () => {
  test('are lowercase letters, digits and dashes, and not taken', () => {
    const taken = new Set(['main', 'sandbox']);
    assert.equal(environmentNameProblem('feature-42', taken, formatMessage), undefined);
    assert.match(environmentNameProblem('', taken, formatMessage) ?? '', /Enter a name/);
    for (const bad of ['Feature', 'my sandbox', 'my_sandbox', 'été', 'a.b'])
      assert.match(environmentNameProblem(bad, taken, formatMessage) ?? '', /lowercase letters, digits and dashes/, bad);
    assert.match(environmentNameProblem('sandbox', taken, formatMessage) ?? '', /"sandbox" already exists/);
    // DatoCMS refuses these too: dashes go between letters or digits
    for (const bad of ['-x', 'x-', 'a--b', '-', '--'])
      assert.match(environmentNameProblem(bad, taken, formatMessage) ?? '', /dashes only between letters or digits/, bad);
    assert.equal(environmentNameProblem('a-b-c9', taken, formatMessage), undefined);
  });
});

describe('fork', () => {
  test('asks a valid free name and the kind of fork, waits for the copy, then shows the new sandbox', async () => {
    const { fake, ui, deps, state } = setup();
    fake.creatingLooks = 2;
    const rejected: (string | undefined)[] = [];
    ui.inputs.push((options) => {
      assert.equal(options.value, 'main-fork');
      for (const text of ['sandbox', 'Big Change', '']) rejected.push(options.validate?.(text));
      assert.equal(options.validate?.('feature-x'), undefined);
      return 'feature-x';
    });
    ui.picks.push((labels) => {
      assert.deepEqual(labels, ['Full fork', 'Fast fork']);
      return 'Fast fork';
    });
    assert.equal(await forkEnvironment(deps, 'main'), 'feature-x');
    assert.equal(rejected.filter(Boolean).length, 3);
    assert.deepEqual(fake.writes(), ['fork main feature-x {"fast":true}']);
    assert.deepEqual(ui.progressTitles.slice(1), ['Forking "main" into "feature-x"…']);
    assert.ok(ui.progressMessages.some((m) => m.includes('job 41')));
    assert.ok(ui.progressMessages.includes('10% copied'));
    assert.equal(fake.calls.filter((c) => c === 'find feature-x').length, 3, 'looked until it was ready');
    assert.deepEqual(state.switches, ['feature-x']);
    assert.equal(state.refreshes, 1);
    assert.ok(ui.transcript.includes('info: Forked "main" into "feature-x". The tree now shows "feature-x".'));
  });

  test('a full fork sends no fast or force option', async () => {
    const { fake, ui, deps } = setup();
    ui.inputs.push(() => 'copy');
    ui.picks.push(() => 'Full fork');
    await forkEnvironment(deps, 'sandbox');
    assert.deepEqual(fake.writes(), ['fork sandbox copy {}']);
  });

  test('forces a fast fork only after DatoCMS says collaborators are editing and the user agrees', async () => {
    const declined = setup();
    declined.fake.editing = true;
    declined.ui.inputs.push(() => 'hotfix');
    declined.ui.picks.push(() => 'Fast fork');
    declined.ui.answers.push((message, actions) => {
      assert.equal(message, 'Collaborators are editing records in "main". Fast-fork it anyway?');
      assert.deepEqual(actions, ['Fork Anyway']);
      return undefined;
    });
    assert.equal(await forkEnvironment(declined.deps, 'main'), undefined);
    assert.deepEqual(declined.fake.writes(), ['fork main hotfix {"fast":true}']);
    assert.deepEqual(declined.state.switches, []);

    const forced = setup();
    forced.fake.editing = true;
    forced.ui.inputs.push(() => 'hotfix');
    forced.ui.picks.push(() => 'Fast fork');
    forced.ui.answers.push(() => 'Fork Anyway');
    assert.equal(await forkEnvironment(forced.deps, 'main'), 'hotfix');
    assert.deepEqual(forced.fake.writes(), ['fork main hotfix {"fast":true}', 'fork main hotfix {"fast":true,"force":true}']);
  });

  test('cancelling the wait leaves the fork running on DatoCMS and does not switch', async () => {
    const { fake, ui, deps, state } = setup();
    fake.creatingLooks = 100;
    ui.inputs.push(() => 'slow');
    ui.picks.push(() => 'Full fork');
    ui.cancelProgressWhen = (message) => message.endsWith('% copied');
    assert.equal(await forkEnvironment(deps, 'main'), undefined);
    assert.deepEqual(state.switches, []);
    assert.ok(ui.transcript.some((line) => line.startsWith('info: Stopped waiting: DatoCMS goes on forking "main" into "slow"')));
  });

  test('dismissing the name or the kind sends nothing', async () => {
    for (const [name, kind] of [
      [undefined, undefined],
      ['ok', undefined],
    ] as const) {
      const { fake, ui, deps } = setup();
      ui.inputs.push(() => name);
      if (name) ui.picks.push(() => kind);
      assert.equal(await forkEnvironment(deps, 'main'), undefined);
      assert.deepEqual(fake.writes(), []);
    }
  });
});

describe('promote', () => {
  test('names both environments; declined sends nothing, accepted promotes, updates the primary and the tree shows it', async () => {
    const declined = setup();
    declined.ui.answers.push((message, actions) => {
      assert.equal(message, 'Make "sandbox" the primary environment of Bistro, instead of "main"?');
      assert.deepEqual(actions, ['Promote']);
      return undefined;
    });
    assert.equal(await promoteEnvironment(declined.deps, 'sandbox'), false);
    assert.deepEqual(declined.fake.writes(), []);
    assert.equal(declined.state.primary, 'main');

    const accepted = setup();
    accepted.ui.answers.push(() => 'Promote');
    assert.equal(await promoteEnvironment(accepted.deps, 'sandbox'), true);
    assert.deepEqual(accepted.fake.writes(), ['promote sandbox']);
    assert.equal(accepted.state.primary, 'sandbox');
    assert.deepEqual(accepted.state.switches, ['sandbox'], 'the tree shows the new primary');
    assert.deepEqual(accepted.ui.transcript, [
      'confirm: Make "sandbox" the primary environment of Bistro, instead of "main"? [Promote]',
      'info: "sandbox" is now the primary environment of Bistro, shown in the tree; "main" is a sandbox.',
    ]);
  });

  test('the primary is not promoted again', async () => {
    const { fake, ui, deps } = setup();
    assert.equal(await promoteEnvironment(deps, 'main'), false);
    assert.deepEqual(fake.writes(), []);
    assert.ok(ui.transcript.includes('info: "main" is already the primary environment of Bistro.'));
  });
});

describe('rename', () => {
  test('the tree, the primary and the message follow the new name; open editors of the old name are named', async () => {
    const { fake, ui, deps, state } = setup(['main', 'sandbox'], 'main');
    state.editors.set('main', 2);
    ui.inputs.push((options) => {
      assert.match(options.validate?.('main') ?? '', /different name/);
      assert.match(options.validate?.('sandbox') ?? '', /already exists/);
      return 'production';
    });
    assert.equal(await renameEnvironment(deps, 'main'), 'production');
    assert.deepEqual(fake.writes(), ['rename main production']);
    assert.equal(state.primary, 'production');
    assert.deepEqual(state.switches, ['production']);
    assert.ok(
      ui.transcript.some((line) =>
        line.startsWith('info: Renamed "main" to "production". 2 open editor(s) still belong to "main": they are not moved'),
      ),
    );
  });

  test('renaming a sandbox the tree does not show moves nothing else', async () => {
    const { fake, ui, deps, state } = setup();
    ui.inputs.push(() => 'staging');
    await renameEnvironment(deps, 'sandbox');
    assert.deepEqual(fake.writes(), ['rename sandbox staging']);
    assert.equal(state.primary, 'main');
    assert.deepEqual(state.switches, []);
    assert.ok(ui.transcript.includes('info: Renamed "sandbox" to "staging".'));
  });
});

describe('delete', () => {
  test('the primary is refused before any request', async () => {
    const { fake, ui, deps } = setup();
    ui.answers.push((message) => {
      assert.equal(
        message,
        '"main" is the primary environment of Bistro and cannot be deleted. To delete it, first promote another environment.',
      );
      return undefined;
    });
    assert.equal(await deleteEnvironment(deps, 'main'), false);
    assert.deepEqual(fake.calls, []);
  });

  test('a primary the project did not know of is refused before the delete, and remembered', async () => {
    const { fake, ui, deps, state } = setup();
    deps.project.primaryEnvironment = undefined;
    ui.answers.push(() => undefined);
    assert.equal(await deleteEnvironment(deps, 'main'), false);
    assert.deepEqual(fake.writes(), []);
    assert.equal(state.primary, 'main');
  });

  test('a primary promoted elsewhere since sign-in is found out and remembered (the guard follows it)', async () => {
    const { fake, ui, deps, state } = setup();
    await fake.api.environments.promote('sandbox');
    fake.calls.length = 0;
    ui.answers.push((message) => {
      assert.match(message, /"sandbox" is the primary environment of Bistro and cannot be deleted/);
      return undefined;
    });
    assert.equal(await deleteEnvironment(deps, 'sandbox'), false);
    assert.deepEqual(fake.writes(), []);
    assert.equal(state.primary, 'sandbox');
  });

  test('asks naming the environment and the project; declined sends nothing; accepted deletes and leaves it', async () => {
    const declined = setup(['main', 'sandbox'], 'sandbox');
    declined.ui.answers.push((message, actions) => {
      assert.equal(message, 'Delete environment "sandbox" of Bistro?');
      assert.deepEqual(actions, ['Delete Environment']);
      return undefined;
    });
    assert.equal(await deleteEnvironment(declined.deps, 'sandbox'), false);
    assert.deepEqual(declined.fake.writes(), []);
    assert.equal(declined.ui.confirmations[0]?.safe, 'Keep Environment', 'the modal focuses the choice that deletes nothing');
    assert.doesNotMatch(declined.ui.confirmations[0]?.detail ?? '', /unsaved/);

    const withEdits = setup(['main', 'sandbox'], 'main');
    withEdits.state.unsaved.set('sandbox', 2);
    withEdits.ui.answers.push(() => undefined);
    await deleteEnvironment(withEdits.deps, 'sandbox');
    assert.match(withEdits.ui.confirmations[0]?.detail ?? '', /2 open editor\(s\) of "sandbox" have unsaved changes/);

    const accepted = setup(['main', 'sandbox'], 'sandbox');
    accepted.ui.answers.push(() => 'Delete Environment');
    assert.equal(await deleteEnvironment(accepted.deps, 'sandbox'), true);
    assert.deepEqual(accepted.fake.writes(), ['destroy sandbox']);
    assert.deepEqual(accepted.state.switches, ['main'], 'the tree leaves the deleted environment');
    assert.deepEqual(
      accepted.fake.environments.map((e) => e.id),
      ['main'],
    );
  });
});

describe('maintenance mode', () => {
  test('turning it on asks first; force only after DatoCMS says collaborators are editing and the user agrees again', async () => {
    const { fake, ui, deps } = setup();
    fake.editing = true;
    ui.answers.push((message) => {
      assert.equal(message, 'Turn on maintenance mode for Bistro?');
      return 'Turn On';
    });
    ui.answers.push((message, actions) => {
      assert.equal(message, 'Collaborators are editing records in Bistro. Turn on maintenance mode anyway?');
      assert.deepEqual(actions, ['Turn On Anyway']);
      return 'Turn On Anyway';
    });
    assert.equal(await activateMaintenanceMode(deps), true);
    assert.deepEqual(fake.writes(), ['maintenance activate {}', 'maintenance activate {"force":true}']);
    assert.equal(fake.maintenance, true);
  });

  test('declining sends nothing; already on says so; turning it off needs no confirmation', async () => {
    const { fake, ui, deps } = setup();
    ui.answers.push(() => undefined);
    assert.equal(await activateMaintenanceMode(deps), false);
    assert.deepEqual(fake.writes(), []);

    fake.maintenance = true;
    assert.equal(await activateMaintenanceMode(deps), false);
    assert.ok(ui.transcript.includes('info: Maintenance mode of Bistro is already on.'));
    assert.equal(await deactivateMaintenanceMode(deps), true);
    assert.deepEqual(fake.writes(), ['maintenance deactivate']);
    assert.equal(fake.maintenance, false);
  });
});
