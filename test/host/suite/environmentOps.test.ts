// Environments from the tree (fork, switch, promote) and the guard on the primary environment's schema,
// driven like a user: typed names and picked options through the runner. VS Code refuses modal dialogs
// in an extension test host ("DialogService: refused to show dialog in tests"), so the modal
// confirmations are answered through the extension's Ui (every command and the guard ask through it),
// and the test checks what they said and offered.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { stopAskingSchemaChanges } from '../../../src/projects/primaryGuard';
import type { EnvironmentNode, TreeNode } from '../../../src/tree';
import {
  answerConfirmations,
  restoreConfirmations,
  toasts,
  clearRequests,
  describeRequests,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  requests,
  runWithInputs,
  screenshot,
  seeOnScreen,
  settledToasts,
  statusBar,
  tabIsDirty,
  waitFor,
  writes,
} from './helpers';
import { editJson, modelUri, openEditor, pressSave, saveDeclined, waitForClean } from './editing';

const PROJECT = 'emulated-bistro';
const projectItemText = async () => (await statusBar()).find((item) => item.text.includes('Emulated Bistro'))?.text ?? '';

/** The environment nodes under the project's Environments node, loaded afresh. */
async function environmentNodes(): Promise<EnvironmentNode[]> {
  const { model } = await extensionApi();
  const root = model.roots().find((node) => node.projectKey === PROJECT);
  assert.ok(root, 'the project is in the tree');
  const section = (await model.children(root)).find((node) => node.kind === 'environments');
  assert.ok(section, 'the project has an Environments node');
  await model.refresh(section);
  return (await model.children(section)).filter((node: TreeNode): node is EnvironmentNode => node.kind === 'environment');
}

async function environmentNode(id: string): Promise<EnvironmentNode> {
  const node = (await environmentNodes()).find((n) => n.resource.id === id);
  assert.ok(node, `environment ${id} is listed`);
  return node;
}

