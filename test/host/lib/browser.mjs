// Headless chromium settings shared by the real-host runner, the UI test and the icon renderer.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// No sandbox (root in CI), no GPU, and nothing that reaches for the network on its own.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Opens the workbench at `url` and waits until it is on screen. On a loaded machine the first load of
 * code-server's workbench takes minutes, so the limits are wide: they catch a workbench that never comes.
 */
export async function openWorkbench(page, url) {
  // a loaded machine can take long to serve the workbench: the wait is on the workbench itself, below
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForSelector('.monaco-workbench', { timeout: 180_000 });
}
