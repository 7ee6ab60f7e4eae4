// Builds the deterministic "Emulated Bistro" project: same ids and contents on every run.
// The records are in seed-records.ts.
import type { Resource } from '../../src/cma/types.js';
import { Random } from './random.js';
import { ACCOUNT, HOUR, iso, RecordFactory, SEED_TIME, type SchemaRefs } from './seed-records.js';
import { seedUploads } from './seed-uploads.js';
import { MODEL_SPECS, type ModelSpec, type Refs } from './seed-schema.js';
import { createStore, type EmulatorStore, type EnvironmentData } from './store.js';

export { ACCOUNT, iso } from './seed-records.js';

export const SITE_ID = '84213';
export const LOCALES = ['en', 'it'] as const;

export function seedStore(options: { records: number }): EmulatorStore {
  const rng = new Random(20240301);
  const main = emptyEnvironment('main', true, null);
  const refs = buildSchema(main, rng);
  const webhooks = buildWebhooks(rng, refs);
  seedRecordsAndUploads(main, rng, refs, options.records);
  // The sandbox is a fork of main as seeded. Building it costs as much as main, so it is built on
  // first use, by seeding again with the same seed (same ids, as a real fork keeps them).
  const sandboxMeta = { ...main.meta, primary: false, forked_from: 'main', created_at: iso(SEED_TIME + 200 * 24 * HOUR) };
  const sandbox = {
    meta: sandboxMeta,
    build() {
      const fork = seedEnvironment(options.records);
      fork.id = 'sandbox';
      fork.meta = { ...sandboxMeta };
      return fork;
    },
  };
  return createStore(buildSite(), webhooks, main, { sandbox });
}

/** The primary environment alone, exactly as seedStore builds it. */
function seedEnvironment(records: number): EnvironmentData {
  const rng = new Random(20240301);
  const env = emptyEnvironment('main', true, null);
  const refs = buildSchema(env, rng);
  buildWebhooks(rng, refs);
  seedRecordsAndUploads(env, rng, refs, records);
  return env;
}

function seedRecordsAndUploads(env: EnvironmentData, rng: Random, refs: SchemaRefs, records: number): void {
  const factory = new RecordFactory(env, rng, refs);
  factory.seedAll(records);
  seedUploads(env, factory.uploadIds, LOCALES);
}

export function emptyEnvironment(id: string, primary: boolean, forkedFrom: string | null): EnvironmentData {
  return {
    id,
    meta: {
      status: 'ready',
      read_only_mode: false,
      created_at: iso(SEED_TIME - 30 * 24 * HOUR),
      last_data_change_at: iso(SEED_TIME),
      primary,
      forked_from: forkedFrom,
    },
    itemTypes: new Map(),
    fields: new Map(),
    fieldsets: new Map(),
    items: new Map(),
    uploads: new Map(),
    recordsByType: new Map(),
  };
}

export function buildSite(): Resource<'site'> {
  return {
    id: SITE_ID,
    type: 'site',
    attributes: {
      name: 'Emulated Bistro',
      domain: null,
      internal_domain: 'emulated-bistro.admin.datocms.com',
      google_maps_api_token: null,
      imgix_host: 'www.datocms-assets.com',
      locales: [...LOCALES],
      timezone: 'Europe/Rome',
      no_index: true,
      favicon: null,
      last_data_change_at: iso(SEED_TIME),
      require_2fa: false,
      ip_tracking_enabled: false,
      force_use_of_sandbox_environments: false,
      assets_cdn_default_settings: { image: { auto: ['format', 'compress'] }, video: {} },
      theme: { type: 'monochromatic', hue: 24, logo: null },
      global_seo: {
        site_name: 'Emulated Bistro',
        title_suffix: ' — Emulated Bistro',
        fallback_seo: {
          title: 'Emulated Bistro',
          description: 'Seasonal Italian cooking by the harbour.',
          image: null,
          twitter_card: 'summary',
        },
        facebook_page_url: null,
        twitter_account: '@emulatedbistro',
      },
    },
    relationships: { account: { data: ACCOUNT }, owner: { data: ACCOUNT } },
    meta: {
      created_at: iso(SEED_TIME - 60 * 24 * HOUR),
      draft_mode_default: false,
      improved_timezone_management: true,
      improved_hex_management: true,
      improved_gql_multilocale_fields: true,
      improved_gql_visibility_control: true,
      improved_boolean_fields: true,
      improved_validation_at_publishing: true,
      improved_exposure_of_inline_blocks_in_cda: true,
      improved_items_listing: true,
      milliseconds_in_datetime: true,
      non_localized_focal_points: true,
      allow_custom_theme: false,
    },
  };
}

