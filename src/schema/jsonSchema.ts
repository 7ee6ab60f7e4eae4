// JSON Schema for the editor (hover, completion), generated from the same zod schemas that check documents.
import * as z from 'zod';
import type { Resource } from '../cma';
import { SCHEMA_SHAPES } from './attributes';
import { READONLY_KEY, recordFields, type DocumentKind, type SchemaContext } from './document';
import { attributesSchema } from './records';
import { recordExtras } from './recordCheck';
import { strictObject } from './zodHelpers';
import { uploadShape } from './uploadDocument';

const readonlyPart = z.looseObject({}).meta({
  readOnly: true,
  description: 'Read-only: id, type, meta and the links the API sets. Changing it is an error; leave it as it is.',
});

const TITLES: Record<DocumentKind, string> = {
  model: 'DatoCMS model',
  field: 'DatoCMS field',
  fieldset: 'DatoCMS fieldset',
  webhook: 'DatoCMS webhook',
  record: 'DatoCMS record',
  upload: 'DatoCMS upload',
};

export function jsonSchemaFor(kind: DocumentKind, ctx?: SchemaContext, itemType?: Resource<'item_type'>): object {
  let schema: z.ZodType;
  const readonly = { [READONLY_KEY]: readonlyPart };
  if (kind === 'upload') schema = strictObject({ ...uploadShape(ctx?.locales ?? [], false), ...readonly });
  else if (kind !== 'record') schema = strictObject({ ...SCHEMA_SHAPES[kind], ...readonly });
  else {
    const fields = ctx && itemType ? recordFields(ctx, itemType.id) : undefined;
    schema = fields
      ? attributesSchema(fields, ctx?.locales ?? [], 'none', { ...recordExtras(itemType), ...readonly })
      : z.looseObject(readonly);
  }
  const name = typeof itemType?.attributes?.['name'] === 'string' ? ` of model "${itemType.attributes['name']}"` : '';
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input', cycles: 'ref', reused: 'inline' }) as Record<string, unknown>;
  return { ...json, title: `${TITLES[kind]}${name}` };
}
