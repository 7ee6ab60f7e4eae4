// The name cache: what is this record id? (its title, model and status), answered from memory when known,
// else with one request for every id asked in the same moment (`filter[ids]=a,b,c`), never one per id.
// Titles follow the model's title field, else its first string field, else the id. No vscode import.
import type { Resource } from '../cma';
import type { JSONDocument } from 'vscode-json-languageservice';
import { Model, Site } from '../domain/views';
import { allReferences, modelIdOf, type Reference, type ReferenceContext } from './references';
import type { ProjectData } from '../projects/projectData';
import { recordTitle } from '../domain/resources';

export interface RecordName {
  id: string;
  title: string;
  /** true when the title is a field value (false: the id stands in for it) */
  titled: boolean;
  modelId: string;
  modelApiKey: string;
  modelName: string;
  /** draft, updated or published (null on models without drafts) */
  status: string | null;
  /** when it was last changed (ISO 8601), when DatoCMS says */
  updatedAt: string | null;
}

/** The most ids one listing request carries (the page size the API allows for records). */
export const IDS_PER_REQUEST = 100;
/** How long a search answer is reused (completion asks again on every keystroke). */
const SEARCH_TTL_MS = 10_000;
const SEARCH_LIMIT = 30;

export class RecordNames {
  private readonly known = new Map<string, RecordName | null>();
  private readonly waiting = new Map<string, Promise<RecordName | undefined>>();
  private batch: { ids: Set<string>; done: Promise<Map<string, Promise<RecordName | undefined>>> } | undefined;
  private readonly searches = new Map<string, { at: number; answer: Promise<RecordName[]> }>();
  /** search answers that held every match (fewer than a page) */
  private readonly completeAnswers = new Map<string, RecordName[]>();

  /** look-ups run without the user asking (hovers, link names): they count against the project's budget */
  private readonly items: ProjectData['client']['items'];

  constructor(
    private readonly data: ProjectData,
    private readonly now: () => number = Date.now,
  ) {
    this.items = data.client.background('record look-ups').items;
  }

  /** What is known about `id` without asking: a name, null (it does not exist), or undefined (not asked yet). */
  peek(id: string): RecordName | null | undefined {
    return this.known.get(id);
  }

  /**
   * The names of `ids`; the ids not known yet are fetched together with every other id asked in this tick.
   * The fields of `likelyModelIds` (the models a link allows) load meanwhile: a title needs its model's fields.
   */
  async resolve(ids: readonly string[], likelyModelIds: readonly string[] = []): Promise<Map<string, RecordName>> {
    if (ids.some((id) => !this.known.has(id))) for (const modelId of likelyModelIds) this.data.fields(modelId).catch(() => undefined);
    const answers = await Promise.all([...new Set(ids)].map((id) => this.one(id)));
    return new Map(answers.filter((n): n is RecordName => n !== undefined).map((n) => [n.id, n]));
  }

  /** Records of `modelIds` whose text matches `text` (the most recently updated first when `text` is empty). */
  search(modelIds: readonly string[], text: string): Promise<RecordName[]> {
    const models = [...modelIds].sort();
    const query = text.trim().toLowerCase();
    const key = JSON.stringify([models, query]);
    const cached = this.searches.get(key);
    if (cached && this.now() - cached.at < SEARCH_TTL_MS) return cached.answer;
    // Typing on: an earlier answer that held every match of a shorter text is narrowed here, with no request.
    const complete = this.completeAnswerFor(models, query);
    const answer = complete
      ? complete.then((names) => names.filter((n) => n.title.toLowerCase().includes(query) || n.id.toLowerCase().startsWith(query)))
      : this.runSearch(modelIds, text.trim())
          .then((found) => ({ found, complete: found.length < SEARCH_LIMIT }))
          .then(({ found, complete: all }) => {
            if (all) this.completeAnswers.set(key, found);
            return found;
          });
    this.searches.set(key, { at: this.now(), answer });
    answer.catch(() => this.searches.delete(key));
    return answer;
  }

  private completeAnswerFor(models: string[], query: string): Promise<RecordName[]> | undefined {
    for (let length = query.length - 1; length >= 0; length--) {
      const key = JSON.stringify([models, query.slice(0, length)]);
      const searched = this.searches.get(key);
      const all = this.completeAnswers.get(key);
      if (all && searched && this.now() - searched.at < SEARCH_TTL_MS) return Promise.resolve(all);
    }
    return undefined;
  }

