// Runs a migration script as `datocms migrations:run` would: its default export called with the official
// client of one environment. Usage (from the repository): node --import tsx test/host/lib/runMigration.mjs <script.ts> <baseUrl> <environment>
// with the API token in DATOCMS_API_TOKEN.
import { buildClient } from '@datocms/cma-client-node';
import { pathToFileURL } from 'node:url';

const [script, baseUrl, environment] = process.argv.slice(2);
const migration = await import(pathToFileURL(script).href);
const run = migration.default?.default ?? migration.default;
await run(buildClient({ apiToken: process.env.DATOCMS_API_TOKEN, baseUrl, environment }));
