// The document format, rules across keys, the diff, read-only protection, located messages.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  checkDocument,
  documentValue,
  FILTER_OPERATORS,
  jsonSchemaFor,
  ORDERABLE_META_COLUMNS,
  planUpdate,
  problemsFromApiError,
  renderDocument,
} from '../../src/schema';
import * as fx from './fixtures';
import { bodyOf, edited, lineColumn, plan, problemAt, problemsOf } from './helpers';

const ctx = fx.context();

describe('document format', () => {
  test('attributes flat, links as {type, id}, $readonly last, 2-space indent, trailing newline', () => {
    const text = renderDocument('model', fx.articleModel, ctx);
    assert.ok(text.endsWith('}\n'));
    assert.match(text, /^\{\n {2}"name": "article",\n/);
    const doc = JSON.parse(text);
    assert.deepEqual(Object.keys(doc).at(-1), '$readonly');
    assert.deepEqual(doc.title_field, { type: 'field', id: 'fTitle00Q0K000000000eA' });
    assert.equal(doc.ordering_field, null);
    assert.equal(doc.$readonly.id, fx.articleModel.id);
    assert.equal(doc.$readonly.type, 'item_type');
    assert.equal(doc.$readonly.fields.length, fx.articleFields.length);
    assert.deepEqual(doc.$readonly.meta, { has_singleton_item: false });
    assert.equal('fields' in doc, false);
  });
  test('records: fields in position order, localized values by locale, blocks in place', () => {
    const doc = JSON.parse(renderDocument('record', fx.articleRecord(), ctx));
    assert.deepEqual(Object.keys(doc).slice(0, 4), ['title', 'slug', 'body', 'content']);
    assert.deepEqual(doc.title, { en: 'Risotto tonight', it: 'Risotto stasera' });
    assert.deepEqual(doc.content[0], {
      id: 'BlockCtaQ0K0000000001A',
      item_type: { type: 'item_type', id: fx.CTA },
      label: 'Book',
      url: 'https://book.example',
    });
    assert.equal(doc.body.en.document.children[1].item.cta.label, 'Go', 'nested blocks are rendered in place too');
    assert.deepEqual(doc.$readonly.item_type, { type: 'item_type', id: fx.ARTICLE });
    assert.deepEqual(doc.$readonly.creator, { type: 'account', id: '43210' });
    assert.equal(doc.$readonly.meta.current_version, 'Version0Q0K0000000001A');
  });
  test('opening then saving without a change sends nothing, for every kind', () => {
    for (const [kind, resource] of [
      ['model', fx.articleModel],
      ['field', fx.titleField],
      ['field', fx.contentField],
      ['webhook', fx.webhook()],
      ['record', fx.articleRecord()],
    ] as const) {
      assert.deepEqual(planUpdate(kind, resource, renderDocument(kind, resource, ctx), ctx), { ok: true, body: null }, kind);
    }
  });
  test('reformatting and reordering keys is not a change', () => {
    const resource = fx.webhook();
    const doc = JSON.parse(renderDocument('webhook', resource, ctx));
    const reordered = Object.fromEntries(Object.entries(doc).reverse());
    assert.deepEqual(planUpdate('webhook', resource, JSON.stringify(reordered), ctx), { ok: true, body: null });
  });
});

describe('rules across keys', () => {
  test('ordering_meta and ordering_field are never both set', () => {
    const problems = problemsOf(
      plan('model', fx.articleModel, ctx, (d) => {
        d.ordering_meta = 'created_at';
        d.ordering_field = { type: 'field', id: 'fRating0Q0K0000000000A' };
      }),
    );
    problemAt(problems, 'ordering_field', 'cannot be set together with ordering_meta');
    bodyOf(
      plan('model', fx.articleModel, ctx, (d) => {
        d.ordering_meta = null;
        d.ordering_field = { type: 'field', id: 'fRating0Q0K0000000000A' };
      }),
    );
  });
  test('model field pointers must be fields of the model', () => {
    problemAt(
      problemsOf(
        plan('model', fx.articleModel, ctx, (d) => {
          d.title_field = { type: 'field', id: 'fQuote00Q0K000000000eA' };
        }),
      ),
      'title_field.id',
      'is not a field of this model',
    );
  });
  test('validators must be allowed for the field type', () => {
    const problems = problemsOf(
      plan('field', fx.titleField, ctx, (d) => {
        d.validators.number_range = { min: 1 };
      }),
    );
    problemAt(problems, 'validators.number_range', 'not allowed for field_type "string" (allowed: required, unique, length, format, enum)');
  });
  test('validators the field type requires cannot be dropped', () => {
    problemAt(
      problemsOf(
        plan('field', fx.contentField, ctx, (d) => {
          d.validators = { size: { max: 2 } };
        }),
      ),
      'validators.rich_text_blocks',
      'requires the "rich_text_blocks" validator',
    );
  });
  test('the editor must suit the field type; a plugin editor with field_extension is allowed', () => {
    problemAt(
      problemsOf(
        plan('field', fx.titleField, ctx, (d) => {
          d.appearance.editor = 'wysiwyg';
        }),
      ),
      'appearance.editor',
      '"wysiwyg" is not an editor of string fields (allowed: single_line, string_radio_group, string_select, or a plugin id with field_extension)',
    );
    problemAt(
      problemsOf(
        plan('field', fx.titleField, ctx, (d) => {
          d.appearance.editor = 'single_lines';
        }),
      ),
      'appearance.editor',
      'is not an editor of string fields',
    );
    problemAt(
      problemsOf(
        plan('field', fx.titleField, ctx, (d) => {
          d.appearance.editor = 'Pl8gInId1234567890abcd';
        }),
      ),
      'appearance.editor',
      'a plugin editor needs "field_extension"',
    );
    const data = bodyOf(
      plan('field', fx.titleField, ctx, (d) => {
        d.appearance = { editor: 'Pl8gInId1234567890abcd', field_extension: 'starRating', parameters: { max: 5 }, addons: [] };
      }),
    );
    assert.deepEqual(data.attributes, {
      appearance: { editor: 'Pl8gInId1234567890abcd', field_extension: 'starRating', parameters: { max: 5 }, addons: [] },
    });
  });
  test('editor parameters are checked per built-in editor', () => {
    const problems = problemsOf(
      plan('field', fx.contentField, ctx, (d) => {
        d.appearance.parameters = { start_collapsed: 'yes', toolbar: [] };
      }),
    );
    problemAt(problems, 'appearance.parameters.start_collapsed', 'expected true or false');
    problemAt(problems, 'appearance.parameters.toolbar', 'unknown key "toolbar" (allowed: start_collapsed)');
  });
  test('a localized default_value is keyed by the project locales', () => {
    problemAt(
      problemsOf(
        plan('field', fx.titleField, ctx, (d) => {
          d.default_value = { en: 'Hi', de: 'Hallo' };
        }),
      ),
      'default_value.de',
      'not a locale of this project (allowed: en, it)',
    );
    bodyOf(
      plan('field', fx.titleField, ctx, (d) => {
        d.default_value = { en: 'Hi', it: 'Ciao' };
      }),
    );
  });
  test('event types must be allowed for the entity type', () => {
    const problems = problemsOf(
      plan('webhook', fx.webhook(), ctx, (d) => {
        d.events[1].event_types = ['create', 'publish'];
      }),
    );
    const p = problemAt(problems, 'events[1].event_types[1]');
    assert.equal(
      p.message,
      'events[1].event_types[1]: "publish" is not allowed for entity_type "item_type" (allowed: create, update, delete)',
    );
  });
  test('headers map strings to strings; url must be absolute http(s)', () => {
    problemAt(
      problemsOf(
        plan('webhook', fx.webhook(), ctx, (d) => {
          d.headers = { 'X-A': true };
        }),
      ),
      'headers["X-A"]',
      'expected a string',
    );
    problemAt(
      problemsOf(
        plan('webhook', fx.webhook(), ctx, (d) => {
          d.url = '/relative/path';
        }),
      ),
      'url',
      'absolute http(s) URL',
    );
    problemAt(
      problemsOf(
        plan('webhook', fx.webhook(), ctx, (d) => {
          d.url = 'mailto:a@b.c';
        }),
      ),
      'url',
      'absolute http(s) URL',
    );
  });
  test('filter entity_ids need at least one id', () => {
    problemAt(
      problemsOf(
        plan('webhook', fx.webhook(), ctx, (d) => {
          d.events[0].filters[0].entity_ids = [];
        }),
      ),
      'events[0].filters[0].entity_ids',
      'at least one id',
    );
  });
  test('problems the resource already had are not blamed on an unrelated edit', () => {
    const broken = {
      ...fx.articleModel,
      attributes: { ...fx.articleModel.attributes, ordering_meta: 'created_at' },
      relationships: { ...fx.articleModel.relationships, ordering_field: { data: { type: 'field', id: 'fRating0Q0K0000000000A' } } },
    };
    bodyOf(
      plan('model', broken, ctx, (d) => {
        d.name = 'Renamed';
      }),
    );
    problemAt(
      problemsOf(
        plan('model', broken, ctx, (d) => {
          d.ordering_field = { type: 'field', id: 'fTitle00Q0K000000000eA' };
        }),
      ),
      'ordering_field',
    );
  });
});

describe('the diff', () => {
  test('only changed keys are sent; nested objects whole', () => {
    const data = bodyOf(
      plan('webhook', fx.webhook(), ctx, (d) => {
        d.headers['X-New'] = '1';
        d.events[0].event_types = ['publish'];
      }),
    );
    assert.deepEqual(data.attributes, {
      headers: { 'X-Token': 'abc', 'X-New': '1' },
      events: [
        { entity_type: 'item', event_types: ['publish'], filters: [{ entity_type: 'item_type', entity_ids: [fx.ARTICLE] }] },
        { entity_type: 'item_type', event_types: ['create', 'update'], filters: null },
      ],
    });
    assert.equal(data.relationships, undefined);
    assert.equal(data.meta, undefined);
  });
  test('field validators and appearance are sent whole', () => {
    const data = bodyOf(
      plan('field', fx.titleField, ctx, (d) => {
        d.validators.length.max = 90;
        d.appearance.parameters.placeholder = 'Title';
      }),
    );
    assert.deepEqual(data.attributes, {
      validators: { required: {}, length: { min: 3, max: 90 } },
      appearance: { editor: 'single_line', parameters: { heading: true, placeholder: 'Title' }, addons: [] },
    });
  });
  test('records: changed localized value sent whole, with meta.current_version', () => {
    const data = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.title.it = 'Risotto oggi';
        d.rating = 5;
      }),
    );
    assert.deepEqual(data.attributes, { title: { en: 'Risotto tonight', it: 'Risotto oggi' }, rating: 5 });
    assert.deepEqual(data.meta, { current_version: 'Version0Q0K0000000001A' });
    assert.equal(data.type, 'item');
  });
  test('block fields: unchanged blocks as ids, changed blocks with only their changed attributes, new blocks whole, removed blocks left out', () => {
    const data = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.content[1].quote = 'Wow!';
        d.content.unshift({ item_type: { type: 'item_type', id: fx.CTA }, label: 'New', url: null });
      }),
    );
    assert.deepEqual(data.attributes, {
      content: [
        {
          type: 'item',
          attributes: { label: 'New', url: null },
          relationships: { item_type: { data: { type: 'item_type', id: fx.CTA } } },
        },
        'BlockCtaQ0K0000000001A',
        { type: 'item', id: 'BlockQuoQeK0000000001A', attributes: { quote: 'Wow!' } },
      ],
    });
    const removed = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.content.pop();
      }),
    );
    assert.deepEqual(removed.attributes, { content: ['BlockCtaQ0K0000000001A'] });
  });
  test('a change deep inside a structured text block sends the whole text, each changed block with only what changed in it', () => {
    const data = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.body.en.document.children[1].item.cta.label = 'Deeper';
      }),
    );
    const body = data.attributes?.['body'] as { en: { document: { children: { item: unknown }[] } }; it: unknown };
    assert.equal(body.it, null);
    assert.deepEqual(body.en.document.children[1]?.item, {
      type: 'item',
      id: 'BlockQuoQeKn000000001A',
      attributes: { cta: { type: 'item', id: 'BlockCtaQeKted0000001A', attributes: { label: 'Deeper' } } },
    });
    const children = body.en.document.children;
    assert.equal(children.length, 2, 'the rest of the text is sent too');
  });
  test('an unchanged nested block of a changed block is not sent (partial update)', () => {
    const data = bodyOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.body.en.document.children[1].item.quote = 'Ottimo';
      }),
    );
    const body = data.attributes?.['body'] as { en: { document: { children: { item: { attributes: Record<string, unknown> } }[] } } };
    assert.deepEqual(body.en.document.children[1]?.item.attributes, { quote: 'Ottimo' }, 'the unchanged nested block is not sent');
  });
  test('block checks: unknown id, changed block model, model not allowed, block field values', () => {
    const problems = problemsOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.content[0].id = 'NotABloQkKfThisRecordA';
        d.hero = { item_type: { type: 'item_type', id: fx.QUOTE }, quote: 'x', cta: null };
        d.content[1].quote = 7;
      }),
    );
    problemAt(problems, 'content[0].id', 'is not a block of this record');
    problemAt(problems, 'hero.item_type.id', `is not allowed here (allowed: ${fx.CTA} (cta_block))`);
    problemAt(problems, 'content[1].quote', 'expected a string or null, got the integer 7');
    const changedModel = problemsOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.content[0].item_type.id = fx.QUOTE;
        d.content[0].quote = 'q';
        delete d.content[0].label;
        delete d.content[0].url;
      }),
    );
    problemAt(changedModel, 'content[0].item_type', 'cannot change');
  });
  test('record values: types and validators per field', () => {
    const problems = problemsOf(
      plan('record', fx.articleRecord(), ctx, (d) => {
        d.title.en = 'Hi';
        d.slug = 'Not A Slug';
        d.rating = 6;
        d.reading_time = 2.5;
        d.featured = 'yes';
        d.published_on = '2024-02-30';
        d.starts_at = 'soon';
        d.color = { red: 300, green: 0, blue: 0, alpha: 255 };
        d.details = '{not json';
        d.venue = { latitude: 100, longitude: 0 };
        d.seo.en.twitter_card = 'big';
        d.teaser = { provider: 'tiktok' };
        d.cover = { alt: 'x' };
        d.photos = {};
        d.author = 5;
        d.categories = 'a';
        d.excerpt = 'x'.repeat(301);
        d.role = 'cook';
        d.content = Array.from({ length: 6 }, () => ({ item_type: { type: 'item_type', id: fx.CTA }, label: 'Go', url: null }));
      }),
    );
    for (const [path, text] of [
      ['title.en', 'at least 3 characters'],
      ['slug', 'web page slug'],
      ['rating', '5 or less'],
      ['reading_time', 'integer'],
      ['featured', 'true, false or null'],
      ['published_on', 'real calendar date'],
      ['starts_at', 'ISO 8601'],
      ['color.red', 'must be between 0 and 255'],
      ['details', 'valid JSON'],
      ['venue.latitude', 'must be between -90 and 90'],
      ['seo.en.twitter_card', 'summary'],
      ['teaser.provider', 'youtube'],
      ['cover.upload_id', 'missing'],
      ['photos', 'array'],
      ['author', 'id'],
      ['categories', 'array'],
      ['excerpt', 'at most 300 characters'],
      ['role', 'allowed: chef, critic'],
      ['content', 'at most 5 items'],
    ] as const)
      problemAt(problems, path, text);
  });
  test('a required value cannot be emptied', () => {
    problemAt(
      problemsOf(
        plan('record', fx.articleRecord(), ctx, (d) => {
          d.slug = null;
        }),
      ),
      'slug',
      'is required',
    );
  });
  test('validators are not enforced on models that save invalid drafts', () => {
    const lenient = fx.context({
      itemTypes: [
        { ...fx.articleModel, attributes: { ...fx.articleModel.attributes, draft_saving_active: true } },
        fx.ctaModel,
        fx.quoteModel,
      ],
    });
    bodyOf(
      plan('record', fx.articleRecord(), lenient, (d) => {
        d.slug = null;
      }),
    );
    problemAt(
      problemsOf(
        plan('record', fx.articleRecord(), lenient, (d) => {
          d.slug = 5;
        }),
      ),
      'slug',
      'expected a string',
    );
  });
  test('sortable and tree records may set position and parent_id', () => {
    const treeModel = fx.model('TreeModel', 'page', { tree: true }, []);
    const treeCtx = fx.context({ itemTypes: [treeModel], fieldsOf: () => [] });
    const record = {
      ...fx.articleRecord(),
      attributes: { position: 1, parent_id: null },
      relationships: { item_type: { data: { type: 'item_type', id: 'TreeModel' } } },
    };
    assert.deepEqual(
      bodyOf(
        plan('record', record, treeCtx, (d) => {
          d.parent_id = '1234';
          d.position = 2;
        }),
      ).attributes,
      { position: 2, parent_id: '1234' },
    );
    problemAt(
      problemsOf(
        plan('record', record, treeCtx, (d) => {
          d.position = 0;
        }),
      ),
      'position',
      '1 or more',
    );
  });
  test('records whose fields are not loaded: known keys editable, new keys refused', () => {
    const blind = fx.context({ fieldsOf: () => undefined });
    const record = fx.articleRecord();
    assert.deepEqual(planUpdate('record', record, renderDocument('record', record, blind), blind), { ok: true, body: null });
    const data = bodyOf(
      plan('record', record, blind, (d) => {
        d.content[0].label = 'Changed';
      }),
    );
    assert.deepEqual((data.attributes?.['content'] as unknown[])[1], 'BlockQuoQeK0000000001A');
    problemAt(
      problemsOf(
        plan('record', record, blind, (d) => {
          d.brand_new = 1;
        }),
      ),
      'brand_new',
      'unknown field',
    );
  });
});

