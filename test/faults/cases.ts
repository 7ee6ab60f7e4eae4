// The fault matrix: every operation a user triggers × every fault the API or the network can produce,
// with what the user must get (success after retries, or a message that says what happened with an
// action), how many requests reach the server, how many writes it applies, and whether the edit survives.
// matrix.test.ts asserts each cell; matrix.ts prints the table.
import { ARTICLES, LIST_ALL_PAGE_SIZE, SHORT_TIMEOUT_MS } from './world';

export const FAULTS = [
  { id: 'rate429', label: '429 with reset' },
  { id: 'server500', label: '500 JSON' },
  { id: 'html502', label: '502 HTML' },
  { id: 'transient422', label: 'transient 422' },
  { id: 'timeout', label: 'timeout' },
  { id: 'reset', label: 'connection reset' },
  { id: 'malformed', label: 'malformed JSON' },
  { id: 'unauthorized401', label: '401' },
  { id: 'notFound404', label: '404' },
  { id: 'validation422', label: '422 validation' },
  { id: 'stale', label: 'stale version' },
  { id: 'jobFailure', label: 'job fails' },
] as const;
export type FaultId = (typeof FAULTS)[number]['id'];

export const OPERATIONS = [
  { id: 'listPage', label: 'list page (tree)' },
  { id: 'listAll', label: 'list all (export)' },
  { id: 'open', label: 'open record' },
  { id: 'saveModel', label: 'save model (job)' },
  { id: 'saveField', label: 'save field (job)' },
  { id: 'jobPolling', label: 'save field: job polling' },
  { id: 'saveWebhook', label: 'save webhook' },
  { id: 'saveRecord', label: 'save record' },
] as const;
export type OperationId = (typeof OPERATIONS)[number]['id'];

export type Outcome = 'succeeded' | 'error' | 'invalid' | 'conflict';

/** What the user can do about it, as the UI layer offers it. */
export const SIGN_IN = 'Sign In Again';
export const RETRY = 'Retry';
const SHOW_LOG = 'Show Log';
export const CONFLICT_ACTIONS = ['Compare', 'Overwrite', 'Revert'];

export interface Expectation {
  outcome: Outcome;
  /** requests that reached the server for the operation's target (the faulted method and path) */
  attempts: number;
  /** saves: writes the server applied (0 or 1; more would be a duplicate) */
  writes?: number;
  /** the message shown must match */
  message?: RegExp;
  /** the buttons (or, for the tree, the click action) offered, in order */
  actions?: string[];
  /** after the fault is gone, what the offered action (Retry / Sign In Again, then save or load again) gives */
  recovery?: { outcome: Outcome; writes?: number };
}

export interface Cell {
  operation: OperationId;
  fault: FaultId;
  /** undefined: the fault cannot happen for this operation (reads have no version and no job) */
  expected: Expectation | undefined;
}

export interface Observation {
  outcome: Outcome;
  attempts: number;
  writes?: number;
  /** saves: the user's text is still there (in the editor or, once saved, on the server) */
  editKept?: boolean;
  message: string;
  actions: string[];
  /** attempts the client scheduled a retry after */
  retries: number;
  recovery?: { outcome: Outcome; writes?: number };
  /** broken invariants found on the way (a half-written export file, a wrong page…) */
  problems: string[];
}

// ---- the table ----

const ok = (attempts: number, writes?: number): Expectation => ({
  outcome: 'succeeded',
  attempts,
  ...(writes === undefined ? {} : { writes }),
});
const failed = (attempts: number, message: RegExp, actions: string[], more: Partial<Expectation> = {}): Expectation => ({
  outcome: 'error',
  attempts,
  message,
  actions,
  ...more,
});

const UNCERTAIN = 'the change may or may not have been applied — reload before trying again';
const TOKEN_REFUSED = /the API token was refused; set a valid token for this project/;
const NOT_FOUND = /404 NOT_FOUND — it does not exist \(any more\) in this environment, or the API token may not access it/;

