// Schema as code, end to end: a sandbox forked from main gets a new field, Compare Schemas lists it, its
// diff opens, Generate Migration writes the script into the workspace, and the script, run with the
// official client on a fresh fork of main, adds the field there. Also: Compare with Environment opens the
// other environment's copy read-only.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import {
  addFault,
  clearFaults,
  config,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  runWithInputs,
  screenshot,
  seeOnScreen,
  waitFor,
} from './helpers';
import { editJson, modelUri, openDocument, openEditor } from './editing';

const SANDBOX = 'compare-sandbox';
const RUN = 'compare-run';
const ROOT = resolve(__dirname, '..', '..');

/** A CMA call in one environment, following a job to its result, as a colleague's script would. */
async function cmaIn(environment: string | undefined, method: string, path: string, body?: unknown): Promise<any> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${config().token}`,
    accept: 'application/json',
    'x-api-version': '3',
    'content-type': 'application/vnd.api+json',
    ...(environment ? { 'x-environment': environment } : {}),
  };
  const response = await fetch(`${config().emulatorUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: any = response.status === 204 ? undefined : await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  if (json?.data?.type !== 'job') return json;
  let result: any;
  await waitFor(
    async () => {
      const r = await fetch(`${config().emulatorUrl}/job-results/${json.data.id}`, { headers });
      if (r.status !== 200) return false;
      result = await r.json();
      return true;
    },
    30_000,
    `the job of ${method} ${path}`,
  );
  return result.data.attributes.payload;
}

async function fork(from: string, id: string): Promise<void> {
  await cmaIn(undefined, 'POST', `/environments/${from}/fork`, { data: { type: 'environment', id } });
  await waitFor(
    async () => (await cmaIn(undefined, 'GET', `/environments/${id}`)).data.meta.status === 'ready',
    30_000,
    `environment ${id} to be ready`,
  );
}

