// The environment commands against the emulator with the real client: what goes over the wire, and
// what the project looks like afterwards.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EnvironmentsApi } from '../../src/environments/api';
import {
  activateMaintenanceMode,
  deactivateMaintenanceMode,
  deleteEnvironment,
  forkEnvironment,
  promoteEnvironment,
  renameEnvironment,
  type EnvironmentOpsDeps,
} from '../../src/environments/operations';
import type { Project } from '../../src/projects/project';
import { formatMessage } from '../../src/platform/translate';
import { ScriptedUi } from '../platform/scriptedUi';
import type { Emulator } from '../emulator/index';
import { QUICK_JOBS, useEmulator } from '../support/emulator';
import { emulatorProject } from '../projects/emulatorProjects';

let emulator: Emulator;
let api: EnvironmentsApi;

useEmulator({ records: 5, jobDurationMs: 5, client: { jobs: QUICK_JOBS }, reset: ['requests'] }, (started) => {
  emulator = started.emulator;
  api = started.client.withEnvironment(undefined);
});

function setup() {
  const ui = new ScriptedUi();
  const project: Project = emulatorProject(emulator);
  const state = { shown: 'main', primary: project.primaryEnvironment };
  const deps: EnvironmentOpsDeps = {
    ui,
    t: formatMessage,
    client: api,
    project,
    shown: () => state.shown,
    switchTo: async (environment) => void (state.shown = environment),
    setPrimary: async (environment) => void (state.primary = environment),
    refresh: async () => undefined,
    openEditorsOf: () => 0,
    unsavedEditorsOf: () => 0,
    pollInterval: 5,
  };
  return { ui, deps, state };
}

const writes = () =>
  emulator.requests
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${r.path}${Object.keys(r.query).length ? ` ${JSON.stringify(r.query)}` : ''} ${r.status}`);

describe('environments against the emulator', () => {
  test('fork (fast), promote, rename, delete: one request each, and the project follows', async () => {
    const { ui, deps, state } = setup();
    ui.inputs.push(() => 'feature-x');
    ui.picks.push(() => 'Fast fork');
    assert.equal(await forkEnvironment(deps, 'main'), 'feature-x');
    assert.deepEqual(writes(), ['POST /environments/main/fork {"fast":"true"} 202']);
    assert.deepEqual(emulator.requests.find((r) => r.method === 'POST')?.body, { data: { type: 'environment', id: 'feature-x' } });
    assert.equal(state.shown, 'feature-x');
    assert.equal((await api.environments.find('feature-x')).meta['status'], 'ready');

    emulator.clearRequests();
    ui.answers.push(() => 'Promote');
    assert.equal(await promoteEnvironment(deps, 'feature-x'), true);
    assert.deepEqual(writes(), ['PUT /environments/feature-x/promote 200']);
    assert.equal(state.primary, 'feature-x');

    emulator.clearRequests();
    ui.inputs.push(() => 'production');
    assert.equal(await renameEnvironment(deps, 'feature-x'), 'production');
    assert.deepEqual(writes(), ['PUT /environments/feature-x/rename 200']);
    assert.equal(state.shown, 'production');
    assert.equal(state.primary, 'production');

    emulator.clearRequests();
    ui.answers.push(() => 'Delete Environment');
    assert.equal(await deleteEnvironment(deps, 'main'), true, 'main is a sandbox now');
    assert.deepEqual(writes(), ['DELETE /environments/main 202']);
    assert.deepEqual((await api.environments.list()).map((e) => [e.id, e.meta['primary']]).sort(), [
      ['production', true],
      ['sandbox', false],
    ]);
  });

  test('deleting the primary sends nothing; maintenance mode turns on and off', async () => {
    const { ui, deps } = setup();
    deps.project.primaryEnvironment = (await api.environments.list()).find((e) => e.meta['primary'] === true)?.id;
    emulator.clearRequests();
    ui.answers.push(() => undefined);
    assert.equal(await deleteEnvironment(deps, deps.project.primaryEnvironment!), false);
    assert.deepEqual(emulator.requests, []);

    ui.answers.push(() => 'Turn On');
    assert.equal(await activateMaintenanceMode(deps), true);
    assert.equal((await api.maintenanceMode.find()).attributes['active'], true);
    assert.equal(await deactivateMaintenanceMode(deps), true);
    assert.deepEqual(writes(), ['PUT /maintenance-mode/activate 200', 'PUT /maintenance-mode/deactivate 200']);
  });
});
