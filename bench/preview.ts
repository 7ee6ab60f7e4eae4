// The Record Preview of the bench article (bench/article.ts: 200 paragraphs, 20 blocks) as the extension runs it
// (src/preview/text.ts + the webview's renderer, webviews/preview/render.ts), at 0 ms round trip: the first render
// once the record document is open (its schema cached by the open), then keystrokes (one character typed in a
// paragraph, then the debounce the preview waits and the render). Requests counted in the emulator's own log.
import * as esbuild from 'esbuild';
import { CmaClient } from '../src/cma';
import { DocumentService } from '../src/documents/documentService';
import { RecordNames } from '../src/language/names';
import { loadSchema, type PreviewSchema } from '../src/preview/schema';
import { cachedLookups, modelOfText, TYPING_DEBOUNCE_MS } from '../src/preview/text';
import { previewWords } from '../src/preview/words';
import { ProjectData } from '../src/projects/projectData';
import { renderPreview } from '../webviews/preview/render';
import { articleDast } from './article';
import { median, round, type EmulatorProcess } from './lib';

const TARGETS = { firstRenderMs: 100, keystrokeMs: 150, scriptBytes: 150 * 1024 };
type Rows = { name: string; value: string; target: string; ok: boolean | undefined }[];

export async function benchRecordPreview(
  emulator: EmulatorProcess,
  runs: number,
  rows: Rows,
  progress: (m: string) => void,
): Promise<Record<string, unknown>> {
  await emulator.setLatency(0);
  const id = await articleWithTheBenchBody(emulator);
  let documentBytes = 0;
  const firstMs: number[] = [];
  const keystrokeMs: number[] = [];
  let keystrokeRequests = 0;
  progress(`record_preview: ${runs} sessions (first render, then 20 keystrokes each)`);
  for (let run = 0; run < runs; run++) {
    const session = await previewSession(emulator, id);
    documentBytes = Buffer.byteLength(session.text);
    firstMs.push(session.firstMs);
    await session.fill();
    await again(() => emulator.clearRequests());
    let typed = session.text;
    for (let key = 0; key < 20; key++) {
      const at = typed.indexOf('the kitchen opens', typed.length / 2) + 4;
      typed = `${typed.slice(0, at)}x${typed.slice(at)}`;
      keystrokeMs.push(TYPING_DEBOUNCE_MS + session.render(typed));
    }
    keystrokeRequests += (await again(() => emulator.requests())).length;
  }
  const script = await webviewScriptBytes();
  const out = {
    first_render_ms: round(median(firstMs)),
    keystroke_ms: round(median(keystrokeMs)),
    keystroke_requests: keystrokeRequests,
    debounce_ms: TYPING_DEBOUNCE_MS,
    document_bytes: documentBytes,
    webview_script_bytes: script,
  };
  rows.push({
    name: 'record_preview: first render after the document is open',
    value: `${out.first_render_ms} ms`,
    target: `≤ ${TARGETS.firstRenderMs} ms`,
    ok: out.first_render_ms <= TARGETS.firstRenderMs,
  });
  rows.push({
    name: 'record_preview: keystroke → updated preview (debounce included)',
    value: `${out.keystroke_ms} ms, ${keystrokeRequests} requests`,
    target: `≤ ${TARGETS.keystrokeMs} ms, 0 requests`,
    ok: out.keystroke_ms <= TARGETS.keystrokeMs && keystrokeRequests === 0,
  });
  rows.push({
    name: 'record_preview: webview script (dist/webview-preview.js)',
    value: `${round(script / 1024)} KB`,
    target: `≤ ${TARGETS.scriptBytes / 1024} KB`,
    ok: script <= TARGETS.scriptBytes,
  });
  return out;
}

/** An article whose body (in its first locale) is the bench article, its 20 blocks quote blocks: its id. */
async function articleWithTheBenchBody(emulator: EmulatorProcess): Promise<string> {
  const client = new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url });
  const [article] = (await client.items.list({ filter: { type: 'article' }, version: 'current', page: { limit: 1 } })).data;
  const [author] = (await client.items.list({ filter: { type: 'author' }, version: 'current', page: { limit: 1 } })).data;
  const quote = await client.itemTypes.find('quote_block');
  if (!article || !author) throw new Error('record_preview: the emulator has no article or author');
  const block = (i: number) => ({
    type: 'item',
    attributes: { quote: `Quote number ${i}` },
    relationships: { item_type: { data: { type: 'item_type', id: quote.id } } },
  });
  const body = { ...(article.attributes['body'] as Record<string, unknown>) };
  body[Object.keys(body)[0] ?? 'en'] = articleDast(block, [author.id, article.id]);
  await client.items.update(article.id, { data: { type: 'item', id: article.id, attributes: { body } } } as never);
  return article.id;
}

async function previewSession(emulator: EmulatorProcess, id: string) {
  const data = new ProjectData(new CmaClient({ apiToken: emulator.token, baseUrl: emulator.url }));
  const ref = { project: 'bench', environment: 'main', kind: 'record', modelApiKey: 'article', id } as const;
  const opened = await new DocumentService(async () => data).open(ref);
  const names = new RecordNames(data);
  const uploads = new Map();
  const words = previewWords((m) => m);
  let version = 0;
  let unknown: string[] = [];
  /** the text → the model → HTML, as the preview runs it on a pause in typing */
  const show = (text: string, schema: PreviewSchema) => {
    const lookups = cachedLookups(names, uploads, schema.imgixHost);
    const result = modelOfText(text, { schema, lookups, words, uiLocale: 'en', dirty: true, version: ++version });
    if ('invalid' in result) throw new Error(`record_preview: ${result.invalid}`);
    renderPreview(result.built.model, 'en');
    unknown = result.built.unknownRecords;
  };
  const firstStarted = performance.now();
  const schema = await loadSchema(data);
  show(opened.text, schema);
  const firstMs = performance.now() - firstStarted;
  const render = (text: string): number => {
    const started = performance.now();
    show(text, schema);
    return performance.now() - started;
  };
  return { firstMs, text: opened.text, render, fill: () => names.resolve(unknown) };
}

/** The webview script as the package ships it (minified), in bytes. */
async function webviewScriptBytes(): Promise<number> {
  const result = await esbuild.build({
    entryPoints: ['webviews/preview/main.ts'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    outdir: 'out',
    logLevel: 'silent',
  });
  return result.outputFiles.filter((f) => f.path.endsWith('.js')).reduce((sum, f) => sum + f.contents.byteLength, 0);
}

/** A control call again once: after seconds of rendering, the emulator may have closed the kept-alive socket. */
async function again<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    return call();
  }
}
