// What the `datocms:` file system remembers per document, without VS Code.
//
// The baseline of a document is the server state its editor's text was derived from: the partial update
// is the difference between the editor's text and the baseline, and a save is a conflict when the server
// moved away from it. The baseline changes only when the editor's text becomes a rendering the store
// handed out (first open, revert, reload after a save) — never because something read the file while the
// editor holds other text (a compare, a restored backup). After a save the user typed through, the
// baseline is the server's answer but its basis is the text that was saved, so the next save sends
// exactly what the user typed since.
//
// Stats tell the workbench when the file "changed on disk": a bump after a save reloads a clean editor
// with the server's answer, and a bump before a save whose remote moved makes the workbench offer its own
// Compare / Overwrite; every other stat repeats what the workbench already knows.
import type { OpenedDocument, SaveBasis } from './documentService';
import type { DocumentRef } from '../domain/paths';

export interface DocumentStat {
  ctime: number;
  mtime: number;
  size: number;
}

/** What a save builds on: the server state (ids, version, schema context) and the text the editor derives from. */
export type Baseline = SaveBasis;

export type WriteResult = { status: 'unchanged' } | { status: 'saved'; document: OpenedDocument; basisText: string };

export interface DocumentStoreHooks {
  /** Fetches and renders a document (by `id` when known: the api_key in the path may be outdated). */
  open(key: string, ref: DocumentRef, id: string | undefined): Promise<OpenedDocument>;
  /** The current remote when it moved away from `baseline` (undefined when it did not). */
  remoteMoved(baseline: OpenedDocument): Promise<OpenedDocument | undefined>;
  /**
   * Asked before the check that precedes a save reads the remote (the user's confirmations come before any
   * request); false = the save was declined: nothing is read, and the write refuses.
   */
  mayCheck(key: string, text: string, baseline: Baseline): Promise<boolean>;
  /**
   * Sends the difference between `text` and the baseline; `overwrite` is the remote state the user chose
   * to overwrite (their changed keys go on top of it). Throws (the editor stays dirty) on failure; a
   * ConflictError carries the remote that moved.
   */
  save(key: string, text: string, baseline: Baseline, overwrite: OpenedDocument | undefined, checked: boolean): Promise<WriteResult>;
  /** A baseline kept from an earlier session for an editor restored from a backup. */
  restore(key: string, ref: DocumentRef): Promise<Baseline | undefined>;
  /** Keeps the baseline for a later session (undefined = forget it). */
  persist(key: string, baseline: Baseline | undefined): void;
}

/** The remote moved away from the baseline: the save was not sent. */
export class ConflictError extends Error {
  constructor(
    readonly remote: OpenedDocument,
    message: string,
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** The document was deleted in DatoCMS: its editor keeps the text, and nothing is ever written back. */
export class DeletedDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeletedDocumentError';
  }
}

interface Entry extends DocumentStat {
  /** set once the resource was deleted in DatoCMS: the message every later save is refused with */
  deleted?: string;
  /** renderings handed to reads, newest last: the texts an editor can be showing untouched */
  served: OpenedDocument[];
  baseline?: Baseline;
  /** the remote found moved before a save; the next write reaching us is the user's Overwrite */
  conflict?: OpenedDocument;
  /** the user asked to overwrite: the check before the next write lets it through */
  overwriteRequested?: boolean;
  /** text already fetched that the next read serves instead of fetching again */
  unread?: { bytes: Uint8Array; until: number };
  /** the read, write or check under way; others wait for it */
  busy?: Promise<unknown>;
  /** set just before the workbench writes: the text about to be saved, checked at the stats that precede it */
  pendingSave?: { text: string; at: number; check?: Promise<void> };
  /** the remote was found unchanged by the check before this write */
  checked?: boolean;
  /** the text of the last successful write */
  written?: string;
  /** sizes stats have reported: the workbench may know any of them */
  sizesReported: Set<number>;
}

/** How long fetched text may be served to a read that did not fetch it itself. */
const UNREAD_TTL_MS = 5_000;
/** A pending save older than this is stale (the workbench did not write after all). */
const PENDING_SAVE_TTL_MS = 10_000;
const MAX_SERVED = 3;

const encoder = new TextEncoder();

