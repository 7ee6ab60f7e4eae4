// A quick pick that searches as the user types and pages on demand (records by title). Typing pauses a
// moment before one search goes out, a newer search drops the older answer, and "Load more" asks for the next
// page. In a pick of several, what was chosen stays listed and chosen whatever is typed next.
import vscode = require('vscode');
import type { PickItem, SearchPickOptions } from './ui';

/** Typing pauses this long before a search goes out: one request per pause, not one per key. */
const TYPING_PAUSE_MS = 250;

interface Row<T> extends vscode.QuickPickItem {
  value?: T;
  role?: 'more' | 'none';
}

// eslint-disable-next-line max-lines-per-function -- one quick pick's handlers sharing its state (query, pages, ticked rows)
export function searchPick<T>(options: SearchPickOptions<T>): Promise<T[] | undefined> {
  const box = vscode.window.createQuickPick<Row<T>>();
  box.title = options.title;
  box.placeholder = options.placeholder;
  box.canSelectMany = options.many;
  const moreRow: Row<T> = { label: options.moreLabel, alwaysShow: true, role: 'more' };
  const noneRow: Row<T> = { label: options.noneLabel, alwaysShow: true, role: 'none' };
  const keyOf = (row: Row<T>) => options.key(row.value as T);
  // the items searched stay shown whatever the box's own filtering of the typed text would hide
  const rowOf = (item: PickItem<T>): Row<T> => ({
    label: item.label,
    description: item.description,
    detail: item.detail,
    alwaysShow: true,
    value: item.value,
  });
  let chosen = new Map<string, Row<T>>();
  let found: Row<T>[] = [];
  let state = { text: '', page: 0, more: false };
  let running: AbortController | undefined;
  let pause: ReturnType<typeof setTimeout> | undefined;

  // Enter with nothing ticked takes the highlighted record, else the only one listed (a pick of several
  // highlights nothing until the arrow keys move)
  const untickedChoice = (active: Row<T> | undefined): Row<T>[] => {
    if (active && !active.role) return [active];
    const records = box.items.filter((row) => !row.role);
    return records.length === 1 ? records : [];
  };
  const show = () => {
    const rows = [...chosen.values(), ...found.filter((row) => !chosen.has(keyOf(row)))];
    box.items = [...rows, ...(state.more ? [moreRow] : []), ...(rows.length === 0 && !box.busy ? [noneRow] : [])];
    if (options.many) box.selectedItems = [...chosen.values()];
  };

  return new Promise<T[] | undefined>((resolve, reject) => {
    const finish = (settle: () => void) => {
      running?.abort();
      clearTimeout(pause);
      subscriptions.forEach((s) => s.dispose());
      box.dispose();
      settle();
    };
    const search = (text: string, page: number) => {
      running?.abort();
      const controller = (running = new AbortController());
      box.busy = true;
      options.search(text, page, controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          const rows = answer.items.map(rowOf);
          found = page === 0 ? rows : [...found, ...rows];
          state = { text, page, more: answer.more };
          box.busy = false;
          // a page more keeps the place in the list and highlights the first new record
          box.keepScrollPosition = page > 0;
          show();
          if (page > 0 && rows[0]) box.activeItems = [rows[0]];
        },
        (error: unknown) => {
          if (!controller.signal.aborted) finish(() => reject(error));
        },
      );
    };
    const subscriptions = [
      box.onDidChangeValue((text) => {
        clearTimeout(pause);
        // busy at once, so nobody takes the previous answer for this text's
        box.busy = true;
        pause = setTimeout(() => search(text, 0), TYPING_PAUSE_MS);
      }),
      box.onDidChangeSelection((selected) => {
        if (!options.many) return;
        // a tick: the items stay as they are (the highlighted one with them)
        chosen = new Map(selected.filter((row) => !row.role).map((row) => [keyOf(row), row]));
        if (selected.some((row) => row.role === 'more')) search(state.text, state.page + 1);
      }),
      box.onDidAccept(() => {
        const active = box.activeItems[0];
        if (active?.role === 'more') return search(state.text, state.page + 1);
        if (box.busy) return;
        const rows = options.many && chosen.size > 0 ? [...chosen.values()] : untickedChoice(active);
        if (rows.length > 0) finish(() => resolve(rows.map((row) => row.value as T)));
      }),
      box.onDidHide(() => finish(() => resolve(undefined))),
    ];
    box.show();
    search('', 0);
  });
}
