// "New Field…": which model (tree node or palette pick), which of the 20 field types; it opens a draft of that
// type and sends nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { modelOfNode, newFieldRef } from '../../src/schemaActions/newField';
import { isFieldDraftRef } from '../../src/domain/paths';
import { usePickerWorld } from '../projects/pickerWorld';
import { ScriptedUi } from '../platform/scriptedUi';

const world = usePickerWorld({ records: 2 });
const { project, deps, writes } = world;

describe('New Field…', () => {
  test('from the palette: model, then type (all 20 offered); a draft of that type opens, nothing is sent', async () => {
    const ui = new ScriptedUi();
    let offered: string[] = [];
    ui.picks.push((labels) => labels.find((l) => l === 'Quote block'));
    ui.picks.push((labels) => ((offered = labels), 'Single-line string'));
    const before = writes();
    const ref = await newFieldRef(deps(ui));
    assert.ok(ref && isFieldDraftRef(ref));
    assert.equal(ref.modelApiKey, 'quote_block');
    assert.ok(ref.apiKey.endsWith('~string'));
    assert.equal(offered.length, 20);
    assert.equal(writes(), before);
  });

  test('from the tree: a Fields item names its model; dismissing the type pick opens nothing', async () => {
    const itemType = await world.data().itemType('author');
    const node = { kind: 'fields', projectKey: project.key, environment: 'main', model: { itemType } };
    assert.equal(modelOfNode(node)?.itemType.id, itemType.id);
    const ui = new ScriptedUi();
    ui.picks.push(() => undefined);
    assert.equal(await newFieldRef(deps(ui), modelOfNode(node)), undefined);
  });
});