/**
 * Reads: what the official client retries is retried (one extra attempt): a 429, a transient error, a page that
 * is not JSON; and a timeout or a reset connection. A JSON 5xx or a malformed JSON body is the answer: not sent again.
 */
function readCells(operation: 'listPage' | 'listAll' | 'open'): Record<FaultId, Expectation | undefined> {
  const base = operation === 'listAll' ? Math.ceil(ARTICLES / LIST_ALL_PAGE_SIZE) : 1;
  const retried = ok(base + 1);
  const ui = {
    listPage: { what: /^Could not load records: /, signIn: [SIGN_IN], retry: [RETRY], tail: /click to retry$/ },
    listAll: { what: /^Could not export records: /, signIn: [SIGN_IN, RETRY, SHOW_LOG], retry: [RETRY, SHOW_LOG], tail: /./ },
    open: { what: /^Could not open the record \S+ of article: /, signIn: [SIGN_IN, SHOW_LOG], retry: [SHOW_LOG], tail: /./ },
  }[operation];
  return {
    rate429: retried,
    server500: failed(1, /500 EXCEPTION/, ui.retry, { recovery: { outcome: 'succeeded' } }),
    html502: retried,
    transient422: retried,
    timeout: retried,
    reset: retried,
    malformed: failed(1, /the 200 response is not valid JSON/, ui.retry, { recovery: { outcome: 'succeeded' } }),
    unauthorized401: failed(1, TOKEN_REFUSED, ui.signIn, { recovery: { outcome: 'succeeded' } }),
    // Opening a missing record is VS Code's "file not found"; the others say so and offer Retry.
    notFound404:
      operation === 'open' ? failed(1, /^File not found: /, []) : failed(1, NOT_FOUND, ui.retry, { recovery: { outcome: 'succeeded' } }),
    validation422: failed(1, /422 INVALID_PARAMS/, ui.retry),
    stale: undefined,
    jobFailure: undefined,
  };
}

/** Writes: only what the server did not act on (429, transient) is repeated; anything ambiguous is reported, never resent. */
function writeCells(operation: 'saveModel' | 'saveField' | 'saveWebhook' | 'saveRecord'): Record<FaultId, Expectation | undefined> {
  const job = operation === 'saveModel' || operation === 'saveField';
  const uncertain = (what: RegExp) =>
    failed(1, new RegExp(`${what.source}.*${UNCERTAIN}`), [RETRY, SHOW_LOG], { writes: 0, recovery: { outcome: 'succeeded', writes: 1 } });
  const serverValidation = {
    saveModel: /^DatoCMS rejected the change: \(document\): the API refused the update \(INVALID_FIELD\)/,
    saveField: /^DatoCMS rejected the change: \(document\): the API refused the update \(INVALID_FIELD\)/,
    saveWebhook: /^DatoCMS rejected the change: \(document\): the API refused the update \(INVALID_FIELD\)/,
    saveRecord: /^DatoCMS rejected the change: name: must be unique/,
  }[operation];
  return {
    rate429: ok(2, 1),
    server500: uncertain(/failed: 500 EXCEPTION/),
    html502: uncertain(/the 502 response is text\/html, not JSON/),
    transient422: ok(2, 1),
    timeout: uncertain(new RegExp(`timed out after ${SHORT_TIMEOUT_MS} ms`)),
    reset: uncertain(/failed: network error/),
    malformed: uncertain(/the 200 response is not valid JSON/),
    unauthorized401: failed(1, TOKEN_REFUSED, [SIGN_IN, RETRY, SHOW_LOG], { writes: 0, recovery: { outcome: 'succeeded', writes: 1 } }),
    notFound404: failed(1, NOT_FOUND, [RETRY, SHOW_LOG], { writes: 0 }),
    validation422: { outcome: 'invalid', attempts: 1, writes: 0, message: serverValidation, actions: [] },
    // Models, fields and webhooks are compared before the PUT; records carry their version in it.
    stale: {
      outcome: 'conflict',
      attempts: operation === 'saveRecord' ? 1 : 0,
      writes: 0,
      message: /was changed on DatoCMS since you opened it/,
      actions: CONFLICT_ACTIONS,
    },
    jobFailure: job
      ? { outcome: 'invalid', attempts: 1, writes: 0, message: /^DatoCMS rejected the change: api_key: must be unique/, actions: [] }
      : undefined,
  };
}

