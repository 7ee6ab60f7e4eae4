// The upload cache: what is this upload id? (file name, size, dimensions, preview address), answered from
// memory when known, else with one `GET /uploads?filter[ids]=a,b,c` for every id asked in the same moment,
// never one per id; and the hover text that names an upload. No vscode import.
import type { UploadsResource } from '../cma';
import type { Resource } from '../cma';
import type { JSONDocument } from 'vscode-json-languageservice';
import { sizeInUnits, Upload } from '../domain/uploadViews';
import { altText, markdownText } from './markdown';
import { IDS_PER_REQUEST } from './names';
import { allReferences, type Reference, type ReferenceContext } from './references';

export interface UploadFacts {
  id: string;
  filename: string;
  /** bytes */
  size: number | null;
  width: number | null;
  height: number | null;
  isImage: boolean;
  mimeType: string | null;
  url: string | null;
}

export class UploadNames {
  private readonly known = new Map<string, UploadFacts | null>();
  private batch: { ids: Set<string>; done: Promise<Map<string, UploadFacts>> } | undefined;

  constructor(private readonly uploads: Pick<UploadsResource, 'list'>) {}

  /** Uploads whose file name or text matches `text` (any upload when it is empty), for completion; remembered. */
  async search(text: string, limit = 20): Promise<UploadFacts[]> {
    const query = text.trim();
    const page = await this.uploads.list({ ...(query ? { filter: { query } } : {}), page: { offset: 0, limit } });
    const found = page.data.map(uploadFacts);
    for (const facts of found) this.known.set(facts.id, facts);
    return found;
  }

  /** The uploads of `ids` that exist; the ids not known yet are fetched with every other id asked in this tick. */
  async resolve(ids: readonly string[]): Promise<Map<string, UploadFacts>> {
    const unknown = [...new Set(ids)].filter((id) => !this.known.has(id));
    if (unknown.length > 0) {
      const fetched = await this.enqueue(unknown);
      for (const id of unknown) if (!this.known.has(id)) this.known.set(id, fetched.get(id) ?? null);
    }
    const found = new Map<string, UploadFacts>();
    for (const id of ids) {
      const facts = this.known.get(id);
      if (facts) found.set(id, facts);
    }
    return found;
  }

  /** Forgets everything (the media area may have changed). */
  forget(): void {
    this.known.clear();
  }

  /** Adds `ids` to the batch that leaves at the end of this tick. */
  private enqueue(ids: readonly string[]): Promise<Map<string, UploadFacts>> {
    if (!this.batch) {
      const batchIds = new Set<string>();
      const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.batch = undefined;
        return this.fetch([...batchIds]);
      });
      this.batch = { ids: batchIds, done };
    }
    for (const id of ids) this.batch.ids.add(id);
    return this.batch.done;
  }

  private async fetch(ids: string[]): Promise<Map<string, UploadFacts>> {
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) chunks.push(ids.slice(i, i + IDS_PER_REQUEST));
    const pages = await Promise.all(chunks.map((chunk) => this.uploads.list({ filter: { ids: chunk }, page: { limit: chunk.length } })));
    return new Map(pages.flatMap((page) => page.data).map((upload) => [upload.id, uploadFacts(upload)]));
  }
}

export function uploadFacts(upload: Resource<'upload'>): UploadFacts {
  const mimeType = Upload.mimeType(upload) ?? null;
  return {
    id: upload.id,
    filename: Upload.filename(upload),
    size: Upload.size(upload) ?? null,
    width: Upload.width(upload) ?? null,
    height: Upload.height(upload) ?? null,
    isImage: Upload.saysImage(upload) ?? mimeType?.startsWith('image/') === true,
    mimeType,
    url: Upload.url(upload) ?? null,
  };
}

/** `734 KB`, `1.2 MB`: bytes in the units people read (1 KB = 1000 bytes, as DatoCMS's media area shows them). */
export function humanSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const { value, unit } = sizeInUnits(bytes);
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, '')} ${unit}`;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The address a hover may load the image from: https, or plain http only on this machine; on DatoCMS's
 * image CDN a small rendition rather than the original file. Undefined for anything else.
 */
export function previewAddress(url: string | null): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname))) return undefined;
  if (parsed.protocol === 'https:' && parsed.hostname.endsWith('datocms-assets.com')) {
    parsed.searchParams.set('w', '320');
    parsed.searchParams.set('h', '240');
    parsed.searchParams.set('fit', 'max');
  }
  // Parentheses and spaces would end a markdown link early.
  return parsed.toString().replace(/[() ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The hover text naming an upload: file name, size, dimensions, type, and a preview when it is an image. */
export function uploadMarkdown(facts: UploadFacts): string {
  const parts = [`**${markdownText(facts.filename)}**`];
  if (facts.size !== null) parts.push(humanSize(facts.size));
  if (facts.isImage && facts.width !== null && facts.height !== null) parts.push(`${facts.width} × ${facts.height}`);
  if (facts.mimeType) parts.push(markdownText(facts.mimeType));
  const lines = [parts.join(' · ')];
  const preview = facts.isImage ? previewAddress(facts.url) : undefined;
  if (preview) lines.push(`![${altText(facts.filename)}](${preview})`);
  lines.push(`upload \`${facts.id}\``);
  return lines.join('\n\n');
}

/**
 * The upload an id of a document names (what its hover shows). Every upload id of the document is looked up
 * in the same request, so the next hovers need none.
 */
export async function describeUpload(
  uploads: UploadNames,
  json: JSONDocument,
  reference: Reference,
  context: ReferenceContext,
): Promise<UploadFacts | undefined> {
  const all = allReferences(json, context)
    .filter((r) => r.kind === 'upload')
    .map((r) => r.id);
  const [found] = await Promise.all([uploads.resolve([reference.id]), uploads.resolve(all)]);
  return found.get(reference.id);
}
