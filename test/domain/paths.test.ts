import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { describeRef } from '../../src/domain/kinds';
import {
  documentPath,
  isNewDocumentRef,
  newFieldDraftRef,
  newFieldsetDraftRef,
  newModelDraftRef,
  newWebhookDraftRef,
  parseDocumentPath,
  parseFolderPath,
  type DocumentRef,
} from '../../src/domain/paths';

// Names as they occur: api_keys, slugs, base64url ids, legacy numeric ids — plus odd but legal characters.
const segment = fc.stringMatching(/^[A-Za-z0-9_\-.:@ %é]{1,24}$/).filter((s) => s !== '.' && s !== '..');

const ref: fc.Arbitrary<DocumentRef> = fc.oneof(
  fc.record({ project: segment, environment: segment, kind: fc.constant('model' as const), apiKey: segment }),
  fc.record({ project: segment, environment: segment, kind: fc.constant('field' as const), modelApiKey: segment, apiKey: segment }),
  fc.record({ project: segment, environment: segment, kind: fc.constant('webhook' as const), id: segment }),
  fc.record({ project: segment, environment: segment, kind: fc.constant('fieldset' as const), modelApiKey: segment, id: segment }),
  fc.record({ project: segment, environment: segment, kind: fc.constant('record' as const), modelApiKey: segment, id: segment }),
  fc.record({ project: segment, environment: segment, kind: fc.constant('upload' as const), id: segment }),
);

describe('datocms: path codec', () => {
  test('every document reference survives a round trip through its path', () => {
    fc.assert(
      fc.property(ref, (r) => {
        assert.deepEqual(parseDocumentPath(documentPath(r)), { ...r }); // fast-check builds null-prototype objects
      }),
    );
  });

  test('paths have the documented layout', () => {
    assert.equal(
      documentPath({ project: 'bistro', environment: 'main', kind: 'model', apiKey: 'article' }),
      '/bistro/main/models/article.json',
    );
    assert.equal(
      documentPath({ project: 'bistro', environment: 'main', kind: 'field', modelApiKey: 'article', apiKey: 'title' }),
      '/bistro/main/models/article/fields/title.json',
    );
    assert.equal(
      documentPath({ project: 'bistro', environment: 'sandbox', kind: 'webhook', id: '42' }),
      '/bistro/sandbox/webhooks/42.json',
    );
    assert.equal(
      documentPath({ project: 'bistro', environment: 'main', kind: 'record', modelApiKey: 'article', id: 'DxMaW10UQiCmZcuuA-IkkA' }),
      '/bistro/main/records/article/DxMaW10UQiCmZcuuA-IkkA.json',
    );
    assert.equal(documentPath({ project: 'bistro', environment: 'main', kind: 'upload', id: '42' }), '/bistro/main/uploads/42.json');
  });

  test('an upload is named by its file name, and its tab reads "<file> · upload"', () => {
    const named = { project: 'bistro', environment: 'main', kind: 'upload' as const, id: 'UHmE9bjeT1CyZ5f7Z52HtQ', title: 'wood/oven.jpg' };
    const path = documentPath(named);
    assert.equal(path, '/bistro/main/uploads/UHmE9bjeT1CyZ5f7Z52HtQ/wood\u2215oven.jpg · upload');
    assert.deepEqual(parseDocumentPath(path), { ...named, title: 'wood\u2215oven.jpg' });
    assert.equal(describeRef(named), 'upload “wood/oven.jpg” (UHmE9bjeT1CyZ5f7Z52HtQ)');
    // the name segment is only a name: a path without " · upload" is not an upload's
    assert.equal(parseDocumentPath('/bistro/main/uploads/UHmE9bjeT1CyZ5f7Z52HtQ/oven.jpg'), undefined);
  });

  test('folders and foreign paths are not documents', () => {
    for (const path of [
      '/',
      '/bistro',
      '/bistro/main',
      '/bistro/main/models',
      '/bistro/main/models/article',
      '/bistro/main/models/article/fields',
      '/bistro/main/records/article',
      '/bistro/main/models/article.txt',
      '/bistro/main/models/.json',
      '/bistro/main/assets/1.json',
      '/bistro/main/uploads',
      '/bistro/main/models/article/fields/title/x.json',
      'bistro/main/models/article.json',
      '/bistro/../models/article.json',
    ]) {
      assert.equal(parseDocumentPath(path), undefined, path);
    }
  });

  test('folder paths name the folders the file system lists', () => {
    assert.deepEqual(parseFolderPath('/'), { kind: 'root' });
    assert.deepEqual(parseFolderPath('/bistro/main/models/article/fields'), {
      kind: 'fields',
      project: 'bistro',
      environment: 'main',
      modelApiKey: 'article',
    });
    assert.deepEqual(parseFolderPath('/bistro/main/records/article'), {
      kind: 'model-records',
      project: 'bistro',
      environment: 'main',
      modelApiKey: 'article',
    });
    assert.equal(parseFolderPath('/bistro/main/models/article.json'), undefined);
    assert.deepEqual(parseFolderPath('/bistro/main/uploads'), { kind: 'uploads', project: 'bistro', environment: 'main' });
    assert.equal(parseFolderPath('/bistro/main/assets'), undefined);
  });

  test('a name that cannot be a path segment is refused with the reason', () => {
    assert.throws(
      () => documentPath({ project: 'bistro', environment: 'main', kind: 'record', modelApiKey: 'article', id: 'a/b' }),
      /record id "a\/b"/,
    );
  });
});

