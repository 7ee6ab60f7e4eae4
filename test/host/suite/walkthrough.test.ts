// The Getting Started walkthrough in the real workbench: its steps show no Markdown VS Code leaves raw, and a
// step is ticked off when the user does it (here "Find records", by running Search Records of a Model from
// the Command Palette).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ensureSignedIn, EXTENSION_ID, pressKeys, readScreen, typeIntoQuickInput, waitFor } from './helpers';

const WALKTHROUGH = `${EXTENSION_ID}#datocms.gettingStarted`;

/** Each step's id (its last part) → whether the walkthrough shows it done. */
async function stepsDone(): Promise<Record<string, boolean>> {
  const boxes = await readScreen('[data-done-step-id]', ['data-done-step-id', 'aria-checked']);
  return Object.fromEntries(
    boxes
      .filter((box) => box.attributes['data-done-step-id']?.startsWith(WALKTHROUGH))
      .map((box) => [box.attributes['data-done-step-id']!.split('#').at(-1)!, box.attributes['aria-checked'] === 'true']),
  );
}

describe('walkthrough', () => {
  before(ensureSignedIn);
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('shows its steps without literal Markdown and ticks off "Find records" when Search Records of a Model runs', async () => {
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
    await waitFor(async () => Object.keys(await stepsDone()).length === 7, 30_000, 'the walkthrough and its seven steps');
    const descriptions = await readScreen('.getting-started-step .step-description-container');
    assert.equal(descriptions.length, 7);
    for (const { text } of descriptions) assert.doesNotMatch(text, /\*\*|`|^#|\n- /, text);
    const code = await readScreen('.step-description-container[x-step-description-for$="#schema"] code');
    assert.deepEqual(
      code.map((c) => c.text),
      ['datocms migrations:run'],
    );

    assert.equal((await stepsDone())['query'], false);
    // run the way a user does: the Command Palette, which the walkthrough watches
    await vscode.commands.executeCommand('workbench.action.showCommands');
    await typeIntoQuickInput('>DatoCMS: Search Records of a Model');
    await waitFor(async () => (await stepsDone())['query'] === true, 15_000, '"Find records" to be ticked off');
    // the command goes on asking which model: dismissed
    await pressKeys('Escape', false);
  });
});
