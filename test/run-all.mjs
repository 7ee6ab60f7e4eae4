// `npm test`: the type check, lint, formatting and dependency rules, the unit tests (Node's test runner, plain Node against the emulator), then
// the real VS Code host tests (test/host/run.mjs). Ends with one line "N passed, N failed" over both.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

function run(command, args, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'] });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

let passed = 0;
let failed = 0;

console.log('▶ type check');
const typecheck = await run('npx', ['--no-install', 'tsc', '--noEmit', '-p', '.']);
if (typecheck.code !== 0) failed++;
// the webview scripts: their own project (the DOM, no Node, no vscode)
const webviews = await run('npx', ['--no-install', 'tsc', '--noEmit', '-p', 'webviews']);
if (webviews.code !== 0) failed++;

// The guard rails: lint, formatting, which folder may import which (.dependency-cruiser.cjs), and no unused export or
// file in src/ and webviews/ (knip.jsonc).
for (const script of ['lint', 'format:check', 'lint:deps', 'lint:exports']) {
  console.log(`▶ npm run ${script}`);
  const result = await run('npm', ['run', '--silent', script]);
  if (result.code === 0) passed++;
  else failed++;
}

console.log('▶ unit tests');
const unit = await run(process.execPath, ['test/run-unit.mjs'], { capture: true });
const count = (label) => Number(unit.output.match(new RegExp(`^ℹ ${label} (\\d+)`, 'm'))?.[1] ?? 0);
passed += count('pass');
failed += count('fail') + count('cancelled');
if (unit.code !== 0 && count('fail') + count('cancelled') === 0) failed++;

if (process.env.DATOCMS_SKIP_HOST === '1') {
  console.log('▶ real VS Code host tests skipped (DATOCMS_SKIP_HOST=1)');
} else {
  const report = 'test-results/host-report.json';
  rmSync(report, { force: true });
  const host = await run(process.execPath, ['test/host/run.mjs']);
  if (existsSync(report)) {
    const { passed: hostPassed, failed: hostFailed } = JSON.parse(readFileSync(report, 'utf8'));
    passed += hostPassed;
    failed += hostFailed;
  }
  if (host.code !== 0 && !existsSync(report)) failed++;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
