// What every seeded record is made with: the seed's account and clock, record meta by status, adding a record
// or a block to an environment, a file value, a random block. RecordFactory (seed-records.ts) builds the
// "Emulated Bistro" records on it.
import type { ResourceIdentifier } from '../../src/cma/types.js';
import type { Random } from './random.js';
import { MODEL_SPECS, type ModelSpec, type Refs } from './seed-schema.js';
import { QUOTES, SENTENCES_EN } from './seed-words.js';
import type { EnvironmentData, ItemMeta, StoredItem } from './store.js';

export const ACCOUNT: ResourceIdentifier = { type: 'account', id: '43210' };
export const SEED_TIME = Date.parse('2024-03-01T09:00:00.000Z');
export const HOUR = 3_600_000;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export interface SchemaRefs extends Refs {
  spec(apiKey: string): ModelSpec;
}

export class RecordKit {
  /** the ids of the uploads the records use (the media area is seeded from them) */
  readonly uploadIds: string[];
  protected readonly ids: Record<string, string>;
  protected readonly authors: string[] = [];
  protected readonly categories: string[] = [];
  protected readonly dishes: string[] = [];
  protected readonly articles: string[] = [];

  constructor(
    protected readonly env: EnvironmentData,
    protected readonly rng: Random,
    protected readonly refs: SchemaRefs,
  ) {
    this.uploadIds = Array.from({ length: 24 }, () => rng.id());
    this.ids = Object.fromEntries(MODEL_SPECS.map((s) => [s.api_key, refs.model(s.api_key)]));
  }

  protected modelId(apiKey: string): string {
    const id = this.ids[apiKey];
    if (!id) throw new Error(`seed: unknown model ${apiKey}`);
    return id;
  }

  protected meta(createdAt: number, status: ItemMeta['status'], updatedAt = createdAt): ItemMeta {
    const publishedAt = status === 'draft' ? null : iso(status === 'updated' ? createdAt + HOUR : updatedAt);
    return {
      created_at: iso(createdAt),
      updated_at: iso(updatedAt),
      published_at: publishedAt,
      first_published_at: publishedAt,
      publication_scheduled_at: null,
      unpublishing_scheduled_at: null,
      status,
      is_valid: true,
      is_current_version_valid: true,
      is_published_version_valid: status === 'draft' ? null : true,
      current_version: this.rng.id(),
      stage: null,
      has_children: null,
    };
  }

  /** Adds a record; `published` defaults to the current attributes when the record is published. */
  protected addRecord(
    apiKey: string,
    attributes: Record<string, unknown>,
    meta: ItemMeta,
    published?: Record<string, unknown>,
  ): StoredItem {
    const itemTypeId = this.modelId(apiKey);
    const item: StoredItem = {
      id: this.rng.id(),
      itemTypeId,
      attributes,
      published: meta.status === null || meta.status === 'draft' ? null : (published ?? { ...attributes }),
      meta,
      creator: ACCOUNT,
    };
    this.env.items.set(item.id, item);
    this.env.recordsByType.get(itemTypeId)?.push(item);
    return item;
  }

  /** Creates a block; its published snapshot follows its parent's published state. */
  protected block(apiKey: string, attributes: Record<string, unknown>, createdAt: number, published: boolean): string {
    const item: StoredItem = {
      id: this.rng.id(),
      itemTypeId: this.modelId(apiKey),
      attributes,
      published: published ? { ...attributes } : null,
      meta: { ...this.meta(createdAt, null), is_current_version_valid: null, is_published_version_valid: null },
      creator: ACCOUNT,
    };
    this.env.items.set(item.id, item);
    return item.id;
  }

  protected file(alt: string | null): Record<string, unknown> {
    return { upload_id: this.rng.pick(this.uploadIds), alt, title: null, custom_data: {}, focal_point: null, poster_time: null };
  }

  protected randomBlock(kinds: string[], createdAt: number, published: boolean): string {
    const kind = this.rng.pick(kinds);
    if (kind === 'image_block') {
      return this.block(
        'image_block',
        {
          image: this.file('A plate on the pass'),
          caption: this.rng.pick(SENTENCES_EN).slice(0, 60),
          layout: this.rng.pick(['full', 'wide', 'inset']),
        },
        createdAt,
        published,
      );
    }
    if (kind === 'quote_block') {
      const [quote, attribution] = this.rng.pick(QUOTES);
      return this.block('quote_block', { quote, attribution }, createdAt, published);
    }
    return this.block(
      'cta_block',
      {
        label: this.rng.pick(['Book a table', 'See the menu', 'Read more', 'Join the class']),
        url: 'https://emulated-bistro.example/book',
        style: this.rng.pick(['primary', 'secondary', 'link']),
      },
      createdAt,
      published,
    );
  }
}