describe('record paths with titles', () => {
  const base = { project: 'bistro', environment: 'main', kind: 'record', modelApiKey: 'article', id: 'Rec1' } as const;

  test('the title names the document (tab, breadcrumbs); the id stays its identity; old paths still parse', () => {
    const path = documentPath({ ...base, title: 'Mine wins (edited)' });
    assert.equal(path, '/bistro/main/records/article/Rec1/Mine wins (edited) · article');
    assert.deepEqual(parseDocumentPath(path), { ...base, title: 'Mine wins (edited)' });
    assert.deepEqual(parseDocumentPath('/bistro/main/records/article/Rec1.json'), { ...base });
    assert.deepEqual(parseFolderPath('/bistro/main/records/article/Rec1'), {
      kind: 'record-folder',
      project: 'bistro',
      environment: 'main',
      modelApiKey: 'article',
      id: 'Rec1',
    });
    assert.equal(describeRef(parseDocumentPath(path)!), 'record “Mine wins (edited)” (Rec1) of article', 'messages name it too');
  });

  test('titles that cannot stand in a path are made to fit, or left out', () => {
    assert.equal(documentPath({ ...base, title: 'A/B \\ C\nD' }), '/bistro/main/records/article/Rec1/A∕B ⧵ C D · article');
    assert.equal(documentPath({ ...base, title: '  ' }), '/bistro/main/records/article/Rec1.json');
    assert.equal(documentPath({ ...base, title: '..' }), '/bistro/main/records/article/Rec1.json');
    const long = documentPath({ ...base, title: 'x'.repeat(500) })
      .split('/')
      .pop()!;
    assert.ok(long.length < 100 && long.includes('…'));
  });
});

describe('draft paths', () => {
  const where = { project: 'bistro', environment: 'main' };
  test('a new model, block model, field or webhook reads back from its path, and its tab is named by its last segment', () => {
    const drafts: [DocumentRef, string][] = [
      [newModelDraftRef(where, false), 'New model.json'],
      [newModelDraftRef(where, true), 'New block model.json'],
      [newFieldDraftRef(where, 'article', 'string'), 'New string field · article.json'],
      [newFieldsetDraftRef(where, 'article'), 'New fieldset · article.json'],
      [newWebhookDraftRef(where), 'New webhook.json'],
    ];
    for (const [draft, name] of drafts) {
      const path = documentPath(draft);
      assert.equal(path.split('/').pop(), name);
      const parsed = parseDocumentPath(path);
      assert.deepEqual(parsed, draft);
      assert.ok(parsed && isNewDocumentRef(parsed));
      assert.deepEqual(parseFolderPath(path.slice(0, path.lastIndexOf('/'))), { kind: 'draft-folder', ...where });
    }
  });

  test('existing documents keep their paths (no name segment)', () => {
    assert.equal(documentPath({ ...where, kind: 'model', apiKey: 'article' }), '/bistro/main/models/article.json');
    assert.equal(documentPath({ ...where, kind: 'webhook', id: 'W1' }), '/bistro/main/webhooks/W1.json');
    const fieldset: DocumentRef = { ...where, kind: 'fieldset', modelApiKey: 'article', id: 'FS1' };
    assert.equal(documentPath(fieldset), '/bistro/main/models/article/fieldsets/FS1.json');
    assert.deepEqual(parseDocumentPath(documentPath(fieldset)), fieldset);
    assert.deepEqual(parseFolderPath('/bistro/main/models/article/fieldsets'), { kind: 'fieldsets', ...where, modelApiKey: 'article' });
    assert.equal(parseDocumentPath('/bistro/main/models/article/Other.json'), undefined);
  });
});

