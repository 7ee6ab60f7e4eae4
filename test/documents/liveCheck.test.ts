// Live validation in a worker thread: the same problems as the check on the host, the newest text wins,
// large text is left to the save, and without a worker the host checks small documents only.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { LosslessNumber, isLosslessNumber } from 'lossless-json';
import type { Resource } from '../../src/cma/types';
import { LiveChecker, type LiveCheckOutcome } from '../../src/documents/liveCheck';
import { baselineMessages, type CheckBaseline } from '../../src/documents/liveCheckProtocol';
import { BaselineStore, reviveLosslessNumbers } from '../../src/documents/liveCheckWorker';
import { checkDocument, renderDocument, type DocumentKind, type Problem, type SchemaContext } from '../../src/schema';
import * as fx from '../schema/fixtures';
import { edited } from '../schema/helpers';

const WORKER_SOURCE = join(__dirname, '..', '..', 'src', 'documents', 'liveCheckWorker.ts');
/** The worker entry as TypeScript, through tsx (the extension runs the bundled dist/liveCheckWorker.js). */
const startWorker = () => new Worker(`require('tsx/cjs'); require(${JSON.stringify(WORKER_SOURCE)});`, { eval: true });

const ctx = fx.context();
const checkers: LiveChecker[] = [];
function checker(options: Partial<ConstructorParameters<typeof LiveChecker>[0]> = {}): LiveChecker {
  const created = new LiveChecker({ startWorker, ...options });
  checkers.push(created);
  return created;
}
after(() => checkers.forEach((c) => c.dispose()));

function problemsOf(outcome: LiveCheckOutcome): Problem[] {
  assert.equal(outcome.status, 'checked', JSON.stringify(outcome));
  return (outcome as Extract<LiveCheckOutcome, { status: 'checked' }>).problems;
}

/** A model with `count` string fields (more than one message's worth of fields) and a record of it. */
function wideRecord(count: number): { baseline: CheckBaseline; text: string } {
  const id = 'WideModel0000000000001';
  const fields = Array.from({ length: count }, (_, i) =>
    fx.field(`Wide${i}`, id, `f_${i}`, i % 2 ? 'string' : 'integer', { position: i + 1, validators: i % 3 ? { length: { max: 8 } } : {} }),
  );
  const wideCtx: SchemaContext = {
    ...ctx,
    itemTypes: [
      ...ctx.itemTypes,
      fx.model(
        id,
        'wide',
        {},
        fields.map((f) => f.id),
      ),
    ],
    fieldsOf: (m) => (m === id ? fields : ctx.fieldsOf(m)),
  };
  const resource: Resource = {
    id: 'WideRecord000000000001',
    type: 'item',
    attributes: Object.fromEntries(fields.map((f, i) => [`f_${i}`, i % 2 ? `v${i}` : i])),
    relationships: { item_type: { data: { type: 'item_type', id } } },
    meta: { current_version: 'v1' },
  };
  const text = edited('record', resource, wideCtx, (doc) => {
    doc['f_1'] = 'much too long for eight';
    doc['f_1198'] = 'x';
    doc['f_1199'] = 42;
  });
  return { baseline: { kind: 'record', resource, ctx: wideCtx }, text };
}

const samples: [string, DocumentKind, Resource, (doc: Record<string, any>) => void][] = [
  ['model, unchanged', 'model', fx.articleModel, () => undefined],
  [
    'model, unknown key and wrong type',
    'model',
    fx.articleModel,
    (doc) => {
      doc['nme'] = 'x';
      doc['singleton'] = 'yes';
    },
  ],
  [
    'field, read-only edited',
    'field',
    fx.titleField,
    (doc) => {
      doc['$readonly'].id = 'other';
    },
  ],
  [
    'webhook, removed key and bad event',
    'webhook',
    fx.webhook(),
    (doc) => {
      delete doc['name'];
      doc['events'][1].event_types = ['publish'];
    },
  ],
  [
    'record, values and blocks',
    'record',
    fx.articleRecord(),
    (doc) => {
      doc['rating'] = 9;
      doc['title'] = { en: 'ok', fr: 'non' };
      doc['content'][0].label = null;
    },
  ],
];

