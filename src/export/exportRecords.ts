// Export every record of a model (with the Records node's filters, search, locale and version) to a
// JSON array file that can be trusted while colleagues keep editing:
//
// - Records are read oldest first (`_created_at_ASC,id_ASC`): an order no edit changes, where new records
//   land at the end. The user's sort is not used, as a record whose sort value changes mid-export could
//   jump over the read position and be missed.
// - Pages overlap and each must contain a record already read, else the read steps back
//   (src/export/anchoredPages.ts). So every record that existed for the whole export is in the file,
//   exactly once, whatever was created or deleted meanwhile.
// - When the pages showed that records before the read position changed, a second read compares the
//   file with DatoCMS: records created meanwhile are added at the end, records deleted meanwhile stay in
//   the file as they were, and both are reported by id.
// - Records are streamed to a new temporary file created exclusively, renamed over the target only when
//   complete (src/platform/host/files.ts): a failed or cancelled export leaves no file and never touches
//   an existing one. Misbehaving servers are stopped within a bounded number of requests.
import { stringifyLossless as losslessStringify } from '../numbers';
import { CancelledError } from '../cma';
import type { CmaClient } from '../cma';
import type { ItemQuery, Resource } from '../cma';
import { AnchoredRead } from './anchoredPages';
import { files } from '../platform/host';
import { itemQueryFor, type RecordQuery } from '../listing';

/** The order the export reads in: creation time, then id; neither changes when a record is edited. */
export const EXPORT_ORDER = '_created_at_ASC,id_ASC';
/** An export refuses a model (with its query) holding more records than this. */
const MAX_EXPORT_RECORDS = 1_000_000;

type ExportPhase = 'export' | 'check';

export interface ExportOptions {
  client: CmaClient;
  modelId: string;
  query?: RecordQuery;
  /** destination file */
  path: string;
  signal?: AbortSignal;
  /** records per request (2..500) */
  pageSize?: number;
  /** pages in flight (1..10) */
  concurrency?: number;
  maxRecords?: number;
  /** after each record: `done` of `total` records; phase 'check' while comparing the file with DatoCMS after changes */
  onProgress?: (done: number, total: number, phase: ExportPhase) => void;
}

export interface ExportResult {
  /** records in the file */
  count: number;
  /** in the file, but deleted on DatoCMS while exporting */
  deleted: string[];
  /** created on DatoCMS while exporting, after the read had passed their place: added at the end of the file */
  created: string[];
  /** records DatoCMS counted for the query when the export started, and when it ended */
  countAtStart: number;
  countAtEnd: number;
  /** records were still changing when the export finished: the lists above may miss the latest changes */
  stillChanging: boolean;
  /** page requests sent */
  requests: number;
}

export async function exportRecords(options: ExportOptions): Promise<ExportResult> {
  const { page: _page, ...itemQuery } = itemQueryFor(options.modelId, { ...options.query, order: undefined }, { offset: 0, limit: 0 });
  const query: ItemQuery = { ...itemQuery, order_by: EXPORT_ORDER };
  const signal = options.signal;
  const cancelled = () => new CancelledError('The export was cancelled.');
  if (signal?.aborted) throw cancelled();
  const read = (): AnchoredRead =>
    new AnchoredRead({
      fetchPage: (offset, limit, pageSignal) => options.client.items.list({ ...query, page: { offset, limit } }, { signal: pageSignal }),
      // 100 records a page, three in flight: near the speed of bigger pages, with less memory held.
      pageSize: options.pageSize ?? 100,
      concurrency: options.concurrency ?? 3,
      maxRecords: options.maxRecords ?? MAX_EXPORT_RECORDS,
      signal,
    });

  const file = await files.startWrite(options.path);
  try {
    let count = 0;
    const write = async (record: Resource<'item'>) => {
      await file.write(`${count === 0 ? '[\n' : ',\n'}${recordText(record)}`);
      count++;
    };

    const first = read();
    for await (const records of first.pages()) {
      for (const record of records) {
        await write(record);
        options.onProgress?.(count, Math.max(first.lastCount, count), 'export');
      }
    }
    let requests = first.requests;
    const deleted: string[] = [];
    const created: string[] = [];
    let stillChanging = false;
    let countAtEnd = first.lastCount;
    if (first.changedBehind) {
      const check = read();
      for await (const records of check.pages()) {
        for (const record of records) {
          if (first.seen.has(record.id)) continue;
          created.push(record.id);
          await write(record);
        }
        options.onProgress?.(check.seen.size, Math.max(check.lastCount, check.seen.size), 'check');
      }
      requests += check.requests;
      for (const id of first.seen) if (!check.seen.has(id)) deleted.push(id);
      stillChanging = check.changedBehind;
      countAtEnd = check.lastCount;
    }
    if (signal?.aborted) throw cancelled();
    await file.write(count === 0 ? '[]\n' : '\n]\n');
    await file.commit();
    return { count, deleted, created, countAtStart: first.firstCount ?? 0, countAtEnd, stillChanging, requests };
  } catch (error) {
    await file.discard();
    if (signal?.aborted && !(error instanceof CancelledError)) throw cancelled();
    throw error;
  }
}

/**
 * One record as JSON text. Numbers JavaScript cannot hold exactly arrive as LosslessNumber objects, which
 * JSON.stringify would write as objects: only records holding one (rare) take the slower exact writer.
 */
export function recordText(record: Resource<'item'>): string {
  const text = JSON.stringify(record);
  return text.includes('"isLosslessNumber":true') ? (losslessStringify(record) ?? text) : text;
}
