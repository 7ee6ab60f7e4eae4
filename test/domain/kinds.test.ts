import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeRef, documentTitle, kindOf } from '../../src/domain/kinds';
import { newFieldDraftRef, newModelDraftRef, newWebhookDraftRef, type DocumentRef } from '../../src/domain/paths';

const where = { project: 'p', environment: 'main' };
const noSchema = { itemTypes: [], fieldsOf: () => undefined, locales: ['en'] };

describe('document kinds', () => {
  test('messages name each kind of document as the user knows it', () => {
    const refs: [DocumentRef, string][] = [
      [{ ...where, kind: 'model', apiKey: 'article' }, 'model article'],
      [{ ...where, kind: 'field', modelApiKey: 'article', apiKey: 'title' }, 'field article.title'],
      [{ ...where, kind: 'fieldset', modelApiKey: 'article', id: 'FS1' }, 'fieldset FS1 of article'],
      [{ ...where, kind: 'webhook', id: 'W1' }, 'webhook W1'],
      [{ ...where, kind: 'record', modelApiKey: 'article', id: 'R1', title: 'Hello' }, 'record “Hello” (R1) of article'],
      [{ ...where, kind: 'upload', id: 'U1' }, 'upload U1'],
      [
        { ...where, kind: 'markdown', modelApiKey: 'article', id: 'R1', field: 'body', locale: 'it' },
        'field body (it) of record R1 as Markdown',
      ],
    ];
    for (const [ref, said] of refs) assert.equal(describeRef(ref), said);
  });

  test('a draft says what it creates', () => {
    assert.equal(kindOf(newModelDraftRef(where, true)).creates(newModelDraftRef(where, true)), 'block model');
    const field = newFieldDraftRef(where, 'article', 'string');
    assert.equal(kindOf(field).creates(field), 'string field of article');
    assert.equal(kindOf('webhook').creates(newWebhookDraftRef(where)), 'webhook');
  });

  test('titles come from the resource: a webhook its name, an upload none of its own', () => {
    const webhook = { id: 'W1', type: 'webhook' as const, attributes: { name: 'Deploy' }, relationships: {}, meta: {} };
    assert.equal(documentTitle('webhook', webhook, noSchema), 'Deploy');
    assert.equal(
      documentTitle('upload', { id: 'U1', type: 'upload' as const, attributes: {}, relationships: {}, meta: {} }, noSchema),
      undefined,
    );
  });
});
