// undici's connection pool, the largest library the extension carries. A module of its own so that the build keeps
// it out of what activation loads: it loads with the first request.
export { buildConnector, Pool } from 'undici';
