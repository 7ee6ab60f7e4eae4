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
import { TargetRefused } from '../../src/platform/host';
import type { QueriesBrokenBy } from '../../src/domain/codeImpact';
import { generateMigration } from '../../src/schemaCode/generate';
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
const deps = () => ({ ui, t: formatMessage, queriesBrokenBy: async () => [] });
const request = () => ({ project: 'bistro', source: 'sandbox', target: 'main', folder });
const readSchema = async (env: string) => schemas[env]!;
const now = () => NOW;

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

  test("names the workspace's queries a delete would break in the question, and after writing those that break", async () => {
    const asked: number[] = [];
    const queriesBrokenBy: QueriesBrokenBy = async (changes) => {
      const list = [changes].flat();
      asked.push(list.length);
      return list.some((c) => c.kind === 'field' && c.fieldApiKey === 'colleague_field')
        ? [{ name: 'query Feed', file: 'app/feed.graphql', line: 2 }]
        : [];
    };
    let detail = '';
    ui.answers.push((_message, actions, text) => {
      detail = text ?? '';
      return actions[1];
    });
    ui.inputs.push(() => 'Tidy');
    ui.answers.push(() => undefined);
    await generateMigration({ ...deps(), queriesBrokenBy }, request(), readSchema, now);
    assert.match(detail, /Deleted: 1 query of this workspace reads article\.colleague_field.*app\/feed\.graphql:2 \(query Feed\)/);
    assert.ok(
      ui.transcript.some((line) => /^warn: Once this migration runs: 1 query of this workspace reads/.test(line)),
      ui.transcript.join('\n'),
    );
    // the changes if kept are none (nothing asked); if deleted, the field and the model
    assert.deepEqual(asked, [2]);
  });

  test('flags what only the target has and leaves it out unless asked; writes migrations/<seconds>_<name>.ts', async () => {
    ui.answers.push((message, actions) => {
      assert.equal(message, 'main has 2 schema items that sandbox does not have');
      // the first is the default: deleting nothing
      assert.deepEqual(actions, ['Leave Them Out', 'Delete Them in the Migration']);
      return 'Leave Them Out';
    });
    ui.inputs.push((options) => {
      assert.equal(options.value, 'sandbox schema');
      return 'Add subtitle';
    });
    const result = await generateMigration(deps(), request(), readSchema, now);
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
    const result = await generateMigration(deps(), request(), readSchema, now);
    assert.match(detail, /• model "colleague_model" \(colleague_model\)/);
    assert.match(detail, /• field "colleague_field" \(article\.colleague_field\)/);
    const script = await readFile(result!.path, 'utf8');
    assert.match(script, /client\.fields\.destroy\(id\('field article::colleague_field'\)\)/);
    assert.match(script, /client\.itemTypes\.destroy\(id\('model colleague_model'\)\)/);
  });

  test('Cancel on the modal writes nothing', async () => {
    ui.answers.push(() => undefined);
    assert.equal(await generateMigration(deps(), request(), readSchema, now), undefined);
    assert.deepEqual(await readdir(folder), []);
  });

  test('nothing to migrate: says so and writes nothing', async () => {
    schemas['main'] = schemas['sandbox']!;
    assert.equal(await generateMigration(deps(), request(), readSchema, now), undefined);
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
      (await generateMigration(deps(), request(), readSchema, now))?.path,
      join(folder, 'cms', 'migrations', '1750000000_one.ts'),
    );
    await writeFile(
      join(folder, 'datocms.config.json'),
      JSON.stringify({ profiles: { default: { migrations: { directory: '../elsewhere' } } } }),
    );
    ui.inputs.push(() => 'two');
    assert.equal((await generateMigration(deps(), request(), readSchema, now))?.path, join(folder, 'migrations', '1750000000_two.ts'));
  });

  test('never overwrites a file: a name taken moves to the next second, after it in the order migrations:run follows', async () => {
    schemas['main'] = schemaWith([{ id: 'F1', api_key: 'title' }]);
    await mkdir(join(folder, 'migrations'));
    await writeFile(join(folder, 'migrations', '1750000000_same.ts'), 'mine');
    ui.inputs.push(() => 'same');
    const result = await generateMigration(deps(), request(), readSchema, now);
    assert.equal(result?.path, join(folder, 'migrations', '1750000001_same.ts'));
    assert.equal(await readFile(join(folder, 'migrations', '1750000000_same.ts'), 'utf8'), 'mine');
  });

  test('two migrations generated at once, into a folder neither finds: both written, under distinct names', async () => {
    schemas['main'] = schemaWith([{ id: 'F1', api_key: 'title' }]);
    ui.inputs.push(
      () => 'same',
      () => 'same',
    );
    const paths = (
      await Promise.all([generateMigration(deps(), request(), readSchema, now), generateMigration(deps(), request(), readSchema, now)])
    ).map((r) => r?.path);
    assert.deepEqual(paths.sort(), [join(folder, 'migrations', '1750000000_same.ts'), join(folder, 'migrations', '1750000001_same.ts')]);
  });

  test('never writes through a link: a linked file or a linked folder', async () => {
    schemas['main'] = schemaWith([{ id: 'F1', api_key: 'title' }]);
    await mkdir(join(folder, 'migrations'));
    await symlink(join(folder, 'elsewhere.ts'), join(folder, 'migrations', '1750000000_linked.ts'));
    ui.inputs.push(() => 'linked');
    // the link is a name taken like any other: left alone, the script goes next to it
    assert.equal((await generateMigration(deps(), request(), readSchema, now))?.path, join(folder, 'migrations', '1750000001_linked.ts'));
    assert.deepEqual(await readdir(folder), ['migrations']);

    await rm(join(folder, 'migrations'), { recursive: true });
    const elsewhere = await mkdtemp(join(tmpdir(), 'datocms-elsewhere-'));
    await symlink(elsewhere, join(folder, 'migrations'));
    ui.inputs.push(() => 'linked');
    await assert.rejects(generateMigration(deps(), request(), readSchema, now), TargetRefused);
    assert.deepEqual(await readdir(elsewhere), []);
    await rm(elsewhere, { recursive: true, force: true });
  });

  test('one item: said in the singular, neutrally; one made anew says so and names what it is kept as', async () => {
    schemas['main'] = schemaWith([
      { id: 'F1', api_key: 'title' },
      { id: 'F7', api_key: 'subtitle' },
    ]);
    // the sandbox's subtitle is another field (another id) of another type: the main one is replaced
    schemas['sandbox']!.fields[1]!.attributes['field_type'] = 'text';
    let detail = '';
    ui.confirm = async (options) => {
      detail = options.detail ?? '';
      assert.equal(options.message, 'main has 1 schema item that sandbox does not have');
      assert.deepEqual(options.actions, ['Leave It Out', 'Delete It in the Migration']);
      return 'Leave It Out';
    };
    ui.inputs.push(() => 'retype');
    const result = await generateMigration(deps(), request(), readSchema, now);
    assert.match(
      detail,
      /• field "subtitle" \(article\.subtitle\) — replaced in sandbox by a new one of the same name; kept as subtitle_old if left out/,
    );
    assert.match(detail, /It may be new in main, or deleted from sandbox on purpose\./);
    assert.doesNotMatch(detail, /colleague/);
    const script = await readFile(result!.path, 'utf8');
    assert.match(script, /api_key: 'subtitle_old'/);
    assert.doesNotMatch(script, /destroy/);
  });

  const seo = (id: string): Resource<'fieldset'> => ({
    id,
    type: 'fieldset',
    meta: {},
    attributes: { title: 'SEO', position: 1 },
    relationships: { item_type: rel('item_type', 'M1') },
  });

  test('a fieldset the migration must find by a title two fieldsets share, in environments of no common ancestry: refused with a message, nothing written', async () => {
    schemas['main'] = { ...schemaWith([{ id: 'F1', api_key: 'title' }]), fieldsets: [seo('S1'), seo('S2')] };
    // another project's copy: the same names under other ids
    const copy = schemaWith([{ id: 'G1', api_key: 'title' }]);
    copy.itemTypes[0]!.id = 'N1';
    copy.fields[0]!.relationships['item_type'] = rel('item_type', 'N1');
    schemas['sandbox'] = copy;
    ui.answers.push(() => 'Delete Them in the Migration');
    ui.answers.push((message) => {
      assert.equal(
        message,
        'The migration needs the fieldset "SEO" of model article, and main has several fieldsets of that title in it that sandbox does not share by id (it is not a fork of main): the script could not tell which one it means. Give them distinct titles in main, then generate the migration again.',
      );
      return undefined;
    });
    assert.equal(await generateMigration(deps(), request(), readSchema, now), undefined);
    assert.deepEqual(await readdir(folder), []);
  });

  test('two fieldsets sharing a title in forked environments: the script finds the one it needs by the id they share', async () => {
    schemas['main'] = { ...schemaWith([{ id: 'F1', api_key: 'title' }]), fieldsets: [seo('S1'), seo('S2')] };
    schemas['sandbox'] = { ...schemaWith([{ id: 'F1', api_key: 'title' }]), fieldsets: [seo('S1'), seo('S2')] };
    schemas['sandbox'].fields[0]!.relationships['fieldset'] = rel('fieldset', 'S2');
    ui.inputs.push(() => 'Title into SEO');
    const result = await generateMigration(deps(), request(), readSchema, now);
    assert.ok(result);
    const script = await readFile(result.path, 'utf8');
    assert.match(script, /console\.log\('Update field "title" \(article\.title\)'\);/);
    assert.match(script, /await fieldsetId\('article', 'SEO', 'S2'\)/);
    assert.match(script, /fieldset: \{ type: 'fieldset', id: id\('fieldset article\/SEO #2'\) \}/);
    assert.deepEqual(
      ui.transcript.filter((line) => /^warn:/.test(line)),
      [],
    );
  });
});
