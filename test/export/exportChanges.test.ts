// Records created or deleted by someone else while an export runs: no record that existed throughout
// may go missing or come twice, and what changed is reported by id.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describeChanges } from '../../src/export/exportCommand';
import { EXPORT_ORDER, exportRecords, type ExportOptions } from '../../src/export/exportRecords';
import { overlapFor } from '../../src/export/anchoredPages';
import { formatMessage } from '../../src/platform/translate';
import { makeRecords, recordAt, useFakeItems, type FakeItemsServer } from './fakeItemsServer';

const RECORDS = 1000;
const PAGE = 100;
/** pages one read needs for `count` records */
const pagesFor = (count: number, page = PAGE) => Math.ceil((count - overlapFor(page)) / (page - overlapFor(page)));
let fake: FakeItemsServer;
let dir: string;

useFakeItems(RECORDS, 'datocms-export-changes-', (bench) => ({ fake, dir } = bench));

const path = () => join(dir, 'records.json');
const run = (options: Partial<ExportOptions> = {}) =>
  exportRecords({ client: fake.client(), modelId: 'model', path: path(), pageSize: PAGE, ...options });
const fileIds = async () => (JSON.parse(await readFile(path(), 'utf8')) as { id: string }[]).map((r) => r.id);
const ids = (from: number, to: number) => makeRecords(to - from, from).map((r) => r.id);
const remove = (...gone: string[]) => {
  fake.records = fake.records.filter((r) => !gone.includes(r.id));
};

describe('records changing during an export', () => {
  for (const concurrency of [1, 2]) {
    test(`a record deleted behind the read takes no other record with it, and is reported (${concurrency} in flight)`, async () => {
      fake.beforePage = ({ number }) => {
        if (number === 4) remove('r00050');
      };
      const result = await run({ concurrency });
      // Offset paging from the first count skipped the record that slid into the gap: it must be here.
      assert.deepEqual(await fileIds(), ids(0, RECORDS), 'every record, in creation order, once');
      assert.deepEqual(result.deleted, ['r00050']);
      assert.deepEqual(result.created, []);
      assert.equal(result.count, RECORDS);
      assert.equal(result.countAtStart, RECORDS);
      assert.equal(result.countAtEnd, RECORDS - 1);
      assert.equal(result.stillChanging, false);
      assert.equal(result.requests, fake.requests.length);
      assert.ok(
        fake.requests.every((r) => r.orderBy === EXPORT_ORDER),
        'an order edits cannot change',
      );
    });
  }

  test('hundreds of records deleted behind the read at once: it steps back and still loses nothing', async () => {
    const gone = ids(100, 300);
    fake.beforePage = ({ number }) => {
      if (number === 5) remove(...gone);
    };
    const result = await run();
    assert.deepEqual(await fileIds(), ids(0, RECORDS));
    assert.deepEqual(result.deleted, gone);
    assert.deepEqual(result.created, []);
    // one read, one check of what is left, and what the step back cost
    assert.ok(fake.requests.length <= pagesFor(RECORDS) + pagesFor(RECORDS - gone.length) + 4, `${fake.requests.length} requests`);
  });

  test('a record deleted ahead of the read is not exported, and the file matches DatoCMS at the end', async () => {
    fake.beforePage = ({ number }) => {
      if (number === 3) remove('r00900');
    };
    const result = await run();
    assert.deepEqual(
      await fileIds(),
      ids(0, RECORDS).filter((id) => id !== 'r00900'),
    );
    assert.deepEqual([result.deleted, result.created], [[], []]);
    assert.deepEqual([result.countAtStart, result.countAtEnd], [RECORDS, RECORDS - 1]);
    assert.equal(fake.requests.length, pagesFor(RECORDS - 1), 'no check read needed');
  });

  test('a record created meanwhile comes last in creation order and is exported in its place', async () => {
    fake.beforePage = ({ number }) => {
      if (number === 3) fake.records.push(recordAt(RECORDS + 5, 'new-record'));
    };
    const result = await run();
    assert.deepEqual(await fileIds(), [...ids(0, RECORDS), 'new-record']);
    assert.deepEqual([result.deleted, result.created], [[], []]);
    assert.deepEqual([result.countAtStart, result.countAtEnd], [RECORDS, RECORDS + 1]);
  });

  test('a record appearing behind the read (e.g. it now matches the filter) is found by the check and added at the end', async () => {
    fake.beforePage = ({ number }) => {
      if (number === 6) fake.records.push(recordAt(10.5, 'late-entry'));
    };
    const result = await run();
    assert.deepEqual(await fileIds(), [...ids(0, RECORDS), 'late-entry']);
    assert.deepEqual(result.created, ['late-entry']);
    assert.deepEqual(result.deleted, []);
  });

  test('deleted and created together: the message names both', async () => {
    fake.beforePage = ({ number }) => {
      if (number === 4) {
        remove('r00020', 'r00021');
        fake.records.push(recordAt(30.5, 'late-entry'));
      }
    };
    const result = await run();
    const file = await fileIds();
    assert.equal(new Set(file).size, file.length, 'no record twice');
    assert.deepEqual(file, [...ids(0, RECORDS), 'late-entry']);
    assert.deepEqual(result.deleted, ['r00020', 'r00021']);
    assert.deepEqual(result.created, ['late-entry']);
    const message = describeChanges(result, formatMessage, new Intl.NumberFormat('en')).join(' ');
    assert.match(message, /DatoCMS counted 1,000 records for this export when it started and 999 when it ended\./);
    assert.match(message, /2 deleted on DatoCMS while exporting \(the file has them as they were\): r00020, r00021\./);
    assert.match(message, /1 created while exporting \(added at the end of the file\): late-entry\./);
  });

  test('records still changing during the check are flagged, not hidden', async () => {
    // r00020 is deleted after the check has read it: the check cannot name it, so the message says so.
    let checkStarted = 0;
    fake.beforePage = ({ number, offset }) => {
      if (number === 4) remove('r00010');
      if (number > 4 && offset === 0) checkStarted = number;
      if (checkStarted && number === checkStarted + 3) remove('r00020');
    };
    const result = await run({ concurrency: 1 });
    assert.equal(result.stillChanging, true);
    assert.deepEqual(result.deleted, ['r00010']);
    assert.deepEqual(await fileIds(), ids(0, RECORDS));
    assert.match(describeChanges(result, formatMessage, new Intl.NumberFormat('en')).join(' '), /still changing when the export finished/);
  });

  test('nothing changed: one read, no check, the file is the list', async () => {
    const result = await run({ pageSize: 250 });
    assert.deepEqual(await fileIds(), ids(0, RECORDS));
    assert.equal(fake.requests.length, pagesFor(RECORDS, 250));
    assert.deepEqual(describeChanges(result, formatMessage, new Intl.NumberFormat('en')), []);
    assert.deepEqual((await readdir(dir)).sort(), ['records.json']);
  });
});
