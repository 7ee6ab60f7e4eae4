// The Record Preview feature: "Open Preview to the Side" on a record document (its editor's title, the tree's
// record menu), one preview per document, restored after a reload by the panel serializer.
import vscode = require('vscode');
import type { DocumentRef } from '../domain/paths';
import { Panel } from '../panels';
import type { Translate } from '../platform/translate';
import type { Services } from '../services';
import { documentUri, parseDocumentUri } from '../platform/uris';
import { PANELS } from '../platform/views';
import type { RecordNames, UploadNames } from '../language';
import { PREVIEW_SCRIPT, PREVIEW_STYLE, type FromWebview, type PreviewState, type ToWebview } from '../../webviews/preview/protocol';
import { cdnOrigin } from './lookups';
import { RecordPreview } from './preview';
import { loadSchema } from './schema';

/** the extension's name and upload caches of a project environment */
type Caches = (project: string, environment: string) => Promise<{ names: RecordNames; uploads: UploadNames }>;

export class RecordPreviews implements vscode.Disposable {
  private readonly open = new Map<string, RecordPreview>();

  constructor(
    private readonly deps: Pick<Services, 't' | 'extension' | 'registry' | 'report'>,
    private readonly caches: Caches,
  ) {}

  /** Opens (or shows) the preview of a record document: the one given, the tree's record, else the active editor's. */
  async show(target?: unknown): Promise<void> {
    const uri = targetUri(target) ?? vscode.window.activeTextEditor?.document.uri;
    const ref = uri && parseDocumentUri(uri);
    if (!uri || ref?.kind !== 'record') throw new Error(this.deps.t('Open a record first: the preview shows a record document.'));
    const existing = this.open.get(uri.toString());
    if (existing) return existing.reveal();
    const document = await vscode.workspace.openTextDocument(uri);
    const schema = await loadSchema(await this.deps.registry.data(ref.project, ref.environment));
    const panel = Panel.open<FromWebview, ToWebview>(
      PANELS.recordPreview,
      this.deps.t('Preview'),
      vscode.ViewColumn.Beside,
      this.dist,
      this.page(uri, schema.imgixHost),
    );
    this.attach(document, ref, panel);
  }

  /** VS Code restored a preview after a reload: it follows its document again. */
  async revive(webviewPanel: vscode.WebviewPanel, state: PreviewState | undefined): Promise<void> {
    const uri = state?.uri ? vscode.Uri.parse(state.uri) : undefined;
    const ref = uri && parseDocumentUri(uri);
    if (!uri || ref?.kind !== 'record') return webviewPanel.dispose();
    const schema = await loadSchema(await this.deps.registry.data(ref.project, ref.environment));
    const panel = new Panel<FromWebview, ToWebview>(webviewPanel, this.dist, this.page(uri, schema.imgixHost));
    this.attach(await vscode.workspace.openTextDocument(uri), ref, panel);
  }

  /** What the preview of `uri` last showed (its text), for the tests. */
  shown(uri: vscode.Uri): ReturnType<RecordPreview['shown']> {
    return this.open.get(uri.toString())?.shown();
  }

  dispose(): void {
    for (const preview of [...this.open.values()]) preview.dispose();
  }

  private get dist(): vscode.Uri {
    return vscode.Uri.joinPath(this.deps.extension.extensionUri, 'dist');
  }

  private page(uri: vscode.Uri, imgixHost: string | undefined) {
    const origin = cdnOrigin(imgixHost);
    return { script: PREVIEW_SCRIPT, style: PREVIEW_STYLE, imageSources: origin ? [origin] : [], data: { uri: uri.toString() } };
  }

  private attach(document: vscode.TextDocument, ref: DocumentRef, panel: Panel<FromWebview, ToWebview>): void {
    const { deps } = this;
    const preview = new RecordPreview(document, ref, panel, {
      t: deps.t,
      uiLocale: vscode.env.language,
      schema: async (r) => loadSchema(await deps.registry.data(r.project, r.environment)),
      caches: (r) => this.caches(r.project, r.environment),
      openRecord: (r, id, names) => openLinkedRecord(r, id, names, deps.t),
      report: (whatFailed, error) => deps.report(whatFailed, error),
    });
    const key = document.uri.toString();
    this.open.set(key, preview);
    preview.onDidDispose(() => this.open.get(key) === preview && this.open.delete(key));
    preview.render().catch((error: unknown) => deps.report(deps.t('Could not show the preview'), error));
  }
}

/** The record document a command was given: an editor's resource, or a record of the tree. */
function targetUri(target: unknown): vscode.Uri | undefined {
  if (target instanceof vscode.Uri) return target;
  const ref = (target as { kind?: unknown; ref?: DocumentRef } | undefined)?.ref;
  return (target as { kind?: unknown })?.kind === 'record' && ref ? documentUri(ref) : undefined;
}

async function openLinkedRecord(from: DocumentRef, id: string, names: RecordNames, t: Translate): Promise<void> {
  const name = (await names.resolve([id])).get(id);
  if (!name) throw new Error(t('No record {0} in this environment.', id));
  const uri = documentUri({ project: from.project, environment: from.environment, kind: 'record', modelApiKey: name.modelApiKey, id });
  const column = vscode.window.visibleTextEditors.find((e) => parseDocumentUri(e.document.uri)?.kind === 'record')?.viewColumn;
  await vscode.window.showTextDocument(uri, { viewColumn: column ?? vscode.ViewColumn.Active, preview: false });
}
