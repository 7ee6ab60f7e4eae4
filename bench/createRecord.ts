// create_record: one record created as the extension does it (planCreate from the draft document, then POST
// /items; a record with blocks is also read again nested, this one has none) against the official client's
// items.create (one POST), with no added latency and with 80 ms per round trip.
import { ourClient, officialClient } from './contenders';
import { alternate, median, ratio, round, type EmulatorProcess } from './lib';
import { draftRecord, planCreate, renderDraft } from '../src/schema/templates';
import type { Resource } from '../src/cma/types';

const LATENCIES = [0, 80] as const;

interface Row {
  name: string;
  value: string;
  target: string;
  ok: boolean | undefined;
}

export async function benchCreateRecord(
  emulator: EmulatorProcess,
  runs: number,
  progress: (message: string) => void,
): Promise<{ json: Record<string, unknown>; rows: Row[] }> {
  const ours = ourClient(emulator.url, emulator.token);
  const official = officialClient(emulator.url, emulator.token);
  const author = await ours.itemTypes.find('author');
  const site = await ours.site.find();
  const fields = await ours.fields.list(author.id);
  const ctx = {
    locales: site.attributes['locales'] as string[],
    itemTypes: [author],
    fieldsOf: (id: string) => (id === author.id ? fields : undefined) as Resource<'field'>[] | undefined,
  };
  const draft = draftRecord(author, ctx);
  const template = JSON.parse(renderDraft(draft, ctx));
  let n = 0;
  const next = () => ({ name: `Bench author ${++n}`, slug: `bench-author-${n}` });
  const contenders = {
    ours: async () => {
      const plan = planCreate(draft, JSON.stringify({ ...template, ...next() }), ctx);
      if (!plan.ok) throw new Error(`create_record: ${plan.problems[0]?.message}`);
      // the author model has no block fields: the extension shows the POST's answer without a re-read
      await ours.items.create(plan.body);
    },
    official: async () => {
      await official.items.create({ item_type: { type: 'item_type', id: author.id }, ...next() });
    },
  };
  const json: Record<string, unknown> = {};
  const rows: Row[] = [];
  for (const latency of LATENCIES) {
    progress(`create_record at ${latency} ms latency, ${runs} rounds`);
    await emulator.setLatency(latency);
    const samples = await alternate(contenders, runs);
    const oursMs = median(samples.ours);
    const officialMs = median(samples.official);
    const entry = {
      ours_ms: round(oursMs),
      official_ms: round(officialMs),
      ratio_ours_vs_official: ratio(oursMs, officialMs),
      ours_requests: 1,
      official_requests: 1,
    };
    json[`latency_${latency}`] = entry;
    rows.push({
      name: `create_record @${latency} ms: ours (plan + POST) / official (POST)`,
      value: `${entry.ours_ms} / ${entry.official_ms} ms = ${entry.ratio_ours_vs_official}×`,
      target: '',
      ok: undefined,
    });
  }
  await emulator.setLatency(0);
  return { json, rows };
}