function buildSchema(env: EnvironmentData, rng: Random): SchemaRefs {
  const modelIds = new Map<string, string>();
  const fieldIds = new Map<string, string>();
  for (const spec of MODEL_SPECS) modelIds.set(spec.api_key, rng.id());
  for (const spec of MODEL_SPECS) for (const f of spec.fields) fieldIds.set(`${spec.api_key}::${f.api_key}`, rng.id());
  const refs: SchemaRefs = {
    model(apiKey) {
      const id = modelIds.get(apiKey);
      if (!id) throw new Error(`seed: unknown model ${apiKey}`);
      return id;
    },
    field(model, field) {
      const id = fieldIds.get(`${model}::${field}`);
      if (!id) throw new Error(`seed: unknown field ${model}::${field}`);
      return id;
    },
    spec(apiKey) {
      const spec = MODEL_SPECS.find((s) => s.api_key === apiKey);
      if (!spec) throw new Error(`seed: unknown model ${apiKey}`);
      return spec;
    },
  };
  const fieldRef = (spec: ModelSpec, apiKey: string | undefined) => ({
    data: apiKey ? { type: 'field', id: refs.field(spec.api_key, apiKey) } : null,
  });

  for (const spec of MODEL_SPECS) {
    const itemTypeId = refs.model(spec.api_key);
    const fieldsetIds = new Map<string, string>();
    (spec.fieldsets ?? []).forEach((fs, index) => {
      const id = rng.id();
      fieldsetIds.set(fs.title, id);
      env.fieldsets.set(id, {
        id,
        type: 'fieldset',
        attributes: {
          title: fs.title,
          hint: fs.hint ?? null,
          collapsible: fs.collapsible ?? false,
          start_collapsed: fs.start_collapsed ?? false,
          position: index + 1,
        },
        relationships: { item_type: { data: { type: 'item_type', id: itemTypeId } } },
        meta: {},
      });
    });
    spec.fields.forEach((f, index) => {
      const id = refs.field(spec.api_key, f.api_key);
      const fieldsetId = f.fieldset ? fieldsetIds.get(f.fieldset) : undefined;
      env.fields.set(id, {
        id,
        type: 'field',
        attributes: {
          label: f.label,
          field_type: f.field_type,
          api_key: f.api_key,
          localized: f.localized ?? false,
          validators: f.validators ? f.validators(refs) : {},
          appearance: { editor: f.editor, parameters: f.parameters ?? {}, addons: [] },
          position: index + 1,
          hint: f.hint ?? null,
          default_value:
            f.default_value === undefined
              ? null
              : f.localized
                ? Object.fromEntries(LOCALES.map((l) => [l, f.default_value]))
                : f.default_value,
          deep_filtering_enabled: false,
          content_link_enabled: true, // the API's default; only string, text and structured_text may turn it off
        },
        relationships: {
          item_type: { data: { type: 'item_type', id: itemTypeId } },
          fieldset: { data: fieldsetId ? { type: 'fieldset', id: fieldsetId } : null },
        },
        meta: {},
      });
    });
    env.itemTypes.set(itemTypeId, {
      id: itemTypeId,
      type: 'item_type',
      attributes: {
        name: spec.name,
        api_key: spec.api_key,
        collection_appearance: spec.collection_appearance ?? 'table',
        singleton: spec.singleton ?? false,
        all_locales_required: spec.all_locales_required ?? false,
        sortable: spec.sortable ?? false,
        modular_block: spec.modular_block ?? false,
        draft_mode_active: spec.draft_mode_active ?? false,
        draft_saving_active: spec.draft_saving_active ?? false,
        tree: spec.tree ?? false,
        ordering_direction: spec.ordering_direction ?? null,
        ordering_meta: spec.ordering_meta ?? null,
        has_singleton_item: false,
        hint: spec.hint ?? null,
        inverse_relationships_enabled: false,
      },
      relationships: {
        singleton_item: { data: null },
        fields: { data: spec.fields.map((f) => ({ type: 'field', id: refs.field(spec.api_key, f.api_key) })) },
        fieldsets: { data: [...fieldsetIds.values()].map((id) => ({ type: 'fieldset', id })) },
        presentation_title_field: fieldRef(spec, spec.modular_block ? undefined : spec.title_field),
        presentation_image_field: fieldRef(spec, spec.image_preview_field),
        title_field: fieldRef(spec, spec.title_field),
        image_preview_field: fieldRef(spec, spec.image_preview_field),
        excerpt_field: fieldRef(spec, spec.excerpt_field),
        ordering_field: fieldRef(spec, spec.ordering_field),
        workflow: { data: null },
      },
      meta: { has_singleton_item: false },
    });
    if (!spec.modular_block) env.recordsByType.set(itemTypeId, []);
  }
  return refs;
}

