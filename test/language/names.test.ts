import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CmaClient } from '../../src/cma';
import { recordTitle } from '../../src/domain';
import { RecordNames } from '../../src/language/names';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator } from '../emulator/index';
import { useEmulator } from '../support/emulator';
import { articleFields, articleModel, articleRecord } from '../schema/fixtures';

let emulator: Emulator;
let client: CmaClient;

useEmulator(
  { records: 12, latencyMs: 0, client: { environment: 'main' }, reset: ['requests'] },
  (started) => ({ emulator, client } = started),
);

const itemRequests = () => emulator.requests.filter((r) => r.path === '/items');

describe('the name cache', () => {
  test('ids asked in the same moment cost one request; asked again, none', async () => {
    const data = new ProjectData(client);
    const page = await client.items.list({ filter: { type: 'article' }, version: 'current', page: { limit: 3 } });
    const ids = page.data.map((r) => r.id);
    assert.equal(ids.length, 3);
    const names = new RecordNames(data);
    emulator.clearRequests();

    const answers = await Promise.all([
      names.resolve([ids[0]!]),
      names.resolve([ids[1]!, ids[2]!]),
      names.resolve([ids[0]!, 'NoSuchRecord0000000001']),
    ]);
    assert.equal(itemRequests().length, 1, 'one listing for all the ids');
    assert.deepEqual(
      String((itemRequests()[0]!.query['filter'] as { ids?: string }).ids)
        .split(',')
        .sort(),
      [...ids, 'NoSuchRecord0000000001'].sort(),
    );
    const first = answers[0].get(ids[0]!)!;
    const stored = page.data[0]!.attributes['title'] as Record<string, string>;
    assert.equal(
      first.title,
      Object.values(stored).find((v) => typeof v === 'string' && v.trim()),
    );
    assert.equal(first.modelApiKey, 'article');
    assert.equal(answers[2].has('NoSuchRecord0000000001'), false);

    emulator.clearRequests();
    await names.resolve([...ids, 'NoSuchRecord0000000001']);
    assert.equal(itemRequests().length, 0, 'known ids and known misses are answered from memory');
    assert.equal(names.peek(ids[1]!)?.title, answers[1].get(ids[1]!)?.title);
  });

  test('search lists records of the allowed models, and a repeated search is answered from memory', async () => {
    const names = new RecordNames(new ProjectData(client));
    const article = (await client.itemTypes.find('article')).id;
    const found = await names.search([article], '');
    assert.ok(found.length > 0);
    assert.ok(found.every((n) => n.modelApiKey === 'article'));
    emulator.clearRequests();
    await names.search([article], '');
    assert.equal(itemRequests().length, 0);
  });
});

describe('naming while typing', () => {
  test('typing on after a listing that held every record of the models narrows it by title, with no request', async () => {
    const names = new RecordNames(new ProjectData(client));
    const author = (await client.itemTypes.find('author')).id;
    const all = await names.search([author], '');
    assert.ok(all.length > 1 && all.length < 30, 'the emulator has a handful of authors');
    const pick = all[1]!.title;
    emulator.clearRequests();
    const narrowed = await names.search([author], pick.slice(0, 3));
    assert.equal(itemRequests().length, 0);
    assert.ok(narrowed.some((n) => n.title === pick));
    assert.ok(narrowed.every((n) => n.title.toLowerCase().includes(pick.slice(0, 3).toLowerCase())));
  });
});

describe('record titles', () => {
  test("the model's title field (first locale with a value), else the first string field with a value, else none", () => {
    const record = articleRecord();
    assert.equal(recordTitle(record, articleModel, articleFields, ['en', 'it']), 'Risotto tonight');
    assert.equal(recordTitle(record, articleModel, articleFields, ['it', 'en']), 'Risotto stasera');
    const untitled = { ...articleModel, relationships: { ...articleModel.relationships, title_field: { data: null } } };
    const noTitle = { ...record, attributes: { ...record.attributes, title: { en: '  ', it: null } } };
    assert.equal(recordTitle(noTitle, untitled, articleFields, ['en']), 'chef', 'the first string field with a value');
    assert.equal(recordTitle({ ...noTitle, attributes: {} }, untitled, articleFields, ['en']), undefined);
  });
});
