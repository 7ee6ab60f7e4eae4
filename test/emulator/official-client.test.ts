// The emulator against DatoCMS's official client (@datocms/cma-client-node): the schema as code path a
// migration script takes — models, a block model, a fieldset, a field of every type, updates, a reorder,
// a fork, deletes in the fork and its promotion — must be accepted exactly as the API accepts it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildClient, type Client } from '@datocms/cma-client-node';
import type { Emulator } from './index.js';
import { useEmulator } from '../support/emulator.js';

let emu: Emulator;
let client: Client;
useEmulator({ records: 10, jobDurationMs: 5 }, (started) => {
  emu = started.emulator;
  client = buildClient({ apiToken: emu.token, baseUrl: emu.url, environment: 'main', autoRetry: false });
});

type FieldBody = Parameters<Client['fields']['create']>[1];
const createField = (c: Client, model: string, body: Record<string, unknown>) => c.fields.create(model, body as FieldBody);

describe('the official client round trip', () => {
  test('create a model with every field type, update, reorder, fork, delete in the fork, promote it', async () => {
    const author = await client.itemTypes.find('author');
    const block = await client.itemTypes.create({ name: 'Promo block', api_key: 'promo_block', modular_block: true });
    assert.equal(block.modular_block, true);
    const recipe = await client.itemTypes.create(
      { name: 'Recipe', api_key: 'recipe', draft_mode_active: true, collection_appearance: 'table' },
      { skip_menu_item_creation: true },
    );
    assert.equal(recipe.api_key, 'recipe');
    const fieldset = await client.fieldsets.create(recipe, { title: 'Details', collapsible: true });
    const title = await createField(client, recipe.id, {
      label: 'Title',
      api_key: 'title',
      field_type: 'string',
      validators: { required: {} },
      localized: true,
    });
    const links = {
      on_publish_with_unpublished_references_strategy: 'fail',
      on_reference_unpublish_strategy: 'delete_references',
      on_reference_delete_strategy: 'delete_references',
    };
    const bodies: Record<string, unknown>[] = [
      {
        label: 'Body',
        api_key: 'body',
        field_type: 'text',
        appearance: { editor: 'markdown', parameters: { toolbar: ['bold', 'italic'] }, addons: [] },
      },
      { label: 'Vegan', api_key: 'vegan', field_type: 'boolean' },
      { label: 'Servings', api_key: 'servings', field_type: 'integer', validators: { number_range: { min: 1 } } },
      { label: 'Cost', api_key: 'cost', field_type: 'float' },
      { label: 'Since', api_key: 'since', field_type: 'date' },
      { label: 'Served at', api_key: 'served_at', field_type: 'date_time' },
      { label: 'Colour', api_key: 'colour', field_type: 'color' },
      { label: 'Data', api_key: 'data', field_type: 'json' },
      { label: 'Place', api_key: 'place', field_type: 'lat_lon' },
      { label: 'SEO', api_key: 'seo', field_type: 'seo' },
      { label: 'Slug', api_key: 'slug', field_type: 'slug', validators: { slug_title_field: { title_field_id: title.id }, unique: {} } },
      { label: 'Video', api_key: 'video', field_type: 'video' },
      { label: 'Photo', api_key: 'photo', field_type: 'file', fieldset: { type: 'fieldset', id: fieldset.id } },
      { label: 'Gallery', api_key: 'gallery', field_type: 'gallery' },
      { label: 'Chef', api_key: 'chef', field_type: 'link', validators: { item_item_type: { item_types: [author.id], ...links } } },
      { label: 'Authors', api_key: 'authors', field_type: 'links', validators: { items_item_type: { item_types: [author.id], ...links } } },
      { label: 'Sections', api_key: 'sections', field_type: 'rich_text', validators: { rich_text_blocks: { item_types: [block.id] } } },
      { label: 'Hero', api_key: 'hero', field_type: 'single_block', validators: { single_block_blocks: { item_types: [block.id] } } },
      {
        label: 'Story',
        api_key: 'story',
        field_type: 'structured_text',
        validators: { structured_text_blocks: { item_types: [block.id] }, structured_text_links: { item_types: [author.id], ...links } },
      },
    ];
    // in parallel: the official client waits a second before its first poll of each job
    const created = await Promise.all(bodies.map((body) => createField(client, recipe.id, body)));
    await createField(client, block.id, { label: 'Headline', api_key: 'headline', field_type: 'string' });
    const fields = await client.fields.list(recipe);
    assert.deepEqual(new Set(fields.map((f) => f.field_type)).size, 20, 'all 20 field types');
    assert.deepEqual(
      fields.map((f) => f.position),
      fields.map((_, i) => i + 1),
    );
    assert.equal(created.find((f) => f.api_key === 'photo')?.fieldset?.id, fieldset.id);

    const updated = await client.itemTypes.update(recipe, { title_field: { type: 'field', id: title.id }, hint: 'How we cook' });
    assert.equal(updated.title_field?.id, title.id);
    const story = created.find((f) => f.api_key === 'story')!;
    const moved = await client.fields.update(story.id, { position: 1, hint: 'The story behind it' });
    assert.equal(moved.position, 1);
    assert.equal((await client.fields.list(recipe))[0]?.id, story.id);
    assert.equal((await client.fieldsets.update(fieldset.id, { title: 'Kitchen details' })).title, 'Kitchen details');
    const hook = await client.webhooks.create({
      name: 'Deploy',
      url: 'https://example.com/hook',
      custom_payload: null,
      headers: {},
      events: [{ entity_type: 'item_type', event_types: ['create'] }],
      http_basic_user: null,
      http_basic_password: null,
    });
    await client.webhooks.destroy(hook.id);

    const forked = await client.environments.fork('main', { id: 'recipes-v2' });
    assert.deepEqual([forked.id, forked.meta.status, forked.meta.primary], ['recipes-v2', 'ready', false]);
    const fork = buildClient({ apiToken: emu.token, baseUrl: emu.url, environment: 'recipes-v2', autoRetry: false });
    assert.equal((await fork.itemTypes.find('recipe')).id, recipe.id, 'the fork keeps ids');
    const deletedField = await fork.fields.destroy('recipe::vegan');
    assert.equal(deletedField.api_key, 'vegan');
    assert.equal((await fork.fieldsets.destroy(fieldset.id)).id, fieldset.id);
    assert.equal((await fork.fields.find('recipe::photo')).fieldset, null);
    assert.equal((await fork.itemTypes.destroy(recipe.id)).id, recipe.id);
    assert.equal((await fork.itemTypes.destroy('promo_block')).api_key, 'promo_block');
    assert.equal((await client.fields.list(recipe)).length, 20, 'main is unchanged');

    // environments are managed by a client bound to none (its requests go to the primary, whichever it is)
    const project = buildClient({ apiToken: emu.token, baseUrl: emu.url, autoRetry: false });
    const promoted = await project.environments.promote('recipes-v2');
    assert.equal(promoted.meta.primary, true);
    const environments = await project.environments.list();
    assert.deepEqual(
      environments.filter((e) => e.meta.primary).map((e) => e.id),
      ['recipes-v2'],
    );
    await assert.rejects(
      project.itemTypes.find('recipe'),
      /NOT_FOUND/,
      'the promoted fork is now what requests without an environment see',
    );
    const renamed = await project.environments.rename('main', { id: 'legacy' });
    assert.equal(renamed.id, 'legacy');
    assert.equal((await project.environments.destroy('legacy')).id, 'legacy');
    assert.equal((await project.maintenanceMode.activate({ force: true })).active, true);
    assert.equal((await project.maintenanceMode.deactivate()).active, false);
  });

  test("the API's errors reach the official client as ApiError with the code", async () => {
    const project = buildClient({ apiToken: emu.token, baseUrl: emu.url, autoRetry: false });
    await assert.rejects(
      project.itemTypes.create({ name: 'Article', api_key: 'article' }),
      (error: { findError?: (code: string) => unknown }) => {
        assert.ok(error.findError?.('INVALID_FIELD'));
        return true;
      },
    );
    await assert.rejects(project.environments.destroy('sandbox-that-is-not'), /NOT_FOUND/);
  });
});
