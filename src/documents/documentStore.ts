// What the `datocms:` file system remembers per document, without VS Code: the resource the editor's
// text was rendered from (the baseline of the next save) and a stat that moves only when the text the
// editor should show changes. VS Code compares stats to decide whether a file changed "on disk": our
// own reads must never look like that. (After a save, DatoDocuments puts the server's answer into the
// editor; the store only takes it as the new baseline.)
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
}

interface Entry extends DocumentStat {
  /** the baseline: what the editor's text was rendered from */
  document: OpenedDocument | undefined;
  /** text already fetched that the next read serves instead of fetching again */
  unread?: { bytes: Uint8Array; until: number };
  /** the read or write under way; stat waits for it so it reports the state that read/write leaves */
  busy?: Promise<unknown>;
}

/** How long fetched text may be served to a read that did not fetch it itself. */
const UNREAD_TTL_MS = 5_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class DocumentStore {
  /**
   * Kept for the whole session, also after an editor closes: a language change closes and reopens the
   * document without reading it again, and its baseline must survive that. Reopening reads it afresh.
   */
  private readonly entries = new Map<string, Entry>();

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
    return { ctime: entry.ctime, mtime: entry.mtime, size: entry.size };
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
    } finally {
      if (entry.busy === task) entry.busy = undefined;
    }
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

  private nextMtime(entry: Entry): number {
    return Math.max(Date.now(), entry.mtime + 1);
  }
}

function updatedAt(document: OpenedDocument): number | undefined {
  const value = document.resource.meta['updated_at'];
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? time : undefined;
}
