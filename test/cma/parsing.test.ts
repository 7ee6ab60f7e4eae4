// Pure parts of the client: reading JSON:API bodies defensively, and the backoff/policy arithmetic.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseError } from '../../src/cma';
import { parseApiErrors, parseCollection, parsePage, parseSingle } from '../../src/cma/jsonapi';
import { backoffDelay, DEFAULT_RETRY_POLICY, resolveJobPolicy, resolveRetryPolicy } from '../../src/cma/timing';

const source = { method: 'GET', path: '/item-types', status: 200 };

function shapeProblem(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ResponseError, `expected ResponseError, got ${String(error)}`);
    assert.equal(error.status, 200);
    return error.message;
  }
  throw new Error('expected a ResponseError');
}

describe('JSON:API parsing', () => {
  test('normalises missing attributes, relationships and meta to {}', () => {
    const resource = parseSingle({ data: { type: 'environment', id: 'main', meta: { primary: true } } }, 'environment', source);
    assert.deepEqual(resource, { id: 'main', type: 'environment', attributes: {}, relationships: {}, meta: { primary: true } });
  });

  test('keeps relationships: single, null and to-many', () => {
    const resource = parseSingle(
      {
        data: {
          type: 'item_type',
          id: 'm1',
          attributes: { name: 'Article' },
          relationships: {
            title_field: { data: { type: 'field', id: 'f1' } },
            workflow: { data: null },
            fields: { data: [{ type: 'field', id: 'f1' }] },
          },
        },
      },
      'item_type',
      source,
    );
    assert.deepEqual(resource.relationships, {
      title_field: { data: { type: 'field', id: 'f1' } },
      workflow: { data: null },
      fields: { data: [{ type: 'field', id: 'f1' }] },
    });
  });

  test('names the offending member of a malformed body', () => {
    assert.equal(
      shapeProblem(() => parseSingle('<html>', 'site', source)),
      'GET /item-types: unexpected response body: expected a JSON object with a "data" member',
    );
    assert.match(
      shapeProblem(() => parseCollection({ data: [{ type: 'item_type', id: 'a' }, { type: 'item_type' }] }, 'item_type', source)),
      /data\[1\]\.id is missing or not a string/,
    );
    assert.match(
      shapeProblem(() => parseCollection({ data: [{ type: 'field', id: 'a' }] }, 'item_type', source)),
      /data\[0\]\.type is "field" \(expected "item_type"\)/,
    );
    assert.match(
      shapeProblem(() => parseSingle({ data: { type: 'site', id: '1', attributes: [] } }, 'site', source)),
      /data\.attributes is not an object/,
    );
    assert.match(
      shapeProblem(() => parseSingle({ data: { type: 'site', id: '1', relationships: { owner: { id: 'x' } } } }, 'site', source)),
      /data\.relationships\.owner is not a relationship object/,
    );
    assert.match(
      shapeProblem(() => parseSingle({ data: [] }, 'site', source)),
      /"data" is not a resource object/,
    );
    assert.match(
      shapeProblem(() => parsePage({ data: [] }, 'item', source)),
      /"meta\.total_count" is missing/,
    );
  });

  test('reads api_error entries and skips what is not one', () => {
    const entries = parseApiErrors({
      data: [
        {
          id: 'ab12',
          type: 'api_error',
          attributes: { code: 'INVALID_FIELD', details: { field: 'title' }, doc_url: 'https://x/errors#INVALID_FIELD', transient: false },
        },
        { type: 'api_error', attributes: { code: 'BATCH_DATA_VALIDATION_IN_PROGRESS', transient: true } },
        { type: 'item', id: 'x', attributes: {} },
        'noise',
      ],
    });
    assert.deepEqual(entries, [
      { id: 'ab12', code: 'INVALID_FIELD', details: { field: 'title' }, docUrl: 'https://x/errors#INVALID_FIELD', transient: false },
      { code: 'BATCH_DATA_VALIDATION_IN_PROGRESS', details: {}, transient: true },
    ]);
    assert.deepEqual(parseApiErrors({ errors: [] }), []);
    assert.deepEqual(parseApiErrors(null), []);
  });
});

describe('retry and job policies', () => {
  test('backoff doubles per failure, stays within [half, full] of the step and never passes the cap', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    assert.equal(
      backoffDelay(policy, 1, () => 0),
      50,
    );
    assert.equal(
      backoffDelay(policy, 1, () => 1),
      100,
    );
    assert.equal(
      backoffDelay(policy, 3, () => 1),
      400,
    );
    assert.equal(
      backoffDelay(policy, 10, () => 1),
      1000,
    );
    assert.equal(
      backoffDelay(policy, 10, () => 0),
      500,
    );
  });

  test('overrides merge with the defaults and absurd values are refused', () => {
    assert.deepEqual(resolveRetryPolicy({ maxAttempts: 2, baseDelayMs: undefined }), { ...DEFAULT_RETRY_POLICY, maxAttempts: 2 });
    assert.throws(() => resolveRetryPolicy({ maxAttempts: 0 }), /retry\.maxAttempts must be a positive integer \(got 0\)/);
    assert.throws(() => resolveRetryPolicy({ maxDelayMs: -1 }), /retry\.maxDelayMs must be a finite number ≥ 0/);
    assert.throws(() => resolveJobPolicy({ factor: 0.5 }), /jobs\.factor must be at least 1/);
    assert.equal(resolveJobPolicy(undefined).timeoutMs, 120_000);
  });
});
