// Reads a whole offset-paged list whose order never changes for a record (records sorted by creation
// time, then id), while other people may create or delete records during the read. No vscode import.
//
// Each page overlaps the previous one by a few records. A page is "anchored" when it holds a record this
// read has already seen (or starts at offset 0): it is one contiguous slice of the list, so every record
// between what was read before and the end of this page is in it. Unseen records of an anchored page are
// the new ones; they are yielded, seen records are skipped, so nothing comes twice. A page without any
// seen record means the list shifted by more than the overlap (records deleted behind the read): it is
// dropped and the read steps back (by the drop in the count, then doubling) until a page is anchored.
// Any sign that records before the read's position changed (an overlap that differs, a step back, a
// final count different from the records seen) sets `changedBehind`.
//
// Bounds: the server's answers are checked page by page (ids unique, no more records than asked or
// announced, no short or empty page before the announced end, count not above `maxRecords` and not
// growing past twice the first count + 1,000), the list may shift past the overlap at most
// MAX_STEP_BACKS times, and one read sends at most
//   ceil(largest count seen / (page size - overlap)) + 2 + 2 × concurrency + RECOVERY_REQUESTS
// page requests; beyond any of these it stops with an ExportProblem.
import type { Page, Resource } from '../cma';
import { CancelledError } from '../cma';

/** Extra page requests one read may spend on stepping back and re-reading after the list shifted. */
export const RECOVERY_REQUESTS = 24;
/** Times one read may find the list shifted past the overlap before it gives up. */
export const MAX_STEP_BACKS = 8;
/** The smallest page a server may cap us to (DatoCMS caps nested listings at 30). */
const SMALLEST_SERVER_PAGE = 30;

/** The server's answers make a trustworthy export impossible; the message says what it did and what to do. */
export class ExportProblem extends Error {
  override name = 'ExportProblem';
}

/** Records each page repeats from the one before: 5 % of the page, 1 to 10. */
export function overlapFor(pageSize: number): number {
  return Math.min(10, Math.max(1, Math.floor(pageSize / 20)));
}

type FetchPage = (offset: number, limit: number, signal: AbortSignal) => Promise<Page<'item'>>;

export interface AnchoredReadOptions {
  fetchPage: FetchPage;
  /** records asked per page (2..500) */
  pageSize: number;
  /** pages in flight at once (1..10) */
  concurrency: number;
  /** a count above this is refused before reading on */
  maxRecords: number;
  signal?: AbortSignal;
}

interface Pending {
  offset: number;
  limit: number;
  controller: AbortController;
  page: Promise<Page<'item'>>;
}

export class AnchoredRead {
  /** ids of every record this read has yielded */
  readonly seen = new Set<string>();
  /** records before the read's position changed while it ran (created, deleted or moved) */
  changedBehind = false;
  /** page requests sent (each may be retried by the client on transient failures) */
  requests = 0;
  /** the count the server announced with the first page */
  firstCount: number | undefined;
  /** the count announced with the last page: the list's length when the read ended */
  lastCount = 0;
  largestCount = 0;
  /** times the list had shifted past the overlap */
  stepBacks = 0;

  readonly #options: AnchoredReadOptions;
  #limit: number;
  #pending: Pending[] = [];

