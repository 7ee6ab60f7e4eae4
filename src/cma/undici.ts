// undici's package entry also loads fetch, WebSocket, caches, mocks and interceptors: about 300 KB of bundle
// that the extension never runs. Load only the connection pool and the request API, as the entry itself does.
import type { Pool as UndiciPool } from 'undici';

/* eslint-disable @typescript-eslint/no-require-imports */
const Dispatcher = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
Object.assign(Dispatcher.prototype, require('undici/lib/api') as object);

export const Pool = require('undici/lib/dispatcher/pool') as typeof UndiciPool;
export type Pool = UndiciPool;
