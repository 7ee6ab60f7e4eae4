// What every real-host test checks besides its own assertions (the suite after each test, the explorer after each
// step, the UI and reload tests after each step):
// - no uncaught error or unhandled rejection came from the extension: the extension host's log
//   (<user-data>/logs/<date>/exthost<n>/remoteexthost.log) has an `[error]` entry that names the extension (its
//   install folder, its id, or a datocms: document);
// - no internal error reached the user: the extension's own log (<exthost log>/<extension id>/DatoCMS.log, where
//   every reported failure goes) names none of JavaScript's own errors ("Cannot read properties of undefined");
// - the extension goes quiet after the last user action: requests it sends afterwards stay within a small budget
//   and stop. A loop that keeps sending (such as 13 requests a second for an hour) fails at once.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Requests the extension may still send after a test's or step's last action (a refresh it started, a job's last poll). */
export const AFTER_ACTION_BUDGET = 10;
/** The length of one look at the request journal while waiting for quiet. */
export const QUIET_WINDOW_MS = 400;
/** Looks without quiet after which the extension is said never to go quiet. */
const MAX_WINDOWS = 30;

export const EXTENSION_ID = 'datocms-explorer.datocms-explorer';
const ENTRY_START = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ \[(\w+)\] /m;

/** The extension host log of the newest extension host under a user-data folder (a reload starts another). */
export function newestExtensionHostLog(userDataDir) {
  const logs = join(userDataDir, 'logs');
  const candidates = [];
  for (const session of safeList(logs))
    for (const host of safeList(join(logs, session)).filter((name) => /^exthost\d+$/.test(name))) {
      const file = join(logs, session, host, 'remoteexthost.log');
      try {
        candidates.push({ file, time: statSync(file).birthtimeMs || statSync(file).mtimeMs });
      } catch {
        // not written yet
      }
    }
  return candidates.sort((a, b) => b.time - a.time)[0]?.file;
}

function safeList(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Reads the log `file` from byte `offset` on; returns the new offset and the extension's errors found, each as
 * its first line and the frames that name the extension. `markers` are the strings that make an error the
 * extension's (its install folder, the suite's folder, …).
 */
export function extensionErrorsSince(file, offset, markers) {
  let text;
  try {
    text = readFileSync(file).subarray(offset).toString('utf8');
  } catch {
    return { offset, errors: [] };
  }
  // an entry still being written (the text stops mid-line) waits for the next read
  const complete = text.endsWith('\n') ? text : text.slice(0, lastEntryStart(text));
  const errors = [];
  for (const entry of splitEntries(complete)) {
    if (entry.level !== 'error') continue;
    if (!markers.some((marker) => entry.text.includes(marker))) continue;
    errors.push(describeEntry(entry.text, markers));
  }
  return { offset: offset + Buffer.byteLength(complete), errors };
}

function lastEntryStart(text) {
  const pattern = new RegExp(ENTRY_START.source, 'gm');
  let start = 0;
  for (let match; (match = pattern.exec(text));) start = match.index;
  return start;
}

function splitEntries(text) {
  const entries = [];
  const pattern = new RegExp(ENTRY_START.source, 'gm');
  let match;
  let last;
  while ((match = pattern.exec(text))) {
    if (last) entries.push({ level: last.level, text: text.slice(last.index, match.index) });
    last = { level: match[1], index: match.index };
  }
  if (last) entries.push({ level: last.level, text: text.slice(last.index) });
  return entries;
}

/** The entry's message, the frames that name the extension, and for an event listener's failure the event. */
function describeEntry(text, markers) {
  const lines = text.trimEnd().split('\n');
  const message = lines[0].replace(ENTRY_START, '');
  const ours = lines.slice(1).filter((line) => markers.some((marker) => line.includes(marker)));
  const event = lines.find((line) => /\bat \S+\.\$accept\w+|\bat \S+\.\$\w+ /.test(line));
  return [message, ...ours.slice(0, 4).map((l) => l.trim()), ...(ours.length === 0 && event ? [`(event: ${event.trim()})`] : [])].join(
    '\n    ',
  );
}

/** JavaScript's own words for a bug: a failure told in them is an internal error shown to the user. */
const INTERNAL =
  /Cannot (read|set) propert(y|ies) of|is not a function|is not defined|is not iterable|is not a constructor|Maximum call stack|\b(TypeError|ReferenceError|RangeError)\b/;

