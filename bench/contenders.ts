// The three ways to read every record of a model that list_all compares, plus the two clients' saves.
import { buildClient } from '@datocms/cma-client-node';
import { Pool } from 'undici';
import { CmaClient } from '../src/cma';

export type OfficialClient = ReturnType<typeof buildClient>;

export function ourClient(url: string, token: string): CmaClient {
  return new CmaClient({ apiToken: token, baseUrl: url });
}

export function officialClient(url: string, token: string): OfficialClient {
  return buildClient({ apiToken: token, baseUrl: url });
}

/** Ours at its defaults (page size and concurrency as shipped). */
export async function listAllOurs(client: CmaClient, modelId: string): Promise<number> {
  let count = 0;
  for await (const record of client.items.listAll({ filter: { type: modelId } })) if (record.id) count++;
  return count;
}

/** The official client's paged iterator; without options it reads 30 per page, one page at a time. */
export async function listAllOfficial(
  client: OfficialClient,
  modelId: string,
  tuned?: { perPage: number; concurrency: number },
): Promise<number> {
  let count = 0;
  for await (const record of client.items.listPagedIterator({ filter: { type: modelId } }, tuned)) if (record.id) count++;
  return count;
}

/**
 * The floor: bare undici GETs on a keep-alive pool and JSON.parse, nothing else (no validation, no
 * retries, no ordering). Same page size and concurrency as ours.
 */
export class RawLister {
  private readonly pool: Pool;
  private readonly headers: Record<string, string>;
  constructor(url: string, token: string) {
    this.pool = new Pool(url, { connections: 16 });
    this.headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'x-api-version': '3' };
  }

  private async page(modelId: string, offset: number, limit: number): Promise<{ data: { id: string }[]; meta: { total_count: number } }> {
    const path = `/items?filter%5Btype%5D=${encodeURIComponent(modelId)}&page%5Boffset%5D=${offset}&page%5Blimit%5D=${limit}`;
    const response = await this.pool.request({ method: 'GET', path, headers: this.headers });
    const body = JSON.parse(await response.body.text()) as { data: { id: string }[]; meta: { total_count: number } };
    if (response.statusCode !== 200) throw new Error(`raw GET ${path} answered ${response.statusCode}`);
    return body;
  }

  async listAll(modelId: string, pageSize: number, concurrency: number): Promise<number> {
    const first = await this.page(modelId, 0, pageSize);
    let count = first.data.length;
    const total = first.meta.total_count;
    let next = pageSize;
    const worker = async () => {
      while (next < total) {
        const offset = next;
        next += pageSize;
        const page = await this.page(modelId, offset, pageSize);
        count += page.data.length;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return count;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
