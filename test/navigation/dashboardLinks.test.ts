import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { adminUrl } from '../../src/navigation/adminUrls';
import {
  LinkNotOpenedError,
  parseDashboardUrl,
  parseExtensionLink,
  resolveDashboardLink,
  resolveExtensionLink,
  type DashboardLink,
} from '../../src/navigation/dashboardLinks';
import { askRecordId, pickModel, pickProject, recordRefById, searchAndPickRecord } from '../../src/projects/pickers';
import { formatMessage as t } from '../../src/platform/translate';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { emulatorProject, emulatorProjects } from '../projects/emulatorProjects';
import { ScriptedUi } from '../platform/scriptedUi';
import { project, resource } from './adminFixtures';

const HOST = 'https://bistro.admin.datocms.com';

function parsed(text: string): DashboardLink {
  const result = parseDashboardUrl(text, t);
  if (!result.ok) throw new Error(`${text}: ${result.message}`);
  return result.value;
}

function refused(text: string): string {
  const result = parseDashboardUrl(text, t);
  assert.equal(result.ok, false, `${text} should be refused`);
  return result.ok ? '' : result.message;
}

describe('Open from DatoCMS URL: reading dashboard addresses', () => {
  test('reads record, model, block model, field and webhook pages, with and without an environment', () => {
    assert.deepEqual(parsed(`${HOST}/editor/item_types/M1/items/R-1_x/edit`), {
      host: 'bistro.admin.datocms.com',
      target: { kind: 'record', modelId: 'M1', id: 'R-1_x' },
    });
    assert.deepEqual(parsed(`${HOST}/environments/staging/editor/item_types/M1/items/R1/edit`), {
      host: 'bistro.admin.datocms.com',
      environment: 'staging',
      target: { kind: 'record', modelId: 'M1', id: 'R1' },
    });
    assert.deepEqual(parsed(`${HOST}/editor/item_types/M1/items/R1`).target, { kind: 'record', modelId: 'M1', id: 'R1' });
    assert.deepEqual(parsed(`${HOST}/schema/item_types/M1`).target, { kind: 'model', id: 'M1' });
    assert.deepEqual(parsed(`${HOST}/schema/blocks_library/B1/`).target, { kind: 'model', id: 'B1' });
    assert.deepEqual(parsed(`${HOST}/schema/item_types/M1/fields/F1/edit`).target, { kind: 'field', modelId: 'M1', id: 'F1' });
    assert.deepEqual(parsed(`${HOST}/project_settings/webhooks/W1/edit`).target, { kind: 'webhook', id: 'W1' });
    // a webhook belongs to the project: an environment prefix does not move it
    assert.deepEqual(parsed(`${HOST}/environments/staging/project_settings/webhooks/W1/edit`), {
      host: 'bistro.admin.datocms.com',
      target: { kind: 'webhook', id: 'W1' },
    });
    assert.deepEqual(parsed(`  HTTPS://Bistro.Admin.DatoCMS.com/schema/item_types/M1?tab=fields#top  `), {
      host: 'bistro.admin.datocms.com',
      target: { kind: 'model', id: 'M1' },
    });
  });

  test('reads back every address Open in DatoCMS writes', () => {
    const model = resource('item_type', 'M1');
    for (const environment of ['main', 'staging']) {
      const expectEnv = environment === 'main' ? {} : { environment };
      assert.deepEqual(parsed(adminUrl(project, environment, { kind: 'model', itemType: model })!), {
        host: project.internalDomain,
        ...expectEnv,
        target: { kind: 'model', id: 'M1' },
      });
      assert.deepEqual(
        parsed(adminUrl(project, environment, { kind: 'model', itemType: resource('item_type', 'B1', { modular_block: true }) })!).target,
        { kind: 'model', id: 'B1' },
      );
      assert.deepEqual(parsed(adminUrl(project, environment, { kind: 'field', itemType: model, field: resource('field', 'F1') })!), {
        host: project.internalDomain,
        ...expectEnv,
        target: { kind: 'field', modelId: 'M1', id: 'F1' },
      });
      assert.deepEqual(parsed(adminUrl(project, environment, { kind: 'record', itemType: model, record: resource('item', 'R1') })!), {
        host: project.internalDomain,
        ...expectEnv,
        target: { kind: 'record', modelId: 'M1', id: 'R1' },
      });
      assert.deepEqual(parsed(adminUrl(project, environment, { kind: 'webhook', webhook: resource('webhook', 'W1') })!).target, {
        kind: 'webhook',
        id: 'W1',
      });
    }
  });

  test('refuses anything else, saying why', () => {
    assert.match(refused('not a url'), /Paste the address/);
    assert.match(refused('http://bistro.admin.datocms.com/schema/item_types/M1'), /https/);
    assert.match(refused('javascript:alert(1)'), /https/);
    refused('file:///etc/passwd');
    refused('https://user:pw@bistro.admin.datocms.com/schema/item_types/M1');
    refused('https://bistro.admin.datocms.com:8443/schema/item_types/M1');
    refused('https://localhost/schema/item_types/M1');
    assert.match(refused(`${HOST}/editor/item_types/M1/items`), /is not a record, model/);
    assert.match(refused(`${HOST}/schema/item_types/M1/fields/F1/edit/more`), /is not a record, model/);
    assert.match(refused(`${HOST}/editor/item_types/M%2F1/items/R1/edit`), /id in this address is not valid/);
    refused(`${HOST}/editor/item_types/M1/items/%E0%A4%A/edit`);
    refused(`${HOST}/editor/item_types/M1/items/${'x'.repeat(65)}/edit`);
    assert.match(refused(`${HOST}/environments/st%20aging/schema/item_types/M1`), /environment/);
  });
});

