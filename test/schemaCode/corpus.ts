// The migration corpus: schema differences made through the official client on a fork of the target.
// Each case's `prepare` (optional) shapes the target first; `change` turns a fork of it into the source.
import type { Client } from '@datocms/cma-client-node';

export interface CorpusCase {
  name: string;
  prepare?: (client: Client) => Promise<void>;
  change: (client: Client) => Promise<void>;
  /** the migration leaves out the deletes: what only the target has stays (under another name when it gives its own up) */
  leaveOut?: boolean;
}

type Body = Parameters<Client['fields']['create']>[1];

const linkStrategies = {
  on_publish_with_unpublished_references_strategy: 'fail',
  on_reference_unpublish_strategy: 'delete_references',
  on_reference_delete_strategy: 'delete_references',
} as const;
const structuredTextParameters = {
  nodes: ['blockquote', 'heading', 'link', 'list'],
  marks: ['strong', 'emphasis', 'code'],
  heading_levels: [2, 3],
  blocks_start_collapsed: false,
  show_links_target_blank: true,
  show_links_meta_editor: false,
};

/** An image-only file validator as the API returns it (an empty list of extensions beside the file type). */
const imageOnly = { extensions: [], predefined_list: 'image' } as unknown as { predefined_list: 'image' };

const modelId = async (client: Client, apiKey: string) => (await client.itemTypes.find(apiKey)).id;
const fieldId = async (client: Client, model: string, field: string) => (await client.fields.find(`${model}::${field}`)).id;
const appearance = (editor: string, parameters: Record<string, unknown> = {}) => ({ editor, parameters, addons: [] });

/** One field of every type but the ones linking to models and blocks (those have their own cases). */
function scalarFields(): Body[] {
  return [
    {
      label: 'Name',
      api_key: 'name',
      field_type: 'string',
      validators: { required: {}, length: { min: 2, max: 80 }, format: { custom_pattern: '^[A-Z]', description: 'Starts with a capital' } },
      appearance: appearance('single_line', { heading: true, placeholder: 'A name' }),
    },
    {
      label: 'Notes',
      api_key: 'notes',
      field_type: 'text',
      localized: true,
      validators: { length: { max: 2000 } },
      appearance: appearance('markdown', { toolbar: ['heading', 'bold', 'italic', 'link'] }),
      hint: 'Markdown',
    },
    {
      label: 'Open',
      api_key: 'open',
      field_type: 'boolean',
      default_value: true,
      validators: {},
      appearance: appearance('boolean_radio_group', {
        positive_radio: { label: 'Open', hint: null },
        negative_radio: { label: 'Closed', hint: 'Shown greyed' },
      }),
    },
    {
      label: 'Seats',
      api_key: 'seats',
      field_type: 'integer',
      validators: { number_range: { min: 1, max: 400 } },
      appearance: appearance('integer', { placeholder: '40' }),
    },
    {
      label: 'Score',
      api_key: 'score',
      field_type: 'float',
      validators: { required: {}, number_range: { min: 0, max: 5 } },
      appearance: appearance('float', { placeholder: null }),
    },
    {
      label: 'Opened on',
      api_key: 'opened_on',
      field_type: 'date',
      validators: { date_range: { min: '2000-01-01' } },
      appearance: appearance('date_picker'),
    },
    {
      label: 'Inspected at',
      api_key: 'inspected_at',
      field_type: 'date_time',
      validators: { date_time_range: { max: '2030-01-01T00:00:00Z' } },
      appearance: appearance('date_time_picker'),
    },
    {
      label: 'Brand colour',
      api_key: 'brand_colour',
      field_type: 'color',
      validators: { required: {} },
      appearance: appearance('color_picker', { enable_alpha: true, preset_colors: ['#112233'] }),
    },
    {
      label: 'Features',
      api_key: 'features',
      field_type: 'json',
      validators: {},
      appearance: appearance('string_checkbox_group', {
        options: [
          { label: 'Terrace', value: 'terrace', hint: null },
          { label: 'Parking', value: 'parking', hint: null },
        ],
      }),
    },
    { label: 'Location', api_key: 'location', field_type: 'lat_lon', validators: { required: {} }, appearance: appearance('map') },
    {
      label: 'SEO',
      api_key: 'seo',
      field_type: 'seo',
      localized: true,
      validators: {
        required_seo_fields: { title: true, description: false, image: false, twitter_card: false },
        title_length: { max: 60 },
      },
      appearance: appearance('seo', { fields: ['title', 'description', 'image'], previews: ['google', 'twitter'] }),
    },
    { label: 'Video', api_key: 'video', field_type: 'video', validators: {}, appearance: appearance('video') },
    {
      label: 'Logo',
      api_key: 'logo',
      field_type: 'file',
      validators: { extension: imageOnly, file_size: { max_value: 2, max_unit: 'MB' } },
      appearance: appearance('file'),
    },
    {
      label: 'Photos',
      api_key: 'photos',
      field_type: 'gallery',
      validators: { size: { max: 8 }, required_alt_title: { title: false, alt: true } },
      appearance: appearance('gallery'),
    },
  ];
}

