// The Content Delivery API's schema, one introspection per (project, environment, strict, drafts), cached and
// shared by every feature that needs it (Run, Sync, the language features). No vscode import.
//
// API for the room's features:
// - `schemaFor(target, options)`: the GraphQLSchema (built from the introspection); callers at the same time share
//   one request. A schema older than `maxAgeMs` is still answered at once, and checked again in the background.
// - `entry(target, options)`: the same with its `hash` (sha-256 of the introspection) and its SDL (`sdl()`).
// - `peek(target, options)`: the cached schema, if any, without a request (for synchronous providers).
// - `invalidate({ project, environment? })`: the extension changed a schema; the next call introspects again.
// - `refresh(target, options)`: introspects again now; resolves true when the hash changed.
// - `onDidChange`: a schema was invalidated, or a check found it changed (by hash).
import { buildClientSchema, printSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { hashing } from '../platform/host';
import { Emitter, type Disposable, type Event } from './events';
import { schemaKeyOf, type CdaOptions, type CdaTarget } from './link';

/** Asks the API for its introspection (the standard introspection query's `data`). */
export type Introspect = (target: CdaTarget, options: CdaOptions, signal: AbortSignal) => Promise<IntrospectionQuery>;

export interface SchemaChange extends CdaTarget, CdaOptions {
  /** `invalidated`: the extension changed the schema; `changed`: a check found a different schema (by hash) */
  reason: 'invalidated' | 'changed';
}

export interface CachedSchema {
  schema: GraphQLSchema;
  /** sha-256 (hex) of the introspection as the API sent it */
  hash: string;
  /** when it was fetched (ms, the cache's clock) */
  fetchedAt: number;
  /** the schema as SDL, printed as the type generators print an introspection (computed once) */
  sdl(): string;
}

export interface SchemaCacheOptions {
  /** how old a schema may get before the next use checks it again in the background; default 5 minutes */
  maxAgeMs?: number;
  now?: () => number;
}

interface Slot {
  target: CdaTarget;
  options: CdaOptions;
  /** the schema being fetched or fetched; replaced by a refresh only once the new one is there */
  current: Promise<CachedSchema>;
  settled?: CachedSchema;
  checking?: Promise<boolean>;
  abort: AbortController;
}

export class SchemaCache implements Disposable {
  readonly #introspect: Introspect;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #slots = new Map<string, Slot>();
  readonly #changed = new Emitter<SchemaChange>();
  readonly onDidChange: Event<SchemaChange> = this.#changed.event;

  constructor(introspect: Introspect, options: SchemaCacheOptions = {}) {
    this.#introspect = introspect;
    this.#maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.#now = options.now ?? Date.now;
  }

  async schemaFor(target: CdaTarget, options: CdaOptions): Promise<GraphQLSchema> {
    return (await this.entry(target, options)).schema;
  }

  entry(target: CdaTarget, options: CdaOptions): Promise<CachedSchema> {
    const key = schemaKeyOf(target, options);
    const slot = this.#slots.get(key);
    if (!slot) return this.#fetch(key, { project: target.project, environment: target.environment }, pick(options)).current;
    if (slot.settled && this.#now() - slot.settled.fetchedAt > this.#maxAgeMs) void this.refresh(target, options).catch(() => false);
    return slot.current;
  }

  peek(target: CdaTarget, options: CdaOptions): GraphQLSchema | undefined {
    return this.#slots.get(schemaKeyOf(target, options))?.settled?.schema;
  }

  /**
   * Introspects again now (one check at a time per schema); resolves true when the schema changed, which
   * `onDidChange` announces. Until the answer is in, callers keep getting the schema they had.
   */
  refresh(target: CdaTarget, options: CdaOptions): Promise<boolean> {
    const key = schemaKeyOf(target, options);
    const slot = this.#slots.get(key);
    if (!slot) return this.entry(target, options).then(() => false);
    if (slot.checking) return slot.checking;
    const before = slot.current.then(
      (entry) => entry.hash,
      () => undefined,
    );
    const check = (async () => {
      const next = await this.#load(slot.target, slot.options, slot.abort.signal);
      if (this.#slots.get(key) !== slot) return false; // invalidated meanwhile: that already told everyone
      const changed = (await before) !== next.hash;
      if (changed || !slot.settled) {
        slot.current = Promise.resolve(next);
        slot.settled = next;
      } else slot.settled.fetchedAt = next.fetchedAt;
      if (changed) this.#changed.fire({ ...slot.target, ...slot.options, reason: 'changed' });
      return changed;
    })();
    slot.checking = check;
    void check
      .finally(() => {
        if (slot.checking === check) slot.checking = undefined;
      })
      .catch(() => undefined);
    return check;
  }

  /** The extension changed the schema of a project's environment (every environment when none is named). */
  invalidate(where: { project: string; environment?: string }): void {
    for (const [key, slot] of [...this.#slots]) {
      if (slot.target.project !== where.project) continue;
      if (where.environment !== undefined && slot.target.environment !== where.environment) continue;
      this.#slots.delete(key);
      slot.abort.abort();
      this.#changed.fire({ ...slot.target, ...slot.options, reason: 'invalidated' });
    }
  }

  /** Forgets every schema (sign-out, another API address) without announcing anything. */
  clear(): void {
    for (const slot of this.#slots.values()) slot.abort.abort();
    this.#slots.clear();
  }

  dispose(): void {
    this.clear();
    this.#changed.dispose();
  }

  #fetch(key: string, target: CdaTarget, options: CdaOptions): Slot {
    const abort = new AbortController();
    const slot: Slot = { target, options, abort, current: this.#load(target, options, abort.signal) };
    this.#slots.set(key, slot);
    slot.current.then(
      (entry) => {
        if (this.#slots.get(key) === slot) slot.settled = entry;
      },
      () => {
        // a failure is not cached: the next call asks again
        if (this.#slots.get(key) === slot) this.#slots.delete(key);
      },
    );
    return slot;
  }

  async #load(target: CdaTarget, options: CdaOptions, signal: AbortSignal): Promise<CachedSchema> {
    const introspection = await this.#introspect(target, options, signal);
    const schema = buildClientSchema(introspection);
    const hash = hashing.hex('sha256', JSON.stringify(introspection));
    let sdl: string | undefined;
    return { schema, hash, fetchedAt: this.#now(), sdl: () => (sdl ??= `${printSchema(schema)}\n`) };
  }
}

function pick(options: CdaOptions): CdaOptions {
  return { strict: options.strict, drafts: options.drafts };
}
