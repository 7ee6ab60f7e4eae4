// Moments as the user reads them, one way everywhere (tree descriptions and hovers, Record History, schedules,
// environments, editor hovers): in the project's time zone (the site's `timezone`) and VS Code's display language;
// short in lists and descriptions, exact (to the second, the zone named) in hovers and confirmations. And wall times
// of that zone as a schedule is typed (`YYYY-MM-DD HH:MM`). No vscode import.
import { getDisplayLocale } from './displayLocale';

/** How moments of one project read. Text that is not a date reads as it is. */
export interface Dates {
  /** in a list or a description: "May 12, 2024, 2:03 PM" */
  readonly short: (iso: string) => string;
  /** in a hover or a question: "Sunday, May 12, 2024 at 2:03:27 PM GMT+2 (Europe/Rome)" */
  readonly exact: (iso: string) => string;
  /** the IANA zone the moments are shown in (UTC when the project names none this runtime knows) */
  readonly timeZone: string;
}

const SHORT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
const EXACT: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'long' };

const made = new Map<string, Dates>();

/** The moments of a project whose site names `timeZone`; `locale` is the display language unless given. */
export function datesIn(timeZone: string | undefined, locale: string | undefined = getDisplayLocale()): Dates {
  const key = `${locale ?? ''}|${timeZone ?? ''}`;
  let dates = made.get(key);
  if (!dates) made.set(key, (dates = makeDates(timeZone, locale)));
  return dates;
}

function makeDates(asked: string | undefined, locale: string | undefined): Dates {
  const timeZone = asked && formatter(undefined, { timeZone: asked }) ? asked : 'UTC';
  const short = formatterFor(locale, { ...SHORT, timeZone });
  const exact = formatterFor(locale, { ...EXACT, timeZone });
  const named = timeZone === 'UTC' ? '' : ` (${timeZone})`;
  const read = (format: Intl.DateTimeFormat, suffix: string) => (iso: string) => {
    const time = Date.parse(iso);
    return Number.isFinite(time) ? `${format.format(time)}${suffix}` : iso;
  };
  return { short: read(short, ''), exact: read(exact, named), timeZone };
}

/** A formatter for the locale, else the runtime's own (a locale the runtime does not know falls back, never fails). */
function formatterFor(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return formatter(locale, options) ?? new Intl.DateTimeFormat(undefined, options);
}

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | undefined {
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    return undefined;
  }
}

// Wall times in a zone, the way the schedule input reads and shows them.

const FORMATS = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let formatter = FORMATS.get(timeZone);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }); // a timezone this runtime does not know
    }
    FORMATS.set(timeZone, formatter);
  }
  return formatter;
}

/** `YYYY-MM-DD HH:MM` of the instant in the timezone. */
export function formatInZone(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    format(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts['year']}-${parts['month']}-${parts['day']} ${parts['hour']}:${parts['minute']}`;
}

/** How far the timezone's wall clock is ahead of UTC at the instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const wall = formatInZone(ms, timeZone);
  const [date = '', time = ''] = wall.split(' ');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0) - Math.floor(ms / 60_000) * 60_000;
}

/** What a wall-clock time of the timezone means: its instant, and whether the clocks make it ambiguous or skip it. */
export type ZonedReading =
  | { kind: 'instant'; ms: number }
  /** the clocks go back: the time happens twice; `ms` is the first, `later` the second */
  | { kind: 'twice'; ms: number; later: number }
  /** the clocks go forward: the time never happens that day */
  | { kind: 'skipped' };

/**
 * The instant of `YYYY-MM-DD HH:MM` (or `…THH:MM`) in the timezone, or of an ISO 8601 date-time that states its own
 * offset (`Z`, `+02:00`); undefined when the text is neither or names no real date. A wall time the clocks skip, or
 * pass twice, says so: the first of two is the one a schedule takes, always.
 */
export function readZonedDateTime(text: string, timeZone: string): ZonedReading | undefined {
  const value = text.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : { kind: 'instant', ms };
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return undefined;
  // Every offset the zone has within a day of the wall time; each one that reads back as this wall time is an instant.
  const text16 = `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}`;
  const offsets = new Set([-DAY, 0, DAY].map((delta) => offsetAt(wall + delta, timeZone)));
  const instants = [...new Set([...offsets].map((offset) => wall - offset))]
    .filter((ms) => formatInZone(ms, timeZone) === text16)
    .sort((a, b) => a - b);
  if (instants.length === 0) return { kind: 'skipped' };
  if (instants.length === 1) return { kind: 'instant', ms: instants[0]! };
  return { kind: 'twice', ms: instants[0]!, later: instants[instants.length - 1]! };
}

const DAY = 24 * 3600_000;

/** The instant a text names in the timezone (the first of two at a change of clocks); undefined when it names none. */
export function parseZonedDateTime(text: string, timeZone: string): number | undefined {
  const reading = readZonedDateTime(text, timeZone);
  return reading && reading.kind !== 'skipped' ? reading.ms : undefined;
}

/** The instant as ISO 8601 in the timezone's wall time with its offset: `2030-01-31T09:00:00+01:00`. */
export function isoInZone(ms: number, timeZone: string): string {
  const offset = Math.round(offsetAt(ms, timeZone) / 60_000);
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatInZone(ms, timeZone).replace(' ', 'T')}:00${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
