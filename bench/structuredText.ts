// DAST → Markdown → DAST of the article (bench/article.ts): the conversion a Markdown view of a Structured Text
// field runs on open and on each save, in this process (src/structuredText). For scale, `floor_ms` is the bare
// libraries on the same text: micromark's CommonMark parse plus mdast-util-to-markdown of its tree, no extensions.
import { isDeepStrictEqual } from 'node:util';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toMarkdown } from 'mdast-util-to-markdown';
import { dastToMarkdown, markdownToDast, normalDocument } from '../src/structuredText';
import { articleDast } from './article';
import { median, round } from './lib';

const TARGET_MS = 20;

export async function benchStructuredText(
  runs: number,
  rows: { name: string; value: string; target: string; ok: boolean | undefined }[],
  progress: (message: string) => void,
): Promise<Record<string, unknown>> {
  const article = articleDast();
  const expected = normalDocument(article);
  const rounds = Math.max(20, 4 * runs);
  progress(`structured_text_markdown: ${rounds} round trips of a 200-paragraph article with 20 blocks`);
  for (let i = 0; i < 5; i++) markdownToDast(dastToMarkdown(article)); // JIT
  const toMs: number[] = [];
  const fromMs: number[] = [];
  const floorMs: number[] = [];
  const text = dastToMarkdown(article);
  let identical = true;
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const markdown = dastToMarkdown(article);
    const written = performance.now();
    const read = markdownToDast(markdown);
    fromMs.push(performance.now() - written);
    toMs.push(written - started);
    identical &&= read.problems.length === 0 && isDeepStrictEqual(read.value, expected);
    const bare = performance.now();
    toMarkdown(fromMarkdown(text));
    floorMs.push(performance.now() - bare);
  }
  const total = toMs.map((ms, i) => ms + fromMs[i]!);
  const out = {
    round_trip_ms: round(median(total)),
    to_markdown_ms: round(median(toMs)),
    from_markdown_ms: round(median(fromMs)),
    floor_ms: round(median(floorMs)),
    identical,
    markdown_bytes: Buffer.byteLength(dastToMarkdown(article)),
    samples_ms: total.map((ms) => round(ms)),
  };
  rows.push({
    name: 'structured_text_markdown: DAST → Markdown → DAST, 200 paragraphs + 20 blocks',
    value: `${out.round_trip_ms} ms (${out.to_markdown_ms} + ${out.from_markdown_ms}; bare libraries ${out.floor_ms} ms), ${identical ? 'identical' : 'NOT identical'}`,
    target: `≤ ${TARGET_MS} ms, identical`,
    ok: identical && out.round_trip_ms <= TARGET_MS,
  });
  return out;
}
