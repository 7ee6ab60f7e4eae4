// Parameters of the built-in editors (a field's `appearance.parameters`), checked by ./rules.ts for the editor a
// field names.
import * as z from 'zod';
import type { EditorName } from './catalog';
import { arrayOf, bool, oneOf, str, strictObject } from './zodHelpers';

// An optional parameter may be null (the API returns and accepts `placeholder: null`, `hint: null`).
const option = strictObject({ label: str(), value: str(), hint: str().nullable().optional() });
const radio = strictObject({ label: str(), hint: str().nullable().optional() });
const placeholder = { placeholder: str('Placeholder text').nullable().optional() };
const optionalBool = (description?: string) => bool(description).nullable().optional();
const optionalList = <T extends z.ZodType>(item: T) => arrayOf(item).nullable().optional();

/** Parameters of the built-in editors. */
export const EDITOR_PARAMETERS: Record<EditorName, z.ZodType> = {
  single_line: strictObject({ heading: bool('Show as a heading (required)'), ...placeholder }),
  textarea: strictObject(placeholder),
  integer: strictObject(placeholder),
  float: strictObject(placeholder),
  slug: strictObject({ url_prefix: str().nullable().optional(), ...placeholder }),
  markdown: strictObject({
    toolbar: optionalList(
      oneOf([
        'heading',
        'bold',
        'italic',
        'strikethrough',
        'code',
        'unordered_list',
        'ordered_list',
        'quote',
        'link',
        'image',
        'fullscreen',
      ] as const),
    ),
  }),
  wysiwyg: strictObject({
    toolbar: optionalList(
      oneOf([
        'format',
        'bold',
        'italic',
        'strikethrough',
        'code',
        'ordered_list',
        'unordered_list',
        'quote',
        'table',
        'link',
        'image',
        'show_source',
        'undo',
        'redo',
        'align_left',
        'align_center',
        'align_right',
        'align_justify',
        'outdent',
        'indent',
        'fullscreen',
      ] as const),
    ),
  }),
  color_picker: strictObject({ enable_alpha: optionalBool(), preset_colors: optionalList(str()) }),
  boolean_radio_group: strictObject({ positive_radio: radio.nullable().optional(), negative_radio: radio.nullable().optional() }),
  string_radio_group: strictObject({ radios: optionalList(option) }),
  string_select: strictObject({ options: optionalList(option) }),
  string_multi_select: strictObject({ options: optionalList(option) }),
  string_checkbox_group: strictObject({ options: optionalList(option) }),
  seo: strictObject({
    fields: optionalList(oneOf(['title', 'description', 'image', 'no_index', 'twitter_card'] as const)),
    previews: optionalList(oneOf(['google', 'twitter', 'slack', 'whatsapp', 'telegram', 'facebook', 'linkedin'] as const)),
  }),
  rich_text: strictObject({ start_collapsed: optionalBool() }),
  framed_single_block: strictObject({ start_collapsed: optionalBool() }),
  frameless_single_block: strictObject({ start_collapsed: optionalBool() }),
  structured_text: strictObject({
    nodes: optionalList(oneOf(['blockquote', 'code', 'heading', 'link', 'list', 'thematicBreak'] as const)),
    marks: optionalList(oneOf(['strong', 'emphasis', 'underline', 'strikethrough', 'code', 'highlight'] as const)),
    heading_levels: optionalList(
      z.union([1, 2, 3, 4, 5, 6].map((n) => z.literal(n)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>], {
        error: 'expected a heading level 1 to 6',
      }),
    ),
    blocks_start_collapsed: optionalBool(),
    show_links_target_blank: optionalBool(),
    show_links_meta_editor: optionalBool(),
  }),
  boolean: strictObject({}),
  date_picker: strictObject({}),
  date_time_picker: strictObject({}),
  json: strictObject({}),
  map: strictObject({}),
  video: strictObject({}),
  file: strictObject({}),
  gallery: strictObject({}),
  link_select: strictObject({}),
  link_embed: strictObject({}),
  links_select: strictObject({}),
  links_embed: strictObject({}),
};
