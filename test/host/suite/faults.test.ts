import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { documentUri } from '../../../src/platform/uris';
import type { SectionNode } from '../../../src/tree';
import { addFault, clearFaults, clearRequests, extensionApi, requests } from './helpers';
import { articleRecords } from './tree.test';

describe('faults', () => {
  afterEach(() => clearFaults());

  it('429: waits X-RateLimit-Reset and succeeds', async () => {
    const { model } = await extensionApi();
    const records = await articleRecords();
    await clearRequests();
    await addFault({ kind: 'rate_limit', path: '/items', resetSeconds: 1 });
    await vscode.commands.executeCommand('datocms.refreshNode', records);
    const children = await model.children(await articleRecords());
    assert.ok(children.some((n) => n.kind === 'record'));
    const statuses = (await requests()).filter((r) => r.path === '/items').map((r) => r.status);
    assert.deepEqual(statuses, [429, 200]);
  });

  it('a transient error is retried and the read succeeds; a plain 500 fails with a message naming it, not retried (as the official client)', async () => {
    const uri = (apiKey: string) => documentUri({ project: 'emulated-bistro', environment: 'main', kind: 'model', apiKey });
    await addFault({ kind: 'transient', path: '/item-types/dish', count: 1 });
    assert.match((await vscode.workspace.openTextDocument(uri('dish'))).getText(), /"api_key": "dish"/);
    await clearRequests();
    await addFault({ kind: 'server_error', path: '/item-types/event', count: 100 });
    await assert.rejects(async () => vscode.workspace.openTextDocument(uri('event')), /500|EXCEPTION/);
    const attempts = (await requests()).filter((r) => r.path === '/item-types/event').length;
    // VS Code's stat and read each make one call, and neither is retried
    assert.ok(attempts >= 1 && attempts <= 2, `attempts: ${attempts}`);
  });

  it('401: the tree shows an error node that offers to sign in again', async () => {
    const { model } = await extensionApi();
    const [project] = model.roots();
    const webhooks = (await model.children(project)).find((n) => n.kind === 'webhooks') as SectionNode;
    await addFault({ kind: 'unauthorized', path: '/webhooks' });
    await vscode.commands.executeCommand('datocms.refreshNode', webhooks);
    const [error] = await model.children(webhooks);
    assert.equal(error?.kind, 'error');
    assert.equal(error?.kind === 'error' && error.action, 'signIn');
    await clearFaults();
    await vscode.commands.executeCommand('datocms.refreshNode', webhooks);
    assert.ok((await model.children(webhooks)).every((n) => n.kind === 'webhook'));
  });
});