/** The extension's log next to its host's log. */
export const extensionLogOf = (hostLog) => join(hostLog, '..', EXTENSION_ID, 'DatoCMS.log');

/** The failures the extension reported (its log's errors and warnings) in JavaScript's own words, from `offset` on. */
export function internalErrorsSince(file, offset) {
  let text;
  try {
    text = readFileSync(file).subarray(offset).toString('utf8');
  } catch {
    return { offset, errors: [] };
  }
  const complete = text.slice(0, text.lastIndexOf('\n') + 1);
  const errors = complete
    .split('\n')
    .filter((line) => /\[(error|warning)\]/.test(line) && INTERNAL.test(line))
    .map((line) => `told the user: ${line.replace(ENTRY_START, '').trim()}`);
  return { offset: offset + Buffer.byteLength(complete), errors };
}

/** The emulator's request journal after request number `since`: `{ total, missed, requests }`. */
export async function journalSince(emulatorUrl, since) {
  const response = await fetch(`${emulatorUrl}/_emulator/journal?since=${since}`);
  if (!response.ok) throw new Error(`the emulator's journal answered ${response.status}`);
  return response.json();
}

export const isExtensionRequest = (request) => request.agent.startsWith('datocms-explorer/');

/** "GET /items/:id ×12, PUT /item-types/:id" for a list of requests. */
export function summarizeRequests(requests) {
  const counts = new Map();
  for (const r of requests) {
    const path = r.path.replace(/\/(items|item-types|job-results|webhooks|fields|uploads|fieldsets|environments)\/[^/]+/g, '/$1/:id');
    // a refused request is told with its status: a storm of failures is read differently from one of successes
    // and with its environment: one storm reads apart from the same request in each of four environments
    const key = `${r.method} ${path}${r.environment ? ` [${r.environment}]` : ''}${r.status >= 400 ? ` (${r.status})` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => (n > 1 ? `${key} ×${n}` : key)).join(', ');
}

/**
 * Waits until the extension sends nothing for one window after request number `since` (the last action's end).
 * Fails (returns a message) when it sends more than the budget meanwhile, or never goes quiet. On a slow machine
 * a storm only slows down: it still passes the budget, and a quiet extension is quiet whatever the load.
 */
export async function checkQuiet(
  emulatorUrl,
  since,
  { budget = AFTER_ACTION_BUDGET, windowMs = QUIET_WINDOW_MS, sleep = defaultSleep } = {},
) {
  const seen = [];
  let cursor = since;
  for (let window = 0; window < MAX_WINDOWS; window++) {
    await sleep(windowMs);
    const { total, requests } = await journalSince(emulatorUrl, cursor);
    cursor = total;
    const ours = requests.filter(isExtensionRequest);
    seen.push(...ours);
    if (seen.length > budget)
      return {
        seen,
        cursor,
        problem: `the extension sent ${seen.length} requests after the last action (budget ${budget}): ${summarizeRequests(seen)}`,
      };
    if (ours.length === 0) return { seen, cursor, problem: undefined };
  }
  return {
    seen,
    cursor,
    problem: `the extension kept sending requests after the last action: ${summarizeRequests(seen)}`,
  };
}

const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The same checks for a workbench driven from outside (the UI and reload tests): after each step, the extension
 * must go quiet and its host's log (a reload starts a new one) must hold no new error of the extension.
 */
export function watchHost({ userDataDir, emulatorUrl, markers }) {
  let file;
  let offset = 0;
  let told = 0;
  const readAll = () => {
    const host = extensionErrorsSince(file, offset, markers);
    const own = internalErrorsSince(extensionLogOf(file), told);
    [offset, told] = [host.offset, own.offset];
    return [...host.errors, ...own.errors];
  };
  const newErrors = () => {
    const errors = [];
    const newest = newestExtensionHostLog(userDataDir);
    if (newest !== file) {
      if (file) errors.push(...readAll());
      [file, offset, told] = [newest, 0, 0];
    }
    return file ? [...errors, ...readAll()] : errors;
  };
  return {
    /** What went wrong since the last check: a request storm, the extension's errors. */
    async check() {
      const since = (await journalSince(emulatorUrl, Number.MAX_SAFE_INTEGER)).total;
      const quiet = await checkQuiet(emulatorUrl, since);
      const errors = newErrors();
      return [
        ...(quiet.problem ? [quiet.problem] : []),
        ...(errors.length ? [`the extension logged ${errors.length} error(s):\n  ${errors.join('\n  ')}`] : []),
      ];
    },
  };
}
