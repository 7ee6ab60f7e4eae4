// The emulator as the benchmarks run it: in its own process (so its CPU work never shares an event
// loop with the client being measured), plus a 50-field model for the tree benchmark.
// Prints one JSON line `{"url": …, "token": …}` when listening; exits when stdin closes or on SIGTERM.
//
// tsx bench/emulator.ts --records N [--uploads N] [--rate-limit] [--job-duration MS] [--wide-model-fields N]
import type { Resource } from '../src/cma/types';
import { startEmulator, type EnvironmentData } from '../test/emulator/index.js';

import { WIDE_MODEL_API_KEY } from './lib';

interface Args {
  records: number;
  uploads: number;
  rateLimit: boolean;
  jobDurationMs: number;
  wideModelFields: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { records: 300, uploads: 0, rateLimit: false, jobDurationMs: 20, wideModelFields: 0 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const number = () => {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error(`bench/emulator.ts: ${flag} expects a non-negative integer`);
      return value;
    };
    if (flag === '--records') args.records = number();
    else if (flag === '--uploads') args.uploads = number();
    else if (flag === '--job-duration') args.jobDurationMs = number();
    else if (flag === '--wide-model-fields') args.wideModelFields = number();
    else if (flag === '--rate-limit') args.rateLimit = true;
    else throw new Error(`bench/emulator.ts: unknown option ${flag}`);
  }
  return args;
}

/**
 * Adds a regular model with `count` string fields (the first is its title field) and no records to an
 * environment: a model as wide as real editorial models get, which the seed does not have.
 */
export function addWideModel(env: EnvironmentData, count: number): void {
  const modelId = 'bench-wide-model';
  const fieldIds = Array.from({ length: count }, (_, i) => `bench-wide-field-${i + 1}`);
  fieldIds.forEach((id, index) => {
    const field: Resource<'field'> = {
      id,
      type: 'field',
      attributes: {
        label: `Field ${index + 1}`,
        field_type: 'string',
        api_key: `field_${String(index + 1).padStart(2, '0')}`,
        localized: false,
        validators: {},
        appearance: { editor: 'single_line', parameters: { heading: false }, addons: [] },
        position: index + 1,
        hint: null,
        default_value: null,
        deep_filtering_enabled: false,
        content_link_enabled: true,
      },
      relationships: { item_type: { data: { type: 'item_type', id: modelId } }, fieldset: { data: null } },
      meta: {},
    };
    env.fields.set(id, field);
  });
  const titleField = fieldIds[0] ? { type: 'field', id: fieldIds[0] } : null;
  env.itemTypes.set(modelId, {
    id: modelId,
    type: 'item_type',
    attributes: {
      name: 'Bench wide model',
      api_key: WIDE_MODEL_API_KEY,
      collection_appearance: 'table',
      singleton: false,
      all_locales_required: false,
      sortable: false,
      modular_block: false,
      draft_mode_active: false,
      draft_saving_active: false,
      tree: false,
      ordering_direction: null,
      ordering_meta: null,
      has_singleton_item: false,
      hint: null,
      inverse_relationships_enabled: false,
    },
    relationships: {
      singleton_item: { data: null },
      fields: { data: fieldIds.map((id) => ({ type: 'field', id })) },
      fieldsets: { data: [] },
      presentation_title_field: { data: titleField },
      presentation_image_field: { data: null },
      title_field: { data: titleField },
      image_preview_field: { data: null },
      excerpt_field: { data: null },
      ordering_field: { data: null },
      workflow: { data: null },
    },
    meta: { has_singleton_item: false },
  });
  env.recordsByType.set(modelId, []);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const emulator = await startEmulator({
    records: args.records,
    uploads: args.uploads,
    rateLimit: args.rateLimit,
    jobDurationMs: args.jobDurationMs,
  });
  if (args.wideModelFields > 0) {
    const env = emulator.store.environment();
    addWideModel(env, args.wideModelFields);
    emulator.store.schemaChanged(env);
  }
  process.stdout.write(`${JSON.stringify({ url: emulator.url, token: emulator.token })}\n`);
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // the parent died or closed our stdin: do not linger
  process.stdin.on('end', shutdown);
  process.stdin.on('close', shutdown);
  process.stdin.resume();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
});
