// What the `datocms:` file system remembers per document, without VS Code: one DocumentSession per document,
// which the file system provider and the save command call directly.
//
// The baseline of a document is the server state its editor's text was derived from: the partial update
// is the difference between the editor's text and the baseline, and a save is a conflict when the server
// moved away from it. The baseline changes only when the editor's text becomes a rendering the session
// handed out (first open, revert, reload after a save) — never because something read the file while the
// editor holds other text (a compare, a restored backup). After a save the user typed through, the
// baseline is the server's answer but its basis is the text that was saved, so the next save sends
// exactly what the user typed since.
//
// Stats tell the workbench when the file "changed on disk": a bump after a save reloads a clean editor
// with the server's answer. A conflict is never reported through stats (the workbench would offer its own
// "file is newer" dialog): it is a save result, which the save command turns into its own question.
import type { DocumentRef } from '../domain/paths';
import type { DocumentHost } from './host';
import type { Baseline, DocumentStat, OpenedDocument, SaveRequest, SaveResult } from './model';

export type { Baseline, DocumentStat } from './model';

/** How long fetched text may be served to a read that did not fetch it itself. */
const UNREAD_TTL_MS = 5_000;
/** A pending save older than this is stale (the workbench did not write after all). */
const PENDING_SAVE_TTL_MS = 10_000;
const MAX_SERVED = 3;

const encoder = new TextEncoder();

/** One document: its baseline, the renderings handed out, its stats, and its saves (one at a time). */
export class DocumentSession {
  /** set once the resource was deleted in DatoCMS: every later save is refused */
  deletedMessage?: string;
  /** the remote found moved at the last save, while the user has not resolved it (Overwrite sends on top of it) */
  conflict?: OpenedDocument;
  private baselineNow?: Baseline;
  /** renderings handed to reads, newest last: the texts an editor can be showing untouched */
  private served: OpenedDocument[] = [];
  /** text already fetched that the next read serves instead of fetching again */
  private unread?: { bytes: Uint8Array; until: number };
  /** the end of the last read or save: they run one at a time, in the order they were asked */
  private tail: Promise<unknown> = Promise.resolve();
  /** set just before the workbench writes: the stat that precedes the write lets it through */
  private pendingSave?: number;
  /** the text of the last successful save */
  private written?: string;
  private readonly ctime = Date.now();
  private mtime = 0;
  private size = 0;

  constructor(
    readonly key: string,
    private readonly host: Pick<DocumentHost, 'open' | 'save' | 'restore' | 'persist'>,
  ) {}

  /** The server state the editor's text derives from (for diagnostics, compare and overwrite). */
  get baseline(): Baseline | undefined {
    return this.baselineNow;
  }

  /** Whether the session has read the document (or knows its baseline). */
  get known(): boolean {
    return this.served.length > 0 || this.baselineNow !== undefined;
  }

  /**
   * The editor shows `text`: when it is a rendering this session handed out, that rendering becomes the
   * baseline. Returns whether the baseline is known for this text.
   */
  adopt(text: string): boolean {
    if (this.baselineNow?.basisText === text) return true;
    for (let i = this.served.length - 1; i >= 0; i--) {
      const served = this.served[i]!;
      if (served.text.length === text.length && served.text === text) {
        this.setBaseline({ opened: served, basisText: served.text });
        if (i === this.served.length - 1) this.conflict = undefined;
        return true;
      }
    }
    return false;
  }

  /** Whether a text of this length could be a rendering this session handed out (a cheap test before adopt). */
  mayAdopt(length: number): boolean {
    return this.baselineNow?.basisText.length === length || this.served.some((s) => s.text.length === length);
  }

  /** Whether saving `text` has nothing to send: it is what the baseline derives from. */
  isSaved(text: string): boolean {
    return this.adopt(text) && this.baselineNow?.basisText === text;
  }

