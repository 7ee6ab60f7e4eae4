// Which locales publishing offers (the record's own, not the project's) and what happens to records of a
// model without draft mode (always published: nothing to unpublish or schedule), against the emulator.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CmaClient } from '../../src/cma';
import { ProjectData } from '../../src/projects/projectData';
import { runBulk } from '../../src/records/bulk';
import { RecordPublishing, type RecordHost } from '../../src/records/recordActions';
import { formatMessage } from '../../src/platform/translate';
import type { PickItem } from '../../src/platform/ui';
import { ScriptedUi } from '../platform/scriptedUi';
import type { Emulator } from '../emulator';
import { useEmulator } from '../support/emulator';
import type { StoredItem } from '../emulator/store';
import { recordTarget, storedRecords } from './publishingKit';

let emulator: Emulator;
let client: CmaClient;
/** valid article drafts as seeded, one per test */
let drafts: StoredItem[];

useEmulator({ records: 40, jobDurationMs: 2, client: { jobs: { firstDelayMs: 2, maxDelayMs: 10 } }, reset: ['requests'] }, (started) => {
  ({ emulator, client } = started);
  // a third project locale that no seeded record has
  emulator.store.site.attributes['locales'] = ['en', 'it', 'fr'];
  drafts = records('article', 'draft').filter((r) => r.meta.is_valid);
});

function world() {
  const ui = new ScriptedUi();
  const data = new ProjectData(client);
  const offered: string[][] = [];
  const answers: ((labels: string[]) => string[] | undefined)[] = [];
  const failed: string[] = [];
  const host: RecordHost = {
    ui,
    t: formatMessage,
    data: async () => data,
    isDirty: () => false,
    save: async () => true,
    showServerProblems: async (_ref, errors) => errors.length,
    changed: () => undefined,
    removed: () => undefined,
    log: (line) => failed.push(line),
  };
  // the locales pick: `answers` answer it, `offered` keeps the labels it offered
  ui.pickMany = async <T>(items: PickItem<T>[]) => {
    const labels = items.map((i) => i.label);
    offered.push(labels);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected multi-select pick: ${labels.join(', ')}`);
    return answer(labels)?.map((label) => items.find((i) => i.label === label)!.value);
  };
  return { ui, host, offered, answers, single: new RecordPublishing(host) };
}

const records = (modelApiKey: string, status?: StoredItem['meta']['status']) => storedRecords(emulator, modelApiKey, status);
const target = recordTarget;

const writes = () => emulator.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe("publishing offers the record's locales", () => {
  test('publish: the locales its content has, not the locale it lacks; choosing one publishes it', async () => {
    const { single, offered, answers } = world();
    const draft = drafts[0]!;
    answers.push(() => ['it', 'Non-localized fields']);
    await single.publish(target(draft, 'article'));
    assert.deepEqual(offered, [['en', 'it', 'Non-localized fields']], 'fr is a project locale the record has no content in');
    const [request] = emulator.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/publish'));
    assert.deepEqual((request?.body as { data: { attributes: unknown } }).data.attributes, {
      content_in_locales: ['it'],
      non_localized_content: true,
    });
  });

  test('publish: a record with content in one locale is published whole, without asking', async () => {
    const { single, offered } = world();
    const draft = drafts[1]!;
    const englishOnly = Object.fromEntries(
      Object.entries(draft.attributes)
        .filter(([, v]) => v !== null && typeof v === 'object' && !Array.isArray(v) && 'en' in (v as object))
        .map(([k, v]) => [k, { en: (v as Record<string, unknown>)['en'] }]),
    );
    await client.items.update(draft.id, {
      data: { type: 'item', id: draft.id, attributes: englishOnly },
    });
    await single.publish(target(draft, 'article'));
    assert.deepEqual(offered, []);
    assert.equal(draft.meta.status, 'published');
  });

  test('unpublish: only the locales that are published; choosing them is the one question', async () => {
    const { single, offered, answers, ui } = world();
    const draft = drafts[2]!;
    await client.publishing.items.publish(draft.id, {
      locales: ['it'],
      nonLocalizedContent: true,
    });
    // one published locale: nothing to choose, the whole record is unpublished
    ui.answers.push((_m, actions) => actions[0]);
    await single.unpublish(target(draft, 'article'));
    assert.deepEqual(offered, []);
    assert.equal(draft.meta.status, 'draft');
    const updated = records('article', 'published').find((r) => Object.keys(r.published?.['title'] as object).length === 2)!;
    answers.push(() => ['en']);
    ui.transcript.length = 0;
    await single.unpublish(target(updated, 'article'));
    assert.deepEqual(offered, [['en', 'it']]);
    assert.deepEqual(Object.keys(updated.published?.['title'] as object), ['it']);
    // the pick was the decision: no yes/no repeats it, and one notification says what was done
    assert.deepEqual(ui.transcript, [`info: Unpublished en of "${target(updated, 'article').title}".`]);
  });
});

describe('a model without draft mode: its records are always published', () => {
  test('unpublishing or scheduling one says so and sends nothing', async () => {
    const { single, ui } = world();
    const author = records('author')[0]!;
    await single.unpublish(target(author, 'author'));
    await single.schedule(target(author, 'author'), 'publication');
    await single.schedule(target(author, 'author'), 'unpublishing');
    assert.deepEqual(writes(), []);
    assert.equal(
      ui.transcript.filter((line) => /^info: "author .*" is always published: its model .* has no draft mode/.test(line)).length,
      3,
    );
    assert.equal(author.meta.status, 'published');
  });

  test('in a bulk unpublish, such a record is named as always published', async () => {
    const { host } = world();
    const author = records('author')[1]!;
    const article = records('article', 'published')[0]!;
    const ui = host.ui as ScriptedUi;
    ui.answers.push((_m, actions) => actions[0]);
    ui.answers.push(() => undefined);
    const result = await runBulk(host, [target(author, 'author'), target(article, 'article')], 'unpublish');
    assert.deepEqual(result?.done, [article.id]);
    assert.deepEqual(
      result?.failed.map((f) => [f.id, f.reason]),
      [[author.id, 'always published: its model has no draft mode']],
    );
    assert.match(ui.transcript.at(-1)!, /^warn: 1 of 2 records unpublished\. Failed: "author .*": always published/);
  });
});
