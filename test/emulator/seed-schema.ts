// The seeded schema of the "Emulated Bistro" project: a restaurant with a journal (articles, authors,
// categories), a singleton home page, a sortable menu, a tree of pages, a draft-mode events model and
// three block models. Between them the fields cover all 20 field types with
// realistic validators and the right built-in editor per type.
import { MARKDOWN_TOOLBAR, STRUCTURED_TEXT_MARKS, STRUCTURED_TEXT_NODES } from './rules.js';

export interface FieldSpec {
  api_key: string;
  label: string;
  field_type: string;
  localized?: boolean;
  hint?: string | null;
  /** validators; `ref` resolves model and field api_keys to the seeded ids */
  validators?: (ref: Refs) => Record<string, unknown>;
  editor: string;
  parameters?: Record<string, unknown>;
  default_value?: unknown;
  /** title of the model's fieldset holding the field */
  fieldset?: string;
}

export interface FieldsetSpec {
  title: string;
  hint?: string | null;
  collapsible?: boolean;
  start_collapsed?: boolean;
}

export interface ModelSpec {
  api_key: string;
  name: string;
  modular_block?: boolean;
  singleton?: boolean;
  sortable?: boolean;
  tree?: boolean;
  draft_mode_active?: boolean;
  draft_saving_active?: boolean;
  all_locales_required?: boolean;
  collection_appearance?: 'compact' | 'table';
  ordering_direction?: 'asc' | 'desc' | null;
  ordering_meta?: string | null;
  ordering_field?: string;
  hint?: string | null;
  title_field?: string;
  image_preview_field?: string;
  excerpt_field?: string;
  fieldsets?: FieldsetSpec[];
  fields: FieldSpec[];
}

export interface Refs {
  model(apiKey: string): string;
  field(modelApiKey: string, fieldApiKey: string): string;
}

const linkStrategies = {
  on_publish_with_unpublished_references_strategy: 'fail',
  on_reference_unpublish_strategy: 'delete_references',
  on_reference_delete_strategy: 'delete_references',
};

const imageOnly = { extensions: [], predefined_list: 'image' };

const structuredTextEditor = {
  nodes: [...STRUCTURED_TEXT_NODES],
  marks: [...STRUCTURED_TEXT_MARKS],
  heading_levels: [2, 3, 4],
  blocks_start_collapsed: false,
  show_links_target_blank: true,
  show_links_meta_editor: false,
};

const slugFormat = { predefined_pattern: 'webpage_slug' };

