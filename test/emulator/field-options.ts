// A field's validator options and its appearance, as a field write checks them: what options each validator
// takes and of which kind, and each editor's parameters and addons. Kept apart from schema-writes.ts, which
// checks the rest of a model or field write and commits it.
import type { ApiErrorSpec } from './errors.js';
import { invalidField, isObject, type Obj } from './envelope.js';
import { isApiId } from './ids.js';
import { isIsoDate, isIsoDateTime } from './record-rules.js';
import { EDITOR_PARAMETER_VALUES, EDITOR_PARAMETERS, VALIDATOR_OPTIONS } from './rules.js';
import type { EnvironmentData } from './store.js';

const FILE_SIZE_UNITS = ['B', 'KB', 'MB'];
const EXTENSION_LISTS = ['image', 'transformable_image', 'video', 'document'];
const LINK_STRATEGIES: Record<string, readonly string[]> = {
  on_publish_with_unpublished_references_strategy: ['fail', 'publish_references'],
  on_reference_unpublish_strategy: ['fail', 'unpublish', 'delete_references'],
  on_reference_delete_strategy: ['fail', 'delete_references'],
};

/** What is wrong with one validator's options on a field of `env`. */
export function checkValidatorOptions(env: EnvironmentData, name: string, options: Obj, scope: Obj): ApiErrorSpec[] {
  const bad = (message: string) => [invalidField('validators', 'VALIDATION_FORMAT', { ...scope, validator: name, message })];
  const known = VALIDATOR_OPTIONS[name] ?? [];
  const unknown = Object.keys(options).filter((k) => !known.includes(k));
  if (unknown.length) return bad(`${name} takes ${known.length ? known.join(', ') : 'no options'} (not ${unknown.join(', ')})`);
  const numbers = (keys: readonly string[]) =>
    keys.every((k) => options[k] === undefined || options[k] === null || typeof options[k] === 'number');
  switch (name) {
    case 'length':
    case 'title_length':
    case 'description_length':
    case 'number_range':
    case 'size':
      // `length: {}` (no bound at all) is accepted by the API
      if (!numbers(['min', 'max', 'eq', 'multiple_of'])) return bad(`${name} takes numbers (${known.join(', ')})`);
      return [];
    case 'enum':
      if (!Array.isArray(options.values) || !options.values.every((v) => typeof v === 'string')) return bad('enum takes {"values": ["…"]}');
      return [];
    case 'format':
      if (typeof options.custom_pattern !== 'string' && !['email', 'url'].includes(String(options.predefined_pattern)))
        return bad('format takes custom_pattern or predefined_pattern (email, url)');
      return [];
    case 'slug_title_field':
      return isApiId(options.title_field_id) ? [] : bad('slug_title_field takes {"title_field_id": <field id>}');
    case 'slug_format':
      if (typeof options.custom_pattern !== 'string' && options.predefined_pattern !== 'webpage_slug')
        return bad('slug_format takes custom_pattern or predefined_pattern: webpage_slug');
      return [];
    case 'sanitized_html':
    case 'required_alt_title':
    case 'required_seo_fields':
      return Object.values(options).every((v) => typeof v === 'boolean') ? [] : bad(`${name} takes booleans (${known.join(', ')})`);
    case 'date_range':
    case 'date_time_range': {
      const isBound = name === 'date_range' ? isIsoDate : isIsoDateTime;
      return [options.min, options.max].every((v) => v === undefined || v === null || isBound(v))
        ? []
        : bad(`${name} takes ISO ${name === 'date_range' ? 'dates' : 'date-times'} (min, max)`);
    }
    case 'file_size':
      if (
        !numbers(['min_value', 'max_value']) ||
        ![options.min_unit, options.max_unit].every((u) => u === undefined || u === null || FILE_SIZE_UNITS.includes(u as string))
      ) {
        return bad(`file_size takes min_value, max_value (numbers) and min_unit, max_unit (${FILE_SIZE_UNITS.join(', ')})`);
      }
      return [];
    case 'image_dimensions':
    case 'image_aspect_ratio':
      return numbers(known) ? [] : bad(`${name} takes numbers (${known.join(', ')})`);
    case 'extension':
      if (
        (options.extensions !== undefined &&
          !(Array.isArray(options.extensions) && options.extensions.every((e) => typeof e === 'string'))) ||
        (options.predefined_list !== undefined &&
          options.predefined_list !== null &&
          !EXTENSION_LISTS.includes(options.predefined_list as string))
      ) {
        return bad(`extension takes extensions: ["…"] or predefined_list (${EXTENSION_LISTS.join(', ')})`);
      }
      return [];
    case 'item_item_type':
    case 'items_item_type':
    case 'structured_text_links':
    case 'rich_text_blocks':
    case 'single_block_blocks':
    case 'structured_text_blocks':
    case 'structured_text_inline_blocks': {
      if (!Array.isArray(options.item_types) || !options.item_types.every(isApiId))
        return bad(`${name} takes {"item_types": [<model id>, …]}`);
      for (const [strategy, values] of Object.entries(LINK_STRATEGIES)) {
        if (options[strategy] !== undefined && !values.includes(options[strategy] as string))
          return bad(`${strategy} is one of ${values.join(', ')}`);
      }
      const wantsBlocks = name.endsWith('_blocks');
      const wrong = (options.item_types as string[]).filter((id) => {
        const it = env.itemTypes.get(id);
        return !it || Boolean(it.attributes.modular_block) !== wantsBlocks;
      });
      if (wrong.length)
        return [
          invalidField('validators', 'VALIDATION_INVALID', {
            ...scope,
            validator: name,
            item_types: wrong,
            message: `${name}: ${wrong.join(', ')} ${wantsBlocks ? 'are not block models' : 'are not models'} of this environment`,
          }),
        ];
      return [];
    }
    default:
      return [];
  }
}

