// Moments as the user reads them, the same everywhere (tree hovers, editor hovers, environments, history): in the
// user's locale and time zone, with the zone named, e.g. "May 12, 2024, 2:03 PM GMT+2". No vscode import.

/** Formats an ISO 8601 timestamp; text that is not a date is shown as it is. */
export type DateTimeText = (iso: string) => string;

const OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * `locale` is VS Code's display language (vscode.env.language); `timeZone` defaults to this machine's. A
 * locale or time zone the runtime does not know falls back to its default rather than failing.
 */
export function dateTimeText(locale: string, timeZone?: string, withSeconds = false): DateTimeText {
  const options = { ...OPTIONS, ...(withSeconds ? { second: '2-digit' as const } : {}), ...(timeZone ? { timeZone } : {}) };
  const format =
    formatter(locale, options) ?? formatter(undefined, options) ?? new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });
  return (iso) => {
    const time = Date.parse(iso);
    return Number.isFinite(time) ? format.format(time) : iso;
  };
}

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | undefined {
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    return undefined;
  }
}
