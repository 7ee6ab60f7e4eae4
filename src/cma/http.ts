// undici's connection pool. A module of its own so that the build can keep undici (the largest library the
// extension carries) out of what activation loads: it is loaded with the first request.
export { Pool } from 'undici';
