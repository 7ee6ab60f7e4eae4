// What the rooms need to know about each kind of `datocms:` document, in one table: a new kind is a row here, a
// row of its I/O (../documents/kindIO.ts) and its path in the codec (./paths.ts).
import type { Resource } from '../cma';
import { draftsBlockModel, type DocumentRef } from './paths';
import { recordTitle, relationshipId } from './resources';
import { Field, Fieldset, Model, Webhook } from './views';

export type DocumentKind = DocumentRef['kind'];
export type RefOf<K extends DocumentKind> = Extract<DocumentRef, { kind: K }>;

/** The schema a title is read with (a document's context). */
export interface TitleSchema {
  itemTypes: readonly Resource<'item_type'>[];
  fieldsOf(modelId: string): readonly Resource<'field'>[] | undefined;
  locales: readonly string[];
}

export interface KindDescriptor<K extends DocumentKind> {
  /** A short human name for messages: "model blog_post", "record “Hello” (123) of article". */
  describe(ref: RefOf<K>): string;
  /** What its draft creates, for messages: "record of article", "string field of article". */
  creates(ref: RefOf<K>): string;
  /** What the tree calls it, and so its tab; undefined when it has no name of its own. */
  title(resource: Resource, schema: TitleSchema): string | undefined;
  /** The models whose fields its validation needs. */
  contextModels(ref: RefOf<K>, resource: Resource): string[];
}

const noName = () => undefined;
const noModels = () => [];
const modelOf = (_ref: unknown, resource: Resource) => {
  const id = relationshipId(resource, 'item_type');
  return id ? [id] : [];
};

function recordName(resource: Resource, schema: TitleSchema): string | undefined {
  const modelId = relationshipId(resource, 'item_type');
  const model = schema.itemTypes.find((m) => m.id === modelId);
  const fields = model && schema.fieldsOf(model.id);
  return model && fields ? recordTitle(resource, model, fields, schema.locales) : undefined;
}

const KINDS: { readonly [K in DocumentKind]: KindDescriptor<K> } = {
  model: {
    describe: (ref) => `model ${ref.apiKey}`,
    creates: (ref) => (draftsBlockModel(ref) ? 'block model' : 'model'),
    title: (resource) => Model.name(resource as Resource<'item_type'>),
    contextModels: (_ref, resource) => [resource.id],
  },
  field: {
    describe: (ref) => `field ${ref.modelApiKey}.${ref.apiKey}`,
    creates: (ref) => `${ref.apiKey.split('~')[2] ?? ''} field of ${ref.modelApiKey}`,
    title: (resource) => Field.label(resource as Resource<'field'>),
    contextModels: modelOf,
  },
  fieldset: {
    describe: (ref) => `fieldset ${ref.id} of ${ref.modelApiKey}`,
    creates: (ref) => `fieldset of ${ref.modelApiKey}`,
    title: (resource) => Fieldset.givenTitle(resource as Resource<'fieldset'>),
    contextModels: modelOf,
  },
  webhook: {
    describe: (ref) => `webhook ${ref.id}`,
    creates: () => 'webhook',
    title: (resource) => Webhook.givenName(resource as Resource<'webhook'>),
    contextModels: noModels,
  },
  record: {
    describe: (ref) =>
      ref.title === undefined ? `record ${ref.id} of ${ref.modelApiKey}` : `record “${ref.title}” (${ref.id}) of ${ref.modelApiKey}`,
    creates: (ref) => `record of ${ref.modelApiKey}`,
    title: recordName,
    contextModels: modelOf,
  },
  upload: {
    describe: (ref) => (ref.title === undefined ? `upload ${ref.id}` : `upload “${ref.title}” (${ref.id})`),
    creates: () => 'upload',
    title: noName,
    contextModels: noModels,
  },
  markdown: {
    describe: (ref) => `field ${ref.field}${ref.locale === undefined ? '' : ` (${ref.locale})`} of record ${ref.id} as Markdown`,
    creates: () => 'field as Markdown',
    title: noName,
    contextModels: modelOf,
  },
};

/** The row of `ref`'s kind (its methods take any ref of that kind). */
export function kindOf(ref: DocumentRef | DocumentKind): KindDescriptor<DocumentKind> {
  return KINDS[typeof ref === 'string' ? ref : ref.kind] as KindDescriptor<DocumentKind>;
}

/** A short human name for messages: "model blog_post", "record 123 of article", "record “Hello” (123) of article". */
export const describeRef = (ref: DocumentRef): string => kindOf(ref).describe(ref);

/** What the tree calls a document, and so its tab: a model's name, a field's label, a fieldset's title, a record's title. */
export const documentTitle = (kind: DocumentKind, resource: Resource, schema: TitleSchema): string | undefined =>
  kindOf(kind).title(resource, schema);