/**
 * Faults on the job's polls: a poll is a read, retried as reads are; the write is never repeated. An answer
 * that ends the polling says the job was accepted (it may still apply).
 */
function pollingCells(): Record<FaultId, Expectation | undefined> {
  const retried = ok(2, 1);
  const accepted = (what: RegExp) =>
    failed(1, new RegExp(`${what.source} — DatoCMS accepted the change as job \\S+`), [RETRY, SHOW_LOG], {
      writes: 1,
      recovery: { outcome: 'conflict', writes: 1 },
    });
  return {
    rate429: retried,
    server500: accepted(/failed: 500 EXCEPTION/),
    html502: retried,
    transient422: retried,
    timeout: retried,
    reset: retried,
    malformed: accepted(/the 200 response is not valid JSON/),
    // The job was accepted and ran: the message must say so, and saving again must not write twice.
    unauthorized401: failed(1, /API token was refused.*accepted the change as job \S+/, [SIGN_IN, RETRY, SHOW_LOG], {
      writes: 1,
      recovery: { outcome: 'conflict', writes: 1 },
    }),
    notFound404: ok(2, 1), // 404 from /job-results means "still running"
    validation422: undefined,
    stale: undefined,
    jobFailure: undefined,
  };
}

const TABLE: Record<OperationId, Record<FaultId, Expectation | undefined>> = {
  listPage: readCells('listPage'),
  listAll: readCells('listAll'),
  open: readCells('open'),
  saveModel: writeCells('saveModel'),
  saveField: writeCells('saveField'),
  jobPolling: pollingCells(),
  saveWebhook: writeCells('saveWebhook'),
  saveRecord: writeCells('saveRecord'),
};

export const CELLS: Cell[] = OPERATIONS.flatMap((op) =>
  FAULTS.map((fault) => ({ operation: op.id, fault: fault.id, expected: TABLE[op.id][fault.id] })),
);

/** Differences between what a cell should give and what it gave; empty when the cell passes. */
export function mismatches(expected: Expectation, seen: Observation): string[] {
  const out: string[] = [];
  if (seen.outcome !== expected.outcome) out.push(`outcome ${seen.outcome} (expected ${expected.outcome}): ${seen.message}`);
  if (seen.attempts !== expected.attempts) out.push(`${seen.attempts} attempts at the server (expected ${expected.attempts})`);
  if (expected.writes !== undefined && seen.writes !== expected.writes)
    out.push(`${String(seen.writes)} writes applied (expected ${expected.writes})`);
  if (seen.editKept === false) out.push('the edit was lost');
  if (expected.message && !expected.message.test(seen.message))
    out.push(`message ${JSON.stringify(seen.message)} does not match ${String(expected.message)}`);
  if (expected.actions && JSON.stringify(seen.actions) !== JSON.stringify(expected.actions))
    out.push(`actions [${seen.actions.join(', ')}] (expected [${expected.actions.join(', ')}])`);
  if (expected.recovery) {
    if (seen.recovery?.outcome !== expected.recovery.outcome)
      out.push(`after the fault: ${String(seen.recovery?.outcome)} (expected ${expected.recovery.outcome})`);
    if (expected.recovery.writes !== undefined && seen.recovery?.writes !== expected.recovery.writes)
      out.push(`after the fault: ${String(seen.recovery?.writes)} writes applied in all (expected ${expected.recovery.writes})`);
  }
  out.push(...seen.problems);
  return out;
}
