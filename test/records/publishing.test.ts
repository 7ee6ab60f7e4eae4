// Publishing against the emulator: what the user is asked, what reaches DatoCMS (the emulator's request
// log) and what the record's status becomes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError, type CmaClient, type ApiErrorEntry } from '../../src/cma';
import type { Resource } from '../../src/cma/types';
import { ProjectData } from '../../src/projects/projectData';
import { runBulk } from '../../src/records/bulk';
import { RecordPublishing, type RecordHost } from '../../src/records/recordActions';
import { setDisplayLocale } from '../../src/platform/displayLocale';
import { formatMessage } from '../../src/platform/translate';
import type { PickItem } from '../../src/platform/ui';
import { ScriptedUi } from '../platform/scriptedUi';
import type { Emulator } from '../emulator';
import { useEmulator } from '../support/emulator';
import type { StoredItem } from '../emulator/store';
import { recordTarget, storedRecords } from './publishingKit';

let emulator: Emulator;
let client: CmaClient;

// the messages' dates as VS Code in English writes them
setDisplayLocale('en-US');

useEmulator(
  { records: 260, jobDurationMs: 2, client: { jobs: { firstDelayMs: 2, maxDelayMs: 10 } }, reset: ['faults', 'requests'] },
  (started) => ({ emulator, client } = started),
);

/** A scripted window and a recording host: which editors are dirty, what was saved, changed and shown. */
function world(dirty = new Set<string>()) {
  const ui = new ScriptedUi();
  const data = new ProjectData(client);
  const picks: ((labels: string[], picked: string[]) => string[] | undefined)[] = [];
  const log = {
    saved: [] as string[],
    changed: [] as Resource<'item'>[],
    problems: [] as ApiErrorEntry[][],
    removed: [] as string[],
    lines: [] as string[],
    pickTitles: [] as string[],
  };
  const host: RecordHost = {
    ui,
    t: formatMessage,
    data: async () => data,
    isDirty: (ref) => dirty.has(ref.id),
    save: async (ref) => {
      log.saved.push(ref.id);
      dirty.delete(ref.id);
      return true;
    },
    showServerProblems: async (_ref, errors) => {
      log.problems.push(errors);
      return errors.length;
    },
    changed: (_ref, record) => log.changed.push(record),
    removed: (refs) => log.removed.push(...refs.map((r) => r.id)),
    log: (line) => log.lines.push(line),
  };
  // the locales pick: `picks` answer it, given the labels offered and those chosen at first
  ui.pickMany = async <T>(items: PickItem<T>[], options: { title: string }) => {
    log.pickTitles.push(options.title);
    const next = picks.shift();
    if (!next) throw new Error(`unexpected multi-select pick: ${items.map((i) => i.label).join(', ')}`);
    const labels = next(
      items.map((i) => i.label),
      items.filter((i) => i.picked).map((i) => i.label),
    );
    return labels?.map((label) => items.find((i) => i.label === label)!.value);
  };
  return { ui, host, picks, log, single: new RecordPublishing(host) };
}

const records = (modelApiKey: string, status?: StoredItem['meta']['status']) => storedRecords(emulator, modelApiKey, status);
const target = recordTarget;

const sent = (method: string, pattern: RegExp) => emulator.requests.filter((r) => r.method === method && pattern.test(r.path));

