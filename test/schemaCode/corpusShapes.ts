// Migration corpus, shapes: fields moved between fieldsets, fieldsets sharing a title, localization turned
// on and off, validators naming renamed models, a slug's title field, links to models being deleted.
import type { CorpusCase } from './corpus';
import { appearance, fieldId, line, linkStrategies, linkTo, modelId } from './corpusNames';

/** New fieldsets of one title in a model, one per hint, in that order. */
const sameTitled = async (client: Parameters<CorpusCase['change']>[0], model: string, title: string, hints: string[]) => {
  const made = [];
  for (const hint of hints) made.push(await client.fieldsets.create(model, { title, hint }));
  return made;
};
const fieldsetOf = async (client: Parameters<CorpusCase['change']>[0], model: string, title: string) =>
  (await client.fieldsets.list(model)).find((f) => f.title === title)!;

export const SHAPE_CASES: CorpusCase[] = [
  {
    name: 'a new model whose title field is new and whose links point at another new model',
    change: async (client) => {
      const supplier = await client.itemTypes.create({ name: 'Supplier', api_key: 'supplier', sortable: true });
      const name = await client.fields.create(supplier.id, {
        label: 'Name',
        api_key: 'name',
        field_type: 'string',
        validators: {},
        appearance: appearance('single_line', { heading: true, placeholder: null }),
      });
      await client.itemTypes.update(supplier.id, { title_field: { type: 'field', id: name.id } });
      const ingredient = await client.itemTypes.create({
        name: 'Ingredient',
        api_key: 'ingredient',
        singleton: false,
        all_locales_required: true,
      });
      await client.fields.create(ingredient.id, {
        label: 'Supplier',
        api_key: 'supplier',
        field_type: 'link',
        validators: { item_item_type: { item_types: [supplier.id], ...linkStrategies } },
        appearance: appearance('link_select'),
      });
      await client.fields.create('dish', {
        label: 'Ingredients',
        api_key: 'ingredients',
        field_type: 'links',
        validators: { items_item_type: { item_types: [ingredient.id], ...linkStrategies } },
        appearance: appearance('links_select'),
      });
    },
  },
  {
    name: 'fields moved between fieldsets, into one and out of one',
    change: async (client) => {
      const seo = await fieldsetOf(client, 'article', 'SEO');
      await client.fields.update(await fieldId(client, 'article', 'excerpt'), { fieldset: { type: 'fieldset', id: seo.id } });
      await client.fields.update(await fieldId(client, 'article', 'cover'), { fieldset: null });
      const kitchen = await fieldsetOf(client, 'dish', 'Kitchen notes');
      await client.fields.update(await fieldId(client, 'dish', 'price'), { fieldset: { type: 'fieldset', id: kitchen.id } });
    },
  },
  {
    name: 'fieldsets reordered, one deleted with its fields kept',
    change: async (client) => {
      const [content, publishing, seo] = await Promise.all(['Content', 'Publishing', 'SEO'].map((t) => fieldsetOf(client, 'article', t)));
      await client.fieldsets.update(seo!.id, { position: 1 });
      await client.fieldsets.update(content!.id, { position: 2 });
      await client.fieldsets.destroy(publishing!.id);
    },
  },
  {
    name: 'two fieldsets of one title in the target, untouched; the source adds a second fieldset of an existing title',
    prepare: async (client) => void (await sameTitled(client, 'dish', 'Extra', ['First', 'Second'])),
    change: async (client) => {
      const seo = await client.fieldsets.create('article', { title: 'SEO', hint: 'Social cards' });
      await client.fields.create('article', line('Card title', 'card_title', { fieldset: { type: 'fieldset', id: seo.id } }));
      await client.fields.create('dish', line('Chef note', 'chef_note'));
    },
  },
  {
    name: 'three fieldsets of one title (forks keep ids): one edited, a field moved between two, one deleted',
    prepare: async (client) => {
      const [first] = await sameTitled(client, 'dish', 'Extra', ['First', 'Second', 'Third']);
      await client.fields.create('dish', line('Chef note', 'chef_note', { fieldset: { type: 'fieldset', id: first!.id } }));
    },
    change: async (client) => {
      const [first, second, third] = (await client.fieldsets.list('dish')).filter((f) => f.title === 'Extra');
      await client.fieldsets.update(first!.id, { hint: 'First, edited', collapsible: true });
      for (const field of ['chef_note', 'price'])
        await client.fields.update(await fieldId(client, 'dish', field), { fieldset: { type: 'fieldset', id: second!.id } });
      await client.fieldsets.destroy(third!.id);
    },
  },
  {
    name: 'two fieldsets of one title swapped, a third of that title added holding a new field',
    prepare: async (client) => void (await sameTitled(client, 'article', 'SEO', ['Cards', 'Search'])),
    change: async (client) => {
      const seo = (await client.fieldsets.list('article')).filter((f) => f.title === 'SEO');
      const [cards, search] = [seo.find((f) => f.hint === 'Cards')!, seo.find((f) => f.hint === 'Search')!];
      await client.fieldsets.update(search.id, { position: cards.position });
      const extra = await client.fieldsets.create('article', { title: 'SEO', hint: 'Feeds' });
      await client.fields.create('article', line('Feed title', 'feed_title', { fieldset: { type: 'fieldset', id: extra.id } }));
      await client.fields.update(await fieldId(client, 'article', 'excerpt'), { fieldset: { type: 'fieldset', id: cards.id } });
    },
  },
  {
    name: 'localization turned off for one field and on for another, with per-locale defaults',
    change: async (client) => {
      await client.fields.update(await fieldId(client, 'category', 'name'), { localized: false });
      await client.fields.update(await fieldId(client, 'cta_block', 'label'), {
        localized: true,
        default_value: { en: 'Read more', it: 'Leggi' },
      });
    },
  },
  {
    name: 'renamed models named in the validators of existing and new fields',
    change: async (client) => {
      await client.itemTypes.update('author', { api_key: 'writer', name: 'Writer' });
      await client.itemTypes.update('quote_block', { api_key: 'pull_quote', name: 'Pull quote' });
      await client.fields.create('page', {
        label: 'Credits',
        api_key: 'credits',
        field_type: 'links',
        validators: {
          items_item_type: { item_types: [await modelId(client, 'writer'), await modelId(client, 'category')], ...linkStrategies },
        },
        appearance: appearance('links_select'),
      });
      await client.fields.create('page', {
        label: 'Aside',
        api_key: 'aside',
        field_type: 'single_block',
        validators: { single_block_blocks: { item_types: [await modelId(client, 'pull_quote')] } },
        appearance: appearance('frameless_single_block', { start_collapsed: false }),
      });
    },
  },
  {
    name: 'a slug made from a new field instead of its old title field',
    change: async (client) => {
      const display = await client.fields.create('author', line('Display name', 'display_name'));
      await client.fields.update(await fieldId(client, 'author', 'slug'), {
        validators: { slug_title_field: { title_field_id: display.id }, unique: {} },
      });
    },
  },
  {
    name: 'a model being deleted dropped from the links that allowed it, one links field deleted with it',
    prepare: async (client) => {
      const sponsor = await client.itemTypes.create({ name: 'Sponsor', api_key: 'sponsor' });
      await client.fields.create(sponsor.id, line('Name', 'name'));
      await client.fields.create('event', linkTo('Sponsor', 'sponsor', [sponsor.id, await modelId(client, 'dish')]));
      await client.fields.create('home_page', {
        label: 'Sponsors',
        api_key: 'sponsors',
        field_type: 'links',
        validators: { items_item_type: { item_types: [sponsor.id], ...linkStrategies } },
        appearance: appearance('links_embed'),
      });
    },
    change: async (client) => {
      await client.fields.update(await fieldId(client, 'event', 'sponsor'), {
        validators: { item_item_type: { item_types: [await modelId(client, 'dish')], ...linkStrategies } },
      });
      await client.fields.destroy('home_page::sponsors');
      await client.itemTypes.destroy('sponsor');
    },
  },
  {
    name: 'a block model dropped from the structured text and modular content fields allowing it, then deleted',
    change: async (client) => {
      const [image, cta] = [await modelId(client, 'image_block'), await modelId(client, 'cta_block')];
      await client.fields.update(await fieldId(client, 'article', 'body'), {
        validators: {
          structured_text_blocks: { item_types: [image] },
          structured_text_inline_blocks: { item_types: [] },
          structured_text_links: { item_types: [await modelId(client, 'article'), await modelId(client, 'author')], ...linkStrategies },
        },
      });
      await client.fields.update(await fieldId(client, 'article', 'content'), {
        validators: { rich_text_blocks: { item_types: [image, cta] } },
      });
      await client.itemTypes.destroy('quote_block');
    },
  },
  {
    name: 'a renamed field moved to the front, a new model taking a renamed model’s old api_key',
    change: async (client) => {
      await client.fields.update(await fieldId(client, 'event', 'venue'), { api_key: 'place', label: 'Place', position: 1 });
      await client.itemTypes.update('category', { api_key: 'topic', name: 'Topic' });
      const category = await client.itemTypes.create({ name: 'Category', api_key: 'category', sortable: true });
      await client.fields.create(category.id, line('Label', 'label'));
    },
  },
];
