// The seeded block models: an image with a caption, a quote, a call to action. They come first in MODEL_SPECS
// (seed-schema.ts), whose order the seeded ids follow.
import { imageOnly, type ModelSpec, choices } from './seed-schema-common.js';

export const BLOCK_MODEL_SPECS: ModelSpec[] = [
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
          options: choices(['Full bleed', 'full'], ['Wide', 'wide'], ['Inset', 'inset', 'Inside the text column']),
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
          radios: choices(['Primary', 'primary'], ['Secondary', 'secondary'], ['Text link', 'link', 'No button frame']),
        },
        validators: () => ({ enum: { values: ['primary', 'secondary', 'link'] } }),
      },
    ],
  },
];
