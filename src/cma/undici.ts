// undici's package entry also loads fetch, WebSocket, caches, mocks and interceptors: about 300 KB of bundle
// that the extension never runs. Load only the connection pool and the request API, as the entry itself does.
import type { Pool as UndiciPool } from 'undici';

export type Pool = UndiciPool;

let poolConstructor: typeof UndiciPool | undefined;

/**
 * undici's Pool, loaded on the first request rather than when the extension activates: loading it (and
 * the Node modules it pulls in, http2 among them) takes tens of milliseconds that activation need not pay.
 */
export function poolClass(): typeof UndiciPool {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  poolConstructor ??= (require('./undiciPool') as typeof import('./undiciPool')).Pool;
  return poolConstructor;
}