describe('live check in a worker', () => {
  test('finds the same problems as checkDocument, for every kind of document', async () => {
    const live = checker();
    for (const [name, kind, resource, mutate] of samples) {
      const text = edited(kind, resource, ctx, mutate);
      const outcome = await live.check(name, { kind, resource, ctx }, text);
      assert.deepEqual(problemsOf(outcome), checkDocument(kind, text, resource, ctx), name);
    }
    const broken = '{\n  "name": "x",,\n}\n';
    assert.deepEqual(
      problemsOf(await live.check('broken', { kind: 'model', resource: fx.articleModel, ctx }, broken)),
      checkDocument('model', broken, fx.articleModel, ctx),
    );
  });

  test('a record of 1,200 fields (its fields sent in several messages) gets the same problems', async () => {
    const { baseline, text } = wideRecord(1200);
    const expected = checkDocument('record', text, baseline.resource, baseline.ctx);
    assert.ok(expected.length >= 3, 'the edit has problems');
    assert.deepEqual(problemsOf(await checker().check('wide', baseline, text)), expected);
  });

  test('an answer carries at most the problem limit, and says how many there were', async () => {
    const { baseline, text } = wideRecord(1200);
    const outcome = await checker({ problemLimit: 2 }).check('wide', baseline, text);
    assert.equal(outcome.status, 'checked');
    const checked = outcome as Extract<LiveCheckOutcome, { status: 'checked' }>;
    const all = checkDocument('record', text, baseline.resource, baseline.ctx);
    assert.deepEqual(checked.problems, all.slice(0, 2));
    assert.equal(checked.total, all.length);
  });

  test('the newest text wins: older requests of the same document are superseded', async () => {
    const live = checker();
    const baseline: CheckBaseline = { kind: 'model', resource: fx.articleModel, ctx };
    const texts = ['a', 'b', 'c'].map((key) =>
      edited('model', fx.articleModel, ctx, (doc) => {
        doc[`unknown_${key}`] = 1;
      }),
    );
    const outcomes = await Promise.all(texts.map((text) => live.check('doc', baseline, text)));
    assert.deepEqual(outcomes.slice(0, 2), [{ status: 'superseded' }, { status: 'superseded' }]);
    const newest = problemsOf(outcomes[2]!);
    assert.match(newest[0]!.message, /unknown_c/);
    assert.deepEqual(newest, checkDocument('model', texts[2]!, fx.articleModel, ctx));
    // another document is not affected by this one's newer text
    const [first, other] = await Promise.all([live.check('doc', baseline, texts[0]!), live.check('other', baseline, texts[1]!)]);
    assert.match(problemsOf(first)[0]!.message, /unknown_a/);
    assert.match(problemsOf(other)[0]!.message, /unknown_b/);
  });

  test('a check already running in the worker is reported as superseded when a newer text comes', async () => {
    const live = checker();
    const { baseline, text } = wideRecord(1200);
    const running = live.check('doc', baseline, text);
    await new Promise((resolve) => setTimeout(resolve, 30)); // the first check is in the worker by now
    const newer = live.check('doc', baseline, text.replace('"x"', '"y"'));
    assert.deepEqual(await running, { status: 'superseded' });
    assert.equal((await newer).status, 'checked');
  });

  test('the baseline is sent once per opened document, not with every text', async () => {
    const sent: string[] = [];
    const live = checker({
      startWorker: () => {
        const worker = startWorker();
        const post = worker.postMessage.bind(worker);
        worker.postMessage = (message: { type: string }) => {
          sent.push(message.type);
          post(message);
        };
        return worker;
      },
    });
    const { baseline, text } = wideRecord(1200);
    for (const typed of [text, text.replace('"x"', '"y"'), text.replace('"x"', '"z"')]) {
      assert.equal((await live.check('doc', { ...baseline }, typed)).status, 'checked');
    }
    assert.equal(sent.filter((type) => type === 'baseline').length, 1);
    assert.equal(sent.filter((type) => type === 'check').length, 3);
    // saved: a new resource is a new baseline, and the worker forgets the old one
    assert.equal((await live.check('doc', { ...baseline, resource: { ...baseline.resource } }, text)).status, 'checked');
    assert.deepEqual(
      sent.filter((type) => type === 'baseline' || type === 'forget'),
      ['baseline', 'forget', 'baseline'],
    );
  });

  test("a closed document's pending check is superseded", async () => {
    const live = checker();
    const pending = live.check('doc', { kind: 'model', resource: fx.articleModel, ctx }, renderDocument('model', fx.articleModel, ctx));
    live.forget('doc');
    assert.deepEqual(await pending, { status: 'superseded' });
  });

  test('text over the size budget is left to the save, without being read', async () => {
    const text = edited('model', fx.articleModel, ctx, (doc) => {
      doc['hint'] = 'short';
    });
    const live = checker({ maxChars: text.length });
    const baseline: CheckBaseline = { kind: 'model', resource: fx.articleModel, ctx };
    let reads = 0;
    const big = {
      length: text.length + 1,
      read: () => {
        reads++;
        return `${text} `;
      },
    };
    assert.deepEqual(await live.check('doc', baseline, big), { status: 'save-only', reason: 'too-large' });
    assert.equal(reads, 0);
    assert.deepEqual(problemsOf(await live.check('doc', baseline, text)), [], 'back under the budget, it is checked again');
  });
});

