// The workbench as the UI test handles it: screenshots (the test's and the README's), steps that record their
// result, and the gestures a person makes (commands, quick picks, the tree, the editor, context menus). Made
// once per page by ui.mjs and handed to the steps in editing.mjs and tree.mjs.
import { join } from 'node:path';

export function workbench(page, { resultsDir, record, sentinel }) {
  const shot = (name) => page.screenshot({ path: join(resultsDir, `ui-${name}.png`) });
  /** A README picture: the area around `locators` (pixels of margin `pad`), from `left` and down to `maxBottom` if given. */
  const readmeShot = async (name, locators, { pad = 32, left, maxBottom = Infinity } = {}) => {
    const boxes = (await Promise.all(locators.map((l) => l.boundingBox()))).filter(Boolean);
    const { width, height } = page.viewportSize();
    const x = Math.max(0, left ?? Math.min(...boxes.map((b) => b.x)) - pad);
    const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - pad);
    const right = Math.min(width, Math.max(...boxes.map((b) => b.x + b.width)) + pad);
    const bottom = Math.min(height, maxBottom, Math.max(...boxes.map((b) => b.y + b.height)) + pad);
    await page.screenshot({ path: join(resultsDir, `readme-${name}.png`), clip: { x, y, width: right - x, height: bottom - y } });
  };
  /** The left edge of the editor area: README pictures of the editor start there. */
  const editorLeft = async () => (await page.locator('.part.editor').boundingBox()).x;
  const cursor = page.locator('.editor-group-container.active .monaco-editor .cursor').first();
  const step = async (title, action) => {
    try {
      await action();
      // no uncaught error from the extension, and it went quiet (test/host/lib/sentinel.mjs)
      const problems = (await sentinel?.check()) ?? [];
      if (problems.length) throw new Error(problems.map((p) => `sentinel: ${p}`).join('\n'));
      record(`UI: ${title}`);
    } catch (error) {
      await shot(`failed-${title.replace(/\W+/g, '-').toLowerCase()}`).catch(() => undefined);
      record(`UI: ${title}`, error);
      throw error;
    }
  };

  /** Drags the side bar's edge to the right, so the tree's labels and descriptions show whole. */
  const widenSideBar = async (pixels) => {
    const box = await page.locator('.part.sidebar').boundingBox();
    await page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width + 1 + pixels, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
  };
  const treeItem = (label) => page.locator('.pane-body .monaco-list-row', { hasText: label }).first();
  const quickInput = page.locator('.quick-input-widget');
  const editorLines = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
  const hover = page.locator('.monaco-hover:visible, .workbench-hover:visible').first();
  const runCommand = async (title) => {
    await page.keyboard.press('F1');
    await quickInput.waitFor({ state: 'visible' });
    await page.keyboard.type(title);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
    await page.keyboard.press('Enter');
  };
  /** Answers the quick pick titled `title` by typing `text` and taking the row that shows it. */
  const pick = async (title, text) => {
    if (title) await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor();
    else await quickInput.waitFor({ state: 'visible' });
    await page.locator('.quick-input-widget input.input').fill(text);
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: text }).first().waitFor();
    await page.keyboard.press('Enter');
  };
  const goToLine = async (line) => {
    await page.keyboard.press('Control+G');
    await quickInput.waitFor({ state: 'visible' });
    await page.keyboard.type(String(line));
    await page.keyboard.press('Enter');
  };
  /** Selects the first `text` of the editor with the find widget; the selection stays when it closes. */
  const find = async (text) => {
    await page.keyboard.press('Control+F');
    const input = page.locator('.editor-group-container.active .find-widget.visible textarea').first();
    await input.fill(text);
    await page.locator('.editor-group-container.active .find-widget .matchesCount', { hasText: /^1 of \d+$/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.editor-group-container.active .find-widget.visible').waitFor({ state: 'detached' });
  };
  const waitForEditorText = (pattern) =>
    page.waitForFunction(
      (source) =>
        new RegExp(source).test(
          (document.querySelector('.editor-group-container.active .monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' '),
        ),
      pattern.source,
    );
  /** Back to a clean record: no notification, the panel closed, the editor's text the saved one. */
  const cleanUp = async () => {
    await runCommand('Notifications: Clear All Notifications');
    await page.keyboard.press('Escape');
    await editorLines.click();
    await runCommand('File: Revert File');
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached' });
  };
  /** Right-clicks a row and reads its context menu's entries (then closes it). */
  const contextMenu = async (row) => {
    await row.click({ button: 'right' });
    const menu = page.locator('.context-view .monaco-menu').first();
    await menu.waitFor();
    const entries = (await menu.locator('.action-label').allTextContents()).map((text) => text.trim()).filter(Boolean);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    return entries;
  };
  /** Right-clicks a row and runs an entry of its context menu (pointed at, then Enter: a click can land too early). */
  const chooseFromMenu = async (row, label) => {
    await row.click({ button: 'right' });
    const entry = page
      .locator('.context-view .monaco-menu .action-label')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .first();
    await entry.hover();
    await page.keyboard.press('Enter');
    await page.locator('.context-view .monaco-menu').first().waitFor({ state: 'detached' });
  };
  const expectMenu = (entries, { has = [], lacks = [] }, what) => {
    for (const entry of has) if (!entries.includes(entry)) throw new Error(`${what}: no "${entry}" in ${JSON.stringify(entries)}`);
    for (const entry of lacks)
      if (entries.includes(entry)) throw new Error(`${what}: "${entry}" should not be in ${JSON.stringify(entries)}`);
  };

  return {
    page,
    shot,
    readmeShot,
    editorLeft,
    cursor,
    step,
    widenSideBar,
    treeItem,
    quickInput,
    editorLines,
    hover,
    runCommand,
    pick,
    goToLine,
    find,
    waitForEditorText,
    cleanUp,
    contextMenu,
    chooseFromMenu,
    expectMenu,
  };
}
