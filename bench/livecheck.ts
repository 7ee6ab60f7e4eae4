// live_check_ms: how long live validation blocks the extension host's thread per typing pause, on a record of
// a 10,000-field model. Runs in a child process (its event loop is the "host" and does nothing else) with the
// real bundled worker (dist/liveCheckWorker.js, after `node esbuild.mjs --production`) and the extension's
// own LiveChecker. Per pause: the text is edited, then what the host does when the debounce fires is done
// (read the text, post it, receive the answer, turn each problem's offsets into ranges through a line index
// as the text model does), and the event loop's longest delay over the pause is the block.
// The old way, the whole check on the host (checkDocument), is timed on the same texts for comparison.
//
// node --import tsx bench/livecheck.ts --live-check-child PAUSES   → one JSON line on stdout
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { Resource } from '../src/cma/types';
import { LiveChecker, SHOWN_PROBLEMS_LIMIT, type LiveCheckOutcome } from '../src/documents/liveCheck';
import type { CheckBaseline } from '../src/documents/liveCheckProtocol';
import { checkDocument, renderDocument, type Problem, type SchemaContext } from '../src/schema';
import { median, ROOT, round } from './lib';

const FIELDS = 10_000;
const MODEL_ID = 'LiveCheckWideModel0001';

export interface LiveCheckResult {
  /** median over the pauses of the longest host-thread block during each pause */
  live_check_ms: number;
  max_block_ms: number;
  open_block_ms: number;
  /** the event loop's longest delay over any pause: the blocks above plus waiting for a core on a busy machine */
  loop_delay_max_ms: number;
  worker_latency_ms: number;
  sync_check_ms: number;
  text_kb: number;
  pauses: number;
  problems_last_pause: number;
  samples_block_ms: number[];
}

export const LIVE_CHECK_TARGET_MS = 50;

/** The row for bench/run.ts: builds, measures `pauses` typing pauses, adds its line to `rows`. */
export async function liveCheckRow(
  pauses: number,
  rows: { name: string; value: string; target: string; ok: boolean | undefined }[],
): Promise<{ live_check_ms: number; live_check: LiveCheckResult }> {
  const result = await benchLiveCheck(pauses);
  rows.push({
    name: `live_check_ms: longest host-thread block per typing pause, ${FIELDS.toLocaleString('en')}-field record (${result.text_kb} KB)`,
    value: `${result.live_check_ms} ms (max ${result.max_block_ms}, on open ${result.open_block_ms}; answer after ${result.worker_latency_ms} ms; the check on the host took ${result.sync_check_ms} ms)`,
    target: `≤ ${LIVE_CHECK_TARGET_MS} ms`,
    ok: result.live_check_ms <= LIVE_CHECK_TARGET_MS,
  });
  return { live_check_ms: result.live_check_ms, live_check: result };
}

/** Builds the bundles, then measures in a child process. */
export async function benchLiveCheck(pauses: number): Promise<LiveCheckResult> {
  const build = spawn(process.execPath, ['esbuild.mjs', '--production'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const [built] = (await once(build, 'exit')) as [number | null];
  if (built !== 0) throw new Error(`node esbuild.mjs --production exited with code ${String(built)}`);
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'livecheck.ts'), '--live-check-child', String(pauses)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`live check child exited with code ${String(code)}`);
  return JSON.parse(output) as LiveCheckResult;
}

// ---- the child ----------------------------------------------------------------------------------------------

const FIELD_TYPES = ['string', 'text', 'integer', 'float', 'boolean', 'date', 'string', 'color', 'json', 'date_time'] as const;

