// The path of a record field's Markdown document: beside the record's, named as its tab reads ("Body (en) · title.md").
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  documentPath,
  markdownTitle,
  parseDocumentPath,
  parseFolderPath,
  recordOfMarkdown,
  type DocumentRef,
} from '../../src/domain/paths';

const where = { project: 'bistro', environment: 'main' } as const;

describe('a record field as Markdown', () => {
  test('a locale of a field has its own path beside the record, named as its tab reads', () => {
    const ref: DocumentRef = {
      ...where,
      kind: 'markdown',
      modelApiKey: 'article',
      id: '123',
      field: 'body',
      locale: 'en',
      title: markdownTitle('Body', 'en', 'Hello / world'),
    };
    const path = documentPath(ref);
    assert.equal(path, '/bistro/main/records/article/123/fields/body/en/Body (en) · Hello ∕ world.md');
    assert.deepEqual(parseDocumentPath(path), { ...ref, title: 'Body (en) · Hello ∕ world' }, 'the title as the path can hold it');
    assert.deepEqual(recordOfMarkdown(ref), { ...where, kind: 'record', modelApiKey: 'article', id: '123' });
  });

  test('an unlocalized field has no locale segment; without a record title the tab reads the label', () => {
    const ref: DocumentRef = {
      ...where,
      kind: 'markdown',
      modelApiKey: 'author',
      id: '9',
      field: 'bio',
      title: markdownTitle('Bio', undefined, undefined),
    };
    assert.equal(documentPath(ref), '/bistro/main/records/author/9/fields/bio/Bio.md');
    assert.deepEqual(parseDocumentPath(documentPath(ref)), ref);
    assert.equal(documentPath({ ...ref, title: undefined }), '/bistro/main/records/author/9/fields/bio/bio.md');
  });

  test('the record documents keep their paths, and the folders between are folders, not documents', () => {
    assert.deepEqual(parseDocumentPath('/bistro/main/records/article/123/Hello · article'), {
      ...where,
      kind: 'record',
      modelApiKey: 'article',
      id: '123',
      title: 'Hello',
    });
    for (const folder of [
      '/bistro/main/records/article/123/fields',
      '/bistro/main/records/article/123/fields/body',
      '/bistro/main/records/article/123/fields/body/en',
    ]) {
      assert.equal(parseDocumentPath(folder), undefined, folder);
      assert.equal(parseFolderPath(folder)?.kind, 'document-folder', folder);
    }
    // not Markdown documents: another extension, a JSON segment on the way
    assert.equal(parseDocumentPath('/bistro/main/records/article/123/fields/body/en/Body.txt'), undefined);
    assert.equal(parseDocumentPath('/bistro/main/records/article/123.json/fields/body/en/Body.md'), undefined);
  });
});
