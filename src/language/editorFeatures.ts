// The providers that know DatoCMS beyond the JSON Schema: hover naming what an id points to (an upload with
// its size, dimensions and a preview), Go to Definition opening it, Find All References listing the records
// that link to a record, completion of link values by record title, and quick fixes for the documents'
// problems. Ids are named through the name and upload caches (./names.ts, ./uploads.ts): one request per batch
// of ids, none per keystroke.
import vscode = require('vscode');
import type { SaveBasis } from '../documents';
import { DOCUMENT_SCHEME, parseDocumentPath, type DocumentRef } from '../domain/paths';
import { documentUri } from '../platform/uris';
import type { ProjectData } from '../projects/projectData';
import type { SchemaContext } from '../schema';
import { fixesFor, missingLocalesFix, type Edit, type Fix } from './fixes';
import type { DatoJsonLanguageServices, ParsedDocument } from './jsonLanguage';
import { RecordNames, nameLinkedRecord, type RecordName } from './names';
import { fieldsOf, modelIdOf, pathOf, READONLY_KEY, referenceAt, type Reference, type ReferenceContext } from './references';
import { describeUpload, UploadNames, uploadMarkdown } from './uploads';

/** Where the providers read what they need: a document's baseline and a project's cached data. */
export interface LanguageSources {
  baseline(uri: vscode.Uri): SaveBasis | undefined;
  data(project: string, environment: string): Promise<ProjectData>;
}

const DIAGNOSTIC_SOURCE = 'DatoCMS';

interface Located {
  ref: DocumentRef;
  basis: SaveBasis;
  parsed: ParsedDocument;
  context: ReferenceContext;
}

export class EditorFeatures implements vscode.Disposable {
  private readonly names = new WeakMap<ProjectData, RecordNames>();
  private readonly uploads = new WeakMap<ProjectData, UploadNames>();
  private readonly registrations: vscode.Disposable[];