/** The field's attributes with the appearance as written (either spelling), its parameters and addons filled in. */
export function withAppearance(next: Obj, written: Obj): Obj {
  if ('appeareance' in written && !('appearance' in written)) next.appearance = written.appeareance;
  delete next.appeareance;
  if (isObject(next.appearance)) next.appearance = { parameters: {}, addons: [], ...next.appearance };
  return next;
}

/** `{editor, parameters, addons, field_extension?}`: a built-in editor of the type, with the parameters it takes. */
export function checkAppearance(appearance: unknown, fieldType: string, editors: readonly string[], scope: Obj): ApiErrorSpec[] {
  const invalid = (code: string, message: string, extra: Obj = {}) => [invalidField('appearance', code, { ...scope, ...extra, message })];
  if (
    !isObject(appearance) ||
    typeof appearance.editor !== 'string' ||
    (appearance.parameters !== undefined && !isObject(appearance.parameters)) ||
    (appearance.addons !== undefined && !Array.isArray(appearance.addons))
  ) {
    return invalid('VALIDATION_FORMAT', 'appearance must be {"editor": …, "parameters": {…}, "addons": […]}');
  }
  const unknownKeys = Object.keys(appearance).filter((k) => !['editor', 'parameters', 'addons', 'field_extension'].includes(k));
  if (unknownKeys.length)
    return invalid('VALIDATION_FORMAT', `appearance takes editor, parameters, addons, field_extension (not ${unknownKeys.join(', ')})`);
  const addons = (appearance.addons ?? []) as unknown[];
  if (
    !addons.every(
      (a) => isObject(a) && typeof a.id === 'string' && Object.keys(a).every((k) => ['id', 'field_extension', 'parameters'].includes(k)),
    )
  ) {
    return invalid('VALIDATION_FORMAT', 'addons are [{"id": <plugin id>, "field_extension"?: …, "parameters": {…}}]');
  }
  // A plugin's editor: its parameters are the plugin's business.
  if (typeof appearance.field_extension === 'string') return [];
  if (!editors.includes(appearance.editor)) {
    return invalid(
      'VALIDATION_INVALID',
      `"${appearance.editor}" is not an editor of ${fieldType} fields (allowed: ${editors.join(', ')})`,
      { editor: appearance.editor },
    );
  }
  const spec = EDITOR_PARAMETERS[appearance.editor] ?? { optional: [] };
  const parameters = (appearance.parameters ?? {}) as Obj;
  const known = [...(spec.required ?? []), ...spec.optional];
  const errors: ApiErrorSpec[] = [];
  for (const name of Object.keys(parameters)) {
    if (!known.includes(name))
      errors.push(
        ...invalid(
          'VALIDATION_INVALID',
          `the ${appearance.editor} editor takes ${known.length ? known.join(', ') : 'no parameters'} (not ${name})`,
          { editor: appearance.editor, parameter: name },
        ),
      );
  }
  for (const [name, value] of Object.entries(parameters)) {
    const problem = known.includes(name) && value !== null ? parameterValueProblem(appearance.editor, name, value) : undefined;
    if (problem)
      errors.push(
        ...invalid('VALIDATION_INVALID', `${appearance.editor}.${name}: ${problem}`, { editor: appearance.editor, parameter: name }),
      );
  }
  for (const name of spec.required ?? []) {
    if (parameters[name] === undefined || parameters[name] === null)
      errors.push(
        ...invalid('VALIDATION_REQUIRED', `the ${appearance.editor} editor needs the "${name}" parameter`, {
          editor: appearance.editor,
          parameter: name,
        }),
      );
  }
  return errors;
}

/** What is wrong with a built-in editor parameter's value, if anything (null is handled by the caller). */
function parameterValueProblem(editor: string, name: string, value: unknown): string | undefined {
  const rule = EDITOR_PARAMETER_VALUES[`${editor}.${name}`] ?? EDITOR_PARAMETER_VALUES[name];
  const isText = (v: unknown) => typeof v === 'string';
  const isChoice = (v: unknown) =>
    isObject(v) &&
    isText(v.label) &&
    (name === 'positive_radio' || name === 'negative_radio' || isText(v.value)) &&
    (v.hint === undefined || v.hint === null || isText(v.hint)) &&
    Object.keys(v).every((k) => ['label', 'value', 'hint'].includes(k));
  if (rule === undefined) return undefined;
  if (Array.isArray(rule)) return Array.isArray(value) && value.every((v) => rule.includes(v)) ? undefined : `a list of ${rule.join(', ')}`;
  switch (rule) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'true or false';
    case 'string':
      return isText(value) ? undefined : 'a string';
    case 'strings':
      return Array.isArray(value) && value.every(isText) ? undefined : 'a list of strings';
    case 'choices':
      return Array.isArray(value) && value.every(isChoice) ? undefined : 'a list of {"label", "value", "hint"?}';
    case 'radio':
      return isChoice(value) && !('value' in (value as Obj)) ? undefined : '{"label", "hint"?}';
    default:
      return undefined;
  }
}
