import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { recordUri } from './editing';
import {
  addFault,
  clearFaults,
  clearRequests,
  config,
  dismissToasts,
  ensureSignedIn,
  extensionApi,
  requests,
  settledToasts,
  waitFor,
} from './helpers';

const logText = async () => {
  const { logUri } = await extensionApi();
  return filesUnder(logUri.fsPath)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
};

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? filesUnder(path) : stat.isFile() && stat.size < 50 * 1024 * 1024 ? [path] : [];
  });
}

describe('secrets', () => {
  it('the DatoCMS log holds the requests and never the token', async () => {
    const logs = await logText();
    assert.match(logs, /GET \/items/, 'the log channel records requests');
    assert.ok(!logs.includes(config().token));
    assert.ok(!logs.includes('Bearer'));
  });

  it('no file VS Code or the extension wrote holds the token or a webhook password', async () => {
    const webhookPassword = 'Bistro-Indexer-2024!'; // the seeded webhook's http_basic_password
    const leaking = [config().userDataDir, config().workspace].flatMap(filesUnder).filter((file) => {
      const text = readFileSync(file).toString('latin1');
      return text.includes(config().token) || text.includes(webhookPassword);
    });
    assert.deepEqual(leaking, []);
  });

  it('a server echoing the Authorization header (in an error, in an answer for another model): the notifications and the log file show "[secret removed]", never the token', async function () {
    this.timeout(60_000);
    await ensureSignedIn();
    await dismissToasts();
    await clearRequests();
    // records no editor has read: each open reads DatoCMS (where the faults answer)
    try {
      await addFault({ kind: 'echo_authorization', method: 'GET', path: '/items/echoInError0000000001A', count: 10 });
      await addFault({ kind: 'echo_authorization', status: 200, method: 'GET', path: '/items/echoInAnswer000000001A', count: 10 });
      await assert.rejects(async () => vscode.workspace.openTextDocument(recordUri('echoInError0000000001A')));
      await assert.rejects(async () => vscode.workspace.openTextDocument(recordUri('echoInAnswer000000001A')));
    } finally {
      await clearFaults();
    }
    // the workbench reads a document again when a read fails: one request and one message each
    const reads = (await requests()).filter((r) => r.path.startsWith('/items/echoIn')).map((r) => r.path);
    assert.deepEqual(reads, ['/items/echoInError0000000001A', '/items/echoInAnswer000000001A']);
    const toasts = (await settledToasts(2)).map((toast) => toast.message);
    assert.equal(toasts.length, 2, toasts.join('\n'));
    const shown = toasts.join('\n');
    assert.match(shown, /Could not open the record echoInError0000000001A.*500 PROXY_ERROR \(authorization: Bearer \[secret removed\]/);
    assert.match(shown, /Could not open the record echoInAnswer000000001A.*data\.type is "Bearer \[secret removed\]" \(expected "item"\)/);
    assert.ok(!shown.includes(config().token), shown);
    await waitFor(async () => /echoInAnswer.*\[secret removed\]/.test(await logText()), 15_000, 'the failure in the log file');
    const logs = await logText();
    assert.ok(!logs.includes(config().token), 'the log file holds the token');
    await dismissToasts();
  });
});