describe('the guard on the primary environment', () => {
  before(async () => {
    await ensureSignedIn();
    await vscode.commands.executeCommand('datocms.resetSchemaGuard');
    await dismissToasts();
  });
  after(async () => {
    await restoreConfirmations();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The other suites save models in main without being asked.
    await stopAskingSchemaChanges((await extensionApi()).registry.store.state, PROJECT);
  });

  it('a model save in the primary asks first: declined sends no request and keeps the edit; accepted sends one PUT', async function () {
    this.timeout(90_000);
    const uri = modelUri('category', 'main');
    const editor = await openEditor(uri);
    const hint = `Guarded ${Date.now()}`;
    await editJson(editor.document, (json) => {
      json.hint = hint;
    });
    const asked = await saveDeclined(editor);
    assert.equal(asked[0]!.message, 'Update the model category (hint) in the primary environment "main" of Emulated Bistro?');
    assert.deepEqual(asked[0]!.actions, ['Change Schema', "Don't Ask Again for This Project"]);
    const shown = await settledToasts();
    const failure = shown.find((toast) => toast.message.includes('was not confirmed'));
    assert.ok(failure, 'the failed save says why');
    assert.match(failure.message, /primary environment "main" was not confirmed\. Your changes are still in the editor/);
    assert.equal(shown.length, 1, `one message, in our words: ${JSON.stringify(shown)}`);
    assert.doesNotMatch(failure.message, /Failed to save|Unable to write|FileSystemError|NoPermissions/);
    // The guard reads which environment is primary now, then asks before anything else: declined, nothing is sent.
    const sent = await requests();
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path}`),
      ['GET /environments'],
      `only the environments were read: ${describeRequests(sent)}`,
    );
    assert.ok(tabIsDirty(uri), 'the editor keeps its unsaved edit');
    assert.equal(JSON.parse(editor.document.getText()).hint, hint);

    await dismissToasts();
    const askedAgain = await answerConfirmations('Change Schema');
    await clearRequests();
    await pressSave(editor);
    await waitForClean(uri);
    assert.equal(askedAgain.length, 1);
    const puts = await writes();
    assert.equal(puts.length, 1, describeRequests(puts));
    assert.match(puts[0]!.path, /^\/item-types\//);
    assert.deepEqual(puts[0]!.body.data.attributes, { hint });
    assert.equal(puts[0]!.environment, 'main');
  });

  it('a model save in a sandbox shows no guard', async function () {
    this.timeout(60_000);
    const uri = modelUri('category', 'sandbox');
    const editor = await openEditor(uri);
    const hint = `Sandboxed ${Date.now()}`;
    await editJson(editor.document, (json) => {
      json.hint = hint;
    });
    const asked = await answerConfirmations();
    await clearRequests();
    await pressSave(editor);
    await waitForClean(uri);
    assert.deepEqual(asked, []);
    const puts = await writes();
    assert.equal(puts.length, 1, describeRequests(puts));
    assert.equal(puts[0]!.environment, 'sandbox');
  });
});

describe('environment operations from the tree', () => {
  const FORK = `feature-${Date.now().toString(36)}`;
  before(ensureSignedIn);
  after(async function () {
    this.timeout(90_000);
    // Back as it was: main primary and shown, the fork gone.
    const { registry } = await extensionApi();
    await dismissToasts();
    if (registry.get(PROJECT)?.primaryEnvironment !== 'main') {
      await answerConfirmations('Promote');
      await vscode.commands.executeCommand('datocms.env.promote', await environmentNode('main'));
    }
    if ((await environmentNodes()).some((n) => n.resource.id === FORK)) {
      await answerConfirmations('Delete Environment');
      await vscode.commands.executeCommand('datocms.env.delete', await environmentNode(FORK));
    }
    if (registry.environmentOf(PROJECT) !== 'main')
      await vscode.commands.executeCommand('datocms.env.switch', await environmentNode('main'));
    await restoreConfirmations();
    // Progress notifications stay at least a moment after their task: wait until none is left, or the
    // next suite's notifications would queue behind them.
    await waitFor(
      async () => {
        await dismissToasts();
        return (await toasts()).length === 0;
      },
      20_000,
      'the notifications to close',
    );
  });

  it('forks a sandbox (typed name, full copy), the tree switches to it, then promotes it after a confirmation naming both', async function () {
    this.timeout(120_000);
    const { registry, ui } = await extensionApi();
    await dismissToasts();
    // what the command tells the user, recorded as it is shown (a notification can be gone before it is read)
    const told: string[] = [];
    const realInfo = ui.info;
    ui.info = (message, ...actions) => {
      told.push(message);
      return realInfo.call(ui, message, ...actions);
    };
    try {
      await runWithInputs(
        'datocms.env.fork',
        [await environmentNode('main')],
        [
          { text: FORK, title: 'Fork "main" of Emulated Bistro' },
          { text: 'Full fork', title: 'How should "main" be forked?' },
        ],
      );
      await waitFor(() => registry.environmentOf(PROJECT) === FORK, 60_000, `the tree to show ${FORK}`);
      const announced = `Forked "main" into "${FORK}". The tree now shows "${FORK}".`;
      await waitFor(() => told.includes(announced), 15_000, `the fork to be announced (told: ${told.join(' | ')})`);
    } finally {
      ui.info = realInfo;
    }
    const fork = await environmentNode(FORK);
    assert.equal((await extensionApi()).provider.getTreeItem(fork).description, 'sandbox · active');
    await waitFor(async () => (await projectItemText()).includes(`${FORK} (sandbox)`), 10_000, 'the status bar to name the fork').catch(
      async (error: Error) => {
        throw new Error(`${error.message}; it shows "${await projectItemText()}"`);
      },
    );

    await dismissToasts();
    await clearRequests();
    const asked = await answerConfirmations('Promote');
    await vscode.commands.executeCommand('datocms.env.promote', fork);
    assert.deepEqual(
      asked.map((c) => c.message),
      [`Make "${FORK}" the primary environment of Emulated Bistro, instead of "main"?`],
    );
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path}`),
      [`PUT /environments/${FORK}/promote`],
    );
    assert.equal(registry.get(PROJECT)?.primaryEnvironment, FORK);
    await waitFor(
      async () => (await projectItemText()).includes(`${FORK} (primary)`),
      10_000,
      'the status bar to say the fork is primary',
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}; it shows "${await projectItemText()}"`);
    });
    const nodes = await environmentNodes();
    const { provider } = await extensionApi();
    assert.equal(provider.getTreeItem(nodes.find((n) => n.resource.id === FORK)!).description, 'primary · active');
    assert.equal(provider.getTreeItem(nodes.find((n) => n.resource.id === 'main')!).description, 'sandbox');

    // What the user sees: the Environments node with the promoted fork primary and shown.
    const { treeView } = await extensionApi();
    await vscode.commands.executeCommand('workbench.view.extension.datocms');
    await treeView.reveal(await environmentNode(FORK), { select: true, focus: true, expand: true });
    await dismissToasts();
    await seeOnScreen('primary · active', { widenSideBar: 140 });
    await screenshot('environments');
  });

  it('Promote of "main" while the tree shows the fork: the tree and the status bar follow "main", the new primary', async function () {
    this.timeout(90_000);
    const { registry, model, provider } = await extensionApi();
    assert.equal(registry.environmentOf(PROJECT), FORK, 'the tree shows the fork (the test before)');
    await dismissToasts();
    const asked = await answerConfirmations('Promote');
    await vscode.commands.executeCommand('datocms.env.promote', await environmentNode('main'));
    assert.deepEqual(
      asked.map((c) => `${c.message} [${c.safe} | ${c.actions.join(', ')}]`),
      [`Make "main" the primary environment of Emulated Bistro, instead of "${FORK}"? [Keep "${FORK}" Primary | Promote]`],
    );
    assert.equal(registry.get(PROJECT)?.primaryEnvironment, 'main');
    assert.equal(registry.environmentOf(PROJECT), 'main', 'the tree shows the new primary');
    assert.equal(model.roots().find((root) => root.projectKey === PROJECT)?.environment, 'main');
    await waitFor(async () => (await projectItemText()).includes('main (primary)'), 10_000, 'the status bar to name main primary').catch(
      async (error: Error) => {
        throw new Error(`${error.message}; it shows "${await projectItemText()}"`);
      },
    );
    const nodes = await environmentNodes();
    assert.equal(provider.getTreeItem(nodes.find((n) => n.resource.id === 'main')!).description, 'primary · active');
    assert.equal(provider.getTreeItem(nodes.find((n) => n.resource.id === FORK)!).description, 'sandbox');
  });
});