describe('publish and unpublish one record', () => {
  test('publishing a draft with every locale chosen sends no body and shows it published', async () => {
    const { single, picks, log, ui } = world();
    const draft = records('article', 'draft')[0]!;
    picks.push((labels, picked) => {
      assert.deepEqual(labels, ['en', 'it', 'Non-localized fields']);
      return picked;
    });
    await single.publish(target(draft, 'article'));
    const [request] = sent('PUT', /\/publish$/);
    assert.equal(request?.path, `/items/${draft.id}/publish`);
    assert.equal(request?.body, undefined);
    assert.equal(draft.meta.status, 'published');
    assert.equal(log.changed.at(-1)?.meta['status'], 'published');
    assert.ok(ui.transcript.some((line) => line.startsWith('info: Published "article')));
  });

  test('publishing one locale sends a selective body; the record is then updated, not published', async () => {
    const { single, picks } = world();
    const draft = records('article', 'draft')[1]!;
    picks.push(() => ['it', 'Non-localized fields']);
    await single.publish(target(draft, 'article'));
    const body = sent('PUT', /\/publish$/)[0]?.body as { data: { type: string; attributes: Record<string, unknown> } };
    assert.deepEqual(body.data, {
      type: 'selective_publish_operation',
      attributes: { content_in_locales: ['it'], non_localized_content: true },
    });
    assert.equal(draft.meta.status, 'updated');
    assert.deepEqual(Object.keys(draft.published?.['title'] as object), ['it']);
  });

  test('unsaved changes: Cancel sends nothing; Save and Publish saves, then publishes', async () => {
    const draft = records('article', 'draft')[2]!;
    const dirty = new Set([draft.id]);
    const first = world(dirty);
    first.ui.answers.push(() => undefined);
    await first.single.publish(target(draft, 'article'));
    assert.equal(sent('PUT', /\/publish$/).length, 0);
    assert.deepEqual(first.log.saved, []);
    assert.match(first.ui.transcript[0]!, /^confirm: "article .*" has unsaved changes\. \[Save and Publish\]$/);

    const second = world(dirty);
    second.ui.answers.push((_m, actions) => actions[0]);
    second.picks.push((_labels, picked) => picked);
    await second.single.publish(target(draft, 'article'));
    assert.deepEqual(second.log.saved, [draft.id]);
    assert.equal(sent('PUT', /\/publish$/).length, 1);
    assert.equal(draft.meta.status, 'published');
  });

  test('an invalid record is refused (422) and its problems go to the document; nothing is published', async () => {
    const { single, picks, log, ui } = world();
    const event = records('event', 'draft')[0]!;
    // a draft of a model that allows invalid drafts may be saved without its required name
    await client.items.update(event.id, { data: { type: 'item', id: event.id, attributes: { name: { en: '', it: '' } } } });
    assert.equal(event.meta.is_valid, false);
    picks.push((_labels, picked) => picked);
    ui.answers.push(() => undefined);
    await single.publish(target(event, 'event'));
    assert.equal(event.meta.status, 'draft');
    const errors = log.problems[0] ?? [];
    assert.deepEqual(
      errors.map((e) => [e.code, e.details['field'], e.details['locale'], e.details['code']]),
      [
        ['INVALID_FIELD', 'name', 'en', 'VALIDATION_REQUIRED'],
        ['INVALID_FIELD', 'name', 'it', 'VALIDATION_REQUIRED'],
      ],
    );
    assert.match(ui.transcript.at(-1)!, /^error: "event .*" was not published: DatoCMS found 2 problem\(s\), shown in the document\./);
  });

  test("a record that does not exist fails with the API's 404", async () => {
    const { single, picks } = world();
    picks.push((_labels, picked) => picked);
    const ghost = { ...records('article')[0]!, id: 'AAAAAAAAQAAAAAAAAAAAAA' };
    await assert.rejects(single.publish(target(ghost, 'article')), (error: unknown) => error instanceof ApiError && error.status === 404);
  });

  test('unpublish asks once, naming the record: its locale pick (Escape sends nothing), else a question (Keep Published sends nothing)', async () => {
    const published = records('article', 'published')[0]!;
    // published in several locales: choosing them is the one question
    const first = world();
    first.picks.push(() => undefined);
    await first.single.unpublish(target(published, 'article'));
    assert.deepEqual(first.log.pickTitles, [`Unpublish "article ${published.id}" (article in main): which locales?`]);
    assert.deepEqual(first.ui.transcript, [], 'no yes/no after the pick, no notification');
    assert.equal(sent('PUT', /\/unpublish$/).length, 0);

    const second = world();
    second.picks.push((_labels, picked) => picked);
    await second.single.unpublish(target(published, 'article'));
    assert.equal(published.meta.status, 'draft');
    assert.equal(published.meta.published_at, null);
    assert.deepEqual(second.ui.transcript, [`info: Unpublished "article ${published.id}".`]);

    // published in one locale: nothing to choose, so a question names it, with Keep Published
    await client.publishing.items.publish(published.id, { locales: ['en'], nonLocalizedContent: true });
    const third = world();
    third.ui.answers.push(() => undefined);
    await third.single.unpublish(target(published, 'article'));
    assert.deepEqual(third.log.pickTitles, []);
    assert.deepEqual(third.ui.transcript, [`confirm: Unpublish "article ${published.id}" (article in main)? [Unpublish]`]);
    assert.equal(third.ui.confirmations[0]?.safe, 'Keep Published');
    assert.notEqual(published.meta.published_at, null, 'still published');
  });

  test('a tree record with an unpublished parent: publishing asks before publishing the parent too (recursive)', async () => {
    const pages = records('page');
    const child = pages.find((p) => typeof p.attributes['parent_id'] === 'string')!;
    const parent = pages.find((p) => p.id === child.attributes['parent_id'])!;
    const { single, picks, ui } = world();
    await client.publishing.items.unpublish(parent.id, undefined, { recursive: true });
    picks.push((_labels, picked) => picked);
    ui.answers.push((message, actions) => {
      assert.match(message, /^The parent of "page .*" is not published\.$/);
      return actions[0];
    });
    await single.publish(target(child, 'page'));
    assert.deepEqual(
      sent('PUT', /\/publish$/).map((r) => r.query['recursive'] ?? null),
      [null, 'true'],
    );
    assert.equal(parent.meta.status, 'published');
    assert.equal(child.meta.status, 'published');
  });
});

