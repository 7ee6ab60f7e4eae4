// Which room (folder of src/) may import which: the floors of the house, bottom up. CONTRIBUTING.md draws the map.
// Run by `npm run lint:deps` (part of `npm test`).
/** room → the rooms it may import (besides itself) */
const FLOORS = {
  numbers: [],
  structuredText: [],
  cma: ['numbers'],
  schema: ['cma', 'numbers'],
  domain: ['cma', 'numbers'],
  platform: ['cma', 'domain', 'numbers'],
  projects: ['cma', 'domain', 'numbers', 'platform', 'schema'],
  // record and upload queries and their pages as plain data: the tree, Media, the agent tools and the export list with them
  listing: ['cma', 'domain', 'numbers', 'platform'],
  tree: ['cma', 'domain', 'listing', 'numbers', 'platform', 'projects', 'schema'],
  documents: ['cma', 'domain', 'numbers', 'platform', 'projects', 'schema', 'structuredText'], // a record field as Markdown
  export: ['cma', 'domain', 'listing', 'numbers', 'platform', 'projects', 'schema', 'tree'],
  language: ['cma', 'documents', 'domain', 'numbers', 'platform', 'projects', 'schema'],
};
const FEATURE = ['cma', 'documents', 'domain', 'export', 'listing', 'numbers', 'platform', 'projects', 'schema', 'services', 'tree'];
// what the context hands the feature rooms, declared once (types only)
FLOORS.services = FEATURE.filter((room) => room !== 'services');
for (const feature of ['agentTools', 'environments', 'history', 'media', 'navigation', 'records', 'schemaActions', 'schemaCode'])
  FLOORS[feature] = FEATURE;
// webview panels: the base every panel is made of, beside the platform
FLOORS.panels = ['platform'];
// the record preview reads the language's name and upload caches (types only: the context hands them over)
FLOORS.preview = [...FEATURE, 'language', 'panels'];
FLOORS.graphql = ['cma', 'documents', 'domain', 'listing', 'numbers', 'platform', 'projects', 'schema', 'services', 'tree'];
// The agent tools use the GraphQL workbench's tool side through its entry (types only: the context hands them the workbench).
FLOORS.agentTools = [...FEATURE, 'graphql'];
const FEATURES = [
  'documents',
  'preview',
  'language',
  'export',
  'graphql',
  'agentTools',
  'environments',
  'history',
  'media',
  'navigation',
  'records',
  'schemaActions',
  'schemaCode',
];
const ROOMS = Object.keys(FLOORS);
/** Who may use Node's modules and undici: the host seam's Node implementation, and the CMA transport below it. */
const NODE_USERS = '^src/(platform/host/node/|cma/(http|storagePut|uploadFile)\\.ts$)';

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'no-vscode-below-platform',
      comment: 'The API client, the schema layer and the domain run in plain Node (tests, the emulator, the bench, a worker).',
      severity: 'error',
      from: { path: '^src/(cma|schema|numbers|domain|structuredText)/' },
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
      name: 'node-behind-the-host-seam',
      comment: 'Node and undici are reached through src/platform/host/ (so a web build is another implementation there).',
      severity: 'error',
      from: { path: '^src/', pathNot: NODE_USERS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'undici-behind-the-host-seam',
      comment: 'undici is the CMA transport; everything else goes through src/platform/host/.',
      severity: 'error',
      from: { path: '^src/', pathNot: NODE_USERS },
      to: { path: 'node_modules/undici/' },
    },
    {
      name: 'host-implementation-through-the-seam',
      comment: 'Only the seam (src/platform/host/index.ts) picks the implementation; the rest imports the seam.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/platform/host/' },
      to: { path: '^src/platform/host/node/' },
    },
    {
      name: 'webviews-protocol-only',
      comment: 'The extension shares only the protocol types with a webview script (webviews/<name>/protocol.ts).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^webviews/', pathNot: '^webviews/[^/]+/protocol\\.ts$' },
    },
    {
      name: 'webviews-in-the-browser',
      comment: 'A webview script runs in the webview: no vscode, nothing of the extension.',
      severity: 'error',
      from: { path: '^webviews/' },
      to: { path: '^(vscode$|src/)' },
    },
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
        'The base rooms (cma, schema, numbers, domain, platform, projects, listing, tree) may be imported file by file: their files are ' +
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
