// What the `datocms:` file system remembers per document, without VS Code: the resource the editor's
// text was rendered from (the baseline of the next save) and a stat that moves only when the text the
// editor should show changes. VS Code compares stats to decide whether a file changed "on disk": our
// own reads must never look like that, and after a save the editor must reload the server's text.
import type { OpenedDocument } from './documentService';
import type { DocumentRef } from './paths';

export interface DocumentStat {
  ctime: number;
  mtime: number;
  size: number;
}

export interface DocumentStoreHooks {
  /** Fetches and renders a document (by `id` when known: the api_key in the path may be outdated). */
  open(key: string, ref: DocumentRef, id: string | undefined): Promise<OpenedDocument>;
  /** Saves text over the baseline; undefined = nothing changed. Throws (the editor stays dirty) on failure. */
  save(key: string, text: string, opened: OpenedDocument): Promise<OpenedDocument | undefined>;
  /** Announces that the document's content changed (a file change event). */
  changed(key: string): void;
  /** Whether the editor holds unsaved changes of the document. */
  isDirty(key: string): boolean;
}

interface Entry extends DocumentStat {
  /** the baseline: what the editor's text was rendered from */
  document: OpenedDocument | undefined;
  /** text already fetched that the next read serves instead of fetching again */
  unread?: { bytes: Uint8Array; until: number };
  /** the read or write under way; stat waits for it so it reports the state that read/write leaves */
  busy?: Promise<unknown>;
  /** after a save whose server text differs from what was written: see scheduleReload */
  reloadAfterStat?: () => void;
}

/** How long fetched text may be served to a read that did not fetch it itself. */
const UNREAD_TTL_MS = 5_000;
/** Wait after VS Code's post-save stat before announcing the server's text (lets the save finish). */
const RELOAD_DELAY_MS = 100;
/** If VS Code never stats after a save, announce the server's text anyway after this. */
const RELOAD_FALLBACK_MS = 1_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class DocumentStore {
  /**
   * Kept for the whole session, also after an editor closes: a language change closes and reopens the
   * document without reading it again, and its baseline must survive that. Reopening reads it afresh.
   */
  private readonly entries = new Map<string, Entry>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly hooks: DocumentStoreHooks) {}

  /** The baseline of a document (for diagnostics, compare and overwrite). */
  opened(key: string): OpenedDocument | undefined {
    return this.entries.get(key)?.document;
  }

  async stat(key: string, ref: DocumentRef): Promise<DocumentStat> {
    let entry = this.entries.get(key);
    if (entry?.busy) {
      await entry.busy.catch(() => undefined);
      entry = this.entries.get(key);
    }
    if (!entry) {
      // First sight of this document: fetch it now (a missing one fails here) and keep the text for the
      // read that follows.
      await this.load(key, ref, true);
      entry = this.entries.get(key);
      if (!entry) throw new Error(`The ${ref.kind} at ${key} could not be loaded.`);
    }
    const stat = { ctime: entry.ctime, mtime: entry.mtime, size: entry.size };
    const reload = entry.reloadAfterStat;
    if (reload) {
      entry.reloadAfterStat = undefined;
      this.later(RELOAD_DELAY_MS, reload);
    }
    return stat;
  }

  async read(key: string, ref: DocumentRef): Promise<Uint8Array> {
    const busy = this.entries.get(key)?.busy;
    if (busy) await busy.catch(() => undefined);
    const entry = this.entries.get(key);
    if (entry?.unread && entry.unread.until >= Date.now()) {
      const { bytes } = entry.unread;
      entry.unread = undefined;
      return bytes;
    }
    return this.load(key, ref, false);
  }

  async write(key: string, ref: DocumentRef, content: Uint8Array): Promise<void> {
    // An editor restored from a backup (hot exit) was never read: its baseline is the current remote.
    if (!this.entries.get(key)?.document) await this.load(key, ref, false);
    const entry = this.entries.get(key);
    const opened = entry?.document;
    if (!entry || !opened) throw new Error(`The ${ref.kind} at ${key} could not be loaded.`);
    const text = decoder.decode(content);
    const task = this.hooks.save(key, text, opened);
    entry.busy = task;
    try {
      const saved = await task;
      // VS Code stats right after writing and keeps that stat: it must describe what it wrote.
      entry.size = content.byteLength;
      if (!saved) return; // nothing was sent; the editor just becomes clean
      entry.document = saved;
      entry.mtime = this.nextMtime(entry);
      if (saved.text !== text) this.scheduleReload(key, entry, encoder.encode(saved.text));
    } finally {
      if (entry.busy === task) entry.busy = undefined;
    }
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Fetches the document (by the baseline's id when there is one) and takes it as the new baseline. */
  private async load(key: string, ref: DocumentRef, keepUnread: boolean): Promise<Uint8Array> {
    const previous = this.entries.get(key);
    const task = this.hooks.open(key, ref, previous?.document?.resource.id);
    const entry: Entry = previous ?? { document: undefined, ctime: Date.now(), mtime: 0, size: 0 };
    entry.busy = task;
    this.entries.set(key, entry);
    try {
      const document = await task;
      const bytes = encoder.encode(document.text);
      if (entry.document?.text !== document.text) {
        entry.size = bytes.byteLength;
        entry.mtime = Math.max(updatedAt(document) ?? Date.now(), entry.mtime + 1);
      }
      entry.document = document;
      entry.unread = keepUnread ? { bytes, until: Date.now() + UNREAD_TTL_MS } : undefined;
      return bytes;
    } catch (error) {
      if (!entry.document) this.entries.delete(key);
      throw error;
    } finally {
      if (entry.busy === task) entry.busy = undefined;
    }
  }

  /**
   * Makes the editor show the text the server returned. VS Code stats the file right after a save and
   * keeps that stat; on a change event it reloads only if a later stat differs. So the post-save stat
   * still describes what was written, and only after it does the stat move to the server's text.
   */
  private scheduleReload(key: string, entry: Entry, serverBytes: Uint8Array): void {
    let done = false;
    const reload = () => {
      if (done) return;
      done = true;
      entry.reloadAfterStat = undefined;
      // The user typed on since: VS Code would not reload, and a moved stat would make their next save
      // look like a conflict with the disk. Their text stays; the next save diffs it against the server's.
      if (this.hooks.isDirty(key)) return;
      entry.size = serverBytes.byteLength;
      entry.mtime = this.nextMtime(entry);
      entry.unread = { bytes: serverBytes, until: Date.now() + UNREAD_TTL_MS };
      this.hooks.changed(key);
    };
    entry.reloadAfterStat = reload;
    this.later(RELOAD_FALLBACK_MS, reload);
  }

  private nextMtime(entry: Entry): number {
    return Math.max(Date.now(), entry.mtime + 1);
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }
}

function updatedAt(document: OpenedDocument): number | undefined {
  const value = document.resource.meta['updated_at'];
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? time : undefined;
}
