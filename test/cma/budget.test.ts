// The background budget: what runs without the user asking cannot turn into a request storm.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, BudgetExceededError, CmaClient, RequestBudget } from '../../src/cma';
import { useEmulator } from '../support/emulator';

describe('the background budget', () => {
  test('a source over its share is stopped and told once; it resumes after a quiet window or a reset', () => {
    let now = 0;
    const trips: string[] = [];
    const budget = new RequestBudget(
      (source) => trips.push(source),
      { perSource: 3, total: 10, windowMs: 1000 },
      () => now,
    );
    for (let i = 0; i < 3; i++) budget.spend('hovers');
    assert.throws(() => budget.spend('hovers'), BudgetExceededError);
    // a loop keeps trying: still stopped, told only once
    for (let i = 0; i < 50; i++) {
      now += 10;
      assert.throws(() => budget.spend('hovers'), BudgetExceededError);
    }
    assert.deepEqual(trips, ['hovers']);
    // another source has its own share
    budget.spend('refreshes');
    // a whole quiet window later it runs again
    now += 1000;
    budget.spend('hovers');
    // the user acted: everything runs again at once
    for (let i = 0; i < 2; i++) budget.spend('hovers');
    assert.throws(() => budget.spend('hovers'), BudgetExceededError);
    budget.reset();
    budget.spend('hovers');
  });

  test('all sources together have a total: many small sources cannot add up to a storm', () => {
    const trips: string[] = [];
    const budget = new RequestBudget(
      (source) => trips.push(source),
      { perSource: 5, total: 8, windowMs: 1000 },
      () => 0,
    );
    for (let i = 0; i < 4; i++) budget.spend('a');
    for (let i = 0; i < 4; i++) budget.spend('b');
    assert.throws(() => budget.spend('c'), BudgetExceededError);
    assert.deepEqual(trips, ['c']);
  });

  describe('through the client', () => {
    const setup = useEmulator({ records: 5 });

    test("a background client stops before the network; the user's own requests are never counted", async () => {
      const { token, url } = setup.emulator;
      const trips: string[] = [];
      const client = new CmaClient({ apiToken: token, baseUrl: url, retry: { maxAttempts: 1 }, onBudgetTrip: (s) => trips.push(s) });
      const before = setup.emulator.requests.length;
      const hovers = client.background('hovers');
      let sent = 0;
      let stopped = 0;
      for (let i = 0; i < 60; i++) {
        await hovers.site.find().then(
          () => sent++,
          (error: unknown) => {
            assert.ok(error instanceof BudgetExceededError);
            stopped++;
          },
        );
      }
      assert.equal(sent, 40, 'the default share of one source');
      assert.equal(stopped, 20);
      assert.equal(setup.emulator.requests.length - before, 40, 'nothing past the budget reached the server');
      assert.deepEqual(trips, ['hovers']);
      // the user's requests go on
      for (let i = 0; i < 60; i++) await client.site.find();
      client.resetBudget();
      await hovers.site.find();
    });

    test('reads in an environment DatoCMS said does not exist are not sent again until the user acts; writes are', async () => {
      const { token, url } = setup.emulator;
      const client = new CmaClient({ apiToken: token, baseUrl: url, retry: { maxAttempts: 1 } });
      await client.environments.fork('main', 'gone-soon', {});
      const gone = client.withEnvironment('gone-soon');
      const [record] = (await gone.items.list({ page: { limit: 1 } })).data;
      await client.environments.destroy('gone-soon');
      const sentTo = () => setup.emulator.requests.filter((r) => r.environment === 'gone-soon').length;
      const before = sentTo();
      const refused = (error: unknown) => error instanceof ApiError && error.environmentMissing;
      await assert.rejects(gone.items.find(record!.id), refused);
      await assert.rejects(gone.site.find(), refused, 'the same answer, for this read');
      await assert.rejects(gone.background('hovers').items.find(record!.id), refused);
      assert.equal(sentTo() - before, 1, 'one read reached DatoCMS');
      await assert.rejects(gone.items.update(record!.id, { data: { type: 'item', id: record!.id, attributes: {} } }), refused);
      assert.equal(sentTo() - before, 2, 'a write is always sent');
      client.resetBudget();
      await assert.rejects(gone.site.find(), refused);
      assert.equal(sentTo() - before, 3, 'after a user action, asked again');
    });
  });
});
