// Migration corpus, replacements: fields and models deleted and made anew under the same api_key (another
// field type, a model that becomes a block model and back), type changes the API makes in place, and the
// same differences with the deletes left out (what only the target has stays, under another name).
import type { Client } from '@datocms/cma-client-node';
import type { CorpusCase } from './corpus';
import { appearance, fieldId, line, linkTo, modelId } from './corpusNames';

/** A field deleted and created again under its api_key, with another type, in the same fieldset. */
async function recreate(client: Client, model: string, field: string, body: Record<string, unknown>): Promise<void> {
  const old = await client.fields.find(`${model}::${field}`);
  await client.fields.destroy(old.id);
  await client.fields.create(model, {
    label: old.label,
    api_key: field,
    ...(old.fieldset ? { fieldset: old.fieldset } : {}),
    ...body,
  } as Parameters<Client['fields']['create']>[1]);
}

const recreateIntegerAsString = (client: Client) =>
  recreate(client, 'dish', 'spiciness', {
    field_type: 'string',
    validators: { enum: { values: ['mild', 'hot'] } },
    appearance: appearance('string_select', {
      options: [
        { label: 'Mild', value: 'mild', hint: null },
        { label: 'Hot', value: 'hot', hint: null },
      ],
    }),
  });

export const REPLACE_CASES: CorpusCase[] = [
  {
    name: 'fields deleted and made anew with another type: text → json, integer → string, date → lat_lon',
    change: async (client) => {
      await recreate(client, 'author', 'bio', { field_type: 'json', localized: true, validators: {}, appearance: appearance('json') });
      await recreateIntegerAsString(client);
      await recreate(client, 'article', 'published_on', { field_type: 'lat_lon', validators: {}, appearance: appearance('map') });
    },
  },
  {
    name: 'type changes the API makes in place, with a rename: string → text and text → string',
    change: async (client) => {
      await client.fields.update(await fieldId(client, 'author', 'email'), {
        api_key: 'contact',
        field_type: 'text',
        validators: { format: { predefined_pattern: 'email' } },
        appearance: appearance('textarea', { placeholder: null }),
      });
      await client.fields.update(await fieldId(client, 'category', 'description'), {
        api_key: 'summary',
        field_type: 'string',
        validators: { length: { max: 140 } },
        appearance: appearance('single_line', { heading: false, placeholder: null }),
      });
    },
  },
  {
    name: 'the title field and slug source made anew as another type, the slug and title following it',
    change: async (client) => {
      const slug = await fieldId(client, 'category', 'slug');
      await client.fields.update(slug, { validators: { required: {}, unique: {} } });
      await recreate(client, 'category', 'name', {
        field_type: 'text',
        localized: true,
        validators: { required: {} },
        appearance: appearance('textarea', { placeholder: null }),
      });
      const name = await fieldId(client, 'category', 'name');
      await client.fields.update(slug, { validators: { required: {}, unique: {}, slug_title_field: { title_field_id: name } } });
      await client.itemTypes.update('category', { title_field: { type: 'field', id: name } });
    },
  },
  {
    name: 'a model deleted and made anew under its api_key, its fields of other types',
    prepare: async (client) => {
      const promo = await client.itemTypes.create({ name: 'Promo', api_key: 'promo' });
      await client.fields.create(promo.id, line('Title', 'title'));
      await client.fields.create(promo.id, {
        label: 'Starts',
        api_key: 'starts',
        field_type: 'date',
        validators: {},
        appearance: appearance('date_picker'),
      });
      await client.fields.create('home_page', {
        ...linkTo('Promo', 'promo_link', [promo.id]),
        appearance: appearance('link_embed'),
      });
    },
    change: async (client) => {
      await client.fields.destroy('home_page::promo_link');
      await client.itemTypes.destroy('promo');
      const promo = await client.itemTypes.create({ name: 'Promotion', api_key: 'promo', draft_mode_active: true });
      await client.fields.create(promo.id, line('Title', 'title'));
      await client.fields.create(promo.id, {
        label: 'Starts',
        api_key: 'starts',
        field_type: 'date_time',
        validators: {},
        appearance: appearance('date_time_picker'),
      });
      await client.fields.create('home_page', linkTo('Promo', 'promo_link', [promo.id]));
    },
  },
  {
    name: 'a model becomes a block model of the same api_key',
    prepare: async (client) => {
      const banner = await client.itemTypes.create({ name: 'Banner', api_key: 'banner' });
      await client.fields.create(banner.id, line('Label', 'label'));
      await client.fields.create('home_page', linkTo('Banner', 'banner', [banner.id]));
    },
    change: async (client) => {
      await client.fields.destroy('home_page::banner');
      await client.itemTypes.destroy('banner');
      const banner = await client.itemTypes.create({ name: 'Banner', api_key: 'banner', modular_block: true });
      await client.fields.create(banner.id, line('Label', 'label'));
      await client.fields.create('home_page', {
        label: 'Banner',
        api_key: 'banner',
        field_type: 'single_block',
        validators: { single_block_blocks: { item_types: [banner.id] } },
        appearance: appearance('framed_single_block', { start_collapsed: false }),
      });
    },
  },
  {
    name: 'a block model becomes a model of the same api_key',
    prepare: async (client) => {
      const note = await client.itemTypes.create({ name: 'Note', api_key: 'note', modular_block: true });
      await client.fields.create(note.id, line('Text', 'text'));
      await client.fields.update(await fieldId(client, 'page', 'sections'), {
        validators: { rich_text_blocks: { item_types: [await modelId(client, 'cta_block'), note.id] } },
      });
    },
    change: async (client) => {
      await client.fields.update(await fieldId(client, 'page', 'sections'), {
        validators: { rich_text_blocks: { item_types: [await modelId(client, 'cta_block')] } },
      });
      await client.itemTypes.destroy('note');
      const note = await client.itemTypes.create({ name: 'Note', api_key: 'note' });
      await client.fields.create(note.id, line('Text', 'text'));
      await client.fields.create('page', linkTo('Note', 'note', [note.id]));
    },
  },
  {
    name: 'deletes left out: a field made anew with another type keeps the old one under another name',
    leaveOut: true,
    change: recreateIntegerAsString,
  },
  {
    name: 'deletes left out: a rename into the name of a field the source deleted, and a model made anew',
    leaveOut: true,
    prepare: async (client) => {
      const promo = await client.itemTypes.create({ name: 'Promo', api_key: 'promo' });
      await client.fields.create(promo.id, line('Title', 'title'));
    },
    change: async (client) => {
      await client.fields.destroy('author::role');
      await client.fields.update(await fieldId(client, 'author', 'email'), { api_key: 'role' });
      await client.itemTypes.destroy('promo');
      const promo = await client.itemTypes.create({ name: 'Promo', api_key: 'promo', modular_block: true });
      await client.fields.create(promo.id, line('Title', 'title'));
    },
  },
];
