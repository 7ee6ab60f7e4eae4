// save_record: one record save as the extension does it (PUT /items/:id, then the nested re-read
// GET /items/:id?nested=true that the documents layer shows) against the official client's items.update
// (one PUT), with no added latency and with 80 ms per round trip.
import { ourClient, officialClient } from './contenders';
import { alternate, median, ratio, round, type EmulatorProcess } from './lib';

export const SAVE_RECORD_LATENCIES = [0, 80] as const;

interface Row {
  name: string;
  value: string;
  target: string;
  ok: boolean | undefined;
}

export async function benchSaveRecord(
  emulator: EmulatorProcess,
  runs: number,
  progress: (message: string) => void,
): Promise<{ json: Record<string, unknown>; rows: Row[] }> {
  const ours = ourClient(emulator.url, emulator.token);
  const official = officialClient(emulator.url, emulator.token);
  const [record] = (await ours.items.list({ filter: { type: 'article' }, page: { limit: 1 } })).data;
  if (!record) throw new Error('save_record: the article model has no record');
  const title = record.attributes['title'] as Record<string, string>;
  let n = 0;
  const nextTitle = () => ({ ...title, en: `Saved ${++n}` });
  const contenders = {
    ours: async () => {
      await ours.items.update(record.id, { data: { type: 'item', id: record.id, attributes: { title: nextTitle() } } });
      const saved = await ours.items.find(record.id, { nested: true });
      if ((saved.attributes['title'] as Record<string, string>)['en'] !== `Saved ${n}`)
        throw new Error('save_record: the re-read does not show the save');
    },
    official: async () => {
      await official.items.update(record.id, { title: nextTitle() });
    },
  };
  const json: Record<string, unknown> = {};
  const rows: Row[] = [];
  for (const latency of SAVE_RECORD_LATENCIES) {
    progress(`save_record at ${latency} ms latency, ${runs} rounds`);
    await emulator.setLatency(latency);
    const samples = await alternate(contenders, runs);
    const oursMs = median(samples.ours);
    const officialMs = median(samples.official);
    const entry = {
      ours_ms: round(oursMs),
      official_ms: round(officialMs),
      ratio_ours_vs_official: ratio(oursMs, officialMs),
      ours_requests: 2,
      official_requests: 1,
      samples_ms: { ours: samples.ours.map((v) => round(v)), official: samples.official.map((v) => round(v)) },
    };
    json[`latency_${latency}`] = entry;
    rows.push({
      name: `save_record @${latency} ms: ours (PUT + nested re-read) / official (PUT)`,
      value: `${entry.ours_ms} / ${entry.official_ms} ms = ${entry.ratio_ours_vs_official}×`,
      target: '',
      ok: undefined,
    });
  }
  await emulator.setLatency(0);
  return { json, rows };
}
