// The seeded schema of the "Emulated Bistro" project: a restaurant with a journal (articles, authors,
// categories), a singleton home page, a sortable menu, a tree of pages, a draft-mode events model and
// three block models. Between them the fields cover all 20 field types with
// realistic validators and the right built-in editor per type.
// The models are written per group in seed-schema-blocks.ts, seed-schema-journal.ts and seed-schema-site.ts;
// this file keeps their order, which the seeded ids follow (the same ids on every run).
import { BLOCK_MODEL_SPECS } from './seed-schema-blocks.js';
import type { ModelSpec } from './seed-schema-common.js';
import { JOURNAL_MODEL_SPECS } from './seed-schema-journal.js';
import { SITE_MODEL_SPECS } from './seed-schema-site.js';

export type { FieldSpec, FieldsetSpec, ModelSpec, Refs } from './seed-schema-common.js';

export const MODEL_SPECS: ModelSpec[] = [...BLOCK_MODEL_SPECS, ...JOURNAL_MODEL_SPECS, ...SITE_MODEL_SPECS];
