// The webview's renderer (plain Node): the model as HTML, everything escaped, images only from the CDN addresses
// the model gives, the locale the user chose, Structured Text as content, unsaved text marked.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildModel } from '../../src/preview/model';
import type { Lookups } from '../../src/preview/lookups';
import { previewWords } from '../../src/preview/words';
import { renderPreview } from '../../webviews/preview/render';
import { articleDocument, schema } from './fixtures';

const lookups: Lookups = {
  record: (id) => (id === 'author1' ? { title: 'Ada <Chef>', status: 'published', modelName: 'Author' } : undefined),
  upload: (id) => (id === 'up1' ? { filename: 'terrace.jpg', isImage: true, url: 'https://evil.example/1/terrace.jpg' } : undefined),
  imgixHost: 'www.datocms-assets.com',
};
const model = (dirty = false, record = articleDocument()) =>
  buildModel({ record, schema, lookups, words: previewWords((m) => m), uiLocale: 'en-GB', dirty, version: 3 }).model;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the Record Preview renderer', () => {
  test('the chosen locale’s values, a locale switcher', () => {
    const html = renderPreview(model(), 'it');
    assert.match(html, /Menù di primavera/);
    assert.doesNotMatch(html.slice(html.indexOf('data-field="title"')), /Spring menu<\/div>/);
    assert.match(html, /<option value="it" selected="selected">it<\/option>/);
  });

  test('content is escaped: no markup from the record reaches the page, Markdown writes no raw HTML', () => {
    const html = renderPreview(model(false, { ...articleDocument(), data: '"<img src=x onerror=alert(1)>"' }), 'en');
    assert.doesNotMatch(html, /<script>|<img src=x|<Chef>/);
    assert.match(html, /Ada &lt;Chef&gt;/);
    assert.match(html, /We <strong>open<\/strong> at noon\. &lt;script&gt;/);
  });

  test('images only from the image CDN: the upload’s path on imgix_host, a small rendition', () => {
    const sources = [...renderPreview(model(), 'en').matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(sources.length > 0);
    for (const src of sources) assert.match(src!, /^https:\/\/www\.datocms-assets\.com\/1\/terrace\.jpg\?w=320&amp;h=240/);
  });

  test('Structured Text as content: headings, marks, record links by title, blocks as cards, lists, code lines', () => {
    const html = renderPreview(model(), 'en');
    const body = html.slice(html.indexOf('data-field="body"'), html.indexOf('data-field="cover"'));
    assert.match(body, /<h2>Starters<\/h2>/);
    assert.match(body, /<a href="#" data-record="author1" title="Ada &lt;Chef&gt;" class="record-link"><strong>our chef<\/strong><\/a>/);
    assert.match(body, /data-record="author2"/);
    assert.match(body, /<div class="block" data-block="q1"><div class="block-model">Quote<\/div>/);
    assert.match(body, /<ol><li><p>Soup<\/p><\/li><\/ol>/);
    assert.match(body, /<span class="line highlighted">book\(1\);<\/span>\n<span class="line">book\(2\);<\/span>/);
  });

  test('readable values: dates in the user’s language, colours, places, SEO as a search result', () => {
    const shown = text(renderPreview(model(), 'en'));
    assert.match(shown, /21 March 2026/);
    assert.match(shown, /#FF8000/);
    assert.match(shown, /45\.4642° N, 9\.19° W/);
    assert.match(shown, /Spring at the Bistro Seasonal plates Hidden from search engines/);
  });

  test('unsaved text is marked', () => {
    assert.doesNotMatch(renderPreview(model(false), 'en'), /banner unsaved/);
    assert.match(renderPreview(model(true), 'en'), /banner unsaved/);
  });
});
