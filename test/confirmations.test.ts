// Every destructive command of the command table (package.json), walked with a scripted window against the emulator:
// it asks one question (a confirmation, or a pick that is the decision), a confirmation offers the safe choice (which
// VscodeUi renders first, with the focus), declining sends nothing and says nothing, and the action ends with one
// notification. No message shows a datocms: address or a file path where a name would do.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CmaClient, type Resource } from '../src/cma';
import { activateMaintenanceMode, deleteEnvironment, promoteEnvironment, type EnvironmentOpsDeps } from '../src/environments/operations';
import { deleteUpload } from '../src/media/usage';
import { formatMessage } from '../src/platform/translate';
import type { LifecycleDeps } from '../src/projects/actions';
import { signOut } from '../src/projects/accountCommands';
import type { ProjectsDeps } from '../src/projects/actionHost';
import { askSchemaChange, schemaChangeWarning, type GuardHost } from '../src/projects/primaryGuard';
import { ProjectData } from '../src/projects/projectData';
import { runBulk } from '../src/records/bulk';
import { deleteRecord } from '../src/records/deleteRecord';
import { RecordPublishing, type RecordHost } from '../src/records/recordActions';
import { deleteSchemaItem } from '../src/schemaActions/deleteSchema';
import type { Emulator } from './emulator';
import { FakeEnvironments, PROJECT } from './environments/fakeEnvironments';
import { ScriptedUi } from './platform/scriptedUi';
import { FakeState } from './projects/fakeStores';
import { QUICK_JOBS, useEmulator } from './support/emulator';

let emulator: Emulator;
let client: CmaClient;
useEmulator({ records: 30, uploads: 3, jobDurationMs: 2, client: { jobs: QUICK_JOBS }, reset: ['faults', 'requests'] }, (started) => {
  ({ emulator, client } = started);
});

const at = { project: 'emulated-bistro', environment: 'main' };
/** What changed on the server (the emulator's log of everything but reads). */
const emulatorWrites = () =>
  emulator.requests.filter((r) => r.method !== 'GET' && r.path !== '/job-results').map((r) => `${r.method} ${r.path}`);

/** One run of a command's flow: the window it talked to, and what it changed. */
interface Run {
  ui: ScriptedUi;
  changes(): string[];
}
type Walk = (ui: ScriptedUi) => Promise<() => string[]>;

function lifecycleDeps(ui: ScriptedUi, data: ProjectData): LifecycleDeps {
  // the guard as the extension makes it, over the emulator: main is the primary and the project asks
  const guard: GuardHost = {
    get: () => ({ ...PROJECT, key: at.project, name: 'Emulated Bistro', primaryEnvironment: 'main' }),
    ui,
    t: formatMessage,
    store: { state: new FakeState() },
    environments: () => client.withEnvironment(undefined).environments.list(),
    setPrimary: async () => undefined,
  };
  return {
    ui,
    t: formatMessage,
    data: async () => data,
    documentsDeleted: async () => undefined,
    confirmSchemaChange: (change) => askSchemaChange(guard, change),
    primaryWarning: (change) => schemaChangeWarning(guard, change),
    openDocument: async () => undefined,
  };
}

function bulkHost(ui: ScriptedUi, data: ProjectData): RecordHost {
  return {
    ui,
    t: formatMessage,
    data: async () => data,
    isDirty: () => false,
    save: async () => true,
    showServerProblems: async () => 0,
    changed: () => undefined,
    removed: () => undefined,
    log: () => undefined,
  };
}

function environmentDeps(ui: ScriptedUi): { deps: EnvironmentOpsDeps; fake: FakeEnvironments } {
  const fake = new FakeEnvironments(['main', 'sandbox', 'feature']);
  const deps: EnvironmentOpsDeps = {
    ui,
    t: formatMessage,
    client: fake.api,
    project: { ...PROJECT },
    shown: () => 'main',
    switchTo: async () => undefined,
    setPrimary: async () => undefined,
    refresh: async () => undefined,
    openEditorsOf: () => 0,
    unsavedEditorsOf: () => 0,
    pollInterval: 1,
  };
  return { deps, fake };
}

/** A record nothing links to (its delete goes through). */
async function unlinkedRecord(model: string, skip: Set<string>): Promise<Resource<'item'>> {
  for (const record of (await client.items.list({ filter: { type: model }, page: { limit: 100 } })).data) {
    if (skip.has(record.id)) continue;
    if ((await client.items.references(record.id, { version: 'published-or-current' })).length === 0) return (skip.add(record.id), record);
  }
  throw new Error(`no ${model} record nothing links to`);
}
const taken = new Set<string>();

