// The DatoCMS JSON language (`datocms-json`, the language of every `datocms:` document): completion, hover,
// outline, folding, selection ranges, formatting and color swatches, from the same JSON Schemas that describe the
// documents (src/schema); hover, Go to Definition and completion of the ids documents hold, named through a name
// cache (./names.ts); quick fixes for the documents' problems. It never reports problems: the documents' own checker
// does. The providers are registered with the first document.
import type vscode from 'vscode';
import type { OpenedDocument } from '../documents';
import { relationshipId } from '../domain/resources';
import type { LanguageSources } from './editorFeatures';
import { registerLanguageFeatures, type LanguageFeatures } from './features';
import { recordModelKey } from './schemaKeys';

export class DatoJsonLanguage implements vscode.Disposable {
  private features: LanguageFeatures | undefined;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly sources: LanguageSources,
  ) {}

  /** Registers the providers on the first document; a record also makes its model's schema known. */
  noteOpened(document: OpenedDocument): void {
    this.features ??= registerLanguageFeatures(this.log, this.sources);
    const { ref, resource, ctx } = document;
    if (ref.kind !== 'record') return;
    this.features.forgetRecordName(ref, resource.id);
    const itemType = ctx.itemTypes.find((t) => t.id === relationshipId(resource, 'item_type'));
    if (itemType) this.features.noteRecordModel(recordModelKey(ref.project, ref.environment, ref.modelApiKey), { ctx, itemType });
  }

  /** The caches that name record and upload ids (shared by the hovers and the record preview). */
  caches(project: string, environment: string): ReturnType<LanguageFeatures['caches']> {
    this.features ??= registerLanguageFeatures(this.log, this.sources);
    return this.features.caches(project, environment);
  }

  dispose(): void {
    this.features?.dispose();
    this.features = undefined;
  }
}