  /** Finds the baseline of an editor restored from a backup (kept from the session that opened it). */
  async restoreBaseline(ref: DocumentRef, text: string): Promise<Baseline | undefined> {
    if (this.adopt(text) || this.baselineNow) return this.baselineNow;
    const restored = await this.host.restore(this.key, ref).catch(() => undefined);
    this.baselineNow ??= restored;
    return this.baselineNow;
  }

  /** The workbench is about to write: the stat it makes first must not look newer than what it knows. */
  willSave(): void {
    this.pendingSave = Date.now();
  }

  /** The editor closed with `text`: a clean one's baseline need not survive a restart. */
  closed(text: string): void {
    if (this.baselineNow?.basisText === text) this.host.persist(this.key, undefined);
  }

  /** The resource was deleted in DatoCMS: every later save is refused before any request (the editor keeps its text). */
  markDeleted(message: string): void {
    this.deletedMessage = message;
  }

  stat(ref: DocumentRef): Promise<DocumentStat> {
    return this.exclusive(async () => {
      // First sight of this document: fetch it now (a missing one fails here) and keep the text for the read that
      // follows. A deleted one is not fetched (it would only be found gone): its saves are refused.
      if (!this.known && this.deletedMessage === undefined) await this.load(ref, true);
      // Time 0 lets the write that follows through, whatever the workbench last saw.
      const writing = this.pendingSave !== undefined && Date.now() - this.pendingSave < PENDING_SAVE_TTL_MS;
      return { ctime: this.ctime, mtime: writing ? 0 : this.mtime, size: this.size };
    });
  }

  read(ref: DocumentRef): Promise<Uint8Array> {
    return this.exclusive(async () => {
      if (this.unread && this.unread.until >= Date.now()) {
        const { bytes } = this.unread;
        this.unread = undefined;
        return bytes;
      }
      return this.load(ref, false);
    });
  }

  /** Reads an opened document again (DatoCMS changed it): the next read serves the new text. */
  reload(ref: DocumentRef): Promise<void> {
    return this.exclusive(async () => {
      if (this.known) await this.load(ref, true);
    });
  }

  /**
   * Saves `text`: the difference from the baseline, or from `request.overwrite` (the remote the user chose to
   * overwrite). Never throws. The baseline moves only when the server accepted the save.
   */
  save(ref: DocumentRef, text: string, request: SaveRequest): Promise<SaveResult> {
    return this.exclusive(async () => {
      this.pendingSave = undefined;
      if (this.deletedMessage !== undefined) return { status: 'deleted' };
      return this.send(ref, text, request);
    });
  }

  private async send(ref: DocumentRef, text: string, request: SaveRequest): Promise<SaveResult> {
    if (!request.overwrite && this.isSaved(text)) return { status: 'unchanged' };
    const baseline = await this.restoreBaseline(ref, text);
    const { overwrite } = request;
    if (!baseline && !overwrite) {
      // Nothing tells what this text was derived from (a restored editor): compare with the server first.
      let remote: OpenedDocument;
      try {
        remote = await this.host.open(this.key, ref, undefined);
      } catch (error) {
        return { status: 'failed', error, text };
      }
      this.noteServed(remote);
      if (remote.text !== text) return this.conflictFound(remote, text);
      this.setBaseline({ opened: remote, basisText: text });
      return { status: 'unchanged' };
    }
    const basis = baseline ?? { opened: overwrite!, basisText: overwrite!.text };
    const result = await this.host.save(this.key, text, basis, request);
    if (result.status === 'saved') {
      // The editor reloads with the rendering when it still holds this text (see refreshAfterSave).
      this.written = text;
      this.conflict = undefined;
      this.noteServed(result.document);
      this.setBaseline({ opened: result.document, basisText: text });
      // The workbench stats right after writing and keeps that stat: it describes what was written.
      this.size = encoder.encode(text).byteLength;
      this.bump();
    } else if (result.status === 'conflict') {
      this.conflictFound(result.remote, text);
    }
    return result;
  }

