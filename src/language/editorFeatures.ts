// The providers that know DatoCMS beyond the JSON Schema: hover naming what an id points to (./hover.ts), Go to
// Definition opening it, Find All References listing the links to a record (./findReferences.ts), completion of
// ids by name (./idCompletion.ts) and quick fixes for the documents' problems (./codeActions.ts). Ids are named
// through the name and upload caches (./names.ts, ./uploads.ts): one request per batch of ids, none per keystroke.
import vscode = require('vscode');
import { DOCUMENT_SCHEME, parseDocumentPath, type DocumentRef } from '../domain/paths';
import type { ProjectData } from '../projects/projectData';
import { codeActionsAt } from './codeActions';
import { markdownLensesIn } from './markdownLenses';
import { referencesAt } from './findReferences';
import { hoverAt } from './hover';
import { completeAt } from './idCompletion';
import type { DatoJsonLanguageServices } from './jsonLanguage';
import { targetUri, type Editor, type LanguageSources, type Located } from './located';
import { RecordNames } from './names';
import { modelIdOf, referenceAt } from './references';
import { UploadNames } from './uploads';

export type { LanguageSources };

export class EditorFeatures implements Editor, vscode.Disposable {
  private readonly names = new WeakMap<ProjectData, RecordNames>();
  private readonly uploads = new WeakMap<ProjectData, UploadNames>();
  private readonly registrations: vscode.Disposable[];

  constructor(
    readonly services: DatoJsonLanguageServices,
    readonly sources: LanguageSources,
    selector: vscode.DocumentSelector,
  ) {
    this.registrations = [
      vscode.languages.registerHoverProvider(selector, { provideHover: (d, p) => hoverAt(this, d, p) }),
      vscode.languages.registerDefinitionProvider(selector, { provideDefinition: (d, p) => this.definition(d, p) }),
      vscode.languages.registerReferenceProvider(selector, { provideReferences: (d, p, c, t) => referencesAt(this, d, p, c, t) }),
      vscode.languages.registerCompletionItemProvider(selector, { provideCompletionItems: (d, p) => completeAt(this, d, p) }, '"'),
      vscode.languages.registerCodeActionsProvider(
        selector,
        { provideCodeActions: (d, r, c) => codeActionsAt(this, d, r, c) },
        { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
      ),
      vscode.languages.registerCodeLensProvider(selector, { provideCodeLenses: (d) => markdownLensesIn(this, d) }),
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
    if (!uploads) this.uploads.set(data, (uploads = new UploadNames(data.client.background('upload look-ups').uploads)));
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

  locate(document: vscode.TextDocument): Located | undefined {
    if (document.uri.scheme !== DOCUMENT_SCHEME) return undefined;
    const ref = parseDocumentPath(document.uri.path);
    const basis = this.sources.baseline(document.uri);
    if (!ref || !basis || ref.kind === 'markdown') return undefined;
    const parsed = this.services.parse(document.uri.toString(), document.uri.path, document.version, document.getText());
    const { ctx, resource } = basis.opened;
    const modelId = ref.kind === 'model' ? resource.id : modelIdOf(resource);
    return { ref, basis, parsed, context: { kind: ref.kind, ctx, modelId } };
  }

  private async definition(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Location | undefined> {
    const located = this.locate(document);
    const reference = located && referenceAt(located.parsed.json, document.offsetAt(position), located.context);
    if (!located || !reference || reference.id === '') return undefined;
    const uri = await targetUri(this, located, reference);
    if (uri && reference.kind === 'record') this.sources.definitionLeadsTo?.(uri);
    return uri && new vscode.Location(uri, new vscode.Position(0, 0));
  }
}
