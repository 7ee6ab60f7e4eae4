// get_schema: the models and block models of an environment with their fields (type, localisation, validators,
// the models a link or block field allows), one compact JSON line per model, paged. No vscode import.
import type { Resource } from '../cma';
import { Field, Fieldset, Model, Site } from '../domain/views';
import type { ProjectData } from '../projects/projectData';
import { clampLimit, LIMITS } from './limits';
import { cutAt, quoted, ToolText } from './output';
import { describePlace, PLACE_KEYS } from './place';
import { notFound } from './targets';
import type { ToolCall } from './toolKit';
import { API_KEY } from './inputs';

export const SCHEMA_KEYS = [...PLACE_KEYS, 'model', 'offset', 'limit'] as const;

export async function getSchema(call: ToolCall): Promise<string> {
  const { input, t } = call;
  const only = input.id('model', API_KEY, t("a model's api_key or id"));
  const offset = input.count('offset') ?? 0;
  const notes: string[] = [];
  const limit = clampLimit(t, input.count('limit'), LIMITS.models, t('models'), notes);
  const place = await call.place();
  const data = await call.data(place);
  let site: Resource<'site'>;
  let models: Resource<'item_type'>[];
  try {
    site = await data.site();
    models = only === undefined ? await data.itemTypes() : [await data.itemType(only)];
  } catch (error) {
    throw notFound(error, place, t);
  }
  const ordinary = models.filter((m) => !Model.isBlock(m));
  const blocks = models.filter((m) => Model.isBlock(m));
  // models first, then block models: a page boundary never splits the two lists in surprising places
  const ordered = [...ordinary, ...blocks];
  const byId = new Map((await data.itemTypes()).map((m) => [m.id, { apiKey: Model.apiKey(m), block: Model.isBlock(m) }]));
  const lines: string[] = [];
  let size = 0;
  let next = offset;
  for (const model of ordered.slice(offset, offset + limit)) {
    const line = JSON.stringify(await compactModel(data, model, byId, only !== undefined, notes, t));
    if (lines.length > 0 && size + line.length > LIMITS.schemaChars) break;
    lines.push(line);
    size += line.length + 1;
    next += 1;
  }
  const out = new ToolText().add(describePlace(place, t));
  const locales = Site.locales(site);
  out.add(t('Locales: {0} (the first is the main one).', locales.join(', ') || t('none')));
  if (only === undefined) {
    out.add(
      t(
        '{0} models and {1} block models in all. This page: entries {2}–{3} of {4} (models first, then block models).',
        ordinary.length,
        blocks.length,
        lines.length ? offset + 1 : 0,
        next,
        ordered.length,
      ),
    );
    if (offset >= ordered.length && ordered.length > 0) notes.push(t('offset {0} is past the last entry ({1}).', offset, ordered.length));
  }
  const { text, cut } = cutAt(lines.join('\n'), LIMITS.schemaChars * 2);
  out.data(t, text, 'jsonl');
  if (cut)
    notes.push(
      t('This model is too large for one answer: the list above is cut. datocms_get_document with kind "field" shows each field whole.'),
    );
  if (only === undefined && next < ordered.length) notes.push(t('More entries: call datocms_get_schema again with offset {0}.', next));
  out.add(...notes);
  out.add(
    t(
      'Each line is one model: api_key, name, id, flags, title_field and fields (api_key, type, label, localized, validators, links_to: the models a link or structured-text field may link to, blocks: the block models it may hold, fieldset). datocms_get_document shows a model or field as the editor does.',
    ),
  );
  return out.toString();
}

async function compactModel(
  data: ProjectData,
  model: Resource<'item_type'>,
  models: Map<string, { apiKey: string; block: boolean }>,
  whole: boolean,
  notes: string[],
  t: ToolCall['t'],
): Promise<Record<string, unknown>> {
  const [fields, fieldsets] = await Promise.all([data.fields(model.id), data.fieldsets(model.id)]);
  const titleId = Model.titleFieldId(model);
  const out: Record<string, unknown> = { api_key: Model.apiKey(model), name: Model.name(model), id: model.id };
  if (Model.isBlock(model)) out['block'] = true;
  if (Model.isSingleton(model)) out['singleton'] = true;
  if (Model.isSortable(model)) out['sortable'] = true;
  if (Model.isTree(model)) out['tree'] = true;
  if (Model.hasDraftMode(model)) out['draft_mode'] = true;
  if (Model.requiresAllLocales(model)) out['all_locales_required'] = true;
  const title = fields.find((f) => f.id === titleId);
  if (title) out['title_field'] = Field.apiKey(title);
  out['fields'] = fields.map((field) => {
    const entry: Record<string, unknown> = { api_key: Field.apiKey(field), type: Field.type(field), label: Field.label(field) };
    if (Field.isLocalized(field)) entry['localized'] = true;
    const validators = Field.validators(field);
    if (Object.keys(validators).length > 0) {
      const text = JSON.stringify(validators);
      if (whole || text.length <= LIMITS.validatorChars) entry['validators'] = validators;
      else {
        entry['validators_cut'] = `${text.slice(0, LIMITS.validatorChars)}…`;
        notes.push(
          t(
            'The validators of {0}.{1} are longer than {2} characters and shown cut (validators_cut): datocms_get_schema with model {3} shows them whole.',
            Model.apiKey(model),
            Field.apiKey(field),
            LIMITS.validatorChars,
            quoted(Model.apiKey(model)),
          ),
        );
      }
    }
    const allowed = Field.allowedModelIds(field).map((id) => models.get(id) ?? { apiKey: id, block: false });
    const links = allowed.filter((m) => !m.block).map((m) => m.apiKey);
    const blocks = allowed.filter((m) => m.block).map((m) => m.apiKey);
    if (links.length > 0) entry['links_to'] = links;
    if (blocks.length > 0) entry['blocks'] = blocks;
    const fieldset = Field.fieldsetId(field);
    if (fieldset) entry['fieldset'] = fieldset;
    return entry;
  });
  if (fieldsets.length > 0) out['fieldsets'] = fieldsets.map((f) => ({ id: f.id, title: Fieldset.title(f) }));
  return out;
}
