// The fault matrix's world: one emulator, the ids the operations work on, and clients built the way
// the extension builds them (onRequest → the output channel's lines) but with short waits.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CmaClient, closeAllDispatchers, type RequestLogEntry } from '../../src/cma';
import type { Resource } from '../../src/cma/types';
import { DocumentService } from '../../src/documents/documentService';
import type { ProjectSource } from '../../src/projects/project';
import { ProjectData } from '../../src/projects/projectData';
import { formatMessage } from '../../src/platform/translate';
import type { InputOptions, PickItem, ProgressReport, Ui } from '../../src/platform/ui';
import { startEmulator, type Emulator } from '../emulator/index';
import { emulatorProject } from '../projects/emulatorProjects';
import { Transcript } from '../security/transcript';

/** Records of the big model: three pages for list all, several for the tree. */
export const ARTICLES = 45;
export const LIST_ALL_PAGE_SIZE = 20;
export const TREE_PAGE_SIZE = 10;

/** Retries and waits shrunk so the whole matrix runs in seconds; the counts stay those of the real policy's shape. */
export const RETRY = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRateLimitWaitMs: 2000, rateLimitWindowMs: 50 };
export const JOBS = { firstDelayMs: 5, factor: 1.5, maxDelayMs: 20, timeoutMs: 5000 };
export const REQUEST_TIMEOUT_MS = 5000;
/** The per-attempt timeout of the "timeout" cells; the emulator holds the answer far longer. */
export const SHORT_TIMEOUT_MS = 500;

export { PROJECT_KEY } from '../projects/emulatorProjects';

export interface WorldIds {
  articleModel: string;
  articleRecord: string;
  /** author records: their `name` is unique, so a duplicate is a server-side 422 */
  authors: Resource<'item'>[];
  /** the webhook that has an http_basic_password */
  securedWebhook: string;
  /** model and field the schema saves edit */
  model: string;
  fieldModel: string;
  field: string;
}

export interface World {
  emulator: Emulator;
  transcript: Transcript;
  /** opens documents before a fault is armed, and plays the colleague who changes things meanwhile */
  setup: { client: CmaClient; service: DocumentService };
  ids: WorldIds;
  dir: string;
  /** every value that must never appear in what the extension shows or writes */
  secrets(): Record<string, string>;
  /** a client for one cell: its own attempt log, the given per-attempt timeout */
  client(log: RequestLogEntry[], timeoutMs?: number): CmaClient;
  close(): Promise<void>;
}

export async function startWorld(): Promise<World> {
  // Jobs finish at once, so a job's polls are counted exactly (one poll when nothing goes wrong).
  const emulator = await startEmulator({ records: ARTICLES, jobDurationMs: 0 });
  const transcript = new Transcript();
  const extraSecrets: Record<string, string> = {};
  const makeClient = (log: RequestLogEntry[], timeoutMs = REQUEST_TIMEOUT_MS) =>
    new CmaClient({
      apiToken: emulator.token,
      baseUrl: emulator.url,
      requestTimeoutMs: timeoutMs,
      retry: RETRY,
      jobs: JOBS,
      onRequest: (entry) => {
        log.push(entry);
        transcript.onRequest(entry);
      },
    });
  const setupClient = makeClient([]);
  const setupData = new ProjectData(setupClient);
  const setup = { client: setupClient, service: new DocumentService(async () => setupData) };

  const env = emulator.store.environment('main');
  const articleModel = emulator.store.itemType(env, 'article');
  const authorModel = emulator.store.itemType(env, 'author');
  if (!articleModel || !authorModel) throw new Error('the emulator seed has no article or author model');
  const authors = (await setupClient.items.list({ filter: { type: 'author' } })).data;
  const articleRecord = env.recordsByType.get(articleModel.id)?.[0]?.id;
  const securedWebhook = [...emulator.store.webhooks.values()].find((w) => typeof w.attributes['http_basic_password'] === 'string');
  if (!articleRecord || authors.length < 2 || !securedWebhook)
    throw new Error('the emulator seed lacks articles, authors or a webhook with a password');

  const dir = await mkdtemp(join(tmpdir(), 'datocms-faults-'));
  return {
    emulator,
    transcript,
    setup,
    ids: {
      articleModel: articleModel.id,
      articleRecord,
      authors,
      securedWebhook: securedWebhook.id,
      model: 'category',
      fieldModel: 'author',
      field: 'email',
    },
    dir,
    secrets() {
      const secrets: Record<string, string> = { 'API token': emulator.token, ...extraSecrets };
      for (const webhook of emulator.store.webhooks.values()) {
        const password = webhook.attributes['http_basic_password'];
        if (typeof password === 'string') secrets[`http_basic_password of webhook ${webhook.id}`] = password;
      }
      return secrets;
    },
    client: makeClient,
    async close() {
      await emulator.close();
      await closeAllDispatchers();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The project as the registry would list it, over one client (what the tree model needs). */
export function projectSource(emulator: Emulator, client: CmaClient): ProjectSource {
  const project = emulatorProject(emulator);
  const data = new ProjectData(client);
  return {
    list: () => [project],
    get: (key) => (key === project.key ? project : undefined),
    environmentOf: () => 'main',
    data: async () => data,
  };
}

/** A Ui that records the one notification a failure shows and dismisses it. */
export class NotificationRecorder implements Ui {
  readonly shown: { level: string; message: string; actions: string[] }[] = [];
  constructor(private readonly transcript: Transcript) {}

  private record(level: string, message: string, actions: string[]): Promise<undefined> {
    this.shown.push({ level, message, actions });
    this.transcript.add('notification', message);
    return Promise.resolve(undefined);
  }
  info(message: string, ...actions: string[]) {
    return this.record('info', message, actions);
  }
  warn(message: string, ...actions: string[]) {
    return this.record('warn', message, actions);
  }
  error(message: string, ...actions: string[]) {
    return this.record('error', message, actions);
  }
  confirm(options: { message: string }): Promise<string | undefined> {
    throw new Error(`unexpected confirmation: ${options.message}`);
  }
  pick<T>(_items: PickItem<T>[], options: { title: string }): Promise<T | undefined> {
    throw new Error(`unexpected quick pick: ${options.title}`);
  }
  input(options: InputOptions): Promise<string | undefined> {
    throw new Error(`unexpected input box: ${options.title}`);
  }
  pickMany<T>(_items: PickItem<T>[], options: { title: string }): Promise<T[] | undefined> {
    throw new Error(`unexpected quick pick: ${options.title}`);
  }
  openFiles(options: { title: string }): Promise<string[] | undefined> {
    throw new Error(`unexpected open dialog: ${options.title}`);
  }
  searchPick<T>(options: { title: string }): Promise<T[] | undefined> {
    throw new Error(`unexpected searching pick: ${options.title}`);
  }
  withProgress<R>(_options: { title: string }, task: (report: ProgressReport, signal: AbortSignal) => Promise<R>): Promise<R> {
    return task({ message: () => undefined }, new AbortController().signal);
  }
  status(message: string): void {
    this.transcript.add('status', message);
  }
  saveFile(): Promise<string | undefined> {
    throw new Error('unexpected save dialog');
  }
  copy(): Promise<void> {
    throw new Error('unexpected copy');
  }
  openExternal(url: string): Promise<void> {
    throw new Error(`unexpected openExternal ${url}`);
  }
  openFile(path: string): Promise<void> {
    throw new Error(`unexpected openFile ${path}`);
  }
}

export const t = formatMessage;
