// Which room (folder of src/) may import which: the floors of the house, bottom up. CONTRIBUTING.md draws the map.
// Run by `npm run lint:deps` (part of `npm test`).
/** room → the rooms it may import (besides itself) */
const FLOORS = {
  numbers: [],
  cma: ['numbers'],
  schema: ['cma', 'numbers'],
  domain: ['cma', 'numbers'],
  platform: ['cma', 'domain', 'numbers'],
  projects: ['cma', 'domain', 'numbers', 'platform', 'schema'],
  tree: ['cma', 'domain', 'numbers', 'platform', 'projects', 'schema'],
  documents: ['cma', 'domain', 'numbers', 'platform', 'projects', 'schema'],
  export: ['cma', 'domain', 'numbers', 'platform', 'projects', 'schema', 'tree'],
  language: ['cma', 'documents', 'domain', 'numbers', 'platform', 'projects', 'schema'],
};
const FEATURE = ['cma', 'documents', 'domain', 'export', 'numbers', 'platform', 'projects', 'schema', 'tree'];
for (const feature of ['agentTools', 'environments', 'history', 'media', 'navigation', 'records', 'schemaActions', 'schemaCode']) FLOORS[feature] = FEATURE;
FLOORS.graphql = ['cma', 'documents', 'domain', 'numbers', 'platform', 'projects', 'schema', 'tree'];
// The agent tools use the GraphQL workbench's tool side through its entry (types only: the context hands them the workbench).
FLOORS.agentTools = [...FEATURE, 'graphql'];
const FEATURES = ['documents', 'language', 'export', 'graphql', 'agentTools', 'environments', 'history', 'media', 'navigation', 'records', 'schemaActions', 'schemaCode'];
const ROOMS = Object.keys(FLOORS);

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'no-vscode-below-platform',
      comment: 'The API client, the schema layer and the domain run in plain Node (tests, the emulator, the bench, a worker).',
      severity: 'error',
      from: { path: '^src/(cma|schema|numbers|domain)/' },
      to: { path: '^vscode$' },
    },
    ...ROOMS.map((room) => ({
      name: `floors-${room}`,
      comment: `src/${room}/ may import only ${FLOORS[room].join(', ') || 'libraries'}`,
      severity: 'error',
      from: { path: `^src/${room}/` },
      to: { path: '^src/', pathNot: [`^src/(${[room, ...FLOORS[room]].join('|')})/`] },
    })),
    {
      name: 'top-files-import-nothing-back',
      comment: 'Only extension.ts imports the context and the command table.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(extension|commands|context)\\.ts$' },
      to: { path: '^src/(extension|commands|context)\\.ts$' },
    },
    {
      name: 'features-through-their-entry',
      comment:
        'A feature room is imported through its index.ts (its one entry), so that it can change inside without breaking others. ' +
        'The base rooms (cma, schema, numbers, domain, platform, projects, tree) may be imported file by file: their files are ' +
        'small units that plain-Node tests load without VS Code.',
      severity: 'error',
      from: { path: '^src/([^/]+)' },
      to: { path: `^src/(${FEATURES.join('|')})/(?!index\\.ts$)`, pathNot: '^src/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(test|bench|dist)/' },
  },
};
