// Everything the extension would show or write while a suite runs: request log lines in the output
// channel's format, notification texts, error messages, tree labels, problem messages, file contents.
// Suites add to one Transcript and finally scan it for secrets (the API token, webhook passwords).
import { formatRequest, logRequest, type LineLog } from '../../src/platform/requestLog';
import type { RequestLogEntry } from '../../src/cma';

export interface TranscriptLine {
  /** where the text would appear: "log", "notification", "error", "tree", "problem", "file" */
  channel: string;
  text: string;
}

export interface Leak {
  channel: string;
  /** which secret (by its label, never its value) */
  secret: string;
  /** the line with the secret masked, to show where it was */
  excerpt: string;
}

export class Transcript {
  readonly lines: TranscriptLine[] = [];

  add(channel: string, text: string): void {
    this.lines.push({ channel, text });
  }

  /** A LogOutputChannel stand-in: the lines the output channel would get. */
  readonly log: LineLog = {
    info: (message) => this.add('log', `[info] ${message}`),
    warn: (message) => this.add('log', `[warning] ${message}`),
    error: (message) => this.add('log', `[error] ${message}`),
  };

  /** The client's onRequest hook as the extension wires it (src/projects/registry.ts). */
  readonly onRequest = (entry: RequestLogEntry): void => {
    logRequest(this.log, entry);
    // The entry itself must be clean too, not only its formatted line.
    this.add('log', JSON.stringify(entry));
  };

  /** An error as every surface could show it: message, String(), its cause chain, its JSON. */
  addError(channel: string, error: unknown): void {
    for (let current: unknown = error, depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
      if (current instanceof Error) {
        this.add(channel, current.message);
        this.add(channel, String(current));
      } else {
        this.add(channel, String(current));
      }
      try {
        this.add(channel, JSON.stringify(current) ?? '');
      } catch {
        // circular: the message above is what surfaces
      }
      current = current instanceof Error ? current.cause : undefined;
    }
  }

  /** Lines containing any of the secrets (label → value). Empty or short values are not secrets. */
  scan(secrets: Record<string, string>): Leak[] {
    const wanted = Object.entries(secrets).filter(([, value]) => value.length >= 6);
    const leaks: Leak[] = [];
    for (const line of this.lines) {
      for (const [label, value] of wanted) {
        if (line.text.includes(value)) {
          leaks.push({ channel: line.channel, secret: label, excerpt: line.text.split(value).join(`<${label}>`).slice(0, 300) });
        }
      }
    }
    return leaks;
  }
}

export { formatRequest };