/** The destructive commands, each walked through the flow its row of src/commands.ts runs. */
const WALKS: Record<string, Walk> = {
  'datocms.deleteRecord': async (ui) => {
    const data = new ProjectData(client);
    const record = await unlinkedRecord('article', taken);
    await deleteRecord(lifecycleDeps(ui, data), { ...at, record, model: await data.itemType('article') });
    return emulatorWrites;
  },
  'datocms.records.bulkDelete': async (ui) => {
    const data = new ProjectData(client);
    const records = [await unlinkedRecord('article', taken), await unlinkedRecord('article', taken)];
    const ref = (id: string) => ({ ...at, kind: 'record' as const, modelApiKey: 'article', id });
    await runBulk(
      bulkHost(ui, data),
      records.map((r) => ({ ref: ref(r.id), title: `article ${r.id}` })),
      'destroy',
    );
    return emulatorWrites;
  },
  'datocms.records.unpublish': async (ui) => {
    const data = new ProjectData(client);
    // published in one locale: nothing to pick, so a confirmation asks
    const draft = (await client.items.list({ filter: { type: 'article' }, page: { limit: 100 } })).data.find(
      (r) => !taken.has(r.id) && r.meta['is_valid'] === true,
    )!;
    taken.add(draft.id);
    await client.publishing.items.publish(draft.id, { locales: ['en'], nonLocalizedContent: true });
    emulator.clearRequests();
    const ref = { ...at, kind: 'record' as const, modelApiKey: 'article', id: draft.id };
    await new RecordPublishing(bulkHost(ui, data)).unpublish({ ref, title: `article ${draft.id}` });
    return emulatorWrites;
  },
  'datocms.deleteFieldset': async (ui) => {
    const data = new ProjectData(client);
    const article = await data.itemType('article');
    const fieldset = (await data.fieldsets(article.id)).find((f) => !taken.has(f.id))!;
    taken.add(fieldset.id);
    emulator.clearRequests();
    await deleteSchemaItem(lifecycleDeps(ui, data), { ...at, kind: 'fieldset', model: article, fieldset, fieldCount: 2 });
    return emulatorWrites;
  },
  'datocms.env.promote': async (ui) => {
    const { deps, fake } = environmentDeps(ui);
    await promoteEnvironment(deps, 'sandbox');
    return () => fake.writes();
  },
  'datocms.env.delete': async (ui) => {
    const { deps, fake } = environmentDeps(ui);
    await deleteEnvironment(deps, 'feature');
    return () => fake.writes();
  },
  'datocms.env.maintenanceOn': async (ui) => {
    const { deps, fake } = environmentDeps(ui);
    await activateMaintenanceMode(deps);
    return () => fake.writes();
  },
  'datocms.signOut': async (ui) => {
    // from the project's item (a project picked from the palette is the decision itself)
    const projects = [{ ...PROJECT, key: at.project, name: 'Emulated Bistro' }];
    const signedOut: string[] = [];
    const registry = {
      get: (key: string) => projects.find((p) => p.key === key),
      list: () => projects,
      signOut: async (key: string) => void signedOut.push(key),
    } as unknown as ProjectsDeps['registry'];
    await signOut({ registry, ui, t: formatMessage } as unknown as ProjectsDeps, at.project);
    return () => signedOut;
  },
  'datocms.media.delete': async (ui) => {
    const unused = [...emulator.store.environment('main').uploads.values()].find(
      (u) => String(u.attributes['filename']).startsWith('photo-') && !taken.has(u.id),
    )!;
    taken.add(unused.id);
    emulator.clearRequests();
    await deleteUpload(
      {
        ui,
        t: formatMessage,
        open: async () => undefined,
        documentsDeleted: async () => undefined,
        reload: async () => undefined,
        uploadChanged: async () => undefined,
        unsavedEditors: () => [],
      },
      { ...at, upload: unused, data: new ProjectData(client) },
    );
    return emulatorWrites;
  },
};

