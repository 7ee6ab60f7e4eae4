// What the extension-host suite asks the runner (the browser side) to do, because only a real browser can:
// type into a quick input, type and press keys like a user, read the notifications and the status bar,
// take a screenshot. Requests arrive one at a time as a JSON file; the outcome goes back in
// `<request>.answer.json` as {error?, result?}, so a step that could not be done fails its own test.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const answerFile = (requestFile) => requestFile.replace(/\.json$/, '.answer.json');

export async function answerRequest(page, requestFile, resultsDir) {
  const request = JSON.parse(readFileSync(requestFile, 'utf8'));
  rmSync(requestFile, { force: true });
  let error;
  let result;
  try {
    result = await perform(page, request, resultsDir);
  } catch (caught) {
    error = String(caught.message ?? caught);
  }
  // written whole, then renamed, so the suite never reads half an answer
  writeFileSync(`${answerFile(requestFile)}.tmp`, JSON.stringify({ error, result }));
  renameSync(`${answerFile(requestFile)}.tmp`, answerFile(requestFile));
}

async function perform(page, request, resultsDir) {
  switch (request.kind ?? (request.screenshot ? 'screenshot' : 'quickInput')) {
    case 'screenshot':
      await page.screenshot({ path: join(resultsDir, `${request.name ?? request.screenshot}.png`) });
      return undefined;
    case 'quickInput':
      return typeIntoQuickInput(page, request, resultsDir);
    case 'type':
      await focusedEditor(page);
      // one key event per character, like a person typing (Monaco's model sees each edit on its own)
      await page.keyboard.type(request.text, { delay: request.delayMs ?? 25 });
      return undefined;
    case 'press':
      if (request.inEditor) await focusedEditor(page);
      await page.keyboard.press(request.keys);
      return undefined;
    case 'toasts':
      return readToasts(page);
    case 'clickButton':
      return clickButton(page, request.label);
    case 'clickHoverLink':
      return clickHoverLink(page, request.label);
    case 'statusBar':
      return readStatusBar(page);
    case 'seeText':
      return seeText(page, request);
    default:
      throw new Error(`unknown runner request ${JSON.stringify(request)}`);
  }
}

/**
 * Waits for a text on screen. `widenSideBar` first drags the side bar's edge that many pixels to the right;
 * `hover` then points at the label of the list row holding the text until its hover shows.
 */
async function seeText(page, { text, hover, widenSideBar }) {
  const target = page.getByText(text).first();
  await target.waitFor({ state: 'visible', timeout: 15_000 });
  if (widenSideBar) {
    const box = await page.locator('.part.sidebar').boundingBox();
    if (box) {
      await page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width + 1 + widenSideBar, box.y + box.height / 2, { steps: 10 });
      await page.mouse.up();
    }
  }
  if (!hover) return undefined;
  await page.locator('.monaco-list-row').filter({ has: target }).locator('.label-name').first().hover();
  await page.locator('.monaco-hover, .workbench-hover').first().waitFor({ state: 'visible', timeout: 15_000 });
  return undefined;
}

/** Waits until a text editor holds the keyboard focus (the suite focuses it before asking to type). */
export async function focusedEditor(page) {
  try {
    await page.locator('.monaco-editor.focused').first().waitFor({ state: 'attached', timeout: 10_000 });
  } catch {
    throw new Error('no text editor has the keyboard focus');
  }
}

/** The visible notification toasts: message, severity (from the icon) and button labels. */
export async function readToasts(page) {
  return page.locator('.notifications-toasts .notification-toast-container').evaluateAll((toasts) =>
    toasts
      .filter((toast) => toast.getBoundingClientRect().height > 0)
      .map((toast) => {
        const icon = toast.querySelector('.notification-list-item-icon')?.className ?? '';
        const severity = /codicon-error/.test(icon) ? 'error' : /codicon-warning/.test(icon) ? 'warning' : 'info';
        return {
          message: (toast.querySelector('.notification-list-item-message')?.textContent ?? '').trim(),
          severity,
          buttons: [...toast.querySelectorAll('.notification-list-item-buttons-container .monaco-button')].map((b) =>
            (b.textContent ?? '').trim(),
          ),
          source: (toast.querySelector('.notification-list-item-source')?.textContent ?? '').trim(),
        };
      }),
  );
}

