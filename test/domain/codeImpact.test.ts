// The sentence a confirmation shows about the workspace's queries a schema change breaks: operations and fragments
// counted apart (a breaking fragment takes every operation spreading it), the first few named with file and line.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { codeImpact, type BrokenQuery } from '../../src/domain/codeImpact';
import { formatMessage as t } from '../../src/platform/translate';

const change = { project: 'p', environment: 'main', kind: 'field', modelApiKey: 'article', fieldApiKey: 'cover' } as const;
const sentence = (broken: BrokenQuery[]) => codeImpact(t, [change], async () => broken);

describe('what a schema change breaks, in one sentence', () => {
  test('operations and fragments counted apart; five named, the rest counted', async () => {
    const broken: BrokenQuery[] = [
      ...Array.from({ length: 26 }, (_, i) => ({ name: `query Q${i}`, file: `app/q${String(i).padStart(2, '0')}.ts`, line: 1 })),
      ...Array.from({ length: 16 }, (_, i) => ({ name: `fragment F${i} on ArticleRecord`, file: 'lib/fragments.ts', line: i + 1 })),
    ];
    assert.equal(
      await sentence(broken),
      '26 operation(s) and 16 fragment(s) of this workspace would no longer validate without article.cover: app/q00.ts:1 (query Q0), app/q01.ts:1 (query Q1), app/q02.ts:1 (query Q2), app/q03.ts:1 (query Q3), app/q04.ts:1 (query Q4) and 37 more.',
    );
  });

  test('queries only: as before', async () => {
    assert.equal(
      await sentence([{ name: 'query Feed', file: 'feed.graphql', line: 1 }]),
      '1 query of this workspace reads article.cover and would no longer validate: feed.graphql:1 (query Feed).',
    );
    assert.equal(await sentence([]), undefined);
  });
});