  constructor(
    private readonly services: DatoJsonLanguageServices,
    private readonly sources: LanguageSources,
    selector: vscode.DocumentSelector,
  ) {
    this.registrations = [
      vscode.languages.registerHoverProvider(selector, { provideHover: (d, p) => this.hover(d, p) }),
      vscode.languages.registerDefinitionProvider(selector, { provideDefinition: (d, p) => this.definition(d, p) }),
      vscode.languages.registerReferenceProvider(selector, { provideReferences: (d, p, c, t) => this.references(d, p, c, t) }),
      vscode.languages.registerCompletionItemProvider(selector, { provideCompletionItems: (d, p) => this.complete(d, p) }, '"'),
      vscode.languages.registerCodeActionsProvider(
        selector,
        { provideCodeActions: (d, r, c) => this.codeActions(d, r, c) },
        { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
      ),
    ];
  }

  /** The name cache of a project environment. */
  async namesFor(project: string, environment: string): Promise<RecordNames> {
    const data = await this.sources.data(project, environment);
    let names = this.names.get(data);
    if (!names) this.names.set(data, (names = new RecordNames(data)));
    return names;
  }

  /** The upload cache of a project environment. */
  async uploadsFor(project: string, environment: string): Promise<UploadNames> {
    const data = await this.sources.data(project, environment);
    let uploads = this.uploads.get(data);
    if (!uploads) this.uploads.set(data, (uploads = new UploadNames(data.client.uploads)));
    return uploads;
  }

  /** A record was opened or saved: its title may have changed, and its uploads may be new. */
  async forget(ref: DocumentRef, id: string): Promise<void> {
    (await this.namesFor(ref.project, ref.environment)).forget(id);
    // Opening a record is also the moment to see the media area as it is now (one request at the next hover).
    (await this.uploadsFor(ref.project, ref.environment)).forget();
  }

  dispose(): void {
    for (const registration of this.registrations.splice(0)) registration.dispose();
  }

  private locate(document: vscode.TextDocument): Located | undefined {
    if (document.uri.scheme !== DOCUMENT_SCHEME) return undefined;
    const ref = parseDocumentPath(document.uri.path);
    const basis = this.sources.baseline(document.uri);
    if (!ref || !basis) return undefined;
    const parsed = this.services.parse(document.uri.toString(), document.uri.path, document.version, document.getText());
    const { ctx, resource } = basis.opened;
    const modelId = ref.kind === 'model' ? resource.id : modelIdOf(resource);
    return { ref, basis, parsed, context: { kind: ref.kind, ctx, ...(modelId ? { modelId } : {}) } };
  }

  private referenceAt(document: vscode.TextDocument, position: vscode.Position): { located: Located; reference: Reference } | undefined {
    const located = this.locate(document);
    const reference = located && referenceAt(located.parsed.json, document.offsetAt(position), located.context);
    return located && reference ? { located, reference } : undefined;
  }

  private async hover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const found = this.referenceAt(document, position);
    if (!found || found.reference.id === '') return undefined;
    const { located, reference } = found;
    const range = rangeOf(document, reference.node);
    const markdown = new vscode.MarkdownString();
    switch (reference.kind) {
      case 'record': {
        const names = await this.namesFor(located.ref.project, located.ref.environment);
        let name: RecordName | undefined;
        try {
          name = await nameLinkedRecord(names, located.parsed.json, reference, located.context);
        } catch {
          markdown.appendMarkdown(`Record \`${reference.id}\` (its name could not be loaded from DatoCMS)`);
          break;
        }
        if (!name) markdown.appendMarkdown(`No record \`${reference.id}\` in this environment`);
        else appendRecord(markdown, name);
        break;
      }
      case 'model': {
        const model = located.context.ctx.itemTypes.find((t) => t.id === reference.id);
        if (!model) markdown.appendMarkdown(`No model \`${reference.id}\` in this environment`);
        else
          markdown.appendMarkdown(
            `${escapeMarkdown(String(model.attributes['name'] ?? ''))} · ${model.attributes['modular_block'] === true ? 'block model' : 'model'} \`${String(model.attributes['api_key'])}\``,
          );
        break;
      }
      case 'field': {
        const field = fieldById(located.context.ctx, reference.id);
        if (!field) markdown.appendMarkdown(`Field \`${reference.id}\``);
        else
          markdown.appendMarkdown(
            `${escapeMarkdown(String(field.field.attributes['label'] ?? ''))} · field \`${String(field.field.attributes['api_key'])}\` (${String(field.field.attributes['field_type'])}) of \`${String(field.model.attributes['api_key'])}\``,
          );
        break;
      }
      case 'fieldset': {
        const data = await this.sources.data(located.ref.project, located.ref.environment);
        const modelId = located.context.modelId;
        const fieldset = modelId ? (await data.fieldsets(modelId)).find((f) => f.id === reference.id) : undefined;
        markdown.appendMarkdown(
          `${fieldset ? escapeMarkdown(String(fieldset.attributes['title'] ?? '')) : ''} · fieldset \`${reference.id}\``,
        );
        break;
      }
      case 'upload': {
        const uploads = await this.uploadsFor(located.ref.project, located.ref.environment);
        try {
          const upload = await describeUpload(uploads, located.parsed.json, reference, located.context);
          markdown.appendMarkdown(upload ? uploadMarkdown(upload, escapeMarkdown) : `No upload \`${reference.id}\` in this environment`);
        } catch {
          markdown.appendMarkdown(`Upload \`${reference.id}\` (its details could not be loaded from DatoCMS)`);
        }
        break;
      }
    }
    return new vscode.Hover(markdown, range);
  }