describe('vscode:// links to the extension', () => {
  test('open a dashboard address, or a model or record of a project', () => {
    const viaUrl = parseExtensionLink('/open', `url=${encodeURIComponent(`${HOST}/schema/item_types/M1`)}`, t);
    assert.deepEqual(viaUrl, {
      ok: true,
      value: { kind: 'dashboard', link: { host: 'bistro.admin.datocms.com', target: { kind: 'model', id: 'M1' } } },
    });
    assert.deepEqual(parseExtensionLink('/open', 'project=bistro&environment=staging&model=blog_post&record=R1', t), {
      ok: true,
      value: { kind: 'document', project: 'bistro', environment: 'staging', model: 'blog_post', record: 'R1' },
    });
    assert.deepEqual(parseExtensionLink('/open', 'project=bistro&model=blog_post', t), {
      ok: true,
      value: { kind: 'document', project: 'bistro', environment: undefined, model: 'blog_post', record: undefined },
    });
  });

  test('refuse other actions, unknown or repeated parameters, and bad names', () => {
    const message = (path: string, query: string) => {
      const result = parseExtensionLink(path, query, t);
      assert.equal(result.ok, false, `${path}?${query}`);
      return result.ok ? '' : result.message;
    };
    assert.match(message('/signIn', 'token=abc'), /does not do/);
    assert.match(message('/open', 'project=bistro&model=post&token=abc'), /do(es)? not know: token/);
    assert.match(message('/open', 'project=bistro&model=post&record=R1&record=R2'), /repeats/);
    assert.match(message('/open', `url=${encodeURIComponent(`${HOST}/schema/item_types/M1`)}&project=bistro`), /no other parameter/);
    assert.match(message('/open', `url=${encodeURIComponent('http://evil.example/schema/item_types/M1')}`), /https/);
    assert.match(message('/open', 'model=post'), /no valid project/);
    assert.match(message('/open', 'project=bistro&model=Post%20Body'), /no valid model/);
    assert.match(message('/open', 'project=bistro&model=post&record=..%2F..'), /record id/);
    assert.match(message('/open', 'project=bistro&environment=..&model=post'), /environment/);
  });
});

