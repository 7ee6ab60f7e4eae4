// DAST → Markdown → DAST keeps every document (up to normalDocument, whose normalisations DatoCMS treats as the
// same content), over generated documents with every node type and attribute; and an edit of the Markdown of one
// node changes that node only.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { dastToMarkdown, markdownToDast, normalDocument, type Document, type RootChild } from '../../src/structuredText';
import { dastDocument, rootChild } from './arbitraries';

const docOf = (children: RootChild[]) => ({ schema: 'dast', document: { type: 'root', children } }) as Document;

/** Found by a random run: `*:x` before a link was written `\*:x[`, which reads as the directive `:x`. */
const ESCAPED_BEFORE_COLON = docOf([
  {
    type: 'paragraph',
    children: [
      { type: 'span', value: '*:x' },
      { type: 'itemLink', item: '_-5i-', children: [{ type: 'span', value: '[', marks: ['highlight', 'code'] }] },
    ],
  },
]);

describe('Structured Text as Markdown', () => {
  test('DAST → Markdown → DAST is the same document', () => {
    fc.assert(
      fc.property(dastDocument, (doc) => {
        const markdown = dastToMarkdown(doc);
        const read = markdownToDast(markdown);
        assert.deepEqual(read.problems, [], markdown);
        assert.deepEqual(read.value, normalDocument(doc), markdown);
      }),
      { numRuns: 200, examples: [[ESCAPED_BEFORE_COLON]] },
    );
  });

  test('an edit of one node’s Markdown changes that node only', () => {
    const edit = fc.tuple(dastDocument, fc.nat(), rootChild);
    fc.assert(
      fc.property(edit, ([doc, at, replacement]) => {
        const markdown = dastToMarkdown(doc);
        const before = markdownToDast(markdown);
        const index = at % before.value.document.children.length;
        const target = before.positions.get(before.value.document.children[index]!)!;
        const inserted = dastToMarkdown(docOf([replacement])).replace(/\n$/, '');
        const edited = markdown.slice(0, target.start.offset) + inserted + markdown.slice(target.end.offset);
        const after = markdownToDast(edited);
        const expected = [...normalDocument(doc).document.children];
        expected.splice(index, 1, ...normalDocument(docOf([replacement])).document.children);
        // two neighbouring lists of one kind are one list in Markdown, as in DatoCMS's editor: not an edit of one node
        fc.pre(!expected.some((node, i) => node.type === 'list' && expected[i + 1]?.type === 'list'));
        assert.deepEqual(after.problems, [], edited);
        assert.deepEqual(after.value.document.children, expected, edited);
      }),
      { numRuns: 100 },
    );
  });
});