  private async definition(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Location | undefined> {
    const found = this.referenceAt(document, position);
    if (!found || found.reference.id === '') return undefined;
    const uri = await this.targetUri(found.located, found.reference);
    return uri && new vscode.Location(uri, new vscode.Position(0, 0));
  }

  /**
   * On a record's own id (`$readonly.id`) or on a link to a record: the records that link to it, each opened
   * as its `datocms:` document (at its top).
   */
  private async references(
    document: vscode.TextDocument,
    position: vscode.Position,
    context: vscode.ReferenceContext,
    token: vscode.CancellationToken,
  ): Promise<vscode.Location[] | undefined> {
    const located = this.locate(document);
    if (located?.ref.kind !== 'record') return undefined;
    const offset = document.offsetAt(position);
    const link = referenceAt(located.parsed.json, offset, located.context);
    const node = located.parsed.json.getNodeFromOffset(offset);
    const ownId = node?.type === 'string' && pathOf(node).join('/') === `${READONLY_KEY}/id` ? node : undefined;
    const target = link?.kind === 'record' && link.id !== '' ? link.id : ownId?.value;
    if (!target) return undefined;
    const { ref } = located;
    const [data, names] = await Promise.all([this.sources.data(ref.project, ref.environment), this.namesFor(ref.project, ref.environment)]);
    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    try {
      const records = await data.client.items.references(target, { version: 'current', signal: abort.signal });
      const named = await names.note(records);
      const place = { project: ref.project, environment: ref.environment };
      const top = new vscode.Position(0, 0);
      const locations = named.map(
        (name) =>
          new vscode.Location(
            documentUri({
              ...place,
              kind: 'record',
              modelApiKey: name.modelApiKey,
              id: name.id,
              ...(name.titled ? { title: name.title } : {}),
            }),
            top,
          ),
      );
      if (context.includeDeclaration) {
        const declaration = ownId
          ? new vscode.Location(document.uri, rangeOf(document, ownId))
          : await this.targetUri(located, link!).then((uri) => uri && new vscode.Location(uri, top));
        if (declaration) locations.unshift(declaration);
      }
      return locations;
    } finally {
      cancelled.dispose();
    }
  }

  /** The `datocms:` document a reference points to (records, models, fields and fieldsets have one). */
  private async targetUri({ ref, context }: Located, reference: Reference): Promise<vscode.Uri | undefined> {
    const place = { project: ref.project, environment: ref.environment };
    switch (reference.kind) {
      case 'record': {
        const name = (await (await this.namesFor(ref.project, ref.environment)).resolve([reference.id])).get(reference.id);
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
        return model && documentUri({ ...place, kind: 'model', apiKey: String(model.attributes['api_key']) });
      }
      case 'field': {
        const found = fieldById(context.ctx, reference.id);
        return (
          found &&
          documentUri({
            ...place,
            kind: 'field',
            modelApiKey: String(found.model.attributes['api_key']),
            apiKey: String(found.field.attributes['api_key']),
          })
        );
      }
      case 'fieldset': {
        // a fieldset is named by a field of its own model
        const model = context.ctx.itemTypes.find((t) => t.id === context.modelId);
        return model && documentUri({ ...place, kind: 'fieldset', modelApiKey: String(model.attributes['api_key']), id: reference.id });
      }
      default:
        return undefined;
    }
  }

  /** Inside a link value: the records the field allows, searched by the text typed so far; inside an upload id, uploads by name. */
  private async complete(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.CompletionList | undefined> {
    const found = this.referenceAt(document, position);
    if (found?.reference.kind === 'upload') return this.completeUpload(document, position, found.located.ref, found.reference.node);
    if (found?.reference.kind !== 'record') return undefined;
    const { located, reference } = found;
    const allowed = reference.allowedModelIds?.length
      ? reference.allowedModelIds
      : located.context.ctx.itemTypes.filter((t) => t.attributes['modular_block'] !== true).map((t) => t.id);
    const start = reference.node.offset + 1;
    const typed = document.getText().slice(start, document.offsetAt(position));
    const names = await this.namesFor(located.ref.project, located.ref.environment);
    const records = await names.search(allowed, typed);
    const range = new vscode.Range(document.positionAt(start), document.positionAt(reference.node.offset + reference.node.length - 1));
    const items = records.map((name, i) =>
      idCompletion(
        name.id,
        name.title,
        `${name.modelApiKey}${name.status ? ` · ${name.status}` : ''}`,
        vscode.CompletionItemKind.Reference,
        typed,
        range,
        i,
      ),
    );
    return new vscode.CompletionList(items, true);
  }

  private async completeUpload(
    document: vscode.TextDocument,
    position: vscode.Position,
    ref: { project: string; environment: string },
    node: { offset: number; length: number },
  ): Promise<vscode.CompletionList> {
    const start = node.offset + 1;
    const typed = document.getText().slice(start, document.offsetAt(position));
    const uploads = await (await this.uploadsFor(ref.project, ref.environment)).search(typed);
    const range = new vscode.Range(document.positionAt(start), document.positionAt(node.offset + node.length - 1));
    const size = (upload: { width: number | null; height: number | null }) =>
      upload.width && upload.height ? `${upload.width}×${upload.height}` : undefined;
    return new vscode.CompletionList(
      uploads.map((upload, i) =>
        idCompletion(
          upload.id,
          upload.filename,
          [size(upload), upload.mimeType].filter(Boolean).join(' · '),
          vscode.CompletionItemKind.File,
          typed,
          range,
          i,
        ),
      ),
      true,
    );
  }

  private codeActions(document: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const located = this.locate(document);
    if (!located) return [];
    const { basis, parsed } = located;
    const ours = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE);
    const actions: vscode.CodeAction[] = [];
    // The opened text is parsed only when there is a problem to fix (this runs at every cursor move).
    if (ours.length > 0) {
      const fixContext = {
        text: document.getText(),
        json: parsed.json,
        openedText: basis.opened.text,
        openedJson: this.services.parseText(basis.opened.text),
        t: vscode.l10n.t,
      };
      for (const diagnostic of ours) {
        const offset = document.offsetAt(diagnostic.range.start);
        const problem = {
          code: typeof diagnostic.code === 'object' ? String(diagnostic.code.value) : diagnostic.code?.toString(),
          // the problem's data rides on the diagnostic object the documents' checker made (VS Code hands it back)
          data: (diagnostic as { data?: unknown }).data,
          offset,
          length: document.offsetAt(diagnostic.range.end) - offset,
        };
        for (const fix of fixesFor(problem, fixContext)) actions.push(toCodeAction(document, fix, [diagnostic]));
      }
    }
    // a localized value's missing locales may be added wherever the cursor is, problem or not (once)
    if (located.ref.kind === 'record') {
      const fields = fieldsOf(located.context.ctx, located.context.modelId);
      const localized = (apiKey: string) => fields?.find((f) => f.apiKey === apiKey)?.localized === true;
      const fix = missingLocalesFix(
        parsed.json,
        document.offsetAt(range.start),
        located.context.ctx.locales,
        localized,
        document.getText(),
        vscode.l10n.t,
      );
      if (fix && !actions.some((action) => action.title === fix.title)) actions.push(toCodeAction(document, fix, []));
    }
    return actions;
  }
}

function appendRecord(markdown: vscode.MarkdownString, name: RecordName): void {
  markdown.appendMarkdown(`**${escapeMarkdown(name.title)}** · ${escapeMarkdown(name.modelName)} \`${name.modelApiKey}\``);
  if (name.status) markdown.appendMarkdown(` · ${name.status}`);
  if (name.titled) markdown.appendMarkdown(`\n\nrecord \`${name.id}\``);
}

/** User text shown as itself in markdown (appendText would also turn its spaces into &nbsp;). */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');
}