/** Clicks the button labelled `label` in a visible toast or dialog. */
async function clickButton(page, label) {
  const button = page
    .locator('.notifications-toasts .notification-toast-container .monaco-button, .monaco-dialog-box .monaco-button')
    .filter({ hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
    .first();
  await button.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {
    throw new Error(`no visible button "${label}" in a notification or dialog`);
  });
  await button.click();
  return undefined;
}

/** Clicks the link labelled `label` in the editor's visible hover. */
async function clickHoverLink(page, label) {
  const link = page.locator('.monaco-hover a').filter({ hasText: label }).first();
  await link.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {
    throw new Error(`no visible link "${label}" in a hover`);
  });
  await link.click();
  return undefined;
}

/** The status bar items: id, shown text and accessible label. */
export async function readStatusBar(page) {
  return page.locator('.part.statusbar .statusbar-item').evaluateAll((items) =>
    items
      .filter((item) => item.getBoundingClientRect().width > 0)
      .map((item) => ({
        id: item.id,
        text: (item.querySelector('.statusbar-item-label')?.textContent ?? item.textContent ?? '').trim(),
        ariaLabel: item.querySelector('[aria-label]')?.getAttribute('aria-label') ?? item.getAttribute('aria-label') ?? '',
      })),
  );
}

async function typeIntoQuickInput(page, { text, title, refused }, resultsDir) {
  try {
    const widget = page.locator('.quick-input-widget');
    await widget.waitFor({ state: 'visible', timeout: 15_000 });
    if (title) await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: 15_000 });
    const input = page.locator('.quick-input-widget input.input');
    const currentTitle = () =>
      page
        .locator('.quick-input-widget .quick-input-title')
        .textContent()
        .catch(() => null);
    const before = await currentTitle();
    // VS Code's file dialog reads folders while the value changes; an Enter during that read can accept
    // the highlighted entry instead of the typed path and leave the dialog open. Wait for it to settle, and
    // press Enter again while the same input still shows the same text.
    for (let attempt = 1; ; attempt++) {
      await input.fill(text);
      await waitForQuickInputIdle(page);
      // the file dialog may complete the typed name from the folder's files: type it again until it stays
      for (let refill = 0; refill < 3 && (await input.inputValue()) !== text; refill++) {
        await input.fill(text);
        await waitForQuickInputIdle(page);
      }
      const prompt = refused ? await quickInputMessage(page) : '';
      await page.keyboard.press('Enter');
      // a box that checks its text keeps it and shows, in place of its prompt, why it refused it
      if (refused) return readRefusal(page, prompt);
      if (await quickInputMovedOn(page, before, text, currentTitle)) break;
      await page.screenshot({ path: join(resultsDir, `quick-input-retry-${attempt}.png`) }).catch(() => undefined);
      if (attempt === 3) throw new Error(`it stayed open after Enter (3 tries); see test-results/quick-input-retry-*.png`);
    }
  } catch (caught) {
    const picture = `quick-input-missing-${Date.now()}.png`;
    await page.screenshot({ path: join(resultsDir, picture) }).catch(() => undefined);
    throw new Error(`could not type into the quick input "${title ?? ''}" (see test-results/${picture}): ${caught.message ?? caught}`);
  }
}

const quickInputMessage = async (page) => ((await page.locator('.quick-input-widget .quick-input-message').textContent()) ?? '').trim();

/** The message the open quick input shows under its text once it is no longer `prompt`. */
async function readRefusal(page, prompt) {
  await page.waitForFunction(
    (before) => {
      const shown = (document.querySelector('.quick-input-widget .quick-input-message')?.textContent ?? '').trim();
      return shown !== '' && shown !== before;
    },
    prompt,
    { timeout: 15_000 },
  );
  return quickInputMessage(page);
}

async function waitForQuickInputIdle(page) {
  const busy = page.locator('.quick-input-widget .monaco-progress-container.active');
  const deadline = Date.now() + 10_000;
  while ((await busy.count()) > 0 && Date.now() < deadline) await page.waitForTimeout(50);
  await page.waitForTimeout(150); // the value-change handler runs after the input event
}

/** True once the quick input closed, or shows another step (title) or another value. */
async function quickInputMovedOn(page, title, text, currentTitle) {
  const deadline = Date.now() + 4000;
  while (Date.now() < deadline) {
    if (!(await page.locator('.quick-input-widget').isVisible())) return true;
    if ((await currentTitle()) !== title) return true;
    const value = await page
      .locator('.quick-input-widget input.input')
      .inputValue()
      .catch(() => text);
    if (value !== text) return true;
    await page.waitForTimeout(100);
  }
  return false;
}
