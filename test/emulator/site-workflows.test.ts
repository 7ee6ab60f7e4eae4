import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createField, data } from './cda/cda-http.js';
import { call, codes, details, waitForJob, type RawResponse } from './http.js';
import { startEmulator, type Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';

let emu: Emulator;
useEmulator({ records: 20, jobDurationMs: 1 }, (started) => (emu = started.emulator));

const put = (path: string, body: unknown) => call(emu, path, { method: 'PUT', body });
const site = (attributes: object, extra: object = {}) => ({ data: { type: 'site', attributes, ...extra } });
async function job(res: RawResponse): Promise<{ status: number; payload: any }> {
  assert.equal(res.status, 202, res.text);
  return (await waitForJob(emu, res.json.data.id)).json.data.attributes;
}

describe('PUT /site', () => {
  test('a job that changes the writable settings; the delivery API follows', async () => {
    const seo = {
      site_name: 'Bistro',
      title_suffix: ' | Bistro',
      fallback_seo: { title: 'Bistro', description: 'Food', image: null, twitter_card: null },
      facebook_page_url: null,
      twitter_account: null,
    };
    const done = await job(
      await put(
        '/site',
        site({ name: 'Renamed Bistro', timezone: 'America/New_York', no_index: false, global_seo: seo, locales: ['it', 'en', 'fr'] }),
      ),
    );
    assert.equal(done.status, 200);
    assert.equal(done.payload.data.type, 'site');
    assert.deepEqual([done.payload.data.attributes.name, done.payload.data.attributes.timezone], ['Renamed Bistro', 'America/New_York']);
    assert.deepEqual((await call(emu, '/site')).json.data.attributes.locales, ['it', 'en', 'fr']);
    const cda = await data(
      emu,
      '{ _site { locales noIndex globalSeo { siteName titleSuffix } } allCategories(first: 1, orderBy: position_ASC) { name nameEn: name(locale: en) } }',
    );
    assert.deepEqual(cda._site, {
      locales: ['it', 'en', 'fr'],
      noIndex: false,
      globalSeo: { siteName: 'Bistro', titleSuffix: ' | Bistro' },
    });
    assert.notEqual(cda.allCategories[0].name, cda.allCategories[0].nameEn, 'the first locale is the default one');
  });

  test('values are checked at once: attributes, locales, timezone, theme, SEO, favicon, the envelope', async () => {
    const refused = async (body: unknown): Promise<RawResponse> => {
      const res = await put('/site', body);
      assert.equal(res.status, 422, res.text);
      return res;
    };
    assert.deepEqual(codes(await refused(site({ internal_domain: 'x.admin.datocms.com' }))), ['INVALID_ATTRIBUTES']);
    assert.deepEqual(codes(await refused(site({ locales: [] }))), ['INVALID_FIELD']);
    assert.deepEqual(details(await refused(site({ locales: ['en', 'en', 'it', 'fr'] })))[0]!.code, 'VALIDATION_UNIQUENESS');
    assert.deepEqual(details(await refused(site({ locales: ['en_US'] })))[0]!.code, 'VALIDATION_FORMAT');
    assert.deepEqual(details(await refused(site({ timezone: 'Mars/Olympus' })))[0]!.code, 'VALIDATION_INCLUSION');
    assert.deepEqual(details(await refused(site({ no_index: 'yes' })))[0]!.field, 'no_index');
    assert.deepEqual(details(await refused(site({ favicon: 'AAAAAAAAAAAAAAAAAAAAAA' })))[0]!.field, 'favicon');
    assert.deepEqual(details(await refused(site({ theme: { type: 'monochromatic', hue: 400, logo: null } })))[0]!.field, 'theme');
    assert.deepEqual(details(await refused(site({ global_seo: { site_name: 'x', extra: 1 } })))[0]!.field, 'global_seo');
    assert.deepEqual(codes(await refused({ data: { type: 'item', attributes: {} } })), ['INVALID_TYPE']);
    assert.deepEqual(codes(await refused(site({}, { id: '1' }))), ['INVALID_ENTITY_ID']);
    assert.deepEqual(codes(await refused(site({}, { meta: { improved_items_listing: 'yes' } }))), ['INVALID_FIELD']);
    assert.deepEqual(codes(await refused(site({}, { meta: { custom_upload_storage_settings: true } }))), ['INVALID_ATTRIBUTES']);
    assert.deepEqual(codes(await call(emu, '/site?include=item_types', { method: 'PUT', body: site({ name: 'x' }) })), ['INVALID_PARAMS']);
    const theme = {
      type: 'custom',
      logo: null,
      primary_color: { red: 1, green: 2, blue: 3, alpha: 255 },
      light_color: { red: 1, green: 2, blue: 3, alpha: 255 },
      accent_color: { red: 1, green: 2, blue: 3, alpha: 255 },
    };
    assert.equal((await job(await put('/site', site({ theme })))).status, 200);
  });

  test('dropping a locale that content still uses is refused (the API does not say what happens to it)', async () => {
    const res = await put('/site', site({ locales: ['en', 'fr'] }));
    assert.equal(res.status, 422);
    assert.deepEqual(details(res)[0]!.locales_in_use, ['it']);
    assert.equal((await job(await put('/site', site({ locales: ['it', 'en'] })))).status, 200, 'fr is used by nothing');
  });

  test('the meta opt-ins: inline blocks, only where a field allows them, leave structured text types when turned off', async () => {
    const quote = emu.store.itemType(emu.store.environment(), 'quote_block')!.id;
    await createField(emu, 'author', {
      label: 'Notes',
      api_key: 'notes',
      field_type: 'structured_text',
      validators: {
        structured_text_blocks: { item_types: [] },
        structured_text_inline_blocks: { item_types: [quote] },
        structured_text_links: { item_types: [] },
      },
    });
    const names = async (type: string) =>
      (await data(emu, `{ __type(name: "${type}") { fields { name } } }`)).__type.fields.map((f: { name: string }) => f.name);
    assert.deepEqual(await names('AuthorModelNotesField'), ['blocks', 'inlineBlocks', 'links', 'value']);
    assert.deepEqual(await names('ArticleModelBodyField'), ['blocks', 'links', 'value'], 'the article body allows no inline blocks');
    await job(await put('/site', site({}, { meta: { improved_exposure_of_inline_blocks_in_cda: false } })));
    assert.deepEqual(await names('AuthorModelNotesField'), ['blocks', 'links', 'value']);
  });
});

describe('workflows', () => {
  const workflow = (attributes: object, extra: object = {}) => ({ data: { type: 'workflow', attributes, ...extra } });
  const stages = [
    { id: 'draft', name: 'Draft' },
    { id: 'in_review', name: 'In review', description: 'Waiting for the editor' },
    { id: 'approved', name: 'Approved' },
  ];
  let id = '';

  test('create, list, find and rename; the first stage is initial unless one says so', async () => {
    const created = await call(emu, '/workflows', { method: 'POST', body: workflow({ name: 'Editorial', api_key: 'editorial', stages }) });
    assert.equal(created.status, 200, created.text);
    id = created.json.data.id;
    assert.equal(created.json.data.type, 'workflow');
    assert.deepEqual(created.json.data.attributes.stages[0], { id: 'draft', name: 'Draft', description: null, initial: true });
    assert.equal((await call(emu, '/workflows')).json.data.length, 1);
    const renamed = await put(`/workflows/${id}`, { data: { type: 'workflow', id, attributes: { name: 'Editorial flow' } } });
    assert.equal(renamed.json.data.attributes.name, 'Editorial flow');
    assert.equal((await call(emu, `/workflows/${id}`)).json.data.attributes.name, 'Editorial flow');
    assert.equal((await call(emu, '/workflows/nope')).status, 404);
  });

  test('stages are checked: non-empty, unique GraphQL-friendly ids, one initial; api_key unique', async () => {
    const refused = async (attributes: object) => {
      const res = await call(emu, '/workflows', { method: 'POST', body: workflow({ name: 'X', api_key: 'x', ...attributes }) });
      assert.equal(res.status, 422, res.text);
      return details(res)[0]!;
    };
    assert.equal((await refused({ stages: [] })).field, 'stages');
    assert.equal((await refused({ stages: [{ id: 'In Review', name: 'x' }] })).code, 'VALIDATION_FORMAT');
    assert.equal((await refused({ stages: [stages[0], stages[0]] })).code, 'VALIDATION_UNIQUENESS');
    assert.equal(
      (
        await refused({
          stages: [
            { ...stages[0], initial: true },
            { ...stages[1], initial: true },
          ],
        })
      ).code,
      'VALIDATION_INVALID',
    );
    assert.equal((await refused({ api_key: 'editorial', stages })).code, 'VALIDATION_UNIQUENESS');
    assert.equal((await refused({ stages: undefined })).code, 'VALIDATION_REQUIRED');
  });

  test('a model takes the workflow; its records have a stage, moved by update or in bulk; the delivery API exposes _stage', async () => {
    const model = await put('/item-types/article', {
      data: { type: 'item_type', id: 'article', relationships: { workflow: { data: { type: 'workflow', id } } } },
    });
    assert.equal((await job(model)).payload.data.relationships.workflow.data.id, id);
    const bad = await put('/item-types/dish', {
      data: { type: 'item_type', id: 'dish', relationships: { workflow: { data: { type: 'workflow', id: 'AAAAAAAAAAAAAAAAAAAAAA' } } } },
    });
    assert.equal(details(bad)[0]!.field, 'workflow');
    const first = (await data(emu, '{ allArticles(first: 2, orderBy: _createdAt_ASC) { id _stage } }')).allArticles;
    assert.deepEqual(
      first.map((a: { _stage: string }) => a._stage),
      ['draft', 'draft'],
    );
    assert.equal((await call(emu, `/items/${first[0].id}`)).json.data.meta.stage, 'draft', 'the CMA shows the initial stage too');
    const moved = await put(`/items/${first[0].id}`, { data: { type: 'item', id: first[0].id, meta: { stage: 'in_review' } } });
    assert.equal(moved.json.data.meta.stage, 'in_review');
    assert.equal(
      details(await put(`/items/${first[0].id}`, { data: { type: 'item', id: first[0].id, meta: { stage: 'nope' } } }))[0]!.field,
      'stage',
    );
    const bulk = await call(emu, '/items/bulk/move-to-stage', {
      method: 'POST',
      body: {
        data: {
          type: 'item_bulk_move_to_stage_operation',
          attributes: { stage: 'approved' },
          relationships: { items: { data: [{ type: 'item', id: first[1].id }] } },
        },
      },
    });
    assert.deepEqual((await job(bulk)).payload, { data: [], meta: { successful: 1, failed: 0 } });
    const staged = await data(
      emu,
      '{ inReview: allArticles(filter: {_stage: {eq: in_review}}) { id } approved: allArticles(filter: {_stage: {in: [approved]}}) { id } t: __type(name: "EditorialWorkflowStage") { enumValues { name } } model: __type(name: "ArticleWorkflowStage") { name } }',
    );
    assert.deepEqual(staged.inReview, [{ id: first[0].id }]);
    assert.deepEqual(staged.approved, [{ id: first[1].id }]);
    assert.deepEqual(
      staged.t.enumValues.map((v: { name: string }) => v.name),
      ['draft', 'in_review', 'approved'],
      'the stage enum is named after the workflow (editorial), not the model',
    );
    assert.equal(staged.model, null);
  });

  test('a stage in use cannot go; a workflow in use cannot be deleted until its models let go', async () => {
    const shrink = await put(`/workflows/${id}`, { data: { type: 'workflow', id, attributes: { stages: [stages[0]] } } });
    assert.equal(shrink.status, 422);
    assert.equal(details(shrink)[0]!.field, 'stages');
    assert.deepEqual(codes(await call(emu, `/workflows/${id}`, { method: 'DELETE' })), ['DELETE_RESTRICTION']);
    await job(
      await put('/item-types/article', { data: { type: 'item_type', id: 'article', relationships: { workflow: { data: null } } } }),
    );
    const article = (await data(emu, '{ article { id } }')).article.id;
    assert.equal((await call(emu, `/items/${article}`)).json.data.meta.stage, null, 'records leave the workflow with their model');
    assert.equal((await call(emu, `/workflows/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await call(emu, `/workflows/${id}`)).status, 404);
    assert.equal((await data(emu, '{ __type(name: "EditorialWorkflowStage") { name } }')).__type, null);
  });
});

describe('an empty project', () => {
  test('startEmulator({ empty: true }): one locale, the primary environment, no models, records, uploads or webhooks', async () => {
    const empty = await startEmulator({ empty: true });
    try {
      const get = (path: string) => call(empty, path).then((r) => r.json);
      assert.deepEqual((await get('/item-types')).data, []);
      assert.deepEqual((await get('/webhooks')).data, []);
      assert.deepEqual((await get('/uploads')).data, []);
      assert.deepEqual(
        (await get('/environments')).data.map((e: { id: string }) => e.id),
        ['main'],
      );
      assert.deepEqual((await get('/site')).data.attributes.locales, ['en']);
      assert.deepEqual((await get('/items')).meta.total_count, 0);
    } finally {
      await empty.close();
    }
  });
});