/** Destructive commands whose question is checked elsewhere, and where. */
const ELSEWHERE: Record<string, string> = {
  'datocms.history.restore':
    'needs VS Code: test/host/suite/history.test.ts (one question naming record and version, Keep Current Version)',
  'datocms.media.replaceFile': 'reads a local file: test/media/sending.test.ts and test/host/suite/media.test.ts (Keep File)',
  'datocms.media.unused': 'a pick of the uploads, then a confirmation by count and size: test/media/usage.test.ts',
  'datocms.documents.overwriteRemote': "the save path's conflict flow: test/host/suite/conflicts.test.ts",
  'datocms.documents.revertToRemote': "the save path's conflict flow: test/host/suite/conflicts.test.ts",
  // one function asks for every kind of schema (Delete Fieldset… walks it above); each kind's question is checked there
  'datocms.deleteModel': 'the question of Delete Fieldset… (deleteSchemaItem): test/records/lifecycle.test.ts',
  'datocms.deleteBlockModel': 'the question of Delete Fieldset… (deleteSchemaItem): test/records/lifecycle.test.ts',
  'datocms.deleteField': 'the question of Delete Fieldset… (deleteSchemaItem): test/records/lifecycle.test.ts',
  'datocms.deleteWebhook': 'the question of Delete Fieldset… (deleteSchemaItem): test/records/lifecycle.test.ts',
};

/** Commands that delete, take content offline, replace or give up something: their title says so. */
const DESTRUCTIVE = /^(Delete|Unpublish|Promote|Restore|Sign Out|Replace|Turn On Maintenance|Save and Overwrite|Revert to|Unused Uploads)/;
const RAW_PATH = /datocms:|\/emulated-bistro\/|[A-Z]:\\|(^|\s)\/(home|tmp|work|Users|var)\//;

function destructiveCommands(): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const manifest = require('../package.json') as { contributes: { commands: { command: string; title: string }[] } };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nls = require('../package.nls.json') as Record<string, string>;
  return manifest.contributes.commands
    .filter((c) => DESTRUCTIVE.test(nls[c.title.replace(/^%|%$/g, '')] ?? c.title))
    .map((c) => c.command)
    .sort();
}

const questionsOf = (run: Run) => run.ui.transcript.filter((line) => /^(confirm|pick|pickMany|input): /.test(line));
const notificationsOf = (run: Run) => run.ui.transcript.filter((line) => /^(info|warn|error): /.test(line));

async function walk(id: string, answer: 'decline' | 'accept'): Promise<Run> {
  const ui = new ScriptedUi();
  ui.answers.push((_message, actions) => (answer === 'accept' ? actions[0] : undefined));
  ui.manyPicks.push((labels) => (answer === 'accept' ? labels : undefined));
  ui.picks.push((labels) => (answer === 'accept' ? labels[0] : undefined));
  emulator.clearRequests();
  const changes = await WALKS[id]!(ui);
  return { ui, changes };
}

describe('the destructive commands ask once, safe choice first, and end with one notification', () => {
  test('every destructive command of the command table is walked here or named with where it is checked', () => {
    assert.deepEqual(destructiveCommands(), [...Object.keys(WALKS), ...Object.keys(ELSEWHERE)].sort());
  });

  for (const id of Object.keys(WALKS)) {
    test(`${id}: one question with the safe choice; declined, nothing is sent or said; accepted, one notification`, async () => {
      const declined = await walk(id, 'decline');
      const asked = questionsOf(declined);
      assert.equal(asked.length, 1, `one question: ${asked.join(' | ')}`);
      if (id === 'datocms.deleteFieldset')
        assert.match(
          declined.ui.confirmations[0]?.detail ?? '',
          /^"main" is the primary environment of Emulated Bistro/,
          'the guard speaks in it',
        );
      for (const confirmation of declined.ui.confirmations) {
        assert.ok(confirmation.safe, `"${confirmation.message}" offers the safe choice`);
        assert.ok(!confirmation.actions.includes(confirmation.safe), 'the safe choice is not one of the actions');
        assert.doesNotMatch(`${confirmation.message}\n${confirmation.detail ?? ''}`, RAW_PATH);
      }
      assert.deepEqual(notificationsOf(declined), [], 'declined: nothing to say');
      assert.deepEqual(declined.changes(), [], 'declined: nothing sent');

      const accepted = await walk(id, 'accept');
      assert.equal(questionsOf(accepted).length, 1, 'accepted after one question');
      assert.ok(accepted.changes().length > 0, 'accepted: it acted');
      const told = notificationsOf(accepted);
      assert.equal(told.length, 1, `one notification after: ${told.join(' | ')}`);
      assert.doesNotMatch(told[0]!, RAW_PATH);
    });
  }
});