export const MODEL_SPECS: ModelSpec[] = [
  {
    api_key: 'image_block',
    name: 'Image block',
    modular_block: true,
    hint: 'A full-width photo with a caption',
    fields: [
      {
        api_key: 'image',
        label: 'Image',
        field_type: 'file',
        editor: 'file',
        validators: () => ({
          required: {},
          extension: imageOnly,
          required_alt_title: { title: false, alt: true },
          file_size: { max_value: 10, max_unit: 'MB' },
        }),
      },
      {
        api_key: 'caption',
        label: 'Caption',
        field_type: 'string',
        editor: 'single_line',
        parameters: { heading: false, placeholder: 'What is in the picture?' },
        validators: () => ({ length: { max: 160 } }),
      },
      {
        api_key: 'layout',
        label: 'Layout',
        field_type: 'string',
        editor: 'string_select',
        default_value: 'wide',
        parameters: {
          options: [
            { label: 'Full bleed', value: 'full' },
            { label: 'Wide', value: 'wide' },
            { label: 'Inset', value: 'inset', hint: 'Inside the text column' },
          ],
        },
        validators: () => ({ required: {}, enum: { values: ['full', 'wide', 'inset'] } }),
      },
    ],
  },
  {
    api_key: 'quote_block',
    name: 'Quote block',
    modular_block: true,
    fields: [
      {
        api_key: 'quote',
        label: 'Quote',
        field_type: 'text',
        editor: 'textarea',
        parameters: { placeholder: 'The words, without quotation marks' },
        validators: () => ({ required: {}, length: { min: 3, max: 500 } }),
      },
      {
        api_key: 'attribution',
        label: 'Attribution',
        field_type: 'string',
        editor: 'single_line',
        parameters: { heading: false, placeholder: null },
        validators: () => ({ length: {} }),
      },
    ],
  },
  {
    api_key: 'cta_block',
    name: 'Call to action',
    modular_block: true,
    hint: 'A button that sends readers somewhere useful',
    fields: [
      {
        api_key: 'label',
        label: 'Button label',
        field_type: 'string',
        editor: 'single_line',
        parameters: { heading: false, placeholder: 'Book a table' },
        validators: () => ({ required: {}, length: { min: 2, max: 40 } }),
      },
      {
        api_key: 'url',
        label: 'URL',
        field_type: 'string',
        editor: 'single_line',
        parameters: { heading: false, placeholder: 'https://' },
        validators: () => ({ required: {}, format: { predefined_pattern: 'url' } }),
      },
      {
        api_key: 'style',
        label: 'Style',
        field_type: 'string',
        editor: 'string_radio_group',
        default_value: 'primary',
        parameters: {
          radios: [
            { label: 'Primary', value: 'primary' },
            { label: 'Secondary', value: 'secondary' },
            { label: 'Text link', value: 'link', hint: 'No button frame' },
          ],
        },
        validators: () => ({ enum: { values: ['primary', 'secondary', 'link'] } }),
      },
    ],
  },
  {
    api_key: 'author',
    name: 'Author',
    collection_appearance: 'compact',
    ordering_field: 'name',
    ordering_direction: 'asc',
    title_field: 'name',
    image_preview_field: 'avatar',
    fields: [
      {
        api_key: 'name',
        label: 'Name',
        field_type: 'string',
        editor: 'single_line',
        parameters: { heading: true, placeholder: null },
        validators: () => ({ required: {}, unique: {}, length: { max: 80 } }),
      },
      {
        api_key: 'slug',
        label: 'Slug',
        field_type: 'slug',
        editor: 'slug',
        parameters: { url_prefix: 'https://emulated-bistro.example/authors/' },
        validators: (r) => ({
          required: {},
          unique: {},
          slug_title_field: { title_field_id: r.field('author', 'name') },
          slug_format: slugFormat,
        }),
      },
      {
        api_key: 'role',
        label: 'Role',
        field_type: 'string',
        editor: 'string_select',
        parameters: {
          options: [
            { label: 'Chef', value: 'chef', hint: null },
            { label: 'Sommelier', value: 'sommelier' },
            { label: 'Food critic', value: 'critic' },
            { label: 'Guest writer', value: 'guest' },
          ],
        },
        validators: () => ({ enum: { values: ['chef', 'sommelier', 'critic', 'guest'] } }),
      },
      {
        api_key: 'email',
        label: 'Email',
        field_type: 'string',
        editor: 'single_line',
        parameters: { heading: false, placeholder: 'name@example.com' },
        validators: () => ({ format: { predefined_pattern: 'email' } }),
      },
      {
        api_key: 'bio',
        label: 'Biography',
        field_type: 'text',
        localized: true,
        editor: 'markdown',
        parameters: { toolbar: ['heading', 'bold', 'italic', 'link', 'unordered_list', 'quote', 'fullscreen'] },
        validators: () => ({ length: { max: 2000 } }),
      },
      {
        api_key: 'avatar',
        label: 'Avatar',
        field_type: 'file',
        editor: 'file',
        validators: () => ({
          extension: imageOnly,
          image_dimensions: { width_min_value: 200, height_min_value: 200 },
          image_aspect_ratio: { eq_ar_numerator: 1, eq_ar_denominator: 1 },
        }),
      },
      {
        api_key: 'topics',
        label: 'Writes about',
        field_type: 'json',
        editor: 'string_checkbox_group',
        hint: 'Shown as tags on the author page',
        parameters: {
          options: [
            { label: 'Recipes', value: 'recipes' },
            { label: 'Wine', value: 'wine' },
            { label: 'Producers', value: 'producers' },
            { label: 'Travel', value: 'travel' },
          ],
        },
        validators: () => ({}),
      },
    ],
  },
  {
    api_key: 'category',
    name: 'Category',
    sortable: true,
    collection_appearance: 'compact',
    title_field: 'name',
    fields: [
      {
        api_key: 'name',
        label: 'Name',
        field_type: 'string',
        localized: true,
        editor: 'single_line',
        parameters: { heading: true, placeholder: null },
        validators: () => ({ required: {}, length: { max: 40 } }),
      },
      {
        api_key: 'slug',
        label: 'Slug',
        field_type: 'slug',
        editor: 'slug',
        parameters: { url_prefix: 'https://emulated-bistro.example/journal/', placeholder: null },
        validators: (r) => ({
          required: {},
          unique: {},
          slug_title_field: { title_field_id: r.field('category', 'name') },
          slug_format: slugFormat,
        }),
      },
      {
        api_key: 'color',
        label: 'Colour',
        field_type: 'color',
        editor: 'color_picker',
        parameters: { enable_alpha: false, preset_colors: ['#E63946', '#2A9D8F', '#E9C46A', '#264653', '#F4A261'] },
        validators: () => ({ required: {} }),
      },
      {
        api_key: 'description',
        label: 'Description',
        field_type: 'text',
        localized: true,
        editor: 'wysiwyg',
        parameters: { toolbar: ['format', 'bold', 'italic', 'link', 'unordered_list', 'undo', 'redo'] },
        validators: () => ({ sanitized_html: { sanitize_before_validation: true } }),
      },
    ],
  },
  {
    api_key: 'article',
    name: 'Article',
    draft_mode_active: true,
    collection_appearance: 'table',
    ordering_meta: 'updated_at',
    ordering_direction: 'desc',
    hint: 'Journal posts: recipes, producers, news from the kitchen',
    title_field: 'title',
    image_preview_field: 'cover',
    excerpt_field: 'excerpt',
    fieldsets: [
      { title: 'Content' },
      { title: 'Publishing', hint: 'Who wrote it and where it is filed', collapsible: true },
      { title: 'SEO', collapsible: true, start_collapsed: true },
    ],
    fields: [
      {
        api_key: 'title',
        label: 'Title',
        field_type: 'string',
        localized: true,
        fieldset: 'Content',
        editor: 'single_line',
        parameters: { heading: true, placeholder: 'A headline that makes people hungry' },
        validators: () => ({ required: {}, length: { min: 3, max: 120 } }),
      },
      {
        api_key: 'slug',
        label: 'Slug',
        field_type: 'slug',
        fieldset: 'Content',
        editor: 'slug',
        parameters: { url_prefix: 'https://emulated-bistro.example/journal/', placeholder: null },
        validators: (r) => ({
          required: {},
          unique: {},
          length: { max: 140 },
          slug_title_field: { title_field_id: r.field('article', 'title') },
          slug_format: slugFormat,
        }),
      },
      {
        api_key: 'excerpt',
        label: 'Excerpt',
        field_type: 'text',
        localized: true,
        fieldset: 'Content',
        editor: 'textarea',
        parameters: { placeholder: 'Two lines for the listing page' },
        hint: 'Plain text, no markdown',
        validators: () => ({ length: { max: 300 } }),
      },
      {
        api_key: 'body',
        label: 'Body',
        field_type: 'structured_text',
        localized: true,
        fieldset: 'Content',
        editor: 'structured_text',
        parameters: structuredTextEditor,
        validators: (r) => ({
          structured_text_blocks: { item_types: [r.model('quote_block'), r.model('image_block')] },
          structured_text_inline_blocks: { item_types: [] },
          structured_text_links: { item_types: [r.model('article'), r.model('author')], ...linkStrategies },
        }),
      },
      {
        api_key: 'content',
        label: 'Extra sections',
        field_type: 'rich_text',
        localized: true,
        fieldset: 'Content',
        editor: 'rich_text',
        parameters: { start_collapsed: false },
        validators: (r) => ({
          rich_text_blocks: { item_types: [r.model('image_block'), r.model('quote_block'), r.model('cta_block')] },
          size: { max: 10 },
        }),
      },
      {
        api_key: 'hero',
        label: 'Hero',
        field_type: 'single_block',
        fieldset: 'Content',
        editor: 'framed_single_block',
        parameters: { start_collapsed: true },
        validators: (r) => ({ single_block_blocks: { item_types: [r.model('image_block'), r.model('cta_block')] } }),
      },
      {
        api_key: 'cover',
        label: 'Cover image',
        field_type: 'file',
        fieldset: 'Content',
        editor: 'file',
        validators: () => ({
          extension: imageOnly,
          required_alt_title: { title: false, alt: true },
          file_size: { max_value: 5, max_unit: 'MB' },
        }),
      },
      {
        api_key: 'author',
        label: 'Author',
        field_type: 'link',
        fieldset: 'Publishing',
        editor: 'link_select',
        validators: (r) => ({
          item_item_type: {
            item_types: [r.model('author')],
            ...linkStrategies,
            on_reference_unpublish_strategy: 'fail',
            on_reference_delete_strategy: 'fail',
          },
        }),
      },
      {
        api_key: 'categories',
        label: 'Categories',
        field_type: 'links',
        fieldset: 'Publishing',
        editor: 'links_select',
        validators: (r) => ({ items_item_type: { item_types: [r.model('category')], ...linkStrategies }, size: { max: 3 } }),
      },
      {
        api_key: 'published_on',
        label: 'Publication date',
        field_type: 'date',
        fieldset: 'Publishing',
        editor: 'date_picker',
        validators: () => ({ date_range: { min: '2015-01-01' } }),
      },
      {
        api_key: 'reading_time',
        label: 'Reading time (minutes)',
        field_type: 'integer',
        fieldset: 'Publishing',
        editor: 'integer',
        parameters: { placeholder: '5' },
        validators: () => ({ number_range: { min: 1, max: 120 } }),
      },
      {
        api_key: 'rating',
        label: 'Rating',
        field_type: 'float',
        fieldset: 'Publishing',
        editor: 'float',
        hint: 'Reviews only: 0 to 5 stars',
        validators: () => ({ number_range: { min: 0, max: 5 } }),
      },
      {
        api_key: 'featured',
        label: 'Featured on the home page',
        field_type: 'boolean',
        fieldset: 'Publishing',
        editor: 'boolean',
        default_value: false,
        validators: () => ({}),
      },
      {
        api_key: 'seo',
        label: 'SEO',
        field_type: 'seo',
        localized: true,
        fieldset: 'SEO',
        editor: 'seo',
        parameters: { fields: ['title', 'description', 'image', 'twitter_card'], previews: ['google', 'twitter', 'facebook', 'linkedin'] },
        validators: () => ({
          required_seo_fields: { title: true, description: true, image: false, twitter_card: false },
          title_length: { max: 60 },
          description_length: { max: 160 },
        }),
      },
    ],
  },
  {
    api_key: 'home_page',
    name: 'Home page',
    singleton: true,
    title_field: 'headline',
    fields: [
      {
        api_key: 'headline',
        label: 'Headline',
        field_type: 'string',
        localized: true,
        editor: 'single_line',
        parameters: { heading: true, placeholder: null },
        validators: () => ({ required: {}, length: { max: 90 } }),
      },
      {
        api_key: 'intro',
        label: 'Introduction',
        field_type: 'structured_text',
        localized: true,
        editor: 'structured_text',
        parameters: { ...structuredTextEditor, nodes: ['heading', 'link', 'list'], heading_levels: [2] },
        validators: (r) => ({
          structured_text_blocks: { item_types: [r.model('cta_block')] },
          structured_text_links: { item_types: [r.model('article'), r.model('dish')], ...linkStrategies },
          length: { max: 1200 },
        }),
      },
      { api_key: 'hero_video', label: 'Hero video', field_type: 'video', editor: 'video', validators: () => ({ required: {} }) },
      {
        api_key: 'promo',
        label: 'Promotion',
        field_type: 'single_block',
        editor: 'frameless_single_block',
        validators: (r) => ({ single_block_blocks: { item_types: [r.model('cta_block')] } }),
      },
      {
        api_key: 'featured_articles',
        label: 'Featured articles',
        field_type: 'links',
        editor: 'links_embed',
        validators: (r) => ({ items_item_type: { item_types: [r.model('article')], ...linkStrategies }, size: { min: 1, max: 6 } }),
      },
      {
        api_key: 'signature_dish',
        label: 'Signature dish',
        field_type: 'link',
        editor: 'link_embed',
        validators: (r) => ({ item_item_type: { item_types: [r.model('dish')], ...linkStrategies }, required: {} }),
      },
      { api_key: 'location', label: 'Location', field_type: 'lat_lon', editor: 'map', validators: () => ({ required: {} }) },
      {
        api_key: 'gallery',
        label: 'Gallery',
        field_type: 'gallery',
        editor: 'gallery',
        validators: () => ({ size: { max: 12 }, extension: imageOnly, required_alt_title: { title: false, alt: true } }),
      },
      {
        api_key: 'seo',
        label: 'SEO',
        field_type: 'seo',
        localized: true,
        editor: 'seo',
        parameters: {
          fields: ['title', 'description', 'image', 'no_index', 'twitter_card'],
          previews: ['google', 'twitter', 'slack', 'whatsapp'],
        },
        validators: () => ({
          title_length: { max: 60 },
          description_length: { max: 160 },
          image_dimensions: { width_min_value: 1200, height_min_value: 630 },
        }),
      },
    ],
  },
  {
    api_key: 'dish',
    name: 'Menu dish',
    sortable: true,
    draft_mode_active: true,
    collection_appearance: 'table',
    title_field: 'name',
    image_preview_field: 'photos',
    fieldsets: [{ title: 'Kitchen notes', hint: 'Allergens and dietary information', collapsible: true }],
    fields: [
      {
        api_key: 'name',
        label: 'Name',
        field_type: 'string',
        localized: true,
        editor: 'single_line',
        parameters: { heading: true, placeholder: null },
        validators: () => ({ required: {}, length: { max: 60 } }),
      },
      {
        api_key: 'description',
        label: 'Description',
        field_type: 'text',
        localized: true,
        editor: 'wysiwyg',
        parameters: { toolbar: ['bold', 'italic', 'link', 'undo', 'redo'] },
        validators: () => ({ length: { max: 400 }, sanitized_html: { sanitize_before_validation: false } }),
      },
      {
        api_key: 'course',
        label: 'Course',
        field_type: 'string',
        editor: 'string_radio_group',
        parameters: {
          radios: [
            { label: 'Starter', value: 'starter', hint: null },
            { label: 'Main', value: 'main' },
            { label: 'Dessert', value: 'dessert' },
            { label: 'Drink', value: 'drink' },
          ],
        },
        validators: () => ({ required: {}, enum: { values: ['starter', 'main', 'dessert', 'drink'] } }),
      },
      {
        api_key: 'price',
        label: 'Price (EUR)',
        field_type: 'float',
        editor: 'float',
        parameters: { placeholder: '12.50' },
        validators: () => ({ required: {}, number_range: { min: 0, max: 500 } }),
      },
      {
        api_key: 'vegetarian',
        label: 'Vegetarian',
        field_type: 'boolean',
        fieldset: 'Kitchen notes',
        editor: 'boolean_radio_group',
        default_value: false,
        parameters: {
          positive_radio: { label: 'Vegetarian', hint: null },
          negative_radio: { label: 'Contains meat or fish', hint: 'Includes stocks and sauces' },
        },
        validators: () => ({}),
      },
      {
        api_key: 'spiciness',
        label: 'Spiciness',
        field_type: 'integer',
        fieldset: 'Kitchen notes',
        editor: 'integer',
        parameters: { placeholder: null },
        validators: () => ({ number_range: { min: 0, max: 3 } }),
      },
      {
        api_key: 'allergens',
        label: 'Allergens',
        field_type: 'json',
        fieldset: 'Kitchen notes',
        editor: 'string_multi_select',
        parameters: {
          options: [
            { label: 'Gluten', value: 'gluten' },
            { label: 'Dairy', value: 'dairy' },
            { label: 'Nuts', value: 'nuts' },
            { label: 'Shellfish', value: 'shellfish' },
            { label: 'Egg', value: 'egg' },
          ],
        },
        validators: () => ({}),
      },
      {
        api_key: 'photos',
        label: 'Photos',
        field_type: 'gallery',
        editor: 'gallery',
        validators: () => ({ size: { max: 6 }, extension: imageOnly }),
      },
    ],
  },
  {
    api_key: 'page',
    name: 'Page',
    tree: true,
    draft_mode_active: true,
    collection_appearance: 'compact',
    title_field: 'title',
    fields: [
      {
        api_key: 'title',
        label: 'Title',
        field_type: 'string',
        localized: true,
        editor: 'single_line',
        parameters: { heading: true, placeholder: null },
        validators: () => ({ required: {} }),
      },
      {
        api_key: 'slug',
        label: 'Slug',
        field_type: 'slug',
        editor: 'slug',
        parameters: { url_prefix: 'https://emulated-bistro.example/', placeholder: null },
        validators: (r) => ({
          required: {},
          unique: {},
          slug_title_field: { title_field_id: r.field('page', 'title') },
          slug_format: slugFormat,
        }),
      },
      {
        api_key: 'body',
        label: 'Body',
        field_type: 'text',
        localized: true,
        editor: 'markdown',
        parameters: { toolbar: [...MARKDOWN_TOOLBAR] },
        validators: () => ({}),
      },
      {
        api_key: 'sections',
        label: 'Sections',
        field_type: 'rich_text',
        editor: 'rich_text',
        parameters: { start_collapsed: true },
        validators: (r) => ({ rich_text_blocks: { item_types: [r.model('cta_block'), r.model('image_block')] } }),
      },
    ],
  },
  {
    api_key: 'event',
    name: 'Event',
    draft_mode_active: true,
    draft_saving_active: true,
    all_locales_required: true,
    ordering_field: 'starts_at',
    ordering_direction: 'asc',
    title_field: 'name',
    image_preview_field: 'poster',
    hint: 'Tastings, cooking classes and private dinners',
    fields: [
      {
        api_key: 'name',
        label: 'Name',
        field_type: 'string',
        localized: true,
        editor: 'single_line',
        parameters: { heading: true, placeholder: null },
        validators: () => ({ required: {}, length: {} }),
      },
      {
        api_key: 'starts_at',
        label: 'Starts at',
        field_type: 'date_time',
        editor: 'date_time_picker',
        validators: () => ({ required: {}, date_time_range: { min: '2020-01-01T00:00:00Z' } }),
      },
      { api_key: 'ends_at', label: 'Ends at', field_type: 'date_time', editor: 'date_time_picker', validators: () => ({}) },
      { api_key: 'venue', label: 'Venue', field_type: 'lat_lon', editor: 'map', validators: () => ({}) },
      {
        api_key: 'ticket_url',
        label: 'Tickets',
        field_type: 'string',
        editor: 'single_line',
        parameters: { heading: false, placeholder: 'https://' },
        validators: () => ({ format: { predefined_pattern: 'url' } }),
      },
      {
        api_key: 'highlight_color',
        label: 'Highlight colour',
        field_type: 'color',
        editor: 'color_picker',
        parameters: { enable_alpha: true, preset_colors: [] },
        validators: () => ({}),
      },
      {
        api_key: 'details',
        label: 'Booking details',
        field_type: 'json',
        editor: 'json',
        hint: 'Raw JSON consumed by the booking widget',
        validators: () => ({}),
      },
      {
        api_key: 'poster',
        label: 'Poster',
        field_type: 'file',
        editor: 'file',
        validators: () => ({ extension: { extensions: ['jpg', 'png', 'pdf'] } }),
      },
      { api_key: 'teaser', label: 'Teaser video', field_type: 'video', editor: 'video', validators: () => ({}) },
    ],
  },
];
