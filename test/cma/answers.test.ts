// What the client accepts as an answer: only the resource asked for, with every number exactly as sent.
import { test, describe, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { type CmaClient, isLosslessNumber, LosslessNumber, ResponseError, type UpdateBody } from '../../src/cma';
import { useFakeServer, type FakeAnswer, type FakeServer, type SeenRequest } from './fakeServer';
import { rejectionOf } from './support';

let answer: (request: SeenRequest) => FakeAnswer = () => ({ status: 500 });

describe('answers', () => {
  let server: FakeServer;
  let client: CmaClient;

  useFakeServer(
    (request) => answer(request),
    'answers-test-token-1d2e',
    (setup) => ({ server, client } = setup),
  );
  beforeEach(() => server.requests.splice(0));

  describe('the resource asked for, or an error', () => {
    const mismatch = async (call: Promise<unknown>, pattern: RegExp) => {
      const error = await rejectionOf(call);
      assert.ok(error instanceof ResponseError, `${error.name}: ${error.message}`);
      assert.match(error.message, pattern);
      assert.match(error.message, /nothing was changed locally/);
    };

    test('items.find of one record answered with another is refused', async () => {
      answer = () => ({ body: { data: { type: 'item', id: 'r2', attributes: {} } } });
      await mismatch(client.items.find('r1'), /^GET \/items\/r1: DatoCMS answered with item r2 when asked for item r1/);
    });

    test('items.update answered with another record is refused (and sent once)', async () => {
      answer = () => ({ body: { data: { type: 'item', id: 'r2', attributes: { title: 'theirs' } } } });
      await mismatch(
        client.items.update('r1', { data: { type: 'item', id: 'r1', attributes: { title: 'mine' } } }),
        /answered with item r2 when asked for item r1/,
      );
      assert.equal(server.requests.length, 1);
    });

    test('a model asked for by api_key must carry that api_key; by id, that id', async () => {
      answer = () => ({ body: { data: { type: 'item_type', id: 'm2', attributes: { api_key: 'author' } } } });
      await mismatch(client.itemTypes.find('article'), /answered with item_type m2 \(author\) when asked for item_type article/);
      await mismatch(client.itemTypes.find('m1'), /answered with item_type m2 \(author\) when asked for item_type m1/);
      answer = () => ({ body: { data: { type: 'item_type', id: 'm1', attributes: { api_key: 'article' } } } });
      assert.equal((await client.itemTypes.find('article')).id, 'm1');
    });

    test('a field asked for as model::field must carry the field api_key', async () => {
      answer = () => ({ body: { data: { type: 'field', id: 'f2', attributes: { api_key: 'slug' } } } });
      await mismatch(client.fields.find('article::title'), /answered with field f2 \(slug\) when asked for field article::title/);
      answer = () => ({ body: { data: { type: 'field', id: 'f1', attributes: { api_key: 'title' } } } });
      assert.equal((await client.fields.find('article::title')).id, 'f1');
    });

    test('a job whose payload is another model is refused', async () => {
      answer = (r) =>
        r.method === 'PUT'
          ? { status: 202, body: { data: { type: 'job', id: '9' } } }
          : {
              body: {
                data: {
                  type: 'job_result',
                  id: '9',
                  attributes: { status: 200, payload: { data: { type: 'item_type', id: 'm2', attributes: { api_key: 'author' } } } },
                },
              },
            };
      await mismatch(
        client.itemTypes.update('m1', { data: { type: 'item_type', id: 'm1', attributes: { hint: 'x' } } }),
        /answered with item_type m2 \(author\) when asked for item_type m1/,
      );
    });

    test('a webhook update answered with another webhook is refused', async () => {
      answer = () => ({ body: { data: { type: 'webhook', id: 'w2', attributes: {} } } });
      await mismatch(
        client.webhooks.update('w1', { data: { type: 'webhook', id: 'w1', attributes: { name: 'n' } } }),
        /answered with webhook w2 when asked for webhook w1/,
      );
    });
  });

  describe('exact numbers', () => {
    const BIG = '12345678901234567890';
    const LONG_DECIMAL = '0.1000000000000000055511151231257827';

    test('a record keeps an integer beyond 2^53 and sends it back digit for digit', async () => {
      const record = `{"data":{"type":"item","id":"r1","attributes":{"views":${BIG},"price":1.5,"code":"${BIG}"},"meta":{"current_version":"v1"}}}`;
      answer = (r) => ({ body: r.method === 'PUT' ? record.replace('"v1"', '"v2"') : record });
      const found = await client.items.find('r1');
      const views = found.attributes['views'];
      assert.ok(isLosslessNumber(views), 'the unsafe integer is a LosslessNumber');
      assert.equal(views.value, BIG);
      assert.equal(found.attributes['price'], 1.5, 'safe numbers stay numbers');
      assert.equal(found.attributes['code'], BIG, 'strings stay strings');
      await client.items.update('r1', { data: { type: 'item', id: 'r1', attributes: { views }, meta: { current_version: 'v1' } } });
      const sent = server.requests.find((r) => r.method === 'PUT')?.body ?? '';
      assert.ok(sent.includes(`"views":${BIG}`), `the body sends the exact digits: ${sent}`);
    });

    test("a field validator's long decimal round-trips through find and update", async () => {
      const field = `{"data":{"type":"field","id":"f1","attributes":{"api_key":"ratio","validators":{"number_range":{"min":${LONG_DECIMAL},"max":2.25}}}}}`;
      answer = (r) =>
        r.method === 'PUT'
          ? { status: 202, body: { data: { type: 'job', id: '5' } } }
          : r.path.startsWith('/job-results/')
            ? { body: `{"data":{"type":"job_result","id":"5","attributes":{"status":200,"payload":${field}}}}` }
            : { body: field };
      const found = await client.fields.find('f1');
      const validators = found.attributes['validators'] as { number_range: { min: unknown; max: unknown } };
      assert.ok(isLosslessNumber(validators.number_range.min));
      assert.equal((validators.number_range.min as LosslessNumber).value, LONG_DECIMAL);
      assert.equal(validators.number_range.max, 2.25);
      const updated = await client.fields.update('f1', {
        data: { type: 'field', id: 'f1', attributes: { validators } },
      } as UpdateBody<'field'>);
      const sent = server.requests.find((r) => r.method === 'PUT')?.body ?? '';
      assert.ok(sent.includes(`"min":${LONG_DECIMAL}`), `the body sends the exact decimal: ${sent}`);
      const back = (updated.attributes['validators'] as { number_range: { min: LosslessNumber } }).number_range.min;
      assert.equal(back.value, LONG_DECIMAL, 'the job payload keeps it exact too');
    });

    test('a LosslessNumber in a query is sent as its digits', async () => {
      answer = () => ({ body: { data: [], meta: { total_count: 0 } } });
      await client.items.list({ filter: { type: 'article', fields: { views: { gt: new LosslessNumber(BIG) } } } });
      assert.deepEqual(
        server.requests[0]?.query.find(([name]) => name === 'filter[fields][views][gt]'),
        ['filter[fields][views][gt]', BIG],
      );
    });
  });
});
