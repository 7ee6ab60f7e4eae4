// One vscode-json-languageservice instance per JSON Schema (model, webhook, field per field type, record per
// model), each applied to whatever document it is given: ./schemaKeys.ts decides which one serves a document.
// No vscode import: the providers in ./features.ts convert the results, the unit tests call this directly.
import {
  ClientCapabilities,
  TextDocument,
  getLanguageService,
  type JSONDocument,
  type JSONSchema,
  type LanguageService,
} from 'vscode-json-languageservice';
import type { Resource } from '../cma';
import { jsonSchemaFor, type SchemaContext } from '../schema';
import { FIELD_TYPE_INFO, isFieldType } from '../schema';
import { schemaKeyFor, type SchemaKey } from './schemaKeys';

export const LANGUAGE_ID = 'datocms-json';

/** What a record's schema is built from: its model, in the schema context the record was opened with. */
export interface RecordModel {
  ctx: SchemaContext;
  itemType: Resource<'item_type'>;
}

/**
 * The field schema for one field type: only the validators that type takes, and its built-in editors offered
 * as examples (an editor may also be a plugin id, so any string stays valid).
 */
function fieldSchemaFor(fieldType: string | undefined): JSONSchema {
  const schema = jsonSchemaFor('field') as JSONSchema;
  if (!isFieldType(fieldType)) return schema;
  const info = FIELD_TYPE_INFO[fieldType];
  const properties = schema.properties ?? {};
  const validators = properties['validators'] as JSONSchema;
  const appearance = properties['appearance'] as JSONSchema;
  const editor = appearance.properties?.['editor'] as JSONSchema;
  const allowed = Object.fromEntries(
    Object.entries(validators.properties ?? {}).filter(([name]) => (info.validators as readonly string[]).includes(name)),
  );
  return {
    ...schema,
    title: `${schema.title} (${fieldType})`,
    properties: {
      ...properties,
      validators: { ...validators, properties: allowed },
      appearance: { ...appearance, properties: { ...appearance.properties, editor: { ...editor, examples: [...info.editors] } } },
    },
  };
}

export interface ParsedDocument {
  service: LanguageService;
  document: TextDocument;
  json: JSONDocument;
}

/** Language services by schema, built on first use; and the schemas of the record models seen so far. */
export class DatoJsonLanguageServices {
  private readonly services = new Map<string, LanguageService>();
  private readonly recordModels = new Map<string, RecordModel>();
  private lastParsed: { uri: string; version: number; text: string; parsed: ParsedDocument } | undefined;

  constructor(private readonly onSchemaError: (message: string) => void = () => undefined) {}

  /** Makes (or refreshes) the schema of a record model's documents. */
  noteRecordModel(key: string, model: RecordModel): void {
    const known = this.recordModels.get(key);
    if (known?.ctx === model.ctx && known.itemType === model.itemType) return;
    this.recordModels.set(key, model);
    this.services.delete(`record:${key}`);
    this.lastParsed = undefined;
  }

  /** The document parsed, with the language service of its schema (a schema-less one when none is known). */
  parse(uri: string, path: string, version: number, text: string): ParsedDocument {
    const last = this.lastParsed;
    if (last && last.uri === uri && last.version === version && last.text === text) return last.parsed;
    const document = TextDocument.create(uri, LANGUAGE_ID, version, text);
    const plain = this.service('plain', () => undefined);
    const json = plain.parseJSONDocument(document);
    const parsed = { service: this.serviceFor(schemaKeyFor(path), json), document, json };
    this.lastParsed = { uri, version, text, parsed };
    return parsed;
  }

  /** Any text parsed (not cached): the text a document was opened with, for quick fixes that restore it. */
  parseText(text: string): JSONDocument {
    return this.service('plain', () => undefined).parseJSONDocument(TextDocument.create('datocms-schema://opened', LANGUAGE_ID, 0, text));
  }

  private serviceFor(key: SchemaKey | undefined, json: JSONDocument): LanguageService {
    if (!key) return this.service('plain', () => undefined);
    if (key.kind === 'field') {
      // a field's schema depends on its type
      const fieldType = topLevelString(json, 'field_type');
      return this.service(`field:${isFieldType(fieldType) ? fieldType : ''}`, () => fieldSchemaFor(fieldType));
    }
    if (key.kind === 'record') {
      // a record's on its model's fields
      const model = this.recordModels.get(key.model);
      if (!model) return this.service('plain', () => undefined);
      return this.service(`record:${key.model}`, () => jsonSchemaFor('record', model.ctx, model.itemType));
    }
    const { kind } = key;
    return this.service(kind, () => jsonSchemaFor(kind));
  }

  private service(id: string, schema: () => JSONSchema | undefined): LanguageService {
    let service = this.services.get(id);
    if (!service) {
      service = getLanguageService({ clientCapabilities: ClientCapabilities.LATEST });
      const built = this.build(id, schema);
      // The document's own checker reports problems; this service never validates.
      service.configure({
        validate: false,
        allowComments: false,
        schemas: built ? [{ uri: `datocms-schema://schemas/${id}.json`, fileMatch: ['**'], schema: built }] : [],
      });
      this.services.set(id, service);
    }
    return service;
  }

  /** A schema that cannot be built is reported and left out: no completion, no harm. */
  private build(id: string, schema: () => JSONSchema | undefined): JSONSchema | undefined {
    try {
      return schema();
    } catch (error) {
      this.onSchemaError(`Could not build the JSON schema ${id}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}

function topLevelString(json: JSONDocument, key: string): string | undefined {
  const root = json.root;
  if (root?.type !== 'object') return undefined;
  const value = root.properties.find((p) => p.keyNode.value === key)?.valueNode;
  return value?.type === 'string' ? value.value : undefined;
}
