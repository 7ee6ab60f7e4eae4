// "Generate Migration" as the user meets it: what only the target has is flagged in a modal before any
// delete is written, the file lands in the CLI's migrations folder under the CLI's name, and an existing
// file or a linked folder is never written through.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SiteWithSchema } from '../../src/cma/resources/site';
import type { Resource } from '../../src/cma/types';
import { TargetRefused } from '../../src/platform/exclusiveFile';
import { generateMigration, type GenerateDeps } from '../../src/schemaCode/generate';
import { formatMessage } from '../../src/platform/translate';
import { ScriptedUi } from '../platform/scriptedUi';

const rel = (type: string, id: string | null) => ({ data: id ? { type, id } : null });
function schemaWith(fields: Array<{ id: string; api_key: string }>, extraModels: string[] = []): SiteWithSchema {
  const model = (id: string, apiKey: string): Resource<'item_type'> => ({
    id,
    type: 'item_type',
    meta: {},
    attributes: { name: apiKey, api_key: apiKey, modular_block: false },
    relationships: {},
  });
  return {
    site: { id: 's', type: 'site', attributes: {}, relationships: {}, meta: {} },
    itemTypes: [model('M1', 'article'), ...extraModels.map((k, i) => model(`X${i}`, k))],
    fields: fields.map((f, i) => ({
      id: f.id,
      type: 'field',
      meta: {},
      attributes: { api_key: f.api_key, label: f.api_key, field_type: 'string', validators: {}, position: i + 1 },
      relationships: { item_type: rel('item_type', 'M1'), fieldset: rel('fieldset', null) },
    })),
    fieldsets: [],
  };
}

const NOW = new Date(1_750_000_000_000);
let folder: string;
let ui: ScriptedUi;
let schemas: Record<string, SiteWithSchema>;
const deps = (): GenerateDeps => ({ ui, t: formatMessage, folder, now: () => NOW, readSchema: async (env) => schemas[env]! });

describe('Generate Migration', () => {
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'datocms-generate-'));
    ui = new ScriptedUi();
    schemas = {
      sandbox: schemaWith([
        { id: 'F1', api_key: 'title' },
        { id: 'F2', api_key: 'subtitle' },
      ]),
      main: schemaWith(
        [
          { id: 'F1', api_key: 'title' },
          { id: 'F9', api_key: 'colleague_field' },
        ],
        ['colleague_model'],
      ),
    };
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  test('flags what only the target has and leaves it out unless asked; writes migrations/<seconds>_<name>.ts', async () => {
    ui.answers.push((message, actions) => {
      assert.equal(message, 'main has 2 schema items that sandbox does not have');
      assert.deepEqual(actions, ['Leave Them Out', 'Delete Them in the Migration']);
      return 'Leave Them Out';
    });
    ui.inputs.push((options) => {
      assert.equal(options.value, 'sandbox schema');
      return 'Add subtitle';
    });
    const result = await generateMigration(deps(), { source: 'sandbox', target: 'main' });
    assert.equal(result?.path, join(folder, 'migrations', '1750000000_addSubtitle.ts'));
    const script = await readFile(result.path, 'utf8');
    assert.match(script, /client\.fields\.create\(id\('model article'\), \{/);
    assert.doesNotMatch(script, /destroy/);
  });

  test('the modal lists what would be deleted; choosing to delete puts the deletes in the script', async () => {
    let detail = '';
    const confirm = ui.confirm.bind(ui);
    ui.confirm = async (options) => {
      detail = options.detail ?? '';
      return confirm(options);
    };
    ui.answers.push(() => 'Delete Them in the Migration');
    ui.inputs.push(() => 'sync');
    const result = await generateMigration(deps(), { source: 'sandbox', target: 'main' });
    assert.match(detail, /• model "colleague_model" \(colleague_model\)/);
    assert.match(detail, /• field "colleague_field" \(article\.colleague_field\)/);
    const script = await readFile(result!.path, 'utf8');
    assert.match(script, /client\.fields\.destroy\(id\('field article::colleague_field'\)\)/);
    assert.match(script, /client\.itemTypes\.destroy\(id\('model colleague_model'\)\)/);
  });

  test('Cancel on the modal writes nothing', async () => {
    ui.answers.push(() => undefined);
    assert.equal(await generateMigration(deps(), { source: 'sandbox', target: 'main' }), undefined);
    assert.deepEqual(await readdir(folder), []);
  });

  test('nothing to migrate: says so and writes nothing', async () => {
    schemas['main'] = schemas['sandbox']!;
    assert.equal(await generateMigration(deps(), { source: 'sandbox', target: 'main' }), undefined);
    assert.match(ui.transcript.join('\n'), /Nothing to migrate: the schema of main matches sandbox\./);
    assert.deepEqual(await readdir(folder), []);
  });

  test('uses the migrations folder of datocms.config.json, but never one outside the workspace folder', async () => {
    schemas['main'] = schemaWith([{ id: 'F1', api_key: 'title' }]);
    await writeFile(
      join(folder, 'datocms.config.json'),
      JSON.stringify({ profiles: { default: { migrations: { directory: 'cms/migrations' } } } }),
    );
    ui.inputs.push(() => 'one');
    assert.equal(
      (await generateMigration(deps(), { source: 'sandbox', target: 'main' }))?.path,
      join(folder, 'cms', 'migrations', '1750000000_one.ts'),
    );
    await writeFile(
      join(folder, 'datocms.config.json'),
      JSON.stringify({ profiles: { default: { migrations: { directory: '../elsewhere' } } } }),
    );
    ui.inputs.push(() => 'two');
    assert.equal(
      (await generateMigration(deps(), { source: 'sandbox', target: 'main' }))?.path,
      join(folder, 'migrations', '1750000000_two.ts'),
    );
  });

  test('never overwrites a file and never writes through a linked folder', async () => {
    schemas['main'] = schemaWith([{ id: 'F1', api_key: 'title' }]);
    await mkdir(join(folder, 'migrations'));
    await writeFile(join(folder, 'migrations', '1750000000_same.ts'), 'mine');
    ui.inputs.push(() => 'same');
    await assert.rejects(generateMigration(deps(), { source: 'sandbox', target: 'main' }), TargetRefused);
    assert.equal(await readFile(join(folder, 'migrations', '1750000000_same.ts'), 'utf8'), 'mine');

    await rm(join(folder, 'migrations'), { recursive: true });
    const elsewhere = await mkdtemp(join(tmpdir(), 'datocms-elsewhere-'));
    await symlink(elsewhere, join(folder, 'migrations'));
    ui.inputs.push(() => 'linked');
    await assert.rejects(generateMigration(deps(), { source: 'sandbox', target: 'main' }), TargetRefused);
    assert.deepEqual(await readdir(elsewhere), []);
    await rm(elsewhere, { recursive: true, force: true });
  });
});
