// What `npm start` sets up for the demo: the token to sign in with, the user settings that point the extension at
// the emulator (the CMA and its delivery API), and the workspace folder linked to the emulator's project with a
// query to Run. A unit test (test/start.test.ts) checks the first Run of that query answers.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEMO_TOKEN = 'demo-token';

/** The user settings of the demo's workbench, for an emulator at `emulatorUrl`. */
export function demoSettings(emulatorUrl) {
  return {
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'datocms.baseUrl': emulatorUrl,
    // the emulator's delivery API, so that Run, Sync GraphQL Schema and the GraphQL checks work at once
    'datocms.cdaUrl': `${emulatorUrl}/cda/`,
    // VS Code for the web saves after a delay by default; the demo saves only when asked, like desktop.
    'files.autoSave': 'off',
  };
}

/** The demo folder's files: linked to the emulator's project (site 84213), and a query to run. */
export const DEMO_FILES = {
  'datocms.config.json': `${JSON.stringify({ profiles: { default: { siteId: '84213' } } }, null, 2)}\n`,
  'queries/articles.graphql': [
    '# Click Run above the query: the answer opens beside it, with its cost and cache tags.',
    'query LatestArticles {',
    '  allArticles(first: 5, orderBy: _createdAt_DESC) {',
    '    id',
    '    title',
    '    author { name }',
    '    categories { name }',
    '  }',
    '}',
    '',
  ].join('\n'),
};

/** Writes the demo files under `root`; a file already there is kept. */
export function writeDemoFiles(root) {
  for (const [name, text] of Object.entries(DEMO_FILES)) {
    const path = join(root, name);
    if (existsSync(path)) continue;
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  }
}