export class DocumentStore {
  /** Kept for the whole session: a language change closes and reopens a document without reading it again. */
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly hooks: DocumentStoreHooks) {}

  /** The baseline of a document (for diagnostics, compare and overwrite). */
  baseline(key: string): Baseline | undefined {
    return this.entries.get(key)?.baseline;
  }

  /** The remote state a conflict was found with, while the user has not resolved it. */
  conflict(key: string): OpenedDocument | undefined {
    return this.entries.get(key)?.conflict;
  }

  /**
   * The editor shows `text`: when it is a rendering this store handed out, that rendering becomes the
   * baseline. Returns whether the baseline is known for this text.
   */
  adopt(key: string, text: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (entry.baseline?.basisText === text) return true;
    for (let i = entry.served.length - 1; i >= 0; i--) {
      const served = entry.served[i]!;
      if (served.text.length === text.length && served.text === text) {
        this.setBaseline(key, entry, { opened: served, basisText: served.text });
        if (i === entry.served.length - 1) entry.conflict = undefined;
        return true;
      }
    }
    return false;
  }

  /** Whether a text of this length could be a rendering this store handed out (a cheap test before adopt). */
  mayAdopt(key: string, length: number): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && (entry.baseline?.basisText.length === length || entry.served.some((s) => s.text.length === length));
  }

  /** Finds the baseline of an editor restored from a backup (kept from the session that opened it). */
  async restoreBaseline(key: string, ref: DocumentRef, text: string): Promise<Baseline | undefined> {
    if (this.adopt(key, text)) return this.baseline(key);
    const entry = this.entries.get(key);
    if (entry?.baseline) return entry.baseline;
    const restored = await this.hooks.restore(key, ref).catch(() => undefined);
    if (!restored) return undefined;
    const current = this.entry(key);
    current.baseline ??= restored;
    return current.baseline;
  }

  /** The workbench is about to save `text`: the next stat is the one it checks before writing. */
  willSave(key: string, text: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.pendingSave = { text, at: Date.now() };
  }

  /** Forgets a document whose editor closed clean (its baseline need not survive a restart). */
  closed(key: string, text: string): void {
    const entry = this.entries.get(key);
    if (entry?.baseline && entry.baseline.basisText === text) this.hooks.persist(key, undefined);
  }

  /**
   * The resource was deleted in DatoCMS: every later save of this document is refused with `message`,
   * before any request (the editor keeps its text; Save As… still copies it elsewhere).
   */
  markDeleted(key: string, message: string): void {
    this.entry(key).deleted = message;
  }

  isDeleted(key: string): boolean {
    return this.entries.get(key)?.deleted !== undefined;
  }

  async stat(key: string, ref: DocumentRef): Promise<DocumentStat> {
    let entry = await this.idle(key);
    // No check against the server (it would only find the resource gone): the write refuses.
    if (entry?.deleted !== undefined) return { ctime: entry.ctime, mtime: entry.mtime, size: entry.size };
    if (!entry) {
      // First sight of this document: fetch it now (a missing one fails here) and keep the text for the
      // read that follows.
      await this.load(key, ref, true);
      entry = this.entries.get(key);
      if (!entry) throw new Error(`The ${ref.kind} at ${key} could not be loaded.`);
    }
    const pending = entry.pendingSave;
    if (pending && Date.now() - pending.at < PENDING_SAVE_TTL_MS) {
      // A stat between "about to save" and the write: the workbench checks the last one before writing. A
      // newer time makes it offer its own Compare / Overwrite; time 0 lets the write through, whatever
      // the workbench last saw. The check runs once per save.
      pending.check ??= this.run(entry, this.checkBeforeSave(key, ref, entry, pending.text));
      await pending.check;
      // The workbench sees a newer file only when the time AND the size differ from what it knows
      // (same size, newer time passes as a touch), so a conflict reports a size it has never seen.
      if (entry.conflict && !entry.overwriteRequested) return { ctime: entry.ctime, mtime: entry.mtime, size: this.unseenSize(entry) };
      return { ctime: entry.ctime, mtime: 0, size: entry.size };
    }
    return this.reported(entry, { ctime: entry.ctime, mtime: entry.mtime, size: entry.size });
  }

  private reported(entry: Entry, stat: DocumentStat): DocumentStat {
    entry.sizesReported.add(stat.size);
    return stat;
  }

  private unseenSize(entry: Entry): number {
    let size = entry.size;
    while (entry.sizesReported.has(size)) size++;
    return size;
  }

  /** The user chose to overwrite: the next save sends their changed keys on top of the current remote. */
  async prepareOverwrite(key: string, ref: DocumentRef): Promise<void> {
    const entry = (await this.idle(key)) ?? this.entry(key);
    if (!entry.conflict) {
      const remote = await this.run(entry, this.hooks.open(key, ref, entry.baseline?.opened.resource.id));
      this.noteServed(entry, remote);
      entry.conflict = remote;
    }
    entry.overwriteRequested = true;
  }

  async read(key: string, ref: DocumentRef): Promise<Uint8Array> {
    const entry = await this.idle(key);
    if (entry?.unread && entry.unread.until >= Date.now()) {
      const { bytes } = entry.unread;
      entry.unread = undefined;
      return bytes;
    }
    return this.load(key, ref, false);
  }

  /** Reads an opened document again (DatoCMS changed it): the next read serves the new text. */
  async reload(key: string, ref: DocumentRef): Promise<void> {
    if (await this.idle(key)) await this.load(key, ref, true);
  }

  /** Saves `text`. Throws (the editor stays dirty, the baseline does not move) when nothing was saved. */
  async write(key: string, ref: DocumentRef, text: string, byteLength: number): Promise<WriteResult> {
    let entry = await this.idle(key);
    if (!entry) {
      await this.load(key, ref, false);
      entry = this.entry(key);
    }
    if (entry.deleted !== undefined) throw new DeletedDocumentError(entry.deleted);
    const current = entry;
    current.pendingSave = undefined;
    const overwriteRequested = current.overwriteRequested === true;
    current.overwriteRequested = undefined;
    const task = (async (): Promise<WriteResult> => {
      if (!overwriteRequested && this.adopt(key, text) && current.baseline?.basisText === text && !current.conflict)
        return { status: 'unchanged' };
      const baseline = current.baseline ?? (await this.restoreBaseline(key, ref, text));
      const overwrite = current.conflict;
      if (!baseline && !overwrite) {
        // Nothing tells what this text was derived from (a restored editor): compare with the server first.
        const remote = await this.hooks.open(key, ref, undefined);
        this.noteServed(current, remote);
        if (remote.text === text) {
          this.setBaseline(key, current, { opened: remote, basisText: text });
          return { status: 'unchanged' };
        }
        throw this.conflictFound(current, remote);
      }
      const checked = current.checked === true;
      current.checked = undefined;
      try {
        const result = await this.hooks.save(key, text, baseline ?? { opened: overwrite!, basisText: overwrite!.text }, overwrite, checked);
        // The editor reloads with the rendering when it still holds this text (see refreshAfterSave).
        current.written = text;
        if (result.status === 'saved') {
          current.conflict = undefined;
          this.noteServed(current, result.document);
          this.setBaseline(key, current, { opened: result.document, basisText: result.basisText });
          // The workbench stats right after writing and keeps that stat: it describes what it wrote.
          current.size = byteLength;
          current.mtime = Math.max(Date.now(), current.mtime + 1);
        }
        return result;
      } catch (error) {
        if (error instanceof ConflictError) this.conflictFound(current, error.remote);
        throw error;
      }
    })();
    return this.run(current, task);
  }

  /**
   * After a save the workbench still shows the text it wrote. When the editor holds exactly that text
   * (the user did not type meanwhile), the store reports a newer file so the workbench reloads the clean
   * editor with the server's answer. Returns whether it should be told the file changed.
   */
  refreshAfterSave(key: string, editorText: string): boolean {
    const entry = this.entries.get(key);
    const baseline = entry?.baseline;
    if (!entry || !baseline || entry.written !== editorText) return false;
    entry.written = undefined;
    if (baseline.opened.text === editorText) return false;
    const bytes = encoder.encode(baseline.opened.text);
    entry.unread = { bytes, until: Date.now() + UNREAD_TTL_MS };
    entry.size = bytes.byteLength;
    entry.mtime = Math.max(Date.now(), entry.mtime + 1);
    return true;
  }

  /**
   * The record changed on DatoCMS through the extension itself (a restored version), `document` being its new
   * state. An editor without unsaved changes reloads with it; an editor with unsaved changes keeps its text
   * and baseline, so its next save meets the change as a conflict. Returns whether to tell the workbench.
   */
  remoteChanged(key: string, document: OpenedDocument, editorIsDirty: boolean): boolean {
    const entry = this.entries.get(key);
    if (!entry || editorIsDirty) return false;
    this.noteServed(entry, document);
    const bytes = encoder.encode(document.text);
    entry.unread = { bytes, until: Date.now() + UNREAD_TTL_MS };
    entry.size = bytes.byteLength;
    entry.mtime = Math.max(Date.now(), entry.mtime + 1);
    return true;
  }

  private async checkBeforeSave(key: string, ref: DocumentRef, entry: Entry, text: string): Promise<void> {
    entry.checked = undefined;
    const baseline = await this.restoreBaseline(key, ref, text);
    if (entry.conflict) return; // already known: only an Overwrite gets through to the write
    if (baseline?.basisText === text) return; // nothing to send
    try {
      if (baseline) {
        if (!(await this.hooks.mayCheck(key, text, baseline))) return;
        const moved = await this.hooks.remoteMoved(baseline.opened);
        if (moved) this.conflictFound(entry, moved);
        else entry.checked = true;
        return;
      }
      const remote = await this.hooks.open(key, ref, undefined);
      this.noteServed(entry, remote);
      if (remote.text !== text) this.conflictFound(entry, remote);
    } catch {
      // The check could not run (offline…): the write decides, and reports what went wrong.
    }
  }

  private conflictFound(entry: Entry, remote: OpenedDocument): ConflictError {
    entry.conflict = remote;
    this.noteServed(entry, remote);
    entry.unread = undefined;
    entry.size = encoder.encode(remote.text).byteLength;
    entry.mtime = Math.max(Date.now(), entry.mtime + 1);
    return new ConflictError(remote, 'The document changed on DatoCMS since it was opened.');
  }

  /** Fetches the document (by the baseline's id when there is one); the baseline stays where it is. */
  private async load(key: string, ref: DocumentRef, keepUnread: boolean): Promise<Uint8Array> {
    const entry = this.entry(key);
    const id = entry.baseline?.opened.resource.id ?? entry.served.at(-1)?.resource.id;
    const task = this.hooks.open(key, ref, id);
    try {
      const document = await this.run(entry, task);
      const bytes = encoder.encode(document.text);
      if (entry.served.at(-1)?.text !== document.text) {
        entry.size = bytes.byteLength;
        entry.mtime = Math.max(updatedAt(document) ?? Date.now(), entry.mtime + 1);
      }
      this.noteServed(entry, document);
      entry.unread = keepUnread ? { bytes, until: Date.now() + UNREAD_TTL_MS } : undefined;
      return bytes;
    } catch (error) {
      if (entry.served.length === 0 && !entry.baseline) this.entries.delete(key);
      throw error;
    }
  }

  private noteServed(entry: Entry, document: OpenedDocument): void {
    if (entry.served.at(-1)?.text === document.text) entry.served[entry.served.length - 1] = document;
    else entry.served.push(document);
    if (entry.served.length > MAX_SERVED) entry.served.splice(0, entry.served.length - MAX_SERVED);
  }

  private setBaseline(key: string, entry: Entry, baseline: Baseline): void {
    entry.baseline = baseline;
    this.hooks.persist(key, baseline);
  }

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { served: [], ctime: Date.now(), mtime: 0, size: 0, sizesReported: new Set() };
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Waits for the operation under way on the document, if any. */
  private async idle(key: string): Promise<Entry | undefined> {
    for (let entry = this.entries.get(key); entry?.busy; entry = this.entries.get(key)) {
      await entry.busy.catch(() => undefined);
    }
    return this.entries.get(key);
  }

  private async run<T>(entry: Entry, task: Promise<T>): Promise<T> {
    entry.busy = task;
    try {
      return await task;
    } finally {
      if (entry.busy === task) entry.busy = undefined;
    }
  }
}

function updatedAt(document: OpenedDocument): number | undefined {
  const value = document.resource.meta['updated_at'];
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? time : undefined;
}
