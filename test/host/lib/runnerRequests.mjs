// What the extension-host suite asks the runner (the browser side) to do, because only a real browser can:
// type into a quick input, type and press keys like a user, read the notifications and the status bar,
// take a screenshot. Requests arrive one at a time as a JSON file; the outcome goes back in
// `<request>.answer.json` as {error?, result?}, so a step that could not be done fails its own test.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long the runner waits for what the workbench is about to show: long enough for a loaded machine. */
const PATIENT_MS = 45_000;

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
    case 'screenshot': {
      const path = join(resultsDir, `${request.name ?? request.screenshot}.png`);
      // `element`: only the part of the workbench that selector finds (a README picture of the editors)
      await (request.element ? page.locator(request.element).first().screenshot({ path }) : page.screenshot({ path }));
      return undefined;
    }
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
    case 'escapeQuickInput':
      await page.locator('.quick-input-widget').waitFor({ state: 'visible', timeout: PATIENT_MS });
      await page.keyboard.press('Escape');
      return undefined;
    case 'seeText':
      return seeText(page, request);
    case 'read':
      return readElements(page, request);
    case 'clickQuickPickItem':
      return clickQuickPickItem(page, request.label);
    case 'texts':
      return visibleTexts(page, request.selector);
    case 'dragToEditor':
      return dragToEditor(page, request);
    case 'viewRows':
      return readView(page, request.view);
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
  await target.waitFor({ state: 'visible', timeout: PATIENT_MS });
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
  await page.locator('.monaco-hover, .workbench-hover').first().waitFor({ state: 'visible', timeout: PATIENT_MS });
  return undefined;
}

/** Clicks the item labelled `label` of the open quick pick, scrolling its list down to it (a mouse user's way). */
async function clickQuickPickItem(page, label) {
  const list = page.locator('.quick-input-widget .quick-input-list');
  await list.waitFor({ state: 'visible', timeout: 15_000 });
  const row = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: label }).first();
  for (let scrolls = 0; !(await row.isVisible()); scrolls++) {
    if (scrolls === 30) throw new Error(`no item "${label}" in the quick pick`);
    await list.hover();
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(50);
  }
  await row.click();
  return undefined;
}

/** The elements `selector` finds now: each one's text and the `attributes` asked for. */
async function readElements(page, { selector, attributes = [] }) {
  return page.locator(selector).evaluateAll(
    (elements, names) =>
      elements.map((element) => ({
        text: (element.textContent ?? '').trim(),
        attributes: Object.fromEntries(names.map((name) => [name, element.getAttribute(name)])),
      })),
    attributes,
  );
}

/** The text of each visible element matching a CSS selector (what the user sees of them), in document order. */
async function visibleTexts(page, selector) {
  return page
    .locator(selector)
    .evaluateAll((elements) =>
      elements.filter((e) => e.getBoundingClientRect().width > 0).map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()),
    );
}

/**
 * Drags the tree row showing `row` onto the active editor's line showing `line` (`x` pixels into it), Shift held
 * from the moment it is over the editor when `shift`, as a person drops into an editor. Returns the status bar's
 * texts as they were during the drag.
 */
async function dragToEditor(page, { row, line, x = 200, shift = true }) {
  const exactly = new RegExp(`^\\s*${row.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const source = page.locator('.pane-body .monaco-list-row', { has: page.locator('.label-name', { hasText: exactly }) }).first();
  const target = page.locator('.editor-group-container.active .view-line', { hasText: line }).first();
  await source.waitFor({ timeout: 15_000 });
  await target.waitFor({ timeout: 15_000 });
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  await page.mouse.move(from.x + 40, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 80, from.y + from.height / 2, { steps: 5 });
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.move(to.x + x, to.y + to.height / 2, { steps: 10 });
  // the workbench takes the dragover in its own frames: the drop waits until it has drawn twice more, hovering on
  // (a loaded machine lags behind the mouse, and a drop it has not seen arrive lands nowhere)
  await framesDrawn(page);
  await page.mouse.move(to.x + x + 1, to.y + to.height / 2);
  await framesDrawn(page);
  const during = (await readStatusBar(page)).map((item) => item.text);
  await page.mouse.up();
  if (shift) await page.keyboard.up('Shift');
  return during;
}

/** Resolves once the page has drawn two more frames (what it was given to do before is done). */
const framesDrawn = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))));

/** Waits until a text editor holds the keyboard focus (the suite focuses it before asking to type). */
export async function focusedEditor(page) {
  try {
    await page.locator('.monaco-editor.focused').first().waitFor({ state: 'attached', timeout: PATIENT_MS });
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
  await button.waitFor({ state: 'visible', timeout: PATIENT_MS }).catch(() => {
    throw new Error(`no visible button "${label}" in a notification or dialog`);
  });
  await button.click();
  return undefined;
}

/** Clicks the link labelled `label` in the editor's visible hover. */
async function clickHoverLink(page, label) {
  const link = page.locator('.monaco-hover a').filter({ hasText: label }).first();
  await link.waitFor({ state: 'visible', timeout: PATIENT_MS }).catch(() => {
    throw new Error(`no visible link "${label}" in a hover`);
  });
  await link.click();
  return undefined;
}

/**
 * What a side bar view titled `view` shows: its header's description, its message, and each visible row's label and
 * description, top to bottom (an empty list when the view is collapsed or absent).
 */
async function readView(page, view) {
  const pane = page
    .locator('.pane')
    .filter({ has: page.locator('.pane-header .title', { hasText: view }) })
    .first();
  if ((await pane.count()) === 0) return { description: '', message: '', rows: [] };
  return pane.evaluate((element) => {
    const text = (node) => (node?.textContent ?? '').trim();
    const rows = [...element.querySelectorAll('.pane-body .monaco-list-row')]
      .filter((row) => row.getBoundingClientRect().height > 0)
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      .map((row) => ({ label: text(row.querySelector('.label-name')), description: text(row.querySelector('.label-description')) }));
    return {
      description: text(element.querySelector('.pane-header .description')),
      message: text(element.querySelector('.pane-body .message')),
      rows,
    };
  });
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
    await widget.waitFor({ state: 'visible', timeout: PATIENT_MS });
    if (title) await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: PATIENT_MS });
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
    { timeout: PATIENT_MS },
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
