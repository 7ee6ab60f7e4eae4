// A record document's text as the preview's model: its fields in the model's order, grouped by fieldset, each
// value as values.ts shows it; the record's title, model and status; whether the text is saved. Pure: plain-Node
// tests build it from a document value, a schema and lookups.
import type { Resource } from '../cma';
import { recordTitle } from '../domain/resources';
import { Field, Fieldset, Model } from '../domain/views';
import type { FieldView, PreviewModel, Section, Words } from '../../webviews/preview/protocol';
import { RenderLookups, type Lookups } from './lookups';
import type { PreviewSchema } from './schema';
import { fieldView, type ValueContext } from './values';

export interface ModelInput {
  /** the document's value (a record document: field values, `$readonly`) */
  record: Record<string, unknown>;
  schema: PreviewSchema;
  lookups: Lookups;
  words: Words;
  uiLocale: string;
  dirty: boolean;
  version: number;
}

export interface BuiltModel {
  model: PreviewModel;
  /** ids no cache could name: fetched once, after typing pauses */
  unknownRecords: string[];
  unknownUploads: string[];
}

const READONLY = '$readonly';

export function buildModel(input: ModelInput): BuiltModel {
  const { record, schema, words } = input;
  const readonly = (record[READONLY] ?? {}) as { id?: unknown; item_type?: { id?: unknown }; meta?: { status?: unknown } };
  const modelId = typeof readonly.item_type?.id === 'string' ? readonly.item_type.id : undefined;
  const model = modelId ? schema.model(modelId) : undefined;
  const fields = modelId ? schema.fields(modelId) : [];
  const lookups = new RenderLookups(input.lookups);
  const ctx: ValueContext = { schema, lookups, unknownBlock: words.block, newBlocks: { count: 0 } };
  const views = new Map(fields.map((field) => [field.id, fieldView(field, record[Field.apiKey(field)], ctx)]));
  const id = typeof readonly.id === 'string' ? readonly.id : '';
  const title =
    (model && recordTitle({ id, type: 'item', attributes: record, relationships: {}, meta: {} }, model, fields, schema.locales)) ?? id;
  const status = readonly.meta?.status;
  return {
    model: {
      version: input.version,
      title,
      modelName: model ? Model.name(model) : '',
      status: typeof status === 'string' ? status : null,
      dirty: input.dirty,
      locales: schema.locales,
      uiLocale: input.uiLocale,
      sections: sections(fields, modelId ? schema.fieldsets(modelId) : [], views),
      words,
    },
    unknownRecords: [...lookups.unknownRecords],
    unknownUploads: [...lookups.unknownUploads],
  };
}

/** Fields in the model's order; a fieldset's fields together, where its first field stands. */
function sections(fields: Resource<'field'>[], fieldsets: Resource<'fieldset'>[], views: Map<string, FieldView>): Section[] {
  const byId = new Map(fieldsets.map((set) => [set.id, set]));
  const out: Section[] = [];
  const ofSet = new Map<string, Section>();
  for (const field of fields) {
    const view = views.get(field.id)!;
    const set = byId.get(Field.fieldsetId(field) ?? '');
    if (!set) {
      const last = out[out.length - 1];
      if (last && last.title === undefined) last.fields.push(view);
      else out.push({ fields: [view] });
      continue;
    }
    let section = ofSet.get(set.id);
    if (!section) {
      const hint = Fieldset.hint(set);
      section = { title: Fieldset.title(set), ...(hint ? { hint } : {}), fields: [] };
      ofSet.set(set.id, section);
      out.push(section);
    }
    section.fields.push(view);
  }
  return out;
}
