// api_keys are unique: a model's among the environment's models and block models, a field's among its model's
// fields. A taken one is a problem where it was typed (as the editor checks the text, and again before a save sends
// anything), in documents and in New Model / New Field drafts alike.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkDocument, draftModel, planSchemaCreate, renderSchemaDraft } from '../../src/schema';
import { draftField } from '../../src/schema/fieldTemplate';
import * as fx from './fixtures';
import { edited, plan, problemsOf, refusedAt } from './helpers';

const ctx = fx.context();
const [title, slug] = fx.articleFields as [(typeof fx.articleFields)[0], (typeof fx.articleFields)[0]];

describe('a taken api_key', () => {
  test("a model renamed to another model's api_key: the problem names that model, at api_key", () => {
    const problem = refusedAt(
      'model',
      fx.authorModel,
      ctx,
      'api_key',
      /"article" is already the api_key of the model "article" in this environment/,
      (d) => {
        d.api_key = 'article';
      },
    );
    assert.equal(problem.code, 'api-key-taken');
    assert.ok(problem.code === 'api-key-taken' && problem.data.taken.includes('cta_block'));
  });

  test("a model renamed to a block model's api_key is refused too; its own api_key, or a free one, is not", () => {
    refusedAt('model', fx.authorModel, ctx, 'api_key', /the block model "cta block" in this environment/, (d) => {
      d.api_key = 'cta_block';
    });
    assert.equal(plan('model', fx.authorModel, ctx, (d) => (d.api_key = 'writer')).ok, true);
    assert.equal(plan('model', fx.authorModel, ctx, (d) => (d.hint = 'People who write')).ok, true);
  });

  test("a field renamed to a sibling's api_key: the problem names the sibling; another model's field's api_key is free", () => {
    refusedAt('field', slug, ctx, 'api_key', /"title" is already the api_key of the field "title" of this model/, (d) => {
      d.api_key = 'title';
    });
    const ctaField = fx.ctaFields[0]!;
    assert.equal(plan('field', ctaField, ctx, (d) => (d.api_key = 'title')).ok, true, 'unique only within the model');
  });

  test('as the text is checked (the same check the editor runs as the user types)', () => {
    const text = edited('field', title, ctx, (d) => (d.api_key = 'slug'));
    const problems = checkDocument('field', text, title, ctx);
    assert.deepEqual(
      problems.map((p) => [p.pathText, p.code]),
      [['api_key', 'api-key-taken']],
    );
    assert.equal(text.slice(problems[0]!.offset, problems[0]!.offset + problems[0]!.length), '"slug"');
  });

  test('a New Model draft whose api_key is taken is not created; a free one is', () => {
    const draft = draftModel(ctx, false);
    const rendered = JSON.parse(renderSchemaDraft('model', draft, ctx)) as Record<string, unknown>;
    const taken = planSchemaCreate('model', draft, JSON.stringify({ ...rendered, api_key: 'author' }, null, 2), ctx);
    assert.equal(taken.ok, false);
    assert.equal(taken.ok ? undefined : taken.problems[0]?.code, 'api-key-taken');
    assert.equal(planSchemaCreate('model', draft, JSON.stringify({ ...rendered, api_key: 'recipe' }, null, 2), ctx).ok, true);
  });

  test('a New Field draft whose api_key is a field of its model is not created', () => {
    const draft = draftField(fx.articleModel, 'string', ctx);
    const rendered = JSON.parse(renderSchemaDraft('field', draft, ctx)) as Record<string, unknown>;
    const taken = planSchemaCreate('field', draft, JSON.stringify({ ...rendered, api_key: 'slug' }, null, 2), ctx);
    assert.deepEqual(
      problemsOf({ ok: false, problems: taken.ok ? [] : taken.problems }).map((p) => p.code),
      ['api-key-taken'],
    );
  });
});
