// The UI test's media step: the Media node opened in the tree (collections as folders, uploads with their size and
// dimensions), and an image's hover with its preview from the image CDN and where it is used. Chromium has no
// network here: the CDN's answers are a picture drawn for the test (./lib/picture.mjs), served by Playwright.
import { harbourPicture } from '../lib/picture.mjs';

/** Serves the image CDN's thumbnails (`?w=300&h=200&fit=crop`) from the drawn picture; returns how many were asked. */
export async function serveImageCdn(page) {
  const picture = harbourPicture(300, 200);
  const asked = [];
  await page.route(/^https:\/\/www\.datocms-assets\.com\//, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: picture });
  });
  return asked;
}

export async function mediaStep({ page, step, treeItem, hover, shot, readmeShot, cdnRequests }) {
  await step(
    'opens Media: collections as folders, uploads with size and dimensions; an image’s hover shows its preview and use',
    async () => {
      // Models (expanded by the steps before) folds, so Media shows right below Block models
      const section = (name) =>
        page.locator('.pane-body .monaco-list-row[aria-level="2"]', { has: page.locator('.label-name', { hasText: name }) }).first();
      const models = section(/^Models$/);
      if ((await models.getAttribute('aria-expanded')) === 'true') await models.click();
      const media = section(/^Media$/);
      await media.click();
      await treeItem('Photography').waitFor();
      await treeItem('Documents').waitFor();
      // an image row: "wine-cellar.jpg 1.4 MB · 2400 × 1600" (not the video)
      const image = page.locator('.pane-body .monaco-list-row[aria-level="3"]', { hasText: /\.(jpg|png|webp).* × \d+/ }).first();
      await image.waitFor();
      // the row may be drawn again while its hover is made (the branch loads around it): hover again until it shows
      const made = hover.filter({ hasText: /(Used by \d+ records?|Not used by any record)/ });
      for (let attempt = 1; ; attempt++) {
        await page.mouse.move(900, 450);
        await image.locator('.label-name').first().hover();
        const shown = await made.waitFor({ timeout: 6000 }).then(
          () => true,
          () => false,
        );
        if (shown) break;
        if (attempt === 5) throw new Error('the upload’s hover did not show');
      }
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.monaco-hover img, .workbench-hover img')].some((img) => img.complete && img.naturalWidth === 300),
      );
      if (!cdnRequests.some((url) => url.endsWith('?w=300&h=200&fit=crop')))
        throw new Error(`the preview was not asked of the CDN: ${cdnRequests}`);
      await shot('media');
      await readmeShot('media', [page.locator('.part.sidebar'), hover], { pad: 24, left: 0 });
      await page.mouse.move(900, 450);
    },
  );
}
