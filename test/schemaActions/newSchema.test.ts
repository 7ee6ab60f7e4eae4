// "New Model…", "New Block Model…", "New Webhook…": the tree node's project and environment, else a project
// picked from the palette (in its selected environment); "New Fieldset…" likewise for a model. A draft opens and
// nothing is sent.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PickerDeps as NewRecordDeps } from '../../src/projects/pickers';
import { newFieldsetRef, newModelRef, newWebhookRef, placeOfNode } from '../../src/schemaActions/newSchema';
import { draftsBlockModel, isNewDocumentRef } from '../../src/domain/paths';
import type { Project } from '../../src/projects/project';
import { formatMessage } from '../../src/platform/translate';
import { ScriptedUi } from '../platform/scriptedUi';

const bistro = { key: 'bistro', name: 'Bistro' } as Project;
const shop = { key: 'shop', name: 'Shop' } as Project;
const deps = (ui: ScriptedUi): NewRecordDeps => ({
  ui,
  t: formatMessage,
  registry: {
    list: () => [bistro, shop],
    environmentOf: (key) => (key === 'shop' ? 'sandbox-1' : 'main'),
    data: async () => {
      throw new Error('no reads expected');
    },
  },
});

describe('New Model… / New Block Model… / New Webhook…', () => {
  test('from a tree section: its project and environment, no question asked', async () => {
    const ui = new ScriptedUi();
    const node = { kind: 'blockModels', projectKey: 'bistro', environment: 'feature-x' };
    const ref = await newModelRef(deps(ui), node, true);
    assert.ok(ref && isNewDocumentRef(ref) && draftsBlockModel(ref));
    assert.deepEqual([ref.project, ref.environment], ['bistro', 'feature-x']);
    assert.equal(ui.picks.length, 0);
  });

  test('from the palette: the picked project, in the environment it has selected', async () => {
    const ui = new ScriptedUi();
    let title = '';
    ui.picks.push((labels, asked) => ((title = asked), labels.find((l) => l === 'Shop')));
    const ref = await newWebhookRef(deps(ui), undefined);
    assert.ok(ref && ref.kind === 'webhook' && isNewDocumentRef(ref));
    assert.deepEqual([ref.project, ref.environment], ['shop', 'sandbox-1']);
    assert.equal(title, 'New webhook in which project?');
  });

  test('a dismissed pick opens nothing; a model draft is not a block model draft', async () => {
    const ui = new ScriptedUi();
    ui.picks.push(() => undefined);
    assert.equal(await newModelRef(deps(ui), undefined, false), undefined);
    const ref = await newModelRef(deps(ui), { projectKey: 'bistro', environment: 'main' }, false);
    assert.ok(ref && !draftsBlockModel(ref));
    assert.equal(placeOfNode({ kind: 'webhooks' }), undefined);
  });

  test('New Fieldset from the palette: project, then model (block models too), in its selected environment', async () => {
    const ui = new ScriptedUi();
    const itemType = {
      id: 'M1',
      type: 'item_type',
      attributes: { name: 'Article', api_key: 'article' },
      relationships: {},
      meta: {},
    } as const;
    const withModels: NewRecordDeps = {
      ...deps(ui),
      registry: { ...deps(ui).registry, data: async () => ({ itemTypes: async () => [itemType] }) as never },
    };
    ui.picks.push((labels) => labels.find((l) => l === 'Shop'));
    ui.picks.push((labels) => labels.find((l) => l === 'Article'));
    const ref = await newFieldsetRef(withModels, undefined);
    assert.ok(ref && ref.kind === 'fieldset' && isNewDocumentRef(ref));
    assert.deepEqual([ref.project, ref.environment, ref.modelApiKey], ['shop', 'sandbox-1', 'article']);
  });
});
