import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { datesIn } from '../../src/platform/dates';
import { formatMessage } from '../../src/platform/translate';
import { altText, markdownText, recordMarkdown } from '../../src/language/markdown';
import type { RecordName } from '../../src/language/names';

describe('user text in hovers', () => {
  test('names show as themselves: only what Markdown would read is escaped', () => {
    assert.equal(markdownText('focaccia-tray.png'), 'focaccia-tray.png');
    assert.equal(markdownText('Mine wins (2024)!'), 'Mine wins (2024)!');
    assert.equal(markdownText('*a* _b_ `c` [d](e) <f> a|b ~g~ &amp;'), '\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\<f\\> a\\|b \\~g\\~ \\&amp;');
    assert.equal(markdownText('# Heading'), '\\# Heading', 'a heading at the start of a line');
    assert.equal(markdownText('1. first'), '1\\. first', 'a list number');
    assert.equal(markdownText('two\nlines'), 'two lines');
    assert.equal(altText('a [b] \\c-d.png'), 'a b c-d.png');
  });

  test('a record: title, model, status and when it changed, in the given locale and time zone', () => {
    const name: RecordName = {
      id: 'RecordAuQhKr000000001A',
      title: 'Maria *the* chef',
      titled: true,
      modelId: 'AuthorMoQeK0000000001A',
      modelApiKey: 'author',
      modelName: 'Author',
      status: 'updated',
      updatedAt: '2024-05-12T12:03:00Z',
    };
    const when = datesIn('Europe/Rome', 'en-GB');
    assert.equal(
      recordMarkdown(name, formatMessage, when),
      '**Maria \\*the\\* chef** · Author `author` · updated · changed Sunday, 12 May 2024 at 14:03:00 CEST (Europe/Rome)\n\nrecord `RecordAuQhKr000000001A`',
    );
    assert.equal(
      recordMarkdown({ ...name, title: name.id, titled: false, status: null, updatedAt: null }, formatMessage, when),
      '**RecordAuQhKr000000001A** · Author `author`',
    );
  });
});
