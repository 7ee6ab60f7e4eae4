// What a render knows about other resources without asking: linked records' titles and uploads, from the caches
// the extension keeps. What it does not know is noted, to be fetched once, in one batch, after typing pauses.
import type { FileView, RecordRef } from '../../webviews/preview/protocol';

interface RecordFacts {
  title: string;
  status: string | null;
  modelName: string;
}

export interface UploadFacts {
  filename: string;
  isImage: boolean;
  url: string | null;
}

export interface Lookups {
  /** a record's facts; null: no such record; undefined: not known yet */
  record(id: string): RecordFacts | null | undefined;
  upload(id: string): UploadFacts | null | undefined;
  imgixHost: string | undefined;
}

/** The lookups of one render, and the ids it could not name. */
export class RenderLookups {
  readonly unknownRecords = new Set<string>();
  readonly unknownUploads = new Set<string>();

  constructor(private readonly lookups: Lookups) {}

  record(id: string): RecordRef {
    const facts = this.lookups.record(id);
    if (facts === undefined) this.unknownRecords.add(id);
    if (!facts) return { id, title: id, ...(facts === null ? { missing: true } : {}) };
    return { id, title: facts.title, status: facts.status, modelName: facts.modelName };
  }

  file(value: Record<string, unknown>): FileView | undefined {
    const uploadId = value['upload_id'];
    if (typeof uploadId !== 'string') return undefined;
    const facts = this.lookups.upload(uploadId);
    if (facts === undefined) this.unknownUploads.add(uploadId);
    const text = (key: string) => (typeof value[key] === 'string' && value[key] !== '' ? value[key] : undefined);
    const thumbnail = facts?.isImage ? cdnThumbnail(facts.url, this.lookups.imgixHost) : undefined;
    return {
      uploadId,
      ...(thumbnail ? { thumbnail } : {}),
      ...(facts ? { filename: facts.filename } : {}),
      ...(text('alt') ? { alt: text('alt')! } : {}),
      ...(text('title') ? { title: text('title')! } : {}),
    };
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The image CDN's origin (`https://<imgix_host>`), the only place the preview loads images from. */
export function cdnOrigin(imgixHost: string | undefined): string | undefined {
  if (!imgixHost || !/^[a-z0-9.-]+(:\d+)?$/i.test(imgixHost)) return undefined;
  return `${LOOPBACK.has(imgixHost.split(':')[0]!) ? 'http' : 'https'}://${imgixHost}`;
}

/** A small rendition of an upload on the project's image CDN (its path on `imgix_host`), never the original. */
function cdnThumbnail(url: string | null, imgixHost: string | undefined): string | undefined {
  const origin = cdnOrigin(imgixHost);
  if (!url || !origin) return undefined;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const thumbnail = new URL(path, origin);
  thumbnail.search = 'w=320&h=240&fit=max&auto=format';
  return thumbnail.toString();
}
