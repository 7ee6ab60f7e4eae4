// The Markdown a person types: the dialect's constructs read as DAST, and what DAST cannot hold or the field does
// not allow is refused at its line, never dropped.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dastToMarkdown, fieldRules, markdownToDast, readFieldMarkdown, type Document } from '../../src/structuredText';

const doc = (...children: unknown[]) => ({ schema: 'dast', document: { type: 'root', children } }) as Document;
const p = (...children: unknown[]) => ({ type: 'paragraph', children });
const span = (value: string, ...marks: string[]) => (marks.length ? { type: 'span', marks, value } : { type: 'span', value });
const problemsOf = (text: string, rules = fieldRules({})) =>
  readFieldMarkdown(text, rules).problems.map((x) => `${x.position?.start.line}: ${x.message}`);

describe('the Markdown dialect', () => {
  test('marks, links, records and blocks read as DAST', () => {
    const text = [
      '# Title',
      '',
      'Some **bold**, _em_, ~~gone~~, `code`, :underline[under], :highlight[bright] and :mark[small]{name="smallcaps"}.',
      'A [link](https://a.example) and a :link[new tab]{href="https://b.example" target="_blank"}, a [record](item:rec1) and <item:rec2>, an :inlineBlock{#blk2}.',
      '',
      '::block{#blk1}',
      '',
      '> Be yourself.',
      '>',
      '> ::attribution[Oscar Wilde]',
      '',
      '```js {1,3-4}',
      'a',
      '```',
    ].join('\n');
    const read = markdownToDast(text);
    assert.deepEqual(read.problems, []);
    assert.deepEqual(
      read.value,
      doc(
        { type: 'heading', level: 1, children: [span('Title')] },
        p(
          span('Some '),
          span('bold', 'strong'),
          span(', '),
          span('em', 'emphasis'),
          span(', '),
          span('gone', 'strikethrough'),
          span(', '),
          span('code', 'code'),
          span(', '),
          span('under', 'underline'),
          span(' and '.replace(' and ', ', ')),
          span('bright', 'highlight'),
          span(' and '),
          span('small', 'smallcaps'),
          span('. A '),
          { type: 'link', url: 'https://a.example', children: [span('link')] },
          span(' and a '),
          { type: 'link', url: 'https://b.example', meta: [{ id: 'target', value: '_blank' }], children: [span('new tab')] },
          span(', a '),
          { type: 'itemLink', item: 'rec1', children: [span('record')] },
          span(' and '),
          { type: 'inlineItem', item: 'rec2' },
          span(', an '),
          { type: 'inlineBlock', item: 'blk2' },
          span('.'),
        ),
        { type: 'block', item: 'blk1' },
        { type: 'blockquote', attribution: 'Oscar Wilde', children: [p(span('Be yourself.'))] },
        { type: 'code', language: 'js', highlight: [0, 2, 3], code: 'a' },
      ),
    );
  });

  test('a soft line break is a space; a hard one (`\\`, two spaces, `<br>`) is a line break', () => {
    assert.deepEqual(markdownToDast('one\ntwo\\\nthree  \nfour<br>five').value, doc(p(span('one two\nthree\nfour\nfive'))));
  });

  test('text that looks like a directive stays text: 10:30, key:value', () => {
    assert.deepEqual(markdownToDast('Open 10:30 to 22:00, key:value').value, doc(p(span('Open 10:30 to 22:00, key:value'))));
  });

  test('what DAST cannot hold is refused at its line, with what to do', () => {
    assert.deepEqual(problemsOf('ok\n\n![alt](x.png)'), [
      '3: Images are not part of Structured Text: add an image as a block of the field.',
    ]);
    assert.deepEqual(problemsOf('<div>x</div>'), ['1: HTML is not part of Structured Text: write `\\<` for a literal "<".']);
    assert.deepEqual(problemsOf('| a |\n| - |\n| b |'), ['1: Structured Text has no tables.']);
    assert.deepEqual(problemsOf('- # heading in a list'), ['1: A list item holds only paragraphs and lists in Structured Text.']);
    assert.deepEqual(problemsOf('> - list in a quote'), ['1: A quote holds only paragraphs in Structured Text.']);
    assert.deepEqual(problemsOf('3. starts at three'), ['1: Structured Text numbers every list from 1: start this list at 1, not 3.']);
    assert.deepEqual(problemsOf('```js title="x"\n```'), [
      '1: Only highlighted lines may follow a code block\'s language, as {1,3-5}: "title="x"" would be lost.',
    ]);
    assert.deepEqual(problemsOf('a :nope[x] b'), ['1: Unknown directive ":nope" (write `\\:` for a literal colon).']);
    assert.deepEqual(
      problemsOf('::block{#a}\n\n::block{#a}', fieldRules({ validators: { structured_text_blocks: { item_types: ['hero'] } } })),
      ['3: The block a appears twice: a block stands in one place.'],
    );
  });

  test("the field's rules: nodes, marks, heading levels, blocks, inline blocks, links", () => {
    const rules = fieldRules({
      validators: {
        structured_text_blocks: { item_types: ['hero'] },
        structured_text_inline_blocks: { item_types: [] },
        structured_text_links: { item_types: ['article'] },
      },
      appearance: { editor: 'structured_text', parameters: { nodes: ['heading', 'link'], marks: ['strong'], heading_levels: [2, 3] } },
    });
    const text = ['# One', '', '## Two _em_', '', '> quote', '', ':inlineBlock{#i1}', '', '[x](item:r1)'].join('\n');
    assert.deepEqual(problemsOf(text, rules), [
      '1: This field allows headings of level 2, 3 only, not 1.',
      '3: This field does not allow the mark emphasis.',
      '5: This field does not allow quotes.',
      '7: This field does not allow inline blocks.',
    ]);
    const noLinks = fieldRules({ validators: { structured_text_links: { item_types: [] } }, appearance: { parameters: { nodes: [] } } });
    assert.deepEqual(problemsOf('[a](https://x.example) <item:r1>', noLinks), [
      '1: This field does not allow links.',
      '1: This field does not allow links to records.',
    ]);
    const lookups = {
      blockModel: (id: string) => (id === 'b1' ? 'cta' : 'hero'),
      recordModel: () => 'author',
      modelName: (id: string) => id.toUpperCase(),
    };
    assert.deepEqual(
      readFieldMarkdown('::block{#b1}\n\n::block{#b2}\n\n[a](item:r1)', rules, lookups).problems.map(
        (x) => `${x.position?.start.line}: ${x.message}`,
      ),
      ['1: This field does not allow CTA blocks: only HERO.', '5: This field does not link to AUTHOR records: only ARTICLE.'],
    );
  });

  test('blocks written in place (a record document) become ::block{#ID}', () => {
    const markdown = dastToMarkdown({
      schema: 'dast',
      document: { type: 'root', children: [{ type: 'block', item: { id: 'b1', item_type: { type: 'item_type', id: 'hero' } } }] },
    });
    assert.equal(markdown, '::block{#b1}\n');
  });

  test('a new block line reads as a new block of its model and writes back the same; an unknown or disallowed model is refused', () => {
    const ids: Record<string, string> = { hero: 'M1', cta: 'M2' };
    const models = {
      idOf: (apiKey: string) => ids[apiKey],
      apiKeyOf: (id: string) => Object.keys(ids).find((k) => ids[k] === id),
    };
    const text = 'Intro\n\n::block{model="hero"}\n\n::block{#b1}\n';
    const read = markdownToDast(text, models);
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.value.document.children.slice(1), [
      { type: 'block', item: { item_type: { type: 'item_type', id: 'M1' } } },
      { type: 'block', item: 'b1' },
    ]);
    assert.equal(dastToMarkdown(read.value, models), text, 'the same lines back');

    const rules = fieldRules({ validators: { structured_text_blocks: { item_types: ['M1'] } } });
    const refused = readFieldMarkdown('::block{model="nope"}\n\n::block{model="cta"}\n\n::block{#b1 model="hero"}', rules, { models });
    assert.deepEqual(
      refused.problems.map((x) => `${x.position?.start.line}: ${x.message}`),
      [
        '1: No block model has the API key "nope".',
        '5: A block line names a block by its id, or a new block by its model: `{#ID}` or `{model="api_key"}`, not both.',
        '3: This field does not allow M2 blocks: only M1.',
      ],
    );
    assert.deepEqual(problemsOf('::block{model="hero"}'), ['1: No block model has the API key "hero".'], 'no models known: refused');
  });
});
