import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dateTimeText } from '../../src/platform/dates';
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
    const when = dateTimeText('en-GB', 'Europe/Rome');
    assert.equal(
      recordMarkdown(name, formatMessage, when),
      '**Maria \\*the\\* chef** · Author `author` · updated · changed 12 May 2024, 14:03 CEST\n\nrecord `RecordAuQhKr000000001A`',
    );
    assert.equal(
      recordMarkdown({ ...name, title: name.id, titled: false, status: null, updatedAt: null }, formatMessage, when),
      '**RecordAuQhKr000000001A** · Author `author`',
    );
  });
});

describe('dates as the user reads them', () => {
  test('in the locale and time zone given, the zone named; what is not a date stays as it is', () => {
    assert.equal(dateTimeText('en-US', 'UTC')('2024-05-12T12:03:00Z'), 'May 12, 2024, 12:03 PM UTC');
    assert.equal(dateTimeText('de-DE', 'Europe/Berlin')('2024-01-12T12:03:00Z'), '12. Jan. 2024, 13:03 MEZ');
    assert.equal(dateTimeText('en-US', 'Not/AZone')('2024-05-12T12:03:00Z'), 'May 12, 2024, 12:03 PM UTC', 'an unknown zone: UTC, named');
    assert.equal(dateTimeText('en-US')('soon'), 'soon');
  });
});