describe('named documents', () => {
  const where = { project: 'bistro', environment: 'main' };
  test('models, fields, fieldsets and webhooks are named like records: the name, then the model (or "webhook")', () => {
    const named: [DocumentRef, string][] = [
      [{ ...where, kind: 'model', apiKey: 'blog_post', title: 'Blog post' }, '/bistro/main/models/blog_post/Blog post · blog_post'],
      [
        { ...where, kind: 'field', modelApiKey: 'article', apiKey: 'title', title: 'Title' },
        '/bistro/main/models/article/fields/title/Title · article',
      ],
      [
        { ...where, kind: 'fieldset', modelApiKey: 'article', id: 'FS1', title: 'SEO' },
        '/bistro/main/models/article/fieldsets/FS1/SEO · article',
      ],
      [{ ...where, kind: 'webhook', id: 'W1', title: 'Deploy/preview' }, '/bistro/main/webhooks/W1/Deploy∕preview · webhook'],
    ];
    for (const [ref, path] of named) {
      assert.equal(documentPath(ref), path);
      assert.deepEqual(parseDocumentPath(path), ref.kind === 'webhook' ? { ...ref, title: 'Deploy∕preview' } : ref);
      // the folder the name sits in is a folder, not a document
      const folder = path.slice(0, path.lastIndexOf('/'));
      assert.equal(parseDocumentPath(folder), undefined, folder);
      assert.ok(parseFolderPath(folder), folder);
    }
    // without a name, the paths they always had
    assert.equal(documentPath({ ...where, kind: 'model', apiKey: 'blog_post', title: ' ' }), '/bistro/main/models/blog_post.json');
  });

  test('a folder is never read as a named document', () => {
    for (const path of [
      '/bistro/main/models/article/fields',
      '/bistro/main/models/article/fieldsets',
      '/bistro/main/models/article/Article · other',
      '/bistro/main/models/article/fields/title/Title · other',
      '/bistro/main/webhooks/W1/Deploy',
    ])
      assert.equal(parseDocumentPath(path), undefined, path);
  });

  test('every named document survives a round trip through its path', () => {
    const title = fc
      .stringMatching(/^[A-Za-z0-9 é·().,'!?-]{1,40}$/)
      .filter((s) => s.trim() !== '' && s.trim() !== '.' && s.trim() !== '..');
    const named = fc.oneof(
      fc.record({ project: segment, environment: segment, kind: fc.constant('model' as const), apiKey: segment, title }),
      fc.record({
        project: segment,
        environment: segment,
        kind: fc.constant('field' as const),
        modelApiKey: segment,
        apiKey: segment,
        title,
      }),
      fc.record({
        project: segment,
        environment: segment,
        kind: fc.constant('fieldset' as const),
        modelApiKey: segment,
        id: segment,
        title,
      }),
      fc.record({ project: segment, environment: segment, kind: fc.constant('webhook' as const), id: segment, title }),
    );
    fc.assert(
      fc.property(named, (r) => {
        const parsed = parseDocumentPath(documentPath(r));
        assert.ok(parsed, documentPath(r));
        const { title: got, ...identity } = parsed as DocumentRef & { title?: string };
        const { title: given, ...expected } = r;
        assert.deepEqual(identity, { ...expected });
        assert.equal(got, given.replace(/\s+/g, ' ').trim());
      }),
    );
  });
});