export const CORPUS: CorpusCase[] = [
  {
    name: 'a new model with fields of the plain types (first half), a slug from its title, and its title field',
    change: async (client) => {
      const model = await client.itemTypes.create({
        name: 'Venue',
        api_key: 'venue',
        hint: 'Where we cook',
        collection_appearance: 'table',
        draft_mode_active: true,
      });
      for (const body of scalarFields().slice(0, 7)) await client.fields.create(model.id, body);
      const name = await fieldId(client, 'venue', 'name');
      await client.fields.create(model.id, {
        label: 'Slug',
        api_key: 'slug',
        field_type: 'slug',
        validators: {
          required: {},
          unique: {},
          slug_title_field: { title_field_id: name },
          slug_format: { predefined_pattern: 'webpage_slug' },
        },
        appearance: appearance('slug', { url_prefix: 'https://example.com/venues/', placeholder: null }),
      });
      await client.itemTypes.update(model.id, { title_field: { type: 'field', id: name } });
    },
  },
  {
    name: 'a new block model with fields of the plain types (second half)',
    change: async (client) => {
      const model = await client.itemTypes.create({
        name: 'Venue card',
        api_key: 'venue_card',
        modular_block: true,
        hint: 'A venue in a page',
      });
      for (const body of scalarFields().slice(7)) await client.fields.create(model.id, body);
    },
  },
  {
    name: 'a new model linked from new link and links fields of an existing model',
    change: async (client) => {
      const chef = await client.itemTypes.create({ name: 'Chef', api_key: 'chef' });
      const name = await client.fields.create(chef.id, {
        label: 'Name',
        api_key: 'name',
        field_type: 'string',
        validators: { required: {} },
        appearance: appearance('single_line', { heading: true, placeholder: null }),
      });
      await client.itemTypes.update(chef.id, { title_field: { type: 'field', id: name.id } });
      await client.fields.create('dish', {
        label: 'Chef',
        api_key: 'chef',
        field_type: 'link',
        validators: { item_item_type: { item_types: [chef.id], ...linkStrategies }, required: {} },
        appearance: appearance('link_select'),
      });
      await client.fields.create('dish', {
        label: 'Pairs with',
        api_key: 'pairs_with',
        field_type: 'links',
        validators: { items_item_type: { item_types: [chef.id, await modelId(client, 'dish')], ...linkStrategies }, size: { max: 3 } },
        appearance: appearance('links_embed'),
      });
    },
  },
  {
    name: 'a new block model used by new modular content, structured text and single block fields',
    change: async (client) => {
      const tip = await client.itemTypes.create({ name: 'Tip block', api_key: 'tip_block', modular_block: true });
      await client.fields.create(tip.id, {
        label: 'Text',
        api_key: 'text',
        field_type: 'text',
        validators: { required: {} },
        appearance: appearance('textarea', { placeholder: null }),
      });
      const quote = await modelId(client, 'quote_block');
      await client.fields.create('page', {
        label: 'Tips',
        api_key: 'tips',
        field_type: 'rich_text',
        validators: { rich_text_blocks: { item_types: [tip.id, quote] }, size: { min: 1 } },
        appearance: appearance('rich_text', { start_collapsed: true }),
      });
      await client.fields.create('page', {
        label: 'Story',
        api_key: 'story',
        field_type: 'structured_text',
        localized: true,
        validators: {
          structured_text_blocks: { item_types: [tip.id] },
          structured_text_inline_blocks: { item_types: [] },
          structured_text_links: { item_types: [await modelId(client, 'article')], ...linkStrategies },
        },
        appearance: appearance('structured_text', structuredTextParameters),
      });
      await client.fields.create('page', {
        label: 'Callout',
        api_key: 'callout',
        field_type: 'single_block',
        validators: { single_block_blocks: { item_types: [tip.id] }, required: {} },
        appearance: appearance('frameless_single_block', { start_collapsed: false }),
      });
    },
  },
  {
    name: 'validators, hints, defaults and localization of existing fields changed',
    change: async (client) => {
      await client.fields.update(await fieldId(client, 'dish', 'price'), {
        validators: { required: {}, number_range: { min: 1, max: 900 } },
        hint: 'In euros, VAT included',
      });
      await client.fields.update(await fieldId(client, 'author', 'email'), {
        validators: { format: { predefined_pattern: 'email' }, required: {}, unique: {} },
      });
      await client.fields.update(await fieldId(client, 'dish', 'vegetarian'), { default_value: true });
      await client.fields.update(await fieldId(client, 'page', 'title'), {
        validators: { required: {}, length: { max: 70 } },
        label: 'Page title',
      });
    },
  },
  {
    name: 'editors and their parameters changed',
    change: async (client) => {
      await client.fields.update(await fieldId(client, 'author', 'bio'), {
        appearance: appearance('wysiwyg', { toolbar: ['bold', 'italic', 'link'] }),
      });
      await client.fields.update(await fieldId(client, 'home_page', 'featured_articles'), { appearance: appearance('links_select') });
      await client.fields.update(await fieldId(client, 'category', 'color'), {
        appearance: appearance('color_picker', { enable_alpha: true, preset_colors: ['#000000'] }),
      });
    },
  },
  {
    name: 'fieldsets: a new one holding a moved field and a new field, and a retitled one',
    change: async (client) => {
      const fieldset = await client.fieldsets.create('author', {
        title: 'Contact',
        hint: 'How to reach them',
        collapsible: true,
        start_collapsed: false,
      });
      await client.fields.update(await fieldId(client, 'author', 'email'), { fieldset: { type: 'fieldset', id: fieldset.id } });
      await client.fields.create('author', {
        label: 'Phone',
        api_key: 'phone',
        field_type: 'string',
        fieldset: { type: 'fieldset', id: fieldset.id },
        validators: {},
        appearance: appearance('single_line', { heading: false, placeholder: null }),
      });
      const kitchen = (await client.fieldsets.list('dish')).find((f) => f.title === 'Kitchen notes')!;
      await client.fieldsets.update(kitchen.id, { title: 'From the kitchen', collapsible: true, start_collapsed: true });
    },
  },
  {
    name: 'renames: a model api_key and field api_keys, with a new field taking an old name',
    change: async (client) => {
      await client.itemTypes.update('category', { api_key: 'topic', name: 'Topic' });
      await client.fields.update(await fieldId(client, 'dish', 'course'), { api_key: 'menu_course', label: 'Menu course' });
      await client.fields.update(await fieldId(client, 'dish', 'spiciness'), { api_key: 'heat' });
      await client.fields.create('dish', {
        label: 'Spiciness note',
        api_key: 'spiciness',
        field_type: 'string',
        validators: {},
        appearance: appearance('single_line', { heading: false, placeholder: null }),
      });
    },
  },
  {
    name: 'deletions: fields, a fieldset, a model and the block model only it used',
    prepare: async (client) => {
      const legacy = await client.itemTypes.create({ name: 'Legacy', api_key: 'legacy' });
      const block = await client.itemTypes.create({ name: 'Old block', api_key: 'old_block', modular_block: true });
      await client.fields.create(block.id, {
        label: 'Words',
        api_key: 'words',
        field_type: 'string',
        validators: {},
        appearance: appearance('single_line', { heading: false, placeholder: null }),
      });
      await client.fields.create(legacy.id, {
        label: 'Blocks',
        api_key: 'blocks',
        field_type: 'rich_text',
        validators: { rich_text_blocks: { item_types: [block.id] } },
        appearance: appearance('rich_text', { start_collapsed: false }),
      });
      const fieldset = await client.fieldsets.create('dish', { title: 'Old notes' });
      await client.fields.create('dish', {
        label: 'Old note',
        api_key: 'old_note',
        field_type: 'text',
        fieldset: { type: 'fieldset', id: fieldset.id },
        validators: {},
        appearance: appearance('textarea', { placeholder: null }),
      });
    },
    change: async (client) => {
      await client.fields.destroy('dish::old_note');
      const old = (await client.fieldsets.list('dish')).find((f) => f.title === 'Old notes')!;
      await client.fieldsets.destroy(old.id);
      await client.fields.destroy('dish::photos');
      await client.itemTypes.destroy('legacy');
      await client.itemTypes.destroy('old_block');
    },
  },
  {
    name: 'title, image preview and ordering fields changed; a sortable model ordered by a field instead',
    change: async (client) => {
      await client.itemTypes.update(await modelId(client, 'author'), {
        title_field: { type: 'field', id: await fieldId(client, 'author', 'email') },
        image_preview_field: { type: 'field', id: await fieldId(client, 'author', 'avatar') },
        ordering_field: { type: 'field', id: await fieldId(client, 'author', 'name') },
        ordering_direction: 'desc',
      });
      await client.itemTypes.update(await modelId(client, 'dish'), {
        sortable: false,
        ordering_field: { type: 'field', id: await fieldId(client, 'dish', 'price') },
        ordering_direction: 'asc',
      });
    },
  },
  {
    name: 'field order changed and a new field placed first',
    change: async (client) => {
      await client.fields.update(await fieldId(client, 'author', 'email'), { position: 1 });
      const badge = await client.fields.create('author', {
        label: 'Badge',
        api_key: 'badge',
        field_type: 'string',
        validators: {},
        appearance: appearance('single_line', { heading: false, placeholder: null }),
      });
      await client.fields.update(badge.id, { position: 1 });
    },
  },
  {
    name: 'a field type changed with its validators and editor',
    change: async (client) => {
      await client.fields.update(await fieldId(client, 'author', 'email'), {
        field_type: 'text',
        validators: { length: { max: 200 } },
        appearance: appearance('textarea', { placeholder: null }),
      });
    },
  },
];
