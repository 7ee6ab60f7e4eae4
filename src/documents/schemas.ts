// Serves JSON Schemas under `datocms-schema:` for the built-in JSON language features (completion and
// hover in `datocms:` documents). The JSON extension loads non-http schema URLs with
// workspace.openTextDocument and reloads them when that document changes, so a record model's schema
// becomes available as soon as one of its records is opened.
import * as vscode from 'vscode';
import { jsonSchemaFor, type DocumentKind } from '../schema';
import { relationshipId, type OpenedDocument } from './documentService';
import { SCHEMA_SCHEME, kindSchemaPath, recordIndexSchema, recordModelSchemaPath } from './schemaIndex';

interface RecordModel {
  itemTypeId: string;
  /** the schema text served for the model's records */
  text: string;
}

export class DocumentSchemas implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changeEmitter.event;
  /** record models seen so far, by their schema path */
  private readonly recordModels = new Map<string, RecordModel>();
  private readonly registration: vscode.Disposable;

  constructor(private readonly log: vscode.LogOutputChannel) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(SCHEMA_SCHEME, this);
  }

  /** Makes the schema of an opened record's model available (and refreshes it when its context changed). */
  noteOpened(document: OpenedDocument): void {
    const { ref } = document;
    if (ref.kind !== 'record') return;
    const itemTypeId = relationshipId(document.resource, 'item_type');
    const itemType = document.ctx.itemTypes.find((t) => t.id === itemTypeId);
    if (!itemTypeId || !itemType) return;
    const path = recordModelSchemaPath(ref.project, ref.environment, itemTypeId);
    const known = this.recordModels.get(path);
    const text = this.print(() => jsonSchemaFor('record', document.ctx, itemType), path);
    if (known?.text === text) return;
    this.recordModels.set(path, { itemTypeId, text });
    // A new model changes the index; a changed one (fields edited meanwhile) only its own schema.
    this.changeEmitter.fire(schemaUri(known ? path : kindSchemaPath('record')));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const path = uri.path;
    const recordModel = this.recordModels.get(path);
    if (recordModel) return recordModel.text;
    if (path === kindSchemaPath('record')) {
      const models = [...this.recordModels.entries()].map(([modelPath, model]) => ({ itemTypeId: model.itemTypeId, schemaUrl: schemaUri(modelPath).toString() }));
      return this.print(() => recordIndexSchema(models), path);
    }
    for (const kind of ['model', 'field', 'webhook'] as const satisfies readonly DocumentKind[]) {
      if (path === kindSchemaPath(kind)) return this.print(() => jsonSchemaFor(kind), path);
    }
    return '{}';
  }

  dispose(): void {
    this.registration.dispose();
    this.changeEmitter.dispose();
  }

  /** The schema as text; a schema that cannot be built is logged and served empty (no completion, no harm). */
  private print(build: () => object, path: string): string {
    try {
      return JSON.stringify(build(), null, 2);
    } catch (error) {
      this.log.error(`Could not build the JSON schema ${SCHEMA_SCHEME}:${path}: ${error instanceof Error ? error.message : String(error)}`);
      return '{}';
    }
  }
}

// An authority is required: VS Code accepts a jsonValidation url only as `scheme://…` (or `./…`).
export function schemaUri(path: string): vscode.Uri {
  return vscode.Uri.from({ scheme: SCHEMA_SCHEME, authority: 'schemas', path });
}
