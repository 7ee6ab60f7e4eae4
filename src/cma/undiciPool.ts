// undici's connection pool with its request API, as undici's own entry assembles it. Bundled on its own
// (dist/http.js) and required on the first request, so activation neither loads nor compiles it.
/* eslint-disable @typescript-eslint/no-require-imports */
const Dispatcher = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
Object.assign(Dispatcher.prototype, require('undici/lib/api') as object);

export const Pool = require('undici/lib/dispatcher/pool') as typeof import('undici').Pool;

/** undici's socket factory (TLS with the system's certificates), for a pool that must see its socket. */
export const buildConnector = require('undici/lib/core/connect') as typeof import('undici').buildConnector;