describe('status through publish, edit and publish again', () => {
  test('draft → published → updated after an edit → published; first_published_at is kept', async () => {
    const items = client.publishing.items;
    // dishes have draft mode: a save of a published one is a newer draft
    const draft = records('dish', 'published')[0]!;
    await items.unpublish(draft.id);
    let record = await items.publish(draft.id);
    assert.equal(record.meta['status'], 'published');
    const first = record.meta['first_published_at'];
    assert.ok(typeof first === 'string');
    record = await client.items.update(draft.id, { data: { type: 'item', id: draft.id, attributes: { spiciness: 2 } } });
    assert.equal(record.meta['status'], 'updated');
    record = await items.publish(draft.id);
    assert.equal(record.meta['status'], 'published');
    assert.equal(record.meta['first_published_at'], first);
  });
});

describe('schedules', () => {
  test("the date is asked in the project's timezone, must be in the future, and is sent with its offset", async () => {
    const { single, ui, log } = world();
    const article = records('article', 'draft')[3]!;
    ui.inputs.push((options) => {
      assert.match(options.prompt ?? '', /Europe\/Rome/);
      assert.match(options.validate!('2020-01-01 10:00') ?? '', /in the future/);
      assert.match(options.validate!('tomorrow') ?? '', /YYYY-MM-DD HH:MM/);
      assert.equal(options.validate!('2031-01-31 09:00'), undefined);
      return '2031-01-31 09:00';
    });
    await single.schedule(target(article, 'article'), 'publication');
    const body = sent('POST', /\/scheduled-publication$/)[0]?.body as { data: { attributes: Record<string, unknown> } };
    assert.deepEqual(body.data.attributes, { publication_scheduled_at: '2031-01-31T09:00:00+01:00' });
    assert.equal(log.changed.at(-1)?.meta['publication_scheduled_at'], '2031-01-31T09:00:00+01:00');

    await single.cancelSchedule(target(article, 'article'), 'publication');
    assert.equal(sent('DELETE', /\/scheduled-publication$/).length, 1);
    assert.equal(article.meta.publication_scheduled_at, null);
    await single.cancelSchedule(target(article, 'article'), 'publication');
    assert.match(ui.transcript.at(-1)!, /has no scheduled publication/);
  });

  test('a time the clocks pass twice asks, naming the two, and schedules the first; one they skip is refused where typed', async () => {
    const { single, ui } = world();
    const article = records('article', 'draft')[4]!;
    ui.inputs.push((options) => {
      assert.match(options.validate!('2031-03-30 02:30') ?? '', /does not exist in Europe\/Rome/);
      return '2031-10-26 02:30';
    });
    let detail = '';
    ui.answers.push((message, actions, text) => {
      assert.match(message, /2031-10-26 02:30 happens twice in Europe\/Rome/);
      detail = text ?? '';
      return actions[0];
    });
    await single.schedule(target(article, 'article'), 'publication');
    assert.match(
      detail,
      /takes the first \(Sunday, October 26, 2031 at 2:30:00 AM GMT\+2 \(Europe\/Rome\)\)\. For the second, write 2031-10-26T02:30:00\+01:00/,
    );
    const body = sent('POST', /\/scheduled-publication$/).at(-1)?.body as { data: { attributes: Record<string, unknown> } };
    assert.deepEqual(body.data.attributes, { publication_scheduled_at: '2031-10-26T02:30:00+02:00' });
    await single.cancelSchedule(target(article, 'article'), 'publication');
  });

  test('the emulator refuses a date in the past', async () => {
    const article = records('article')[0]!;
    await assert.rejects(
      client.publishing.scheduledUnpublishing.create(article.id, '2001-01-01T00:00:00Z'),
      (error: unknown) =>
        error instanceof ApiError && error.status === 422 && error.errors[0]?.details['field'] === 'unpublishing_scheduled_at',
    );
  });
});