  constructor(options: AnchoredReadOptions) {
    if (!Number.isInteger(options.pageSize) || options.pageSize < 2 || options.pageSize > 500) {
      throw new RangeError(`pageSize must be an integer from 2 to 500 (got ${options.pageSize})`);
    }
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1 || options.concurrency > 10) {
      throw new RangeError(`concurrency must be an integer from 1 to 10 (got ${options.concurrency})`);
    }
    this.#options = options;
    this.#limit = options.pageSize;
  }

  /** The most page requests this read may send, given the counts seen so far. */
  get requestBudget(): number {
    return Math.ceil(this.largestCount / this.#step()) + 2 + 2 * this.#options.concurrency + RECOVERY_REQUESTS;
  }

  /** Yields, page by page, the records this read has not yielded before, in list order. */
  async *pages(): AsyncGenerator<Resource<'item'>[]> {
    const signal = this.#options.signal;
    const onAbort = () => this.#dropPending();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let previous: { offset: number; ids: string[]; count: number } | undefined;
      let missesInARow = 0;
      let pagesWithNothingNew = 0;
      let allowedWithNothingNew = 2;
      this.#send(0);
      for (;;) {
        if (signal?.aborted) throw new CancelledError('The export was cancelled.');
        const pending = this.#pending.shift();
        if (!pending) throw new Error('AnchoredRead: no page in flight'); // every path below sends one
        const page = await pending.page;
        const { offset, limit } = pending;
        this.#check(page, offset, limit);
        const ids = page.data.map((record) => record.id);

        if (offset > 0 && !ids.some((id) => this.seen.has(id))) {
          // The list moved by more than the overlap since the last page: step back until a page overlaps,
          // first by as many records as the count dropped, then twice as far each time.
          this.changedBehind = true;
          missesInARow++;
          if (++this.stepBacks > MAX_STEP_BACKS) {
            throw new ExportProblem(
              `The records moved under the export ${MAX_STEP_BACKS} times (pages no longer met), more than edits by colleagues explain. ${this.#stopped()}`,
            );
          }
          const dropped = Math.max(0, (previous?.count ?? page.totalCount) - page.totalCount);
          const back = Math.max(dropped, this.#step()) * 2 ** (missesInARow - 1);
          const stepTo = Math.max(0, Math.min(offset, page.totalCount) - back);
          allowedWithNothingNew = 2 + Math.ceil((offset - stepTo) / this.#step());
          pagesWithNothingNew = 0;
          if (previous) previous.count = page.totalCount;
          this.#dropPending();
          this.#send(stepTo);
          continue;
        }
        missesInARow = 0;

        if (previous) {
          const overlap = previous.offset + previous.ids.length - offset;
          const expected = overlap > 0 && overlap <= previous.ids.length ? previous.ids.slice(-overlap) : undefined;
          if (!expected || expected.some((id, i) => ids[i] !== id)) this.changedBehind = true;
        }
        const fresh = page.data.filter((record) => !this.seen.has(record.id));
        for (const record of fresh) this.seen.add(record.id);
        if (fresh.length > 0) {
          pagesWithNothingNew = 0;
          allowedWithNothingNew = 2;
        } else if (++pagesWithNothingNew > allowedWithNothingNew) {
          throw new ExportProblem(
            `DatoCMS kept serving records the export already had (at offset ${offset.toLocaleString('en-US')}), so it could never finish. ${this.#stopped()}`,
          );
        }
        previous = { offset, ids, count: page.totalCount };
        if (fresh.length > 0) yield fresh;

        if (offset + ids.length >= page.totalCount) {
          if (this.seen.size !== page.totalCount) this.changedBehind = true;
          return;
        }
        // The next page starts where this one ends minus the overlap. Pages already in flight were
        // predicted from the page size: keep them if they start there, else send again.
        const nextOffset = offset + ids.length - this.#overlap();
        if (this.#pending[0] && this.#pending[0].offset !== nextOffset) this.#dropPending();
        if (this.#pending.length === 0) this.#send(nextOffset);
        let predicted = this.#pending.at(-1)!.offset + this.#step();
        // a page is needed while it reaches past the one before it (which ends at its offset + overlap)
        while (this.#pending.length < this.#options.concurrency && predicted + this.#overlap() < page.totalCount) {
          this.#send(predicted);
          predicted += this.#step();
        }
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.#dropPending();
    }
  }

  #stopped(): string {
    return `The export stopped after ${this.requests} request${this.requests === 1 ? '' : 's'}. Try again later; if it happens again, the server is at fault.`;
  }

  #overlap(): number {
    return overlapFor(this.#limit);
  }

  #step(): number {
    return this.#limit - this.#overlap();
  }

  #send(offset: number): Pending {
    if (this.requests >= this.requestBudget) {
      throw new ExportProblem(
        `DatoCMS's pages did not add up: after ${this.requests} requests, the most an export of ${this.largestCount.toLocaleString('en-US')} records may send, the list had still not ended. Records may be changing heavily; try again later.`,
      );
    }
    this.requests++;
    const controller = new AbortController();
    if (this.#options.signal?.aborted) controller.abort();
    const limit = this.#limit;
    const page = this.#options.fetchPage(offset, limit, controller.signal);
    page.catch(() => undefined); // awaited in order; this only silences pages dropped unread
    const pending = { offset, limit, controller, page };
    this.#pending.push(pending);
    return pending;
  }

  #dropPending(): void {
    for (const pending of this.#pending.splice(0)) pending.controller.abort();
  }

  /** Refuses answers no honest server gives; learns a page cap from a short first page. */
  #check(page: Page<'item'>, offset: number, limit: number): void {
    const total = page.totalCount;
    const n = page.data.length;
    const where = `the page at offset ${offset.toLocaleString('en-US')}`;
    const stop = this.#stopped();
    this.firstCount ??= total;
    if (total > this.#options.maxRecords) {
      throw new ExportProblem(
        `DatoCMS reports ${total.toLocaleString('en-US')} records, more than one export can hold (${this.#options.maxRecords.toLocaleString('en-US')}). Narrow the Records query with a filter and export the parts one by one.`,
      );
    }
    if (total > 2 * this.firstCount + 1000) {
      throw new ExportProblem(
        `The number of records grew from ${this.firstCount.toLocaleString('en-US')} to ${total.toLocaleString('en-US')} during the export. ${stop}`,
      );
    }
    this.largestCount = Math.max(this.largestCount, total);
    this.lastCount = total;
    if (n > limit) throw new ExportProblem(`DatoCMS sent ${n} records in ${where}, where ${limit} were asked. ${stop}`);
    if (n > 0 && offset + n > total) {
      throw new ExportProblem(
        `DatoCMS sent records beyond the ${total.toLocaleString('en-US')} it announced (${where} holds ${n}). ${stop}`,
      );
    }
    const ids = new Set<string>();
    for (const record of page.data) {
      if (ids.has(record.id)) throw new ExportProblem(`DatoCMS listed record ${record.id} twice in ${where}. ${stop}`);
      ids.add(record.id);
    }
    if (n < limit && offset + n < total) {
      if (offset === 0 && n >= SMALLEST_SERVER_PAGE) {
        this.#limit = n; // the server serves fewer per page than asked: page by what it serves
        return;
      }
      throw new ExportProblem(`DatoCMS ended ${where} after ${n} records although it announced ${total.toLocaleString('en-US')}. ${stop}`);
    }
  }
}
