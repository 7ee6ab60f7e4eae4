// What the editor features share: a `datocms:` document located (its reference, baseline and parsed JSON), the
// project's name caches, and where an id leads (the document Go to Definition opens).
import vscode = require('vscode');
import type { SaveBasis } from '../documents';
import type { DocumentRef } from '../domain/paths';
import { Field, Fieldset, Model } from '../domain/views';
import { documentUri } from '../platform/uris';
import type { ProjectData } from '../projects/projectData';
import type { SchemaContext } from '../schema';
import type { DatoJsonLanguageServices, ParsedDocument } from './jsonLanguage';
import type { RecordNames } from './names';
import type { Reference, ReferenceContext } from './references';
import type { UploadNames } from './uploads';

/** Where the providers read what they need: a document's baseline and a project's cached data. */
export interface LanguageSources {
  baseline(uri: vscode.Uri): SaveBasis | undefined;
  data(project: string, environment: string): Promise<ProjectData>;
  /** Go to Definition leads to this record's document (told before it opens; also while Ctrl is held over an id) */
  definitionLeadsTo?(uri: vscode.Uri): void;
}

export interface Located {
  ref: DocumentRef;
  basis: SaveBasis;
  parsed: ParsedDocument;
  context: ReferenceContext;
}

/** What each provider is given. */
export interface Editor {
  readonly services: DatoJsonLanguageServices;
  readonly sources: LanguageSources;
  locate(document: vscode.TextDocument): Located | undefined;
  namesFor(project: string, environment: string): Promise<RecordNames>;
  uploadsFor(project: string, environment: string): Promise<UploadNames>;
}

/** The problems the documents' checker reports carry this source. */
export const DIAGNOSTIC_SOURCE = 'DatoCMS';

export function rangeOf(document: vscode.TextDocument, node: { offset: number; length: number }): vscode.Range {
  return new vscode.Range(document.positionAt(node.offset), document.positionAt(node.offset + node.length));
}

export function fieldById(ctx: SchemaContext, id: string) {
  for (const model of ctx.itemTypes) {
    let fields: ReturnType<SchemaContext['fieldsOf']>;
    try {
      fields = ctx.fieldsOf(model.id);
    } catch {
      fields = undefined;
    }
    const field = fields?.find((f) => f.id === id);
    if (field) return { model, field };
  }
  return undefined;
}

/** The `datocms:` document a reference points to (records, models, fields and fieldsets have one). */
export async function targetUri(editor: Editor, { ref, context }: Located, reference: Reference): Promise<vscode.Uri | undefined> {
  const place = { project: ref.project, environment: ref.environment };
  switch (reference.kind) {
    case 'record': {
      const name = (await (await editor.namesFor(ref.project, ref.environment)).resolve([reference.id])).get(reference.id);
      return (
        name &&
        documentUri({
          ...place,
          kind: 'record',
          modelApiKey: name.modelApiKey,
          id: name.id,
          ...(name.titled ? { title: name.title } : {}),
        })
      );
    }
    case 'model': {
      const model = context.ctx.itemTypes.find((t) => t.id === reference.id);
      // named as the tree names it, so that the tab reads the same however it was opened
      return model && documentUri({ ...place, kind: 'model', apiKey: Model.apiKey(model), title: Model.name(model) });
    }
    case 'field': {
      const found = fieldById(context.ctx, reference.id);
      return (
        found &&
        documentUri({
          ...place,
          kind: 'field',
          modelApiKey: Model.apiKey(found.model),
          apiKey: Field.apiKey(found.field),
          title: Field.label(found.field),
        })
      );
    }
    case 'fieldset': {
      // a fieldset is named by a field of its own model
      const model = context.ctx.itemTypes.find((t) => t.id === context.modelId);
      if (!model) return undefined;
      const fieldset = (await (await editor.sources.data(ref.project, ref.environment)).fieldsets(model.id)).find(
        (f) => f.id === reference.id,
      );
      const title = fieldset && Fieldset.givenTitle(fieldset);
      return documentUri({ ...place, kind: 'fieldset', modelApiKey: Model.apiKey(model), id: reference.id, ...(title ? { title } : {}) });
    }
    default:
      return undefined;
  }
}