function wideRecord(): { baseline: CheckBaseline; text: string; fields: Resource<'field'>[] } {
  const fields: Resource<'field'>[] = Array.from({ length: FIELDS }, (_, i) => {
    const type = FIELD_TYPES[i % FIELD_TYPES.length]!;
    const validators: Record<string, unknown> =
      type === 'string' ? { length: { max: 40 } } : type === 'integer' ? { number_range: { min: 0 } } : {};
    if (i % 7 === 0) validators['required'] = {};
    return {
      id: `LiveCheckField${String(i).padStart(8, '0')}`,
      type: 'field',
      attributes: {
        label: `Field ${i}`,
        api_key: `field_${i}`,
        field_type: type,
        localized: i % 5 === 0,
        validators,
        position: i + 1,
        hint: null,
        default_value: null,
        deep_filtering_enabled: false,
        content_link_enabled: true,
        appearance: { editor: 'default', parameters: {}, addons: [] },
      },
      relationships: { item_type: { data: { type: 'item_type', id: MODEL_ID } }, fieldset: { data: null } },
      meta: {},
    };
  });
  const valueOf = (type: string, i: number): unknown => {
    switch (type) {
      case 'string':
      case 'text':
        return `value ${i}`;
      case 'integer':
        return i;
      case 'float':
        return i / 10;
      case 'boolean':
        return i % 2 === 0;
      case 'date':
        return '2024-03-01';
      case 'date_time':
        return '2024-03-01T10:00:00+01:00';
      case 'color':
        return { red: 1, green: 2, blue: 3, alpha: 255 };
      default:
        return '{"a": 1}';
    }
  };
  const attributes = Object.fromEntries(
    fields.map((f, i) => {
      const value = valueOf(f.attributes['field_type'] as string, i);
      return [`field_${i}`, f.attributes['localized'] ? { en: value, it: value } : value];
    }),
  );
  const model: Resource<'item_type'> = {
    id: MODEL_ID,
    type: 'item_type',
    attributes: { name: 'Wide', api_key: 'wide', modular_block: false, sortable: false, tree: false, draft_saving_active: false },
    relationships: { fields: { data: fields.map((f) => ({ type: 'field', id: f.id })) } },
    meta: {},
  };
  const ctx: SchemaContext = { locales: ['en', 'it'], itemTypes: [model], fieldsOf: (id) => (id === MODEL_ID ? fields : undefined) };
  const resource: Resource = {
    id: 'LiveCheckRecord0000001',
    type: 'item',
    attributes,
    relationships: { item_type: { data: { type: 'item_type', id: MODEL_ID } } },
    meta: { current_version: 'v1' },
  };
  return { baseline: { kind: 'record', resource, ctx }, text: renderDocument('record', resource, ctx), fields };
}

/** The text model's side: the text as lines, and positions from a line index rebuilt after each edit. */
class TextModel {
  private lines: string[];
  private lineStarts: number[] | undefined;
  constructor(text: string) {
    this.lines = text.split('\n');
  }
  getText(): string {
    return this.lines.join('\n');
  }
  get length(): number {
    return this.lines.reduce((total, line) => total + line.length + 1, -1);
  }
  replaceLine(index: number, line: string): void {
    this.lines[index] = line;
    this.lineStarts = undefined;
  }
  findLine(prefix: string): number {
    return this.lines.findIndex((line) => line.startsWith(prefix));
  }
  positionAt(offset: number): { line: number; character: number } {
    if (!this.lineStarts) {
      this.lineStarts = [];
      let start = 0;
      for (const line of this.lines) {
        this.lineStarts.push(start);
        start += line.length + 1;
      }
    }
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: offset - this.lineStarts[low]! };
  }
}

/** What src/documents/diagnostics.ts builds per problem (vscode.Diagnostic). */
function toDiagnostics(problems: Problem[], model: TextModel): unknown[] {
  return problems.map((p) => ({
    range: { start: model.positionAt(p.offset), end: model.positionAt(p.offset + Math.max(p.length, 1)) },
    message: p.message,
    severity: 0,
    source: 'DatoCMS',
  }));
}

/**
 * A typing pause's edit, in fields spread over the record: a new problem in an integer field, a new problem in
 * a string field (too long), or a valid change in a text field. The last pause is a replace-all that breaks
 * every integer field at once (over a thousand problems, more than an answer carries).
 */
function edit(model: TextModel, pause: number, last: boolean): void {
  const set = (index: number, value: string) => {
    const line = model.findLine(`  "field_${index}": `);
    if (line < 0) throw new Error(`field_${index} is not in the text`);
    model.replaceLine(line, `  "field_${index}": ${value},`);
  };
  if (last) {
    for (let index = 2; index < FIELDS; index += 10) set(index, '"replaced"');
    return;
  }
  const tens = ((pause * 997) % FIELDS) - (((pause * 997) % FIELDS) % 10);
  // field types repeat every 10 fields (FIELD_TYPES); those ending in 1, 2 and 6 are one-line and never localized
  const [offset, value] = (
    [
      [2, '"typed value"'],
      [6, `"${'much longer than forty characters '.repeat(2)}"`],
      [1, '"typed text"'],
    ] as const
  )[pause % 3]!;
  set(tens + offset, value);
}