describe('basis: the value the editor text was derived from', () => {
  test('the diff, removed keys and $readonly compare with the basis; ids and version come from the opened resource', () => {
    const opened = fx.articleRecord();
    const basis = documentValue('record', opened, ctx) as Record<string, any>;
    basis.slug = 'typed-before';
    basis.$readonly.meta = { ...basis.$readonly.meta, status: 'published' };
    delete basis.excerpt;
    const text = (mutate: (d: Record<string, any>) => void) => {
      const d = structuredClone(basis);
      mutate(d);
      return `${JSON.stringify(d, null, 2)}\n`;
    };
    // text equal to the basis: nothing to send, although it differs from the opened resource
    assert.deepEqual(
      planUpdate(
        'record',
        opened,
        text(() => {}),
        ctx,
        basis,
      ),
      { ok: true, body: null },
    );
    assert.deepEqual(
      checkDocument(
        'record',
        text(() => {}),
        opened,
        ctx,
        basis,
      ),
      [],
    );
    const sent = bodyOf(
      planUpdate(
        'record',
        opened,
        text((d) => {
          d.reading_time = 9;
        }),
        ctx,
        basis,
      ),
    );
    assert.deepEqual(Object.keys(sent.attributes ?? {}), ['reading_time']);
    assert.equal(sent.id, opened.id);
    assert.deepEqual(sent.meta, { current_version: opened.meta?.['current_version'] });
    problemAt(
      checkDocument(
        'record',
        text((d) => {
          delete d.slug;
        }),
        opened,
        ctx,
        basis,
      ),
      'slug',
      'was removed',
    );
    problemAt(
      checkDocument(
        'record',
        text((d) => {
          d.$readonly.meta.status = 'draft';
        }),
        opened,
        ctx,
        basis,
      ),
      '$readonly.meta.status',
      'is read-only',
    );
  });
});