describe('live check without a worker', () => {
  const baseline: CheckBaseline = { kind: 'record', resource: fx.articleRecord(), ctx };
  const text = edited('record', fx.articleRecord(), ctx, (doc) => {
    doc['rating'] = 9;
  });

  test('a worker that cannot be created: small documents are checked on the host', async () => {
    const failures: unknown[] = [];
    const live = checker({
      startWorker: () => {
        throw new Error('no threads here');
      },
      onWorkerFailure: (e) => failures.push(e),
    });
    assert.deepEqual(problemsOf(await live.check('doc', baseline, text)), checkDocument('record', text, baseline.resource, ctx));
    assert.equal(live.onHost, true);
    assert.equal(failures.length, 1);
  });

  test('a worker that dies on start: its checks run again, and then on the host', async () => {
    let started = 0;
    const live = checker({
      startWorker: () => {
        started++;
        return new Worker('throw new Error("broken bundle")', { eval: true });
      },
    });
    assert.deepEqual(problemsOf(await live.check('doc', baseline, text)), checkDocument('record', text, baseline.resource, ctx));
    assert.equal(live.onHost, true);
    assert.equal(started, 2, 'started again once before giving up');
    assert.deepEqual(problemsOf(await live.check('doc', baseline, text)), checkDocument('record', text, baseline.resource, ctx));
    assert.equal(started, 2);
  });

  test('on the host, large text is not checked while typing, nor a document whose check was slow', async () => {
    let hostChecks = 0;
    const slowCheck = (b: CheckBaseline, t: string) => {
      hostChecks++;
      const until = performance.now() + 30;
      while (performance.now() < until) {
        /* a check that takes 30 ms */
      }
      return checkDocument(b.kind, t, b.resource, b.ctx);
    };
    const live = checker({
      startWorker: () => {
        throw new Error('no threads');
      },
      hostCheckMaxChars: 5000,
      hostCheckMaxMs: 20,
      checkOnHost: slowCheck,
    });
    const large = `${text.slice(0, -2)}${' '.repeat(5000)}}\n`;
    assert.deepEqual(await live.check('large', baseline, large), { status: 'save-only', reason: 'too-slow' });
    assert.equal(hostChecks, 0);
    assert.equal((await live.check('slow', baseline, text)).status, 'checked', 'the first check shows its problems');
    assert.deepEqual(await live.check('slow', baseline, text), { status: 'save-only', reason: 'too-slow' });
    assert.equal(hostChecks, 1);
  });
});

test('a baseline sent in pieces is rebuilt as it was: attributes in order, basis, models, fields, exact numbers', () => {
  const { baseline } = wideRecord(1200);
  const resource = {
    ...baseline.resource,
    attributes: { ...baseline.resource.attributes, f_0: new LosslessNumber('98765432109876543210') },
  };
  const manyModels = Array.from({ length: 60 }, (_, i) => fx.model(`Extra${i}`, `extra_${i}`));
  const basis = JSON.parse(renderDocument('record', resource, baseline.ctx)) as Record<string, unknown>;
  const sent: CheckBaseline = {
    ...baseline,
    resource,
    basis,
    ctx: { ...baseline.ctx, itemTypes: [...baseline.ctx.itemTypes, ...manyModels] },
  };
  const messages = [...baselineMessages(7, sent)];
  assert.ok(messages.length > 10, 'in pieces');
  const store = new BaselineStore();
  for (const message of messages) store.receive(structuredClone(message) as Parameters<BaselineStore['receive']>[0]);
  const rebuilt = store.get(7)!;
  assert.deepEqual(Object.keys(rebuilt.resource.attributes), Object.keys(resource.attributes));
  assert.ok(isLosslessNumber(rebuilt.resource.attributes['f_0']));
  assert.equal(String(rebuilt.resource.attributes['f_0']), '98765432109876543210');
  assert.deepEqual(JSON.stringify(rebuilt.basis), JSON.stringify(basis));
  assert.deepEqual(
    rebuilt.ctx.itemTypes.map((t) => t.id),
    sent.ctx.itemTypes.map((t) => t.id),
  );
  for (const itemType of sent.ctx.itemTypes)
    assert.deepEqual(rebuilt.ctx.fieldsOf(itemType.id), sent.ctx.fieldsOf(itemType.id), itemType.id);
  store.forget(7);
  assert.equal(store.get(7), undefined);
});

test('exact numbers survive the trip to the worker', () => {
  const cloned = structuredClone({
    id: new LosslessNumber('12345678901234567890'),
    list: [new LosslessNumber('0.1000000000000000055511151231257827')],
    plain: { isLosslessNumber: true, value: 'not a number' },
  });
  const revived = reviveLosslessNumbers(cloned);
  assert.ok(isLosslessNumber(revived.id));
  assert.equal(String(revived.id), '12345678901234567890');
  assert.ok(isLosslessNumber(revived.list[0]));
  assert.equal(isLosslessNumber(revived.plain), false, 'an object that only looks like one stays as it is');
});