function runMigration(script: string, environment: string): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      'node',
      ['--import', 'tsx', 'test/host/lib/runMigration.mjs', script, config().emulatorUrl, environment],
      { cwd: ROOT, env: { ...process.env, DATOCMS_API_TOKEN: config().token } },
      (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stdout}\n${stderr}`)) : done(stdout)),
    );
  });
}

describe('schema as code', () => {
  before(async () => {
    await ensureSignedIn();
    await fork('main', SANDBOX);
    await cmaIn(SANDBOX, 'POST', '/item-types/dish/fields', {
      data: {
        type: 'field',
        attributes: {
          label: 'Calories',
          api_key: 'calories',
          field_type: 'integer',
          validators: { number_range: { min: 0, max: 3000 } },
          appearance: { editor: 'integer', parameters: { placeholder: 'kcal' }, addons: [] },
        },
      },
    });
    const price = await cmaIn(SANDBOX, 'GET', '/fields/dish::price');
    await cmaIn(SANDBOX, 'PUT', `/fields/${price.data.id}`, {
      data: {
        type: 'field',
        id: price.data.id,
        attributes: {
          validators: { required: {}, number_range: { min: 1, max: 900 } },
          hint: 'In euros, VAT included',
        },
      },
    });
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('datocms.schemaComparison.close');
    for (const env of [SANDBOX, RUN]) await cmaIn(undefined, 'DELETE', `/environments/${env}`).catch(() => undefined);
  });

  it('Compare Schemas lists a field added in a sandbox, opens its diff, and Generate Migration writes a script that adds it to a fork of main', async function () {
    this.timeout(180_000);
    const { model } = await extensionApi();
    await dismissToasts();
    await runWithInputs(
      'datocms.compareSchemas',
      [model.roots()[0]],
      [
        { text: SANDBOX, title: 'Compare the schema of which environment?' },
        { text: 'main', title: `Compare the schema of ${SANDBOX} with which environment?` },
      ],
    );
    await seeOnScreen('Calories', { widenSideBar: 200 });
    await vscode.commands.executeCommand('datocms.schemaComparison.openChange', 'dish::calories');
    await waitFor(
      () => vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff,
      10_000,
      'the diff of the new field',
    );
    const diff = vscode.window.tabGroups.activeTabGroup.activeTab!.input as vscode.TabInputTextDiff;
    assert.equal(diff.original.scheme, 'datocms-compare', 'main has no such field: an empty side');
    assert.equal(diff.modified.path, `/emulated-bistro/${SANDBOX}/models/dish/fields/calories.json`);
    await seeOnScreen('"api_key": "calories"');
    // a changed field: both sides, the sandbox's on the right
    await vscode.commands.executeCommand('datocms.schemaComparison.openChange', 'dish::price');
    await waitFor(
      () =>
        (vscode.window.tabGroups.activeTabGroup.activeTab?.input as vscode.TabInputTextDiff | undefined)?.original?.path ===
        '/emulated-bistro/main/models/dish/fields/price.json',
      10_000,
      'the diff of the changed field',
    );
    await seeOnScreen('VAT included');
    await screenshot('schema-compare');

    const folder = config().workspace;
    await runWithInputs('datocms.generateMigration', [], [{ text: 'add calories', title: 'Name of the migration' }]);
    const migrations = join(folder, 'migrations');
    await waitFor(
      () => {
        try {
          return readdirSync(migrations).some((f) => f.endsWith('_addCalories.ts'));
        } catch {
          return false;
        }
      },
      15_000,
      'the migration file',
    );
    const file = join(
      migrations,
      readdirSync(migrations).find((f) => f.endsWith('_addCalories.ts'))!,
    );
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === file, 10_000, 'the script to open');
    assert.match(readFileSync(file, 'utf8'), /export default async function \(client: Client\)/);

    await fork('main', RUN);
    await runMigration(file, RUN);
    const field = await cmaIn(RUN, 'GET', '/fields/dish::calories');
    assert.equal(field.data.attributes.field_type, 'integer');
    assert.deepEqual(field.data.attributes.validators, { number_range: { min: 0, max: 3000 } });
    const price = await cmaIn(RUN, 'GET', '/fields/dish::price');
    assert.deepEqual(price.data.attributes.validators, { required: {}, number_range: { min: 1, max: 900 } });
  });

  it('a schema saved through the extension is followed by the comparison, which says it is outdated until it has read again', async function () {
    this.timeout(60_000);
    const document = await openDocument(modelUri('dish', SANDBOX));
    await editJson(document, (json) => (json.hint = 'Changed after the comparison'));
    assert.equal(await document.save(), true);
    // the view reads both schemas again on its own
    await seeOnScreen('changed: hint', { widenSideBar: 200 });

    // while the comparison reads again (slowly here), it says it is outdated; then it shows the change
    const field = await openDocument(
      documentUri({ project: 'emulated-bistro', environment: SANDBOX, kind: 'field', modelApiKey: 'dish', apiKey: 'vegetarian' }),
    );
    await addFault({ kind: 'timeout', method: 'GET', path: '/site', delayMs: 4000, count: 4 });
    try {
      await editJson(field, (json) => (json.hint = 'Meat-free'));
      assert.equal(await field.save(), true);
      await seeOnScreen(`The schema of ${SANDBOX} changed after this comparison`, { widenSideBar: 200 });
      await seeOnScreen('boolean changed: hint', { widenSideBar: 200 });
    } finally {
      await clearFaults();
    }
  });

  it("Compare with Environment opens the other environment's copy read-only beside the document", async function () {
    this.timeout(60_000);
    await openEditor(modelUri('dish', 'main'));
    await runWithInputs('datocms.compareWithEnvironment', [], [{ text: SANDBOX, title: 'Compare the model dish with which environment?' }]);
    await waitFor(() => vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff, 10_000, 'the diff');
    const diff = vscode.window.tabGroups.activeTabGroup.activeTab!.input as vscode.TabInputTextDiff;
    assert.equal(diff.original.path, `/emulated-bistro/${SANDBOX}/models/dish.json`);
    assert.equal(diff.original.query, 'compare');
    const stat = await vscode.workspace.fs.stat(diff.original);
    assert.equal(stat.permissions, vscode.FilePermission.Readonly);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(diff.original, new TextEncoder().encode('{}'))), /comparison/);
  });
});