describe('read-only part and removed keys', () => {
  const cases: [string, (d: Record<string, any>) => void, string, string][] = [
    [
      'changing the id',
      (d) => {
        d.$readonly.id = 'other';
      },
      '$readonly.id',
      'is read-only',
    ],
    [
      'changing meta',
      (d) => {
        d.$readonly.meta.status = 'published';
      },
      '$readonly.meta.status',
      'is read-only (it was "draft"; undo the change)',
    ],
    [
      'changing item_type',
      (d) => {
        d.$readonly.item_type.id = fx.CTA;
      },
      '$readonly.item_type.id',
      'is read-only',
    ],
    [
      'adding to it',
      (d) => {
        d.$readonly.note = 'x';
      },
      '$readonly.note',
      'nothing can be added',
    ],
    [
      'removing from it',
      (d) => {
        delete d.$readonly.creator;
      },
      '$readonly.creator',
      'was removed',
    ],
    [
      'removing it',
      (d) => {
        delete d.$readonly;
      },
      '$readonly',
      'was removed',
    ],
  ];
  for (const [name, mutate, path, message] of cases) {
    test(`${name} is refused with a message`, () => {
      problemAt(problemsOf(plan('record', fx.articleRecord(), ctx, mutate)), path, message);
    });
  }
  test('a key removed from the document is an error that says how to clear it', () => {
    const p = problemAt(
      problemsOf(
        plan('model', fx.articleModel, ctx, (d) => {
          delete d.hint;
        }),
      ),
      'hint',
    );
    assert.equal(p.message, 'hint: "hint" was removed (keys cannot be removed; set it to null to clear it)');
    problemAt(
      problemsOf(
        plan('model', fx.articleModel, ctx, (d) => {
          delete d.name;
        }),
      ),
      'name',
      'put it back',
    );
    problemAt(
      problemsOf(
        plan('record', fx.articleRecord(), ctx, (d) => {
          delete d.excerpt;
        }),
      ),
      'excerpt',
      'set it to null',
    );
  });
});

