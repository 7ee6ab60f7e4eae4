// One log line per HTTP attempt of the CMA client (method, path, status, time). The client never
// puts headers (the token) in a RequestLogEntry; secrets that could sit in a query are redacted here.
import type { RequestLogEntry } from '../cma';

export interface LineLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const SECRET_QUERY_KEYS = /([?&](?:[^=&]*(?:token|password|secret)[^=&]*)=)[^&]*/gi;

export function formatRequest(entry: RequestLogEntry): string {
  const path = entry.path.replace(SECRET_QUERY_KEYS, '$1[redacted]');
  const parts = [`${entry.method} ${path}`, String(entry.status), `${Math.round(entry.durationMs)} ms`];
  if (entry.attempt > 1) parts.push(`attempt ${entry.attempt}`);
  if (entry.retryInMs !== undefined) parts.push(`retry in ${Math.round(entry.retryInMs)} ms`);
  if (entry.requestId) parts.push(`request id ${entry.requestId}`);
  return parts.join(' · ');
}

export function logRequest(log: LineLog, entry: RequestLogEntry): void {
  const line = formatRequest(entry);
  if (typeof entry.status === 'number' && entry.status < 400) log.info(line);
  else if (entry.retryInMs !== undefined || entry.status === 'aborted') log.warn(line);
  else log.error(line);
}