describe('bulk actions', () => {
  test('publishing 3 records: one job request, one progress, all published', async () => {
    const { ui, host } = world();
    const drafts = records('article', 'draft').slice(4, 7);
    const result = await runBulk(
      host,
      drafts.map((d) => target(d, 'article')),
      'publish',
    );
    assert.equal(sent('POST', /^\/items\/bulk\/publish$/).length, 1);
    assert.deepEqual(ui.progressTitles, ['Publishing 3 records…']);
    assert.deepEqual(result?.done.sort(), drafts.map((d) => d.id).sort());
    for (const draft of drafts) assert.equal(draft.meta.status, 'published');
    assert.equal(ui.transcript.at(-1), 'info: 3 of 3 records published.');
  });

  test('a partial failure names the record that failed and why', async () => {
    const { ui, host, log } = world();
    const [valid] = records('event', 'published');
    const invalid =
      records('event').find((e) => e.meta.is_valid === false) ??
      (await client.items.update(records('event', 'draft')[0]!.id, {
        data: { type: 'item', id: records('event', 'draft')[0]!.id, attributes: { name: { en: '', it: '' } } },
      }),
      records('event', 'draft')[0]!);
    ui.answers.push(() => undefined);
    const result = await runBulk(host, [target(valid!, 'event'), { ...target(invalid, 'event'), title: 'New Year dinner' }], 'publish');
    assert.deepEqual(result?.done, [valid!.id]);
    assert.deepEqual(
      result?.failed.map((f) => [f.id, f.title]),
      [[invalid.id, 'New Year dinner']],
    );
    assert.match(ui.transcript.at(-1)!, /^warn: 1 of 2 records published\. Failed: "New Year dinner": invalid/);
    assert.equal(log.lines.length, 1);
  });

  test('250 records go in two requests of 200 and 50', async () => {
    const { host } = world();
    const many = records('article').slice(0, 250);
    const result = await runBulk(
      host,
      many.map((r) => target(r, 'article')),
      'publish',
    );
    const posts = sent('POST', /^\/items\/bulk\/publish$/);
    const counts = posts.map(
      (r) => (r.body as { data: { relationships: { items: { data: unknown[] } } } }).data.relationships.items.data.length,
    );
    assert.deepEqual(counts, [200, 50]);
    assert.equal(result?.done.length, 250);
  });

  test('cancelling stops before the next request: nothing more is sent', async () => {
    const { ui, host } = world();
    ui.answers.push(
      (_m, actions) => actions[0],
      () => undefined,
    );
    ui.cancelProgressWhen = (message) => message === '0 of 250';
    const many = records('article', 'published').slice(0, 250);
    assert.ok(many.length > 200);
    const result = await runBulk(
      host,
      many.map((r) => target(r, 'article')),
      'unpublish',
    );
    assert.equal(sent('POST', /^\/items\/bulk\/unpublish$/).length, 1);
    assert.equal(result?.done.length, 200);
    assert.equal(result?.notSent.length, many.length - 200);
    assert.match(ui.transcript.at(-1)!, /Cancelled: \d+ not sent\./);
  });

  test('deleting asks with the count and the first titles; the deleted records are handed on', async () => {
    const { ui, host, log } = world();
    const doomed = records('dish')
      .slice(0, 4)
      .map((r, i) => ({ ...target(r, 'dish'), title: `Dish ${i + 1}` }));
    ui.answers.push((message, actions) => {
      assert.equal(message, 'Delete 4 records in main?');
      return actions[0];
    });
    await runBulk(host, doomed, 'destroy');
    assert.match(ui.transcript[0]!, /^confirm: Delete 4 records in main\? \[Delete\]$/);
    assert.deepEqual(
      log.removed,
      doomed.map((d) => d.ref.id),
    );
    for (const d of doomed) assert.equal(emulator.store.environment().items.has(d.ref.id), false);
  });

  test('the emulator refuses more than 200 records in one request', async () => {
    const ids = records('article')
      .slice(0, 201)
      .map((r) => ({ type: 'item', id: r.id }));
    await assert.rejects(
      client.request({
        method: 'POST',
        path: '/items/bulk/publish',
        body: { data: { type: 'item_bulk_publish_operation', relationships: { items: { data: ids } } } },
      }),
      (error: unknown) => error instanceof ApiError && error.status === 422,
    );
    await assert.rejects(client.publishing.items.bulkPublish(ids.map((i) => i.id)), RangeError);
  });
});
