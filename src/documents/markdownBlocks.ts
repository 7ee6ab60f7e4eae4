// New blocks in a Structured Text field's Markdown: the project's block models by API key (a new block is written
// `::block{model="api_key"}`), and the ones a field allows, offered where a block line starts.
import type { Resource } from '../cma';
import { Field, Model } from '../domain/views';
import type { SchemaContext } from '../schema';
import { fieldRules, type BlockModels } from '../structuredText';

/** The block models of the project, by API key and by id. */
export function blockModelsOf(ctx: SchemaContext): BlockModels {
  const blocks = ctx.itemTypes.filter((m) => Model.isBlock(m));
  return {
    idOf: (apiKey) => blocks.find((m) => Model.givenApiKey(m) === apiKey)?.id,
    apiKeyOf: (id) => {
      const model = blocks.find((m) => m.id === id);
      return model && Model.givenApiKey(model);
    },
  };
}

/** A new block the field allows: its model's name and API key, and the line that inserts it. */
export interface NewBlockChoice {
  name: string;
  apiKey: string;
  line: string;
}

/** What a line holds before the cursor where a block line may be started: nothing, or the start of a directive. */
const BLOCK_LINE_START = /^(?::{1,2}[A-Za-z]*(?:\{[^}]*)?)?$/;

/**
 * The new blocks a Structured Text field allows (its `structured_text_blocks`), by name, when the text before the
 * cursor on its line may start a block line; none for any other field or place.
 */
export function newBlockChoices(field: Resource<'field'>, ctx: SchemaContext, linePrefix: string): NewBlockChoice[] {
  if (Field.type(field) !== 'structured_text' || !BLOCK_LINE_START.test(linePrefix)) return [];
  const allowed = fieldRules(field.attributes).blockModels;
  return ctx.itemTypes
    .filter((m) => allowed.includes(m.id) && Model.isBlock(m) && Model.givenApiKey(m) !== undefined)
    .map((m) => ({ name: Model.name(m), apiKey: Model.apiKey(m), line: `::block{model="${Model.apiKey(m)}"}` }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