describe('locations', () => {
  test('problems carry offset, length, line and column of the value', () => {
    const text = edited('webhook', fx.webhook(), ctx, (d) => {
      d.events[1].event_types = ['create', 'publish'];
    });
    const [p] = checkDocument('webhook', text, fx.webhook(), ctx);
    assert.ok(p);
    assert.equal(text.slice(p.offset, p.offset + p.length), '"publish"');
    assert.deepEqual({ line: p.line, column: p.column }, lineColumn(text, p.offset));
  });
  test('unknown keys are located at the key', () => {
    const text = edited('model', fx.articleModel, ctx, (d) => {
      d.colour = 'red';
    });
    const p = problemAt(checkDocument('model', text, fx.articleModel, ctx), 'colour');
    assert.equal(text.slice(p.offset, p.offset + p.length), '"colour"');
  });
  test('a missing key is located at its parent object', () => {
    const text = edited('field', fx.titleField, ctx, (d) => {
      delete d.appearance.editor;
    });
    const p = problemAt(checkDocument('field', text, fx.titleField, ctx), 'appearance.editor', 'is missing');
    assert.equal(text.slice(p.offset, p.offset + p.length), '"appearance"');
  });
  test('invalid JSON: the parser position and message, nothing planned', () => {
    const text = '{\n  "name": "x",\n  "hint": \n}\n';
    const result = planUpdate('model', fx.articleModel, text, ctx);
    const [p] = problemsOf(result);
    assert.ok(p);
    assert.match(p.message, /invalid JSON: value expected at line 4, column 1/);
    assert.deepEqual({ line: p.line, column: p.column }, { line: 4, column: 1 });
    for (const bad of ['', '[]', '{"a": 1} x', '{"name": "a" // note\n}', '{"name": "a",}', '"text"']) {
      const r = planUpdate('model', fx.articleModel, bad, ctx);
      assert.equal(r.ok, false, bad);
    }
  });
  test('duplicate keys are refused', () => {
    const text = renderDocument('model', fx.articleModel, ctx).replace('"name": "article",', '"name": "article",\n  "name": "b",');
    problemAt(checkDocument('model', text, fx.articleModel, ctx), 'name', 'duplicate key');
  });
  test('windows line endings keep line/column right', () => {
    const text = edited('model', fx.articleModel, ctx, (d) => {
      d.sortable = 'yes';
    }).replace(/\n/g, '\r\n');
    const p = problemAt(checkDocument('model', text, fx.articleModel, ctx), 'sortable');
    const lines = text.split('\r\n');
    assert.equal(lines[p.line - 1]?.slice(p.column - 1, p.column + 4), '"yes"');
  });
});

