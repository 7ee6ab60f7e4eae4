// The checks every suite test and every explorer step passes besides its own (test/host/lib/sentinel.mjs): the
// extension logged no uncaught error and no unhandled rejection, told the user no internal error, and went quiet
// after the last action.
// Unhandled rejections are seen here at once (VS Code logs them only a second later); errors VS Code catches itself,
// such as a throwing event listener, only in the extension host's log.
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { config, EXTENSION_ID, extensionApi } from './helpers';

const lib = () => import('../lib/sentinel.mjs');

export class Sentinel {
  private readonly rejections: string[] = [];
  private offset = 0;
  /** how far the extension's own log (its reported failures) was read */
  private told = 0;
  /** the rejections the last check reported: VS Code logs each a second later, maybe only by this check */
  private lastRejections = new Set<string>();

  private constructor(
    private readonly logFile: string,
    private readonly markers: string[],
  ) {
    process.on('unhandledRejection', (reason: unknown) => {
      const text = reason instanceof Error ? (reason.stack ?? String(reason)) : String(reason);
      if (this.markers.some((marker) => text.includes(marker)))
        this.rejections.push(`unhandled rejection: ${firstLines(text, this.markers)}`);
    });
  }

  /** Starts watching; what happened before is nobody's. */
  static async start(): Promise<Sentinel> {
    const api = await extensionApi();
    const extensionPath = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
    // the extension's log folder sits in the extension host's own log folder
    const logFile = join(dirname(api.logUri.fsPath), 'remoteexthost.log');
    const markers = [extensionPath, __dirname, EXTENSION_ID, 'datocms:/', 'nullextensiondescription'];
    const sentinel = new Sentinel(logFile, markers);
    await sentinel.mark();
    return sentinel;
  }

  /** From now on: errors and requests before this are behind us. */
  async mark(): Promise<void> {
    const { extensionErrorsSince, extensionLogOf, internalErrorsSince } = await lib();
    this.offset = extensionErrorsSince(this.logFile, this.offset, this.markers).offset;
    this.told = internalErrorsSince(extensionLogOf(this.logFile), this.told).offset;
    this.rejections.length = 0;
  }

  /** The request number reached so far (the journal's total): what a step's own requests start after. */
  async requestCursor(): Promise<number> {
    const { journalSince } = await lib();
    return (await journalSince(config().emulatorUrl, Number.MAX_SAFE_INTEGER)).total;
  }

  /**
   * After the last action: waits for the extension to go quiet, then collects the errors since the last mark.
   * Returns what went wrong (empty when nothing did) and marks again.
   */
  async check(windowMs?: number): Promise<string[]> {
    const { checkQuiet, extensionErrorsSince, extensionLogOf, internalErrorsSince } = await lib();
    const since = await this.requestCursor();
    const quiet = await checkQuiet(config().emulatorUrl, since, { windowMs });
    const problems = quiet.problem ? [quiet.problem] : [];
    const logged = extensionErrorsSince(this.logFile, this.offset, this.markers);
    this.offset = logged.offset;
    const told = internalErrorsSince(extensionLogOf(this.logFile), this.told);
    this.told = told.offset;
    const errors = [...this.fresh(this.rejections.splice(0), logged.errors), ...told.errors];
    if (errors.length) problems.push(`the extension logged ${errors.length} error(s):\n  ${errors.join('\n  ')}`);
    return problems;
  }

  /** Each error once, whether seen as a rejection, logged, or both (maybe by two checks in a row). */
  private fresh(rejections: string[], logged: string[]): string[] {
    const keyOf = (error: string) => (error.split('\n')[0] ?? '').replace(/^unhandled rejection: /, '');
    const now = new Set(rejections.map(keyOf));
    const late = logged.filter((error) => !now.has(keyOf(error)) && !this.lastRejections.has(keyOf(error)));
    this.lastRejections = now;
    const seen = new Set<string>();
    return [...rejections, ...late.map((error) => `logged error: ${error}`)].filter((error) => {
      const key = keyOf(error).replace(/^logged error: /, '');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}

/** The message and the frames that name our code, so a report reads in a few lines. */
function firstLines(stack: string, markers: string[]): string {
  const [message = '', ...frames] = stack.split('\n');
  const ours = frames.filter((line) => markers.some((marker) => line.includes(marker)));
  return [message, ...ours.slice(0, 4).map((line) => line.trim())].join('\n    ');
}
