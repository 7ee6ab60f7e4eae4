// Migration corpus, names and deletes: api_keys swapped, rotated and chained, names taken over from what the
// migration deletes, and models that link to each other deleted together (the API refuses a rename into a
// name something still holds, and a delete of a model another model's field still names).
import type { Client } from '@datocms/cma-client-node';
import type { CorpusCase } from './corpus';

type Body = Parameters<Client['fields']['create']>[1];

export const linkStrategies = {
  on_publish_with_unpublished_references_strategy: 'fail',
  on_reference_unpublish_strategy: 'delete_references',
  on_reference_delete_strategy: 'delete_references',
} as const;
export const appearance = (editor: string, parameters: Record<string, unknown> = {}) => ({ editor, parameters, addons: [] });
export const modelId = async (client: Client, apiKey: string) => (await client.itemTypes.find(apiKey)).id;
export const fieldId = async (client: Client, model: string, field: string) => (await client.fields.find(`${model}::${field}`)).id;
export const rename = async (client: Client, model: string, field: string, apiKey: string) =>
  client.fields.update(await fieldId(client, model, field), { api_key: apiKey });
export const line = (label: string, apiKey: string, extra: { fieldset?: { type: 'fieldset'; id: string } } = {}): Body =>
  ({
    label,
    api_key: apiKey,
    field_type: 'string',
    validators: {},
    appearance: appearance('single_line', { heading: false, placeholder: null }),
    ...extra,
  }) as Body;
export const linkTo = (label: string, apiKey: string, models: string[]): Body => ({
  label,
  api_key: apiKey,
  field_type: 'link',
  validators: { item_item_type: { item_types: models, ...linkStrategies } },
  appearance: appearance('link_select'),
});

/** Models `names[i]` each with a link field to the next one (the last to the first). */
async function circleOfModels(client: Client, names: string[]): Promise<void> {
  const ids = [];
  for (const name of names) ids.push((await client.itemTypes.create({ name, api_key: name })).id);
  for (const [i, id] of ids.entries()) await client.fields.create(id, linkTo('Next', 'next', [ids[(i + 1) % ids.length]!]));
}

export const NAME_CASES: CorpusCase[] = [
  {
    name: 'two field api_keys swapped',
    change: async (client) => {
      await rename(client, 'author', 'role', 'swap_tmp');
      await rename(client, 'author', 'email', 'role');
      await rename(client, 'author', 'swap_tmp', 'email');
    },
  },
  {
    name: 'two model api_keys swapped (their links follow them)',
    change: async (client) => {
      await client.itemTypes.update('category', { api_key: 'swap_tmp' });
      await client.itemTypes.update('page', { api_key: 'category' });
      await client.itemTypes.update('swap_tmp', { api_key: 'page' });
    },
  },
  {
    name: 'three field api_keys rotated',
    change: async (client) => {
      await rename(client, 'article', 'published_on', 'rotate_tmp');
      await rename(client, 'article', 'rating', 'published_on');
      await rename(client, 'article', 'reading_time', 'rating');
      await rename(client, 'article', 'rotate_tmp', 'reading_time');
    },
  },
  {
    name: 'three block model api_keys rotated (the fields allowing them follow)',
    change: async (client) => {
      await client.itemTypes.update('quote_block', { api_key: 'rotate_tmp' });
      await client.itemTypes.update('image_block', { api_key: 'quote_block' });
      await client.itemTypes.update('cta_block', { api_key: 'image_block' });
      await client.itemTypes.update('rotate_tmp', { api_key: 'cta_block' });
    },
  },
  {
    name: 'a chain of renames ending in a free name, and a new field taking the first name',
    change: async (client) => {
      await rename(client, 'dish', 'price', 'price_eur');
      await rename(client, 'dish', 'spiciness', 'price');
      await client.fields.create('dish', line('Spiciness', 'spiciness'));
    },
  },
  {
    name: 'a field renamed to the api_key of a field the migration deletes',
    change: async (client) => {
      await client.fields.destroy('author::role');
      await rename(client, 'author', 'email', 'role');
    },
  },
  {
    name: 'a model renamed to the api_key of a model the migration deletes',
    prepare: async (client) => {
      for (const name of ['news', 'legacy_news']) {
        const model = await client.itemTypes.create({ name, api_key: name });
        await client.fields.create(model.id, line('Headline', 'headline'));
      }
    },
    change: async (client) => {
      await client.itemTypes.destroy('news');
      await client.itemTypes.update('legacy_news', { api_key: 'news', name: 'News' });
    },
  },
  {
    name: 'two models that link to each other deleted',
    prepare: (client) => circleOfModels(client, ['left', 'right']),
    change: async (client) => {
      await client.fields.destroy('left::next');
      await client.itemTypes.destroy('right');
      await client.itemTypes.destroy('left');
    },
  },
  {
    name: 'three models linking in a circle deleted, one also linked from a field of a kept model',
    prepare: async (client) => {
      await circleOfModels(client, ['first', 'second', 'third']);
      await client.fields.create('dish', linkTo('Pairing', 'pairing', [await modelId(client, 'first')]));
    },
    change: async (client) => {
      await client.fields.destroy('dish::pairing');
      await client.fields.destroy('third::next');
      for (const name of ['first', 'second', 'third']) await client.itemTypes.destroy(name);
    },
  },
  {
    name: 'two block models allowing each other deleted, and a kept field allowing one of them changed',
    prepare: async (client) => {
      const outer = await client.itemTypes.create({ name: 'Outer', api_key: 'outer_block', modular_block: true });
      const inner = await client.itemTypes.create({ name: 'Inner', api_key: 'inner_block', modular_block: true });
      await client.fields.create(outer.id, {
        label: 'Inner',
        api_key: 'inner',
        field_type: 'rich_text',
        validators: { rich_text_blocks: { item_types: [inner.id] } },
        appearance: appearance('rich_text', { start_collapsed: false }),
      });
      await client.fields.create(inner.id, {
        label: 'Outer',
        api_key: 'outer',
        field_type: 'single_block',
        validators: { single_block_blocks: { item_types: [outer.id] } },
        appearance: appearance('framed_single_block', { start_collapsed: false }),
      });
      await client.fields.update(await fieldId(client, 'page', 'sections'), {
        validators: { rich_text_blocks: { item_types: [await modelId(client, 'cta_block'), outer.id] } },
      });
    },
    change: async (client) => {
      await client.fields.update(await fieldId(client, 'page', 'sections'), {
        validators: { rich_text_blocks: { item_types: [await modelId(client, 'cta_block')] } },
      });
      await client.fields.destroy('inner_block::outer');
      await client.itemTypes.destroy('outer_block');
      await client.itemTypes.destroy('inner_block');
    },
  },
  {
    name: 'the title and ordering field deleted with the slug made from it',
    change: async (client) => {
      await client.fields.destroy('author::slug');
      await client.fields.destroy('author::name');
    },
  },
  {
    name: 'the ordering field renamed and its direction turned; the title field deleted and another one chosen',
    change: async (client) => {
      const startsAt = await fieldId(client, 'event', 'starts_at');
      await client.fields.update(startsAt, { api_key: 'begins_at', label: 'Begins at' });
      await client.itemTypes.update('event', {
        ordering_direction: 'desc',
        title_field: { type: 'field', id: await fieldId(client, 'event', 'ticket_url') },
      });
      await client.fields.destroy('event::name');
    },
  },
];