describe('API errors located', () => {
  test('422 INVALID_FIELD details.field and locale map to the value', () => {
    const text = renderDocument('record', fx.articleRecord(), ctx);
    const [p] = problemsFromApiError(text, [
      {
        code: 'INVALID_FIELD',
        details: { field: 'title', field_id: 'fTitle00Q0K000000000eA', locale: 'it', code: 'VALIDATION_REQUIRED' },
        transient: false,
      },
    ]);
    assert.ok(p);
    assert.equal(p.pathText, 'title.it');
    assert.equal(text.slice(p.offset, p.offset + p.length), '"Risotto stasera"');
    assert.match(p.message, /^title\.it: is required in locale "it" \(the API answered INVALID_FIELD VALIDATION_REQUIRED\)$/);
  });
  test('schema-level and general errors', () => {
    const text = renderDocument('model', fx.articleModel, ctx);
    const [unique, stale, other] = problemsFromApiError(text, [
      { code: 'INVALID_FIELD', details: { field: 'api_key', code: 'VALIDATION_UNIQUENESS' }, transient: false },
      { code: 'STALE_ITEM_VERSION', details: {}, transient: false },
      { code: 'INVALID_ATTRIBUTES', details: {}, transient: false },
    ]);
    assert.equal(unique?.pathText, 'api_key');
    assert.match(unique?.message ?? '', /must be unique/);
    assert.match(stale?.message ?? '', /changed by someone else/);
    assert.equal(other?.line, 1);
  });
});

