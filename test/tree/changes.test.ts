// The tree follows the changes the extension makes outside it (from an editor, the palette): the branch that lists
// the changed document reloads, and nothing else.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { environmentNode } from '../../src/environments/nodes';
import { TreeModel } from '../../src/tree/model';
import type { ModelNode, RecordsNode, TreeNode } from '../../src/tree/nodes';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { emulatorProjects } from '../projects/emulatorProjects';

let emulator: Emulator;
useEmulator({ records: 20 }, (started) => {
  emulator = started.emulator;
});

async function open(model: TreeModel, apiKey: string): Promise<{ modelNode: ModelNode; records: RecordsNode }> {
  const [project] = await model.children();
  const models = (await model.children(project)).find((n) => n.kind === 'models')!;
  const modelNode = (await model.children(models)).find(
    (n): n is ModelNode => n.kind === 'model' && n.itemType.attributes['api_key'] === apiKey,
  )!;
  const records = (await model.children(modelNode)).find((n): n is RecordsNode => n.kind === 'records')!;
  return { modelNode, records };
}

describe('tree after changes made elsewhere', () => {
  test("a record deleted from its editor leaves its model's Records; other branches stay loaded", async () => {
    const model = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => 100 });
    const { records } = await open(model, 'article');
    const authors = await open(model, 'author');
    const authorNodes = await model.children(authors.records);
    const first = (await model.children(records)).find((n) => n.kind === 'record')!;
    assert.equal(first.kind, 'record');
    const data = await model.dataOf(records);
    await data.client.items.destroy(first.kind === 'record' ? first.record.id : '');
    const fired: (TreeNode | undefined)[] = [];
    model.onDidChange((node) => fired.push(node));
    await model.documentChanged({ project: 'emulated-bistro', environment: 'main', kind: 'record', modelApiKey: 'article', id: 'x' });
    assert.deepEqual(fired, [records], 'only the Records of article reload');
    assert.ok(
      !(await model.children(records)).some((n) => n.kind === 'record' && n.record.id === (first.kind === 'record' ? first.record.id : '')),
    );
    assert.equal(await model.children(authors.records).then((nodes) => nodes[0]), authorNodes[0], "author's records were not reloaded");
  });

  test('a field deleted from its editor: the models reload and Fields counts it gone', async () => {
    const model = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => 100 });
    const { modelNode } = await open(model, 'article');
    const fields = (await model.children(modelNode))[0]!;
    assert.equal(fields.kind, 'fields');
    const before = fields.kind === 'fields' ? fields.count : 0;
    const data = await model.dataOf(modelNode);
    const field = (await data.fields(modelNode.itemType.id)).find(
      (f) => f.attributes['api_key'] === 'subtitle' || f.attributes['localized'] !== true,
    )!;
    await data.client.fields.destroy(field.id);
    data.invalidate();
    await model.documentChanged({
      project: 'emulated-bistro',
      environment: 'main',
      kind: 'field',
      modelApiKey: 'article',
      apiKey: String(field.attributes['api_key']),
    });
    const reloaded = await open(model, 'article');
    assert.notEqual(reloaded.modelNode, modelNode, 'the model branch was reloaded');
    const fieldsAgain = (await model.children(reloaded.modelNode))[0]!;
    assert.equal(fieldsAgain.kind === 'fields' && fieldsAgain.count, before - 1);
  });
});

describe('tree after switching environment', () => {
  test('an environment changed while another was shown reloads when shown again; one left alone keeps its branches', async () => {
    const projects = emulatorProjects(emulator, 'sandbox');
    const model = new TreeModel({ projects, pageSize: () => 100 });
    const { records } = await open(model, 'article');
    const first = (await model.children(records)).find((n) => n.kind === 'record')!;
    if (first.kind !== 'record') throw new Error('no record');
    const show = (environment: string) => {
      projects.environment = environment;
      model.projectsChanged();
    };
    show('main');
    await open(model, 'article');
    show('sandbox');
    assert.equal((await open(model, 'article')).records, records, 'nothing changed in sandbox: its branches are kept');

    show('main');
    // a save in sandbox while the tree shows main (an editor of sandbox left open)
    const data = await projects.data('emulated-bistro', 'sandbox');
    const title = { ...(first.record.attributes['title'] as Record<string, string>), en: 'Renamed in sandbox' };
    const saved = await data.client.items.update(first.record.id, { data: { type: 'item', id: first.record.id, attributes: { title } } });
    await model.documentSaved({ ...first.ref }, saved);
    show('sandbox');
    const again = await open(model, 'article');
    assert.notEqual(again.records, records, 'sandbox is read again');
    const renamed = (await model.children(again.records)).find((n) => n.kind === 'record' && n.record.id === first.record.id);
    assert.equal(renamed?.label, 'Renamed in sandbox');
  });
});

describe("the extension's own changes and the tree's freshness", () => {
  test('every change the extension reports is announced (the Record History follows it), shown in the tree or not', async () => {
    const model = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => 100 });
    const { records } = await open(model, 'article');
    const first = (await model.children(records)).find((n) => n.kind === 'record')!;
    if (first.kind !== 'record') throw new Error('no record');
    const announced: string[] = [];
    model.onDidChangeDocument((ref) => announced.push(`${ref.environment} ${ref.kind} ${ref.kind === 'record' ? ref.id : ''}`));
    const data = await model.dataOf(records);
    await model.documentSaved(first.ref, await data.client.items.find(first.record.id));
    await model.documentChanged({ ...first.ref, environment: 'sandbox' });
    assert.deepEqual(announced, [`main record ${first.record.id}`, `sandbox record ${first.record.id}`]);
  });

  test('a reason to be out of date goes when its branch reloads (after Fork, Environments list it ready); an old branch, when it reloads; not right after an own change', async () => {
    let clock = 1_000_000;
    let status = 'creating';
    const model = new TreeModel({
      projects: emulatorProjects(emulator),
      pageSize: () => 100,
      now: () => clock,
      environments: async (section) => [
        environmentNode(section, { type: 'environment', id: 'next', attributes: {}, relationships: {}, meta: { status, primary: false } }),
      ],
    });
    const [project] = await model.children();
    const environments = (await model.children(project)).find((n) => n.kind === 'environments')!;
    await model.children(environments);
    assert.equal(model.stale, 'an environment is being created or deleted');
    const { records } = await open(model, 'article');
    await model.children(records);
    // the fork is ready: the extension reloads the Environments it changed, and the reason goes with the old list
    status = 'ready';
    await model.refresh(environments);
    await model.children(environments);
    assert.equal(model.stale, undefined, 'not out of date right after Fork');

    // long after, the extension changes the records: right then the tree is not said to be old (the window's focus
    // coming back from its dialog checks the age)
    clock += 20 * 60_000;
    await model.refresh(records);
    await model.children(records);
    model.checkAge(15 * 60_000);
    assert.equal(model.stale, undefined, "not old right after the extension's own change");
    clock += 2 * 60_000;
    model.checkAge(15 * 60_000);
    assert.equal(model.stale, 'loaded 22 minutes ago', 'the branches it did not reload are old');
    // the project's sections were loaded first: reloading the project reloads every old branch
    await model.refresh(project);
    assert.equal(model.stale, undefined);
  });
});
