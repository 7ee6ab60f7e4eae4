// The same extension-host suite under @vscode/test-electron, for machines where a VS Code build can be
// downloaded (not this CI: there test/host/run.mjs runs it in code-server). Needs a running emulator:
//   npm run emulator -- --port 3030 --token T   then   node test/host/electron.mjs http://127.0.0.1:3030 T
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { ROOT } from './lib/processes.mjs';
import { buildAndPackage, unpackVsix } from './lib/vsix.mjs';

const [emulatorUrl, token] = process.argv.slice(2);
if (!emulatorUrl || !token) {
  console.error('usage: node test/host/electron.mjs <emulator url> <token>');
  process.exit(2);
}
const vsix = buildAndPackage({ withSuite: true });
const work = mkdtempSync(join(tmpdir(), 'datocms-electron-'));
const userDataDir = join(work, 'user-data');
const reportPath = join(work, 'report.json');
writeFileSync(
  join(ROOT, 'dist/host-suite/config.json'),
  JSON.stringify({
    emulatorUrl,
    token,
    reportPath,
    inputRequest: join(work, 'input-request.json'),
    userDataDir,
    workspace: work,
    resultsDir: join(ROOT, 'test-results'),
  }),
);
await runTests({
  extensionDevelopmentPath: unpackVsix(vsix),
  extensionTestsPath: join(ROOT, 'dist/host-suite/index.js'),
  launchArgs: [work, '--user-data-dir', userDataDir, '--disable-extensions', '--disable-workspace-trust'],
});
// Quick inputs are typed by the code-server runner's browser; under Electron the sign-in tests need a person.
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
console.log(
  `${report.tests.filter((t) => t.state === 'passed').length} passed, ${report.tests.filter((t) => t.state === 'failed').length} failed`,
);
