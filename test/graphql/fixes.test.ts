// The quick fixes of a GraphQL problem: every name graphql-js suggests, and the new name of a field the project
// renamed (told by the extension's own reading of the models, or by the rename it asked about), when the type has it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildSchema } from 'graphql';
import { fixesFor, Renames } from '../../src/graphql/language/fixes';
import { problemsOf } from '../../src/graphql/language/queryService';
import { analyse } from '../../src/graphql/language/analysis';
import { LanguageSources } from '../../src/graphql/language/sources';
import { formatMessage as t } from '../../src/platform/translate';

const schema = buildSchema(`
  type Query { allArticles(filter: ArticleModelFilter, orderBy: [ArticleModelOrderBy]): [ArticleRecord!]! }
  type ArticleRecord { id: ID! headline: String titles: String readingTime: Int }
  input ArticleModelFilter { headline: StringFilter }
  input StringFilter { eq: String }
  enum ArticleModelOrderBy { headline_ASC headline_DESC }
`);

const fixes = (text: string, renames = new Renames()) =>
  problemsOf(schema, analyse(text, 'graphql')).map((p) => [
    text.slice(p.start, p.end),
    fixesFor(p.message, schema, renames, t).map((f) => `${f.title}${f.preferred ? ' *' : ''}`),
  ]);

describe('quick fixes of GraphQL problems', () => {
  test('"Did you mean": one fix per name suggested, on the name the problem is on', () => {
    assert.deepEqual(fixes('{ allArticles { titel readingTme } }'), [
      ['titel', ['Change to titles']],
      ['readingTme', ['Change to readingTime', 'Change to headline']],
    ]);
  });

  test('a renamed field: its new name, preferred, wherever the old one is selected, filtered or ordered by', () => {
    const renames = new Renames();
    renames.record('Article', 'title', 'headline');
    assert.deepEqual(fixes('{ allArticles(filter: { title: { eq: "x" } }, orderBy: title_DESC) { title } }', renames), [
      ['title', ['Use headline (renamed in DatoCMS) *']],
      ['title_DESC', ['Use headline_DESC (renamed in DatoCMS) *']],
      ['title', ['Use headline (renamed in DatoCMS) *', 'Change to titles']],
    ]);
    // a rename the schema does not have yet (not synced): no fix that would break the query again
    const stale = new Renames();
    stale.record('Article', 'title', 'heading');
    assert.deepEqual(fixes('{ allArticles { title } }', stale), [['title', ['Change to titles']]]);
  });

  test('the extension notes a rename when it reads the models again and a field (same id) has another api_key', async () => {
    const model = { id: 'm', type: 'item_type', attributes: { api_key: 'article', name: 'Article' }, relationships: {}, meta: {} };
    const field = (apiKey: string) => ({
      id: 'f',
      type: 'field',
      attributes: { api_key: apiKey, label: 'T', field_type: 'string' },
      relationships: {},
      meta: {},
    });
    const contexts = [field('title'), field('headline')].map((f) => ({ itemTypes: [model], fieldsOf: () => [f] }));
    const renames = new Renames();
    let reading = 0;
    const sources = new LanguageSources({
      schemas: {
        peek: () => undefined,
        entry: async () => {
          throw new Error('no schema');
        },
        refresh: async () => false,
      },
      renames,
      data: async () => ({ schemaContext: async () => contexts[Math.min(reading++, 1)] }) as never,
    });
    await sources.names({ project: 'p', environment: 'main' });
    assert.equal(renames.renamedTo('Article', 'title'), undefined);
    await sources.names({ project: 'p', environment: 'main' });
    assert.equal(renames.renamedTo('Article', 'title'), 'headline');
  });
});
