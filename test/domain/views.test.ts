import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Resource } from '../../src/cma';
import { Upload, UploadCollection, UploadTag } from '../../src/domain/uploadViews';
import { apiKeyOf } from '../../src/domain/resources';
import { Field, Fieldset, Model, Webhook } from '../../src/domain/views';

function resource<T extends string>(
  type: T,
  id: string,
  attributes: Record<string, unknown>,
  relationships: Resource['relationships'] = {},
): Resource<T> {
  return { id, type, attributes, relationships, meta: {} };
}

describe('domain views: what a missing or mistyped attribute reads as', () => {
  test('a model without an api_key or a name: the given readers say so, the friendly ones fall back', () => {
    const bare = resource('item_type', 'M1', { api_key: 7, name: '' });
    assert.equal(Model.givenApiKey(bare), undefined);
    assert.equal(Model.givenName(bare), undefined);
    assert.equal(Model.apiKey(bare), 'M1');
    assert.equal(Model.name(bare), 'M1');
    const post = resource('item_type', 'M2', { api_key: 'post', name: 'Post', hint: 'Blog posts', all_locales_required: true });
    assert.equal(Model.givenApiKey(post), 'post');
    assert.equal(Model.givenName(post), 'Post');
    assert.equal(Model.hint(post), 'Blog posts');
    assert.equal(Model.requiresAllLocales(post), true);
    assert.equal(Model.requiresAllLocales(resource('item_type', 'M3', { all_locales_required: 'yes' })), false);
    assert.equal(Model.hint(bare), undefined);
  });

  test('a field: given api_key and label, and a position that sorts unknowns where the caller wants them', () => {
    const field = resource('field', 'F1', { api_key: 'title', label: 'Title', position: 3 });
    const odd = resource('field', 'F2', { label: null, position: '2' });
    assert.equal(Field.givenApiKey(field), 'title');
    assert.equal(Field.givenLabel(field), 'Title');
    assert.equal(Field.givenApiKey(odd), undefined);
    assert.equal(Field.givenLabel(odd), undefined);
    assert.equal(Field.label(odd), 'F2');
    assert.equal(Field.position(field), 3);
    assert.equal(Field.position(field, 0), 3);
    assert.equal(Field.position(odd), Number.MAX_SAFE_INTEGER);
    assert.equal(Field.position(odd, 0), 0);
  });

  test('a fieldset: its title as given, and its position', () => {
    assert.equal(Fieldset.givenTitle(resource('fieldset', 'S1', { title: 'SEO' })), 'SEO');
    assert.equal(Fieldset.givenTitle(resource('fieldset', 'S2', { title: 4 })), undefined);
    assert.equal(Fieldset.position(resource('fieldset', 'S2', {}), 0), 0);
  });

  test('an upload: filename, else basename, else id; empty strings read as nothing', () => {
    assert.equal(Upload.filename(resource('upload', 'U1', { filename: 'a.png', basename: 'a' })), 'a.png');
    assert.equal(Upload.filename(resource('upload', 'U1', { filename: '', basename: 'a' })), 'a');
    assert.equal(Upload.filename(resource('upload', 'U1', {})), 'U1');
    assert.equal(Upload.url(resource('upload', 'U1', { url: '' })), undefined);
    assert.equal(Upload.size(resource('upload', 'U1', { size: Number.NaN })), undefined);
  });

  test('a collection: label else id, unknown position first, parent null at the top', () => {
    const top = resource('upload_collection', 'C1', { label: 'Photos' }, { parent: { data: null } });
    const child = resource(
      'upload_collection',
      'C2',
      { label: 5, position: 2 },
      { parent: { data: { type: 'upload_collection', id: 'C1' } } },
    );
    assert.equal(UploadCollection.label(top), 'Photos');
    assert.equal(UploadCollection.label(child), 'C2');
    assert.equal(UploadCollection.position(top), 0);
    assert.equal(UploadCollection.position(child), 2);
    assert.equal(UploadCollection.parentId(top), null);
    assert.equal(UploadCollection.parentId(resource('upload_collection', 'C3', {})), null);
    assert.equal(UploadCollection.parentId(child), 'C1');
  });

  test('a tag: its name, else its id', () => {
    assert.equal(UploadTag.name(resource('upload_tag', 'T1', { name: 'summer' })), 'summer');
    assert.equal(UploadTag.name(resource('upload_tag', 'T2', {})), 'T2');
  });

  test('a webhook: its name and basic-auth password as given, undefined when missing or empty', () => {
    const hook = resource('webhook', 'W1', { name: 'Deploy', http_basic_password: 's3cret' });
    const bare = resource('webhook', 'W2', { name: '', http_basic_password: '' });
    assert.equal(Webhook.givenName(hook), 'Deploy');
    assert.equal(Webhook.basicAuthPassword(hook), 's3cret');
    assert.equal(Webhook.givenName(bare), undefined);
    assert.equal(Webhook.name(bare), 'W2');
    assert.equal(Webhook.basicAuthPassword(bare), undefined);
    assert.equal(Webhook.basicAuthPassword(resource('webhook', 'W3', { http_basic_password: 42 })), undefined);
  });

  test("a model's or field's api_key as given, whatever its type", () => {
    assert.equal(apiKeyOf(resource('item_type', 'M1', { api_key: 'post' })), 'post');
    assert.equal(apiKeyOf(resource('field', 'F1', { api_key: 'title' })), 'title');
    assert.equal(apiKeyOf(resource('field', 'F2', { api_key: '' })), undefined);
    assert.equal(apiKeyOf(resource('field', 'F3', { api_key: ['title'] })), undefined);
  });

  test('an upload says whether it is an image only when the answer holds is_image', () => {
    assert.equal(Upload.saysImage(resource('upload', 'U1', { is_image: true })), true);
    assert.equal(Upload.saysImage(resource('upload', 'U2', { is_image: false })), false);
    assert.equal(Upload.saysImage(resource('upload', 'U3', { is_image: null })), false);
    assert.equal(Upload.saysImage(resource('upload', 'U4', { mime_type: 'image/png' })), undefined);
  });

  test("a webhook's events and a fieldset's folding: mistyped reads as none", () => {
    const events = [{ entity_type: 'item', event_types: ['create'] }];
    assert.deepEqual(Webhook.events(resource('webhook', 'W1', { events })), events);
    assert.deepEqual(Webhook.events(resource('webhook', 'W2', { events: 'item' })), []);
    const folding = resource('fieldset', 'S1', { collapsible: true, start_collapsed: 'yes' });
    assert.equal(Fieldset.isCollapsible(folding), true);
    assert.equal(Fieldset.startsCollapsed(folding), false);
  });
});