/** A worker whose host-side handling is timed: each post, and each answer's listeners (the checker's parse). */
function timedWorker(posts: number[], answers: number[]): Worker {
  const worker = new Worker(join(ROOT, 'dist', 'liveCheckWorker.js'), { execArgv: [] });
  const post = worker.postMessage.bind(worker);
  worker.postMessage = (message: unknown) => {
    const started = performance.now();
    post(message);
    posts.push(performance.now() - started);
  };
  const emit = worker.emit.bind(worker);
  worker.emit = (event: string | symbol, ...args: unknown[]) => {
    const started = performance.now();
    const listened = emit(event, ...args);
    if (event === 'message') answers.push(performance.now() - started);
    return listened;
  };
  return worker;
}

interface Pause {
  blockMs: number;
  loopDelayMs: number;
  latencyMs: number;
  problems: number;
}

async function child(pauses: number): Promise<LiveCheckResult> {
  const { baseline, text } = wideRecord();

  const model = new TextModel(text);
  const posts: number[] = [];
  const answers: number[] = [];
  const checker = new LiveChecker({
    startWorker: () => timedWorker(posts, answers),
    problemLimit: SHOWN_PROBLEMS_LIMIT,
    onWorkerFailure: (error) => {
      throw error;
    },
  });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // One typing pause as the host lives it: the debounce task (read the text, hand it to the checker, which
  // posts it), then the answer's task (the checker's listener, then the conversion into diagnostics).
  const checked = async (): Promise<Pause> => {
    posts.length = 0;
    answers.length = 0;
    delay.reset();
    const started = performance.now();
    const answered = checker.check('doc', baseline, { length: model.length, read: () => model.getText() });
    const debounceTask = performance.now() - started; // the text is posted within the call
    const outcome: LiveCheckOutcome = await answered;
    const latencyMs = performance.now() - started;
    if (outcome.status !== 'checked') throw new Error(`live check: ${JSON.stringify(outcome)}`);
    const converting = performance.now();
    toDiagnostics(outcome.problems, model);
    const answerTask = Math.max(0, ...answers) + (performance.now() - converting);
    await new Promise((resolve) => setTimeout(resolve, 5)); // one more turn, so the loop's last delay is recorded
    return { blockMs: Math.max(debounceTask, answerTask, ...posts), loopDelayMs: delay.max / 1e6, latencyMs, problems: outcome.total };
  };
  const open = await checked(); // includes starting the worker and sending the baseline
  const results: Pause[] = [];
  const texts: string[] = [];
  for (let pause = 0; pause < pauses; pause++) {
    edit(model, pause, pause === pauses - 1);
    texts.push(model.getText());
    await new Promise((resolve) => setTimeout(resolve, 20));
    results.push(await checked());
  }
  delay.disable();
  checker.dispose();
  const sync: number[] = [];
  for (const typed of texts.slice(-Math.min(texts.length, 5))) {
    const started = performance.now();
    checkDocument('record', typed, baseline.resource, baseline.ctx);
    sync.push(performance.now() - started);
  }
  const blocks = results.map((r) => r.blockMs);
  return {
    live_check_ms: round(median(blocks)),
    max_block_ms: round(Math.max(...blocks)),
    open_block_ms: round(open.blockMs),
    loop_delay_max_ms: round(Math.max(...results.map((r) => r.loopDelayMs))),
    worker_latency_ms: round(median(results.map((r) => r.latencyMs))),
    sync_check_ms: round(median(sync)),
    text_kb: round(text.length / 1024),
    pauses,
    problems_last_pause: results.at(-1)?.problems ?? 0,
    samples_block_ms: blocks.map((b) => round(b)),
  };
}

if (process.argv.includes('--live-check-child')) {
  const pauses = Number(process.argv[process.argv.indexOf('--live-check-child') + 1]) || 10;
  child(pauses).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