describe('JSON Schema and filters', () => {
  test('JSON Schema per kind has descriptions and a read-only $readonly', () => {
    const schema = jsonSchemaFor('webhook') as {
      properties: Record<string, { description?: string; readOnly?: boolean }>;
      additionalProperties: boolean;
    };
    assert.match(schema.properties['url']?.description ?? '', /http/);
    assert.equal(schema.properties['$readonly']?.readOnly, true);
    assert.equal(schema.additionalProperties, false);
    const record = jsonSchemaFor('record', ctx, fx.articleModel) as { properties: Record<string, { description?: string }> };
    assert.deepEqual(Object.keys(record.properties).slice(0, 3), ['title', 'slug', 'body']);
    assert.match(record.properties['title']?.description ?? '', /localized/);
    const field = jsonSchemaFor('field') as { properties: Record<string, unknown> };
    assert.ok(field.properties['validators'] && field.properties['appearance']);
  });
  test('filter operators per field type and meta column', () => {
    assert.deepEqual(FILTER_OPERATORS['boolean'], ['eq']);
    assert.ok(FILTER_OPERATORS['string']?.includes('matches'));
    assert.deepEqual(FILTER_OPERATORS['_status'], ['eq', 'neq', 'in', 'notIn']);
    assert.deepEqual(FILTER_OPERATORS['rich_text'], []);
    assert.ok(ORDERABLE_META_COLUMNS.includes('_updated_at'));
  });
});
