// The export file: written only through a new, exclusively created temporary file, renamed over the target
// when complete; never through a symbolic link; never two exports into one file; nothing left on failure.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, lstat, mkdir, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError, CancelledError } from '../../src/cma';
import { exportRecords, type ExportOptions } from '../../src/export/exportRecords';
import { TargetRefused } from '../../src/platform/host';
import { createNew, ExclusiveFile } from '../../src/platform/host/node/exclusiveFile';
import { makeRecords, useFakeItems, type FakeItemsServer } from './fakeItemsServer';

const RECORDS = 300;
let fake: FakeItemsServer;
let root: string;
/** where the user saves */
let workspace: string;
/** somewhere the export must never write */
let outside: string;

useFakeItems(RECORDS, 'datocms-export-file-', async (bench) => {
  ({ fake, dir: root } = bench);
  workspace = join(root, 'workspace');
  outside = join(root, 'outside');
  await mkdir(workspace);
  await mkdir(outside);
});

const run = (path: string, options: Partial<ExportOptions> = {}) =>
  exportRecords({ client: fake.client(), modelId: 'model', path, pageSize: 50, ...options });
const idsIn = async (path: string) => (JSON.parse(await readFile(path, 'utf8')) as { id: string }[]).map((r) => r.id);
const allIds = () => makeRecords(RECORDS).map((r) => r.id);

describe('the export file', () => {
  test('a symbolic link at the target is refused; what it points to is untouched', async () => {
    const secret = join(outside, 'secret.txt');
    await writeFile(secret, 'keep me');
    const target = join(workspace, 'records.json');
    await symlink(secret, target);
    await assert.rejects(run(target), (error: Error) => error instanceof TargetRefused && /is a symbolic link/.test(error.message));
    assert.equal(await readFile(secret, 'utf8'), 'keep me');
    assert.deepEqual(await readdir(workspace), ['records.json']);
    assert.ok((await lstat(target)).isSymbolicLink());
    assert.equal(fake.requests.length, 0, 'refused before any request');
  });

  test('a symbolic link planted at the target while exporting is refused at the end; nothing is written through it', async () => {
    const elsewhere = join(outside, 'planted.json');
    const target = join(workspace, 'records.json');
    fake.beforePage = ({ number }) => {
      if (number === 2) void symlink(elsewhere, target);
    };
    await assert.rejects(run(target), TargetRefused);
    await assert.rejects(stat(elsewhere), { code: 'ENOENT' });
    assert.deepEqual(await readdir(workspace), ['records.json'], 'only the planted link; no temporary file');
    assert.deepEqual(await readdir(outside), []);
  });

  test('links planted at the temporary names an attacker could guess are never followed', async () => {
    const target = join(workspace, 'records.json');
    const victim = join(outside, 'victim.json');
    // the names the export used to write through: `.<name>.<pid>.part`, and a few pids around it
    for (const pid of [process.pid, process.pid + 1, process.pid - 1]) await symlink(victim, join(workspace, `.records.json.${pid}.part`));
    await run(target);
    await assert.rejects(stat(victim), { code: 'ENOENT' });
    assert.deepEqual(await idsIn(target), allIds());
  });

  test('a temporary file is only ever created new: a link or a file already at its name makes it fail', async () => {
    const victim = join(outside, 'victim.json');
    const link = join(workspace, '.records.json.link.part');
    await symlink(victim, link);
    await assert.rejects(createNew(link), (error: NodeJS.ErrnoException) => error.code === 'EEXIST' || error.code === 'ELOOP');
    await assert.rejects(stat(victim), { code: 'ENOENT' });
    await writeFile(victim, 'keep me');
    await assert.rejects(createNew(link), (error: NodeJS.ErrnoException) => error.code === 'EEXIST' || error.code === 'ELOOP');
    assert.equal(await readFile(victim, 'utf8'), 'keep me');
    await assert.rejects(createNew(victim), { code: 'EEXIST' });
    assert.equal(await readFile(victim, 'utf8'), 'keep me');
  });

  test('temporary names are random and next to the target', async () => {
    const target = join(workspace, 'records.json');
    const first = await ExclusiveFile.create(target);
    const second = await ExclusiveFile.create(join(workspace, 'other.json'));
    try {
      assert.match(first.tempPath, /[/\\]\.records\.json\.[0-9a-f]{24}\.part$/);
      assert.notEqual(first.tempPath.slice(-29), second.tempPath.slice(-29));
      assert.ok((await lstat(first.tempPath)).isFile());
    } finally {
      await first.discard();
      await second.discard();
    }
    assert.deepEqual(await readdir(workspace), []);
  });

  test('two exports to one file: the second is refused with a clear message, the first completes', async () => {
    const target = join(workspace, 'records.json');
    const outcomes = await Promise.allSettled([run(target), run(join(workspace, '.', 'records.json'))]);
    // whichever reaches the file first writes it
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    assert.equal(refused.length, 1, 'one export refused, the other done');
    assert.match(
      String(refused[0]!.reason.message),
      /Another write to .*records\.json is already running\. Wait for it to finish \(or cancel it\), then try again\./,
    );
    assert.deepEqual(await idsIn(target), allIds());
    assert.deepEqual(await readdir(workspace), ['records.json']);
    // once finished, the file can be exported to again
    await run(target);
    assert.deepEqual(await idsIn(target), allIds());
  });

  test('cancelling leaves no file, and an existing file as it was', async () => {
    const target = join(workspace, 'records.json');
    await writeFile(target, 'the previous export');
    const controller = new AbortController();
    fake.beforePage = ({ number }) => {
      if (number === 3) controller.abort();
    };
    await assert.rejects(run(target, { signal: controller.signal }), CancelledError);
    assert.equal(await readFile(target, 'utf8'), 'the previous export');
    assert.deepEqual(await readdir(workspace), ['records.json']);
    const sent = fake.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(fake.requests.length, sent, 'no request after cancelling');
  });

  test('a failure midway leaves no file, and an existing file as it was', async () => {
    const target = join(workspace, 'records.json');
    await writeFile(target, 'the previous export');
    const fresh = join(workspace, 'fresh.json');
    fake.beforePage = ({ number }) => (number === 3 ? { ids: [], total: 'oops' } : undefined);
    await assert.rejects(run(target));
    fake.requests = [];
    await assert.rejects(run(fresh));
    assert.equal(await readFile(target, 'utf8'), 'the previous export');
    assert.deepEqual(await readdir(workspace), ['records.json']);
  });

  test('replacing a file keeps its permissions', { skip: process.platform === 'win32' }, async () => {
    const target = join(workspace, 'records.json');
    await writeFile(target, 'old');
    await chmod(target, 0o600);
    await run(target);
    assert.equal((await stat(target)).mode & 0o777, 0o600);
    assert.deepEqual(await idsIn(target), allIds());
  });

  test('a server error before the first record: no file at all', async () => {
    const target = join(workspace, 'records.json');
    fake.beforePage = () => ({ total: 'not a number' });
    await assert.rejects(run(target), (error: Error) => !(error instanceof ApiError));
    assert.deepEqual(await readdir(workspace), []);
  });
});
