// `npm start`: the extension in a real VS Code against the emulator's demo project. Packages the .vsix,
// starts the emulator (CMA and delivery API) and code-server (VS Code 1.100 in the browser) with the extension
// installed, datocms.baseUrl and datocms.cdaUrl pointing at the emulator and the demo folder linked to its project
// (a datocms.config.json and a query to Run), then prints the address to open and the token to sign in with.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, codeServerInstalled, installVsix, startCodeServer, startEmulator, stopAll } from './lib/processes.mjs';
import { DEMO_TOKEN, demoSettings, writeDemoFiles } from './lib/demo.mjs';
import { buildAndPackage } from './lib/vsix.mjs';

// The demo's folders live outside any git repository, so the workbench's git features stay quiet.
const work = join(tmpdir(), 'datocms-explorer-demo');
const userDataDir = join(work, 'user-data');
const extensionsDir = join(work, 'extensions');
const folder = join(work, 'workspace');

if (!codeServerInstalled()) {
  // First run on this machine: the Debian packages and code-server (a few minutes, once).
  console.log('Installing code-server 4.100.3 (first run only)…');
  const setup = spawnSync('bash', [join(ROOT, '.ci/run'), 'host'], { stdio: 'inherit' });
  if (setup.status !== 0) console.log('Could not install code-server; continuing without it.');
}

console.log('Building and packaging the extension…');
const vsix = buildAndPackage();
const emulator = await startEmulator({ token: DEMO_TOKEN, records: 300 });
console.log(`CMA emulator: ${emulator.url}`);

if (!codeServerInstalled()) {
  console.log(`\ncode-server is not installed here (run "bash .ci/run setup" to install it).`);
  console.log(`To try the extension in desktop VS Code instead: code --install-extension ${vsix}`);
  console.log(
    `then set "datocms.baseUrl": "${emulator.url}" and "datocms.cdaUrl": "${emulator.url}/cda/" in your user settings and sign in with the token ${DEMO_TOKEN}.`,
  );
  console.log('Ctrl+C stops the emulator.');
} else {
  for (const dir of [join(userDataDir, 'User'), extensionsDir, folder]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(userDataDir, 'User/settings.json'), JSON.stringify(demoSettings(emulator.url), null, 2));
  writeDemoFiles(folder);
  await installVsix({ vsix, userDataDir, extensionsDir });
  const server = await startCodeServer({ userDataDir, extensionsDir, folder });
  console.log(`\nVS Code (code-server 4.100.3): ${server.url}/?folder=${encodeURIComponent(folder)}`);
  console.log(`Open it in a browser, click the DatoCMS icon in the activity bar, choose Sign In and paste: ${DEMO_TOKEN}`);
  console.log('Then open queries/articles.graphql and click Run above the query: the folder reads the demo project.');
  console.log(
    `(Desktop VS Code: code --install-extension ${vsix}, with "datocms.baseUrl": "${emulator.url}" and "datocms.cdaUrl": "${emulator.url}/cda/".)`,
  );
  console.log('Ctrl+C stops everything.');
}

const shutdown = async () => {
  await stopAll();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
await new Promise(() => undefined);
