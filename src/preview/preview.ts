// One Record Preview: a panel beside a record document's editor, following the document's text as it is typed
// (debounced; no request per keystroke), naming what the text links to from the caches and, after typing pauses,
// fetching the ids no cache knew (once, in one batch). The editor's scrolling moves the preview to the field at
// its top; clicking a field's label shows it in the editor.
import vscode = require('vscode');
import type { DocumentRef } from '../domain/paths';
import type { Panel } from '../panels';
import type { FromWebview, PreviewModel, ToWebview } from '../../webviews/preview/protocol';
import type { RecordNames, UploadNames } from '../language';
import type { UploadFacts } from './lookups';
import { cachedLookups, modelOfText, TYPING_DEBOUNCE_MS } from './text';
import type { PreviewSchema } from './schema';
import { previewWords } from './words';

/** Ids no cache knew are fetched when typing has paused this long (a half-typed id is never asked for). */
const FILL_AFTER_MS = 600;

export interface PreviewSources {
  t: (message: string, ...args: string[]) => string;
  uiLocale: string;
  schema(ref: DocumentRef): Promise<PreviewSchema>;
  caches(ref: DocumentRef): Promise<{ names: RecordNames; uploads: UploadNames }>;
  openRecord(ref: DocumentRef, id: string, names: RecordNames): Promise<void>;
  report(whatFailed: string, error: unknown): void;
}

export class RecordPreview implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private fillTimer: ReturnType<typeof setTimeout> | undefined;
  private version = 0;
  private last: PreviewModel | undefined;
  private fieldLines: { key: string; line: number }[] = [];
  private readonly uploads = new Map<string, UploadFacts | null>();
  private readonly asked = new Set<string>();
  private fetching = false;
  /** what the webview last showed (its text) */
  private rendered: { version: number; text: string } | undefined;

  constructor(
    readonly document: vscode.TextDocument,
    readonly ref: DocumentRef,
    private readonly panel: Panel<FromWebview, ToWebview>,
    private readonly sources: PreviewSources,
  ) {
    panel.own(
      panel.onMessage((message) =>
        this.received(message).catch((error: unknown) => sources.report(sources.t('Could not follow the preview'), error)),
      ),
    );
    panel.own(vscode.workspace.onDidChangeTextDocument((event) => event.document === document && this.schedule()));
    panel.own(vscode.workspace.onDidSaveTextDocument((saved) => saved === document && this.schedule()));
    panel.own(
      vscode.window.onDidChangeTextEditorVisibleRanges(
        (event) => event.textEditor.document === document && this.followEditor(event.textEditor),
      ),
    );
    panel.own({ dispose: () => [this.timer, this.fillTimer].forEach((t) => t && clearTimeout(t)) });
  }

  get onDidDispose(): vscode.Event<void> {
    return this.panel.onDidDispose;
  }

  /** What the webview last showed, and whether the preview is at rest (no render or fetch to come): for tests. */
  shown(): { version: number; text: string; settled: boolean } | undefined {
    const settled = !this.timer && !this.fillTimer && !this.fetching && this.rendered?.version === this.version;
    return this.rendered && { ...this.rendered, settled };
  }

  reveal(): void {
    this.panel.webviewPanel.reveal(undefined, true);
  }

  dispose(): void {
    this.panel.dispose();
  }

  /** Renders now (the first time, and after the debounce of each change). */
  async render(): Promise<void> {
    const { names, uploads } = await this.sources.caches(this.ref);
    const schema = await this.sources.schema(this.ref);
    const result = modelOfText(this.document.getText(), {
      schema,
      lookups: cachedLookups(names, this.uploads, schema.imgixHost),
      words: previewWords(this.sources.t),
      uiLocale: this.sources.uiLocale,
      dirty: this.document.isDirty,
      version: ++this.version,
    });
    if ('invalid' in result) {
      const stale = this.sources.t('The text is not valid JSON ({0}): the preview shows it as it last was.', result.invalid);
      if (this.last) this.post({ ...this.last, version: this.version, dirty: this.document.isDirty, stale });
      return;
    }
    const { built } = result;
    this.fieldLines = result.fieldLines;
    this.last = built.model;
    this.panel.title = this.sources.t('Preview {0}', built.model.title);
    this.post(built.model);
    const records = built.unknownRecords.filter((id) => !this.asked.has(`r:${id}`));
    const files = built.unknownUploads.filter((id) => !this.asked.has(`u:${id}`));
    if (records.length || files.length) this.scheduleFill(records, files, names, uploads);
  }

  private post(model: PreviewModel): void {
    this.panel.post({ type: 'render', model });
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.render().catch((error: unknown) => this.sources.report(this.sources.t('Could not update the preview'), error));
    }, TYPING_DEBOUNCE_MS);
  }

  /** Names the ids no cache knew: one listing of records and one of uploads, then a render with them. */
  private scheduleFill(records: string[], files: string[], names: RecordNames, uploads: UploadNames): void {
    if (this.fillTimer) clearTimeout(this.fillTimer);
    this.fillTimer = setTimeout(() => {
      this.fillTimer = undefined;
      this.fetching = true;
      records.forEach((id) => this.asked.add(`r:${id}`));
      files.forEach((id) => this.asked.add(`u:${id}`));
      void Promise.all([
        names.resolve(records).catch(() => undefined),
        (files.length ? uploads.resolve(files) : Promise.resolve(new Map())).then(
          (found) => files.forEach((id) => this.uploads.set(id, found.get(id) ?? null)),
          () => undefined,
        ),
      ])
        .then(() => this.render())
        .catch(() => undefined)
        .finally(() => (this.fetching = false));
    }, FILL_AFTER_MS);
  }

  private async received(message: FromWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        if (this.last) this.post(this.last);
        else await this.render();
        return;
      case 'rendered':
        this.rendered = { version: message.version, text: message.text };
        return;
      case 'openRecord':
        await this.sources.openRecord(this.ref, message.id, (await this.sources.caches(this.ref)).names);
        return;
      case 'openLink':
        if (/^(https?|mailto):/i.test(message.url)) await vscode.env.openExternal(vscode.Uri.parse(message.url));
        return;
      case 'revealField':
        this.revealInEditor(message.field);
        return;
    }
  }

  /** The editor's top line names a field: the preview shows that field at its top. */
  private followEditor(editor: vscode.TextEditor): void {
    const top = editor.visibleRanges[0]?.start.line ?? 0;
    const at = [...this.fieldLines].reverse().find((entry) => entry.line <= top);
    if (at) this.panel.post({ type: 'reveal', field: at.key });
  }

  private revealInEditor(field: string): void {
    const at = this.fieldLines.find((entry) => entry.key === field);
    const editor = vscode.window.visibleTextEditors.find((e) => e.document === this.document);
    if (!at || !editor) return;
    const position = new vscode.Position(at.line, 0);
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.AtTop);
  }
}
