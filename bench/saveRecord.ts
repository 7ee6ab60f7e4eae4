// save_record: one record save as the extension makes it, through the documents layer's save path
// (src/documents/documentService.ts: plan, the environment check (GET /environments), PUT /items/:id, the document
// rendered from the answer with the blocks it already holds), against the official client's items.update (one PUT), with no added
// latency and with 80 ms per round trip. The article saved has blocks; the save changes its title only.
// Each save builds on the previous one's answer, as the editor does; the official client saves another article.
import { ourClient, officialClient } from './contenders';
import { alternate, median, ratio, round, type EmulatorProcess } from './lib';
import { DocumentService, type OpenedDocument } from '../src/documents/documentService';
import { EnvironmentWatch } from '../src/documents/environmentWatch';
import { ProjectData } from '../src/projects/projectData';

export const SAVE_RECORD_LATENCIES = [0, 80] as const;
/** The target: a record save takes at most this many times the official client's PUT. */
const TARGET = 1.1;

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
  const data = new ProjectData(ours.withEnvironment('main'));
  const environments = new EnvironmentWatch((_project, o) => ours.environments.list(o));
  const service = new DocumentService(async () => data, environments);
  // each contender saves its own record, so that ours always builds on the version it last saw
  const [record, officials] = (await ours.items.list({ filter: { type: 'article' }, page: { limit: 2 } })).data;
  if (!record || !officials) throw new Error('save_record: the article model has fewer than 2 records');
  const ref = { project: 'bench', environment: 'main', kind: 'record', modelApiKey: 'article', id: record.id } as const;
  let document: OpenedDocument = await service.open(ref);
  let n = 0;
  const title = record.attributes['title'] as Record<string, string>;
  const nextTitle = () => ({ ...title, en: `Saved ${++n}` });
  const contenders = {
    ours: async () => {
      const doc = JSON.parse(document.text) as Record<string, unknown>;
      doc['title'] = nextTitle();
      const result = await service.save(`${JSON.stringify(doc, null, 2)}\n`, { opened: document, basisText: document.text });
      if (result.status !== 'saved') throw new Error(`save_record: ${result.status}`);
      if (!result.document.text.includes(`"Saved ${n}"`)) throw new Error('save_record: the document does not show the save');
      document = result.document;
    },
    official: async () => {
      await official.items.update(officials.id, { title: nextTitle() });
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
      samples_ms: { ours: samples.ours.map((v) => round(v)), official: samples.official.map((v) => round(v)) },
    };
    json[`latency_${latency}`] = entry;
    rows.push({
      name: `save_record @${latency} ms: ours (the documents layer's save) / official (PUT)`,
      value: `${entry.ours_ms} / ${entry.official_ms} ms = ${entry.ratio_ours_vs_official}×`,
      target: latency === 80 ? `≤ ${TARGET}×` : '',
      ok: latency === 80 ? entry.ratio_ours_vs_official <= TARGET : undefined,
    });
  }
  await emulator.setLatency(0);
  return { json, rows };
}