describe('resolving links to documents (reads only)', () => {
  let emulator: Emulator;
  useEmulator({ records: 20, reset: ['requests'] }, (started) => (emulator = started.emulator));

  const env = () => emulator.store.environment('main');
  const article = () => [...env().itemTypes.values()].find((m) => m.attributes['api_key'] === 'article')!;
  const domain = 'https://emulated-bistro.admin.datocms.com';

  test('records, models, block models, fields and webhooks become their datocms: documents, named as in the tree', async () => {
    const projects = emulatorProjects(emulator);
    const model = article();
    const record = env().recordsByType.get(model.id)![0]!;
    const field = emulator.store.fieldsOf(env(), model.id).find((f) => f.attributes['api_key'] === 'title')!;
    const block = [...env().itemTypes.values()].find((m) => m.attributes['modular_block'] === true)!;
    const webhookId = [...emulator.store.webhooks.keys()][0]!;
    const webhookName = String(emulator.store.webhooks.get(webhookId)!.attributes['name']);
    const base = { project: 'emulated-bistro', environment: 'main' };
    const resolve = (url: string) => resolveDashboardLink(parsed(url), projects, t);
    assert.deepEqual(await resolve(`${domain}/editor/item_types/${model.id}/items/${record.id}/edit`), {
      ...base,
      kind: 'record',
      modelApiKey: 'article',
      id: record.id,
      title: (record.attributes['title'] as Record<string, string>)['en'],
    });
    assert.deepEqual(await resolve(`${domain}/schema/item_types/${model.id}`), {
      ...base,
      kind: 'model',
      apiKey: 'article',
      title: 'Article',
    });
    assert.deepEqual(await resolve(`${domain}/schema/blocks_library/${block.id}`), {
      ...base,
      kind: 'model',
      apiKey: block.attributes['api_key'],
      title: block.attributes['name'],
    });
    assert.deepEqual(await resolve(`${domain}/schema/item_types/${model.id}/fields/${field.id}/edit`), {
      ...base,
      kind: 'field',
      modelApiKey: 'article',
      apiKey: 'title',
      title: field.attributes['label'],
    });
    assert.deepEqual(await resolve(`${domain}/project_settings/webhooks/${webhookId}/edit`), {
      ...base,
      kind: 'webhook',
      id: webhookId,
      title: webhookName,
    });
    assert.deepEqual(await resolve(`${domain}/environments/sandbox/schema/item_types/${model.id}`), {
      project: 'emulated-bistro',
      environment: 'sandbox',
      kind: 'model',
      apiKey: 'article',
      title: 'Article',
    });
    await assert.rejects(resolve(`${domain}/project_settings/webhooks/nope/edit`), /There is no webhook nope in Emulated Bistro/);
    assert.ok(
      emulator.requests.every((r) => r.method === 'GET'),
      'only reads',
    );
  });

  test('a project that is not signed in, or an id that is not there, is refused by name', async () => {
    const projects = emulatorProjects(emulator);
    await assert.rejects(
      resolveDashboardLink(parsed('https://other.admin.datocms.com/schema/item_types/M1'), projects, t),
      (e: Error) => e instanceof LinkNotOpenedError && /other\.admin\.datocms\.com.*Sign in/.test(e.message),
    );
    await assert.rejects(
      resolveDashboardLink(parsed(`${domain}/schema/item_types/nope`), projects, t),
      /Model nope is not in environment main/,
    );
    await assert.rejects(
      resolveDashboardLink(parsed(`${domain}/schema/item_types/${article().id}/fields/nope/edit`), projects, t),
      /Field nope is not a field of Article/,
    );
    await assert.rejects(
      resolveExtensionLink({ kind: 'document', project: 'elsewhere', model: 'article' }, projects, t),
      /not signed in to the project elsewhere/,
    );
    await assert.rejects(resolveExtensionLink({ kind: 'document', project: 'emulated-bistro', model: 'nope' }, projects, t), /Model nope/);
    const record = env().recordsByType.get(article().id)![0]!;
    assert.deepEqual(
      await resolveExtensionLink({ kind: 'document', project: 'emulated-bistro', model: 'article', record: record.id }, projects, t),
      {
        project: 'emulated-bistro',
        environment: 'main',
        kind: 'record',
        modelApiKey: 'article',
        id: record.id,
        title: (record.attributes['title'] as Record<string, string>)['en'],
      },
    );
    await assert.rejects(
      resolveExtensionLink({ kind: 'document', project: 'emulated-bistro', model: 'author', record: record.id }, projects, t),
      /is not a record of author/,
    );
  });

  test("Open Record by ID finds the record's model; an unknown id says so", async () => {
    const projects = emulatorProjects(emulator);
    const data = await projects.data('emulated-bistro');
    const record = env().recordsByType.get(article().id)![3]!;
    const ref = await recordRefById(data, emulatorProject(emulator), 'main', record.id, t);
    const title = (record.attributes['title'] as Record<string, string>)['en'];
    assert.deepEqual(
      ref,
      { project: 'emulated-bistro', environment: 'main', kind: 'record', modelApiKey: 'article', id: record.id, title },
      'the tab will name the record by its title',
    );
    await assert.rejects(
      recordRefById(data, emulatorProject(emulator), 'main', 'NoSuchRecord', t),
      /There is no record NoSuchRecord in environment main of Emulated Bistro/,
    );
    const ui = new ScriptedUi();
    let validation: string | undefined;
    ui.inputs.push((options) => {
      validation = options.validate?.('../x');
      return `  ${record.id} `;
    });
    assert.equal(await askRecordId(ui, t), record.id);
    assert.match(validation ?? '', /letters, digits/);
  });

  test('Search Records lists the matches by title and returns the chosen one', async () => {
    const projects = emulatorProjects(emulator);
    const data = await projects.data('emulated-bistro');
    const model = article();
    const target = env().recordsByType.get(model.id)![5]!;
    const title = (target.attributes['title'] as Record<string, string>)['en']!;
    const word = title.split(/\s+/).sort((a, b) => b.length - a.length)[0]!;
    const ui = new ScriptedUi();
    ui.inputs.push(() => word);
    let offered: string[] = [];
    ui.picks.push((labels) => {
      offered = labels;
      return title;
    });
    assert.deepEqual(await searchAndPickRecord(ui, t, data, model), { id: target.id, title });
    assert.ok(offered.includes(title), `offered: ${offered.join(' | ')}`);
    const search = emulator.requests.find((r) => r.path === '/items');
    assert.equal((search?.query['filter'] as Record<string, string>)['query'], word);

    const none = new ScriptedUi();
    none.inputs.push(() => 'zzzqqqxxnothing');
    assert.equal(await searchAndPickRecord(none, t, data, model), undefined);
    assert.match(none.transcript.at(-1) ?? '', /No record of Article matches/);
  });

  test('the palette picks a project (the active one first, none asked when there is one) and a model (no block models for records)', async () => {
    const one = emulatorProject(emulator);
    assert.equal(await pickProject(new ScriptedUi(), t, [one], 'Which project?'), one, 'no question with one project');
    const other = { ...one, key: 'other', name: 'Other Site', internalDomain: 'other.admin.datocms.com' };
    const ui = new ScriptedUi();
    let offered: string[] = [];
    ui.picks.push((labels) => {
      offered = labels;
      return 'Emulated Bistro';
    });
    assert.equal(await pickProject(ui, t, [other, one], 'Which project?', one.key), one);
    assert.deepEqual(offered, ['Emulated Bistro', 'Other Site']);

    const data = await emulatorProjects(emulator).data('emulated-bistro');
    const models = new ScriptedUi();
    models.picks.push((labels) => {
      offered = labels;
      return 'Article';
    });
    assert.equal((await pickModel(models, t, data, 'Which model?', { blocks: false }))?.attributes['api_key'], 'article');
    const blockNames = [...env().itemTypes.values()]
      .filter((m) => m.attributes['modular_block'] === true)
      .map((m) => String(m.attributes['name']));
    assert.ok(blockNames.length > 0 && blockNames.every((name) => !offered.includes(name)), 'block models have no records to pick');
    assert.deepEqual(
      offered,
      [...offered].sort((a, b) => a.localeCompare(b)),
      'by name',
    );
  });
});
