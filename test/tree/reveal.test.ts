// Finding a record's node pages its model's records only as far as the budget: Go to Definition's small one
// (two more pages), Reveal in Tree's larger one; beyond it the Records item stands in.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TreeModel } from '../../src/tree/model';
import { DEFINITION_REVEAL_PAGES } from '../../src/tree/reveal';
import type { Emulator } from '../emulator/index';
import { emulatorProjects, PROJECT_KEY } from '../projects/emulatorProjects';
import { useEmulator } from '../support/emulator';

let emulator: Emulator;
useEmulator({ records: 60, reset: ['requests'] }, (started) => (emulator = started.emulator));

const PAGE = 5;
/** The id of the article at `index` of the tree's order (the model's own). */
async function articleAt(index: number): Promise<string> {
  const response = await fetch(`${emulator.url}/items?filter[type]=article&page[limit]=${index + 1}`, {
    headers: { authorization: `Bearer ${emulator.token}`, 'x-api-version': '3', accept: 'application/json' },
  });
  return ((await response.json()) as { data: { id: string }[] }).data[index]!.id;
}
const offsets = () =>
  emulator.requests
    .filter((r) => r.method === 'GET' && r.path === '/items' && (r.query as { filter?: { type?: string } }).filter?.type)
    .map((r) => Number((r.query as { page?: { offset?: string } }).page?.offset ?? 0));
const ref = (id: string) => ({ project: PROJECT_KEY, environment: 'main', kind: 'record' as const, modelApiKey: 'article', id });

describe('finding a record in the tree', () => {
  test("Go to Definition's budget: a record on the first three pages is found, one further on gives its Records item after three pages", async () => {
    const near = await articleAt(12);
    const far = await articleAt(40);
    const model = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => PAGE });
    emulator.clearRequests();
    const found = await model.find(ref(near), DEFINITION_REVEAL_PAGES);
    assert.equal(found?.kind === 'record' && found.record.id, near);
    assert.deepEqual(offsets(), [0, 5, 10]);

    const fresh = new TreeModel({ projects: emulatorProjects(emulator), pageSize: () => PAGE });
    emulator.clearRequests();
    const standIn = await fresh.find(ref(far), DEFINITION_REVEAL_PAGES);
    assert.equal(standIn?.kind, 'records');
    assert.deepEqual(offsets(), [0, 5, 10], 'three pages of five, no more');
    // Reveal in Tree goes on from the loaded pages
    emulator.clearRequests();
    const record = await fresh.find(ref(far));
    assert.equal(record?.kind === 'record' && record.record.id, far);
    assert.deepEqual(offsets(), [15, 20, 25, 30, 35, 40]);
  });
});