  /**
   * After a save the workbench still shows the text it wrote. When the editor holds exactly that text
   * (the user did not type meanwhile), the session reports a newer file so the workbench reloads the clean
   * editor with the server's answer. Returns whether it should be told the file changed.
   */
  refreshAfterSave(editorText: string): boolean {
    const baseline = this.baselineNow;
    if (!baseline || this.written !== editorText) return false;
    this.written = undefined;
    if (baseline.opened.text === editorText) return false;
    this.serveNext(baseline.opened.text);
    return true;
  }

  /**
   * The record changed on DatoCMS through the extension itself (a restored version), `document` being its new
   * state. An editor without unsaved changes reloads with it; an editor with unsaved changes keeps its text
   * and baseline, so its next save meets the change as a conflict. Returns whether to tell the workbench.
   */
  remoteChanged(document: OpenedDocument, editorIsDirty: boolean): boolean {
    if (!this.known || editorIsDirty) return false;
    this.noteServed(document);
    this.serveNext(document.text);
    return true;
  }

  private conflictFound(remote: OpenedDocument, text: string): SaveResult {
    this.conflict = remote;
    this.noteServed(remote);
    this.unread = undefined;
    return { status: 'conflict', remote, text };
  }

  /** The next read serves `text` without fetching, and the stat says the file is newer. */
  private serveNext(text: string): void {
    const bytes = encoder.encode(text);
    this.unread = { bytes, until: Date.now() + UNREAD_TTL_MS };
    this.size = bytes.byteLength;
    this.bump();
  }

  private bump(): void {
    this.mtime = Math.max(Date.now(), this.mtime + 1);
  }

  /** Fetches the document (by the baseline's id when there is one); the baseline stays where it is. */
  private async load(ref: DocumentRef, keepUnread: boolean): Promise<Uint8Array> {
    const id = this.baselineNow?.opened.resource.id ?? this.served.at(-1)?.resource.id;
    const document = await this.host.open(this.key, ref, id);
    const bytes = encoder.encode(document.text);
    if (this.served.at(-1)?.text !== document.text) {
      this.size = bytes.byteLength;
      this.mtime = Math.max(updatedAt(document) ?? Date.now(), this.mtime + 1);
    }
    this.noteServed(document);
    this.unread = keepUnread ? { bytes, until: Date.now() + UNREAD_TTL_MS } : undefined;
    return bytes;
  }

  private noteServed(document: OpenedDocument): void {
    if (this.served.at(-1)?.text === document.text) this.served[this.served.length - 1] = document;
    else this.served.push(document);
    if (this.served.length > MAX_SERVED) this.served.splice(0, this.served.length - MAX_SERVED);
  }

  private setBaseline(baseline: Baseline): void {
    this.baselineNow = baseline;
    this.host.persist(this.key, baseline);
  }

  /** Runs `task` once the reads and saves asked before it are done. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

/** The sessions of every document touched in this window, by URI. */
export class DocumentStore {
  /** Kept for the whole window: a language change closes and reopens a document without reading it again. */
  private readonly sessions = new Map<string, DocumentSession>();

  constructor(private readonly host: Pick<DocumentHost, 'open' | 'save' | 'restore' | 'persist'>) {}

  /** The document's session, made on first use. */
  session(key: string): DocumentSession {
    let session = this.sessions.get(key);
    if (!session) this.sessions.set(key, (session = new DocumentSession(key, this.host)));
    return session;
  }

  /** The document's session when it was touched. */
  get(key: string): DocumentSession | undefined {
    return this.sessions.get(key);
  }

  /** The baseline of a document (for diagnostics, compare and overwrite). */
  baseline(key: string): Baseline | undefined {
    return this.sessions.get(key)?.baseline;
  }
}

function updatedAt(document: OpenedDocument): number | undefined {
  const value = document.resource.meta['updated_at'];
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? time : undefined;
}