  /** Forgets a record (it was saved: its title may have changed) or everything. */
  forget(id?: string): void {
    if (id === undefined) this.known.clear();
    else this.known.delete(id);
    this.searches.clear();
    this.completeAnswers.clear();
  }

  /** Names records read elsewhere (an opened document, a search answer). */
  async note(records: readonly Resource<'item'>[]): Promise<RecordName[]> {
    const names = await Promise.all(records.map((r) => this.nameOf(r)));
    for (const name of names) if (name) this.known.set(name.id, name);
    return names.filter((n): n is RecordName => n !== undefined);
  }

  private one(id: string): Promise<RecordName | undefined> {
    const known = this.known.get(id);
    if (known !== undefined) return Promise.resolve(known ?? undefined);
    let waiting = this.waiting.get(id);
    if (!waiting) {
      waiting = this.enqueue(id).then((named) => named.get(id) ?? this.missing(id));
      this.waiting.set(id, waiting);
      const forget = () => this.waiting.delete(id);
      waiting.then(forget, forget);
    }
    return waiting;
  }

  /** Adds `id` to the batch that leaves at the end of this tick. */
  private enqueue(id: string): Promise<Map<string, Promise<RecordName | undefined>>> {
    if (!this.batch) {
      const ids = new Set<string>();
      const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.batch = undefined;
        return this.fetch([...ids]);
      });
      this.batch = { ids, done };
    }
    this.batch.ids.add(id);
    return this.batch.done;
  }

  /** One listing per chunk of ids; each name is ready as soon as its own model's fields are. */
  private async fetch(ids: string[]): Promise<Map<string, Promise<RecordName | undefined>>> {
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) chunks.push(ids.slice(i, i + IDS_PER_REQUEST));
    const pages = await Promise.all(
      chunks.map((chunk) => this.items.list({ filter: { ids: chunk }, version: 'current', page: { limit: chunk.length } })),
    );
    const named = new Map<string, Promise<RecordName | undefined>>();
    for (const record of pages.flatMap((page) => page.data)) {
      named.set(
        record.id,
        this.nameOf(record).then((name) => {
          if (name) this.known.set(name.id, name);
          return name;
        }),
      );
    }
    return named;
  }

  /** An id the listing does not return names no record of this environment (or a block). */
  private missing(id: string): undefined {
    if (!this.known.has(id)) this.known.set(id, null);
    return undefined;
  }

  private async runSearch(modelIds: readonly string[], text: string): Promise<RecordName[]> {
    if (modelIds.length === 0) return [];
    const page = await this.items.list({
      filter: { type: [...modelIds], ...(text ? { query: text } : {}) },
      version: 'current',
      ...(text ? {} : { order_by: '_updated_at_DESC' }),
      page: { limit: SEARCH_LIMIT },
    });
    return this.note(page.data);
  }

  private async nameOf(record: Resource<'item'>): Promise<RecordName | undefined> {
    const modelId = modelIdOf(record);
    if (!modelId) return undefined;
    const [models, site] = await Promise.all([this.data.itemTypes(), this.data.site()]);
    const model = models.find((m) => m.id === modelId);
    if (!model) return undefined;
    const fields = await this.data.fields(modelId);
    const title = recordTitle(record, model, fields, Site.locales(site));
    const status = record.meta['status'];
    return {
      id: record.id,
      title: title ?? record.id,
      titled: title !== undefined,
      modelId,
      modelApiKey: Model.apiKey(model),
      modelName: Model.name(model),
      status: typeof status === 'string' ? status : null,
      updatedAt: typeof record.meta['updated_at'] === 'string' ? record.meta['updated_at'] : null,
    };
  }
}

/**
 * The name of the record a link points to (what its hover shows). Every record id of the document is named
 * in the same request, so the next hovers need none; this one waits only for its own record.
 */
export async function nameLinkedRecord(
  names: RecordNames,
  json: JSONDocument,
  reference: Reference,
  context: ReferenceContext,
): Promise<RecordName | undefined> {
  const links = allReferences(json, context).filter((r) => r.kind === 'record');
  names
    .resolve(
      links.map((r) => r.id),
      links.flatMap((r) => r.allowedModelIds ?? []),
    )
    .catch(() => undefined);
  return (await names.resolve([reference.id], reference.allowedModelIds)).get(reference.id);
}
