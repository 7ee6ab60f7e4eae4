// Renders media/icon.svg into the 128×128 marketplace icon media/icon.png with headless chromium
// (transparent background outside the rounded tile). Run by hand after editing the SVG:
//   node test/host/render-icon.mjs
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/browser.mjs';

const svgPath = fileURLToPath(new URL('../../media/icon.svg', import.meta.url));
const pngPath = fileURLToPath(new URL('../../media/icon.png', import.meta.url));

const svg = await readFile(svgPath, 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: pngPath, omitBackground: true });
  console.log(`wrote ${pngPath}`);
} finally {
  await browser.close();
}