function fieldById(ctx: SchemaContext, id: string) {
  for (const model of ctx.itemTypes) {
    const field = ctx.fieldsOf(model.id)?.find((f) => f.id === id);
    if (field) return { model, field };
  }
  return undefined;
}

function rangeOf(document: vscode.TextDocument, node: { offset: number; length: number }): vscode.Range {
  return new vscode.Range(document.positionAt(node.offset), document.positionAt(node.offset + node.length));
}

function toCodeAction(document: vscode.TextDocument, fix: Fix, diagnostics: vscode.Diagnostic[]): vscode.CodeAction {
  const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
  action.edit = new vscode.WorkspaceEdit();
  for (const edit of fix.edits as Edit[]) action.edit.replace(document.uri, rangeOf(document, edit), edit.content);
  action.diagnostics = diagnostics;
  action.isPreferred = fix.preferred === true;
  return action;
}

/**
 * A completion that shows a name and inserts an id. The search matched the name or any text of the target, so
 * every answer stays in the list whatever was typed; the server's order is kept.
 */
function idCompletion(
  id: string,
  label: string,
  description: string,
  kind: vscode.CompletionItemKind,
  typed: string,
  range: vscode.Range,
  index: number,
): vscode.CompletionItem {
  const item = new vscode.CompletionItem({ label, description }, kind);
  item.insertText = id;
  item.detail = id;
  item.range = range;
  item.filterText = `${typed}${label} ${id}`;
  item.sortText = String(index).padStart(4, '0');
  return item;
}
