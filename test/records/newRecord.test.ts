// "New Record…": which model, and what opens — a draft, a singleton's existing record, a tree record under
// the chosen parent. Nothing is sent to DatoCMS by the command itself.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newRecordRef } from '../../src/records/newRecord';
import { modelTargetOfNode as targetOfNode } from '../../src/projects/pickers';
import { isDraftRef } from '../../src/domain/paths';
import { usePickerWorld } from '../projects/pickerWorld';
import { ScriptedUi } from '../platform/scriptedUi';

const world = usePickerWorld({ records: 12 });
const { project, deps, writes } = world;
const modelNamed = async (apiKey: string) => world.data().itemType(apiKey);

describe('New Record…', () => {
  test('from the palette: pick the model, get a draft of it; nothing is sent', async () => {
    const ui = new ScriptedUi();
    ui.picks.push((labels) => labels.find((l) => l === 'Author'));
    const before = writes();
    const ref = await newRecordRef(deps(ui));
    assert.ok(ref && isDraftRef(ref));
    assert.equal(ref.modelApiKey, 'author');
    assert.equal(writes(), before);
  });

  test('from the tree: a Records item names its model; a singleton with its record opens that record', async () => {
    const ui = new ScriptedUi();
    const home = await modelNamed('home_page');
    const ref = await newRecordRef(
      deps(ui),
      targetOfNode({ kind: 'records', projectKey: project.key, environment: 'main', model: { itemType: home } }),
    );
    const id = ref?.id;
    assert.ok(ref && !isDraftRef(ref));
    assert.equal(id, (home.relationships['singleton_item']?.data as { id: string }).id);
    assert.match(ui.transcript.join('\n'), /already has its record/);
  });

  test('a tree model asks for the parent (or none); dismissing it opens nothing', async () => {
    const page = await modelNamed('page');
    const target = targetOfNode({ kind: 'model', projectKey: project.key, environment: 'main', itemType: page });
    const ui = new ScriptedUi();
    ui.picks.push((labels) => labels[1]);
    const ref = await newRecordRef(deps(ui), target);
    assert.ok(ref && isDraftRef(ref));
    assert.equal(ref.id.split('~').length, 3, 'the parent is part of the draft');
    const none = new ScriptedUi();
    none.picks.push((labels) => labels[0]);
    const root = await newRecordRef(deps(none), target);
    assert.ok(root && isDraftRef(root) && root.id.split('~').length === 2);
    const dismissed = new ScriptedUi();
    dismissed.picks.push(() => undefined);
    assert.equal(await newRecordRef(deps(dismissed), target), undefined);
  });
});
