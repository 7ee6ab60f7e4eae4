// The benchmarks' article: a Structured Text value of 200 paragraphs and 20 blocks, with what real articles hold
// (headings, marks, links, record links, lists, a quote, code), shared by the Markdown and preview rows.
import type { Document } from '../src/structuredText';

const WORDS = 'the kitchen opens at noon with seasonal plates from local farms and a short list of natural wines'.split(' ');
const sentence = (i: number, length: number) => Array.from({ length }, (_, k) => WORDS[(i * 7 + k) % WORDS.length]).join(' ');

/** `block(i)`: the i-th block's item (an id, or the block as a record document holds it). */
export function articleDast(
  block: (i: number) => unknown = (i) => `BenchBlock${String(i).padStart(12, '0')}`,
  linkedIds: string[] = ['rec1'],
): Document {
  const children: unknown[] = [];
  for (let i = 0; i < 200; i++) {
    if (i % 10 === 0) {
      children.push({ type: 'heading', level: 2, children: [{ type: 'span', value: `Section ${i / 10 + 1}: ${sentence(i, 4)}` }] });
      children.push({ type: 'block', item: block(i / 10) });
    }
    children.push({
      type: 'paragraph',
      children: [
        { type: 'span', value: `${sentence(i, 12)} ` },
        { type: 'span', marks: ['strong'], value: sentence(i + 1, 2) },
        { type: 'span', value: ', ' },
        { type: 'span', marks: ['emphasis'], value: sentence(i + 2, 3) },
        { type: 'span', value: ' and ' },
        i % 3 === 0
          ? { type: 'itemLink', item: linkedIds[i % linkedIds.length], children: [{ type: 'span', value: 'our chef' }] }
          : { type: 'link', url: `https://example.com/menu/${i}`, children: [{ type: 'span', value: 'the menu' }] },
        { type: 'span', value: ` ${sentence(i + 3, 10)}.` },
      ],
    });
    if (i % 50 === 25) children.push(list(i), quote(i), code(i));
  }
  return { schema: 'dast', document: { type: 'root', children } } as Document;
}

function list(i: number): unknown {
  const item = (k: number) => ({
    type: 'listItem',
    children: [{ type: 'paragraph', children: [{ type: 'span', value: sentence(i + k, 6) }] }],
  });
  return {
    type: 'list',
    style: 'bulleted',
    children: [
      item(1),
      item(2),
      { ...item(3), children: [...item(3).children, { type: 'list', style: 'numbered', children: [item(4), item(5)] }] },
    ],
  };
}

function quote(i: number): unknown {
  return {
    type: 'blockquote',
    attribution: 'A guest',
    children: [{ type: 'paragraph', children: [{ type: 'span', value: sentence(i, 15) }] }],
  };
}

function code(i: number): unknown {
  return { type: 'code', language: 'javascript', highlight: [1], code: `const table = ${i};\nbook(table);\n` };
}