function buildWebhooks(rng: Random, refs: Refs): Map<string, Resource<'webhook'>> {
  const hooks: Record<string, unknown>[] = [
    {
      name: 'Rebuild site on publish',
      url: 'https://api.netlify.com/build_hooks/65f1c0ffee0123456789abcd',
      enabled: true,
      custom_payload: null,
      http_basic_user: null,
      http_basic_password: null,
      headers: {},
      events: [
        {
          entity_type: 'item',
          event_types: ['publish', 'unpublish', 'delete'],
          filters: [{ entity_type: 'item_type', entity_ids: [refs.model('article'), refs.model('dish'), refs.model('home_page')] }],
        },
      ],
      payload_api_version: '3',
      nested_items_in_payload: false,
      auto_retry: true,
    },
    {
      name: 'Search index sync',
      url: 'https://search.emulated-bistro.example/hooks/datocms',
      enabled: true,
      custom_payload:
        '{"id":"{{#entity}}{{id}}{{/entity}}","event":"{{event_type}}","model":"{{#related_entities}}{{attributes.api_key}}{{/related_entities}}"}',
      http_basic_user: 'indexer',
      http_basic_password: 'Bistro-Indexer-2024!',
      headers: { 'X-Index-Name': 'journal', 'Content-Type': 'application/json' },
      events: [
        {
          entity_type: 'item',
          event_types: ['create', 'update', 'delete', 'publish', 'unpublish'],
          filters: [
            { entity_type: 'item_type', entity_ids: [refs.model('article')] },
            { entity_type: 'environment', entity_ids: ['main'] },
          ],
        },
      ],
      payload_api_version: '3',
      nested_items_in_payload: true,
      auto_retry: true,
    },
    {
      name: 'Schema changes to Slack',
      url: 'https://hooks.slack.com/services/T0EMULATED/B0BISTRO/xyzzy',
      enabled: false,
      custom_payload: '{"text":"Model {{#entity}}{{attributes.name}}{{/entity}}: {{event_type}} in {{environment}}"}',
      http_basic_user: null,
      http_basic_password: null,
      headers: { 'Content-Type': 'application/json' },
      events: [{ entity_type: 'item_type', event_types: ['create', 'update', 'delete'], filters: null }],
      payload_api_version: '2',
      nested_items_in_payload: false,
      auto_retry: false,
    },
    {
      name: 'Environment audit',
      url: 'https://audit.emulated-bistro.example/datocms/{{environment}}',
      enabled: true,
      custom_payload: null,
      http_basic_user: null,
      http_basic_password: null,
      headers: { Authorization: 'Token audit-readonly' },
      events: [
        {
          entity_type: 'environment',
          event_types: ['create', 'promote', 'delete'],
          filters: [{ entity_type: 'environment_type', entity_ids: ['sandbox'] }],
        },
        { entity_type: 'maintenance_mode', event_types: ['change'] },
      ],
      payload_api_version: '3',
      nested_items_in_payload: false,
      auto_retry: true,
    },
    {
      name: 'Purge CDN cache',
      url: 'https://edge.emulated-bistro.example/purge',
      enabled: true,
      custom_payload: null,
      http_basic_user: null,
      http_basic_password: null,
      headers: {},
      events: [
        { entity_type: 'cda_cache_tags', event_types: ['invalidate'] },
        { entity_type: 'build_trigger', event_types: ['deploy_succeeded', 'deploy_failed'] },
      ],
      payload_api_version: '1',
      nested_items_in_payload: false,
      auto_retry: false,
    },
  ];
  const map = new Map<string, Resource<'webhook'>>();
  for (const attributes of hooks) {
    const id = rng.id();
    map.set(id, { id, type: 'webhook', attributes, relationships: {}, meta: {} });
  }
  return map;
}
