// Baselines kept across window reloads. VS Code restores an unsaved editor from its backup after a
// reload; without the state its text was derived from, a save could not tell the user's changes from a
// colleague's. Kept in the workspace state (the same machine that holds the backup), bounded in count and size.
import type * as vscode from 'vscode';
import type { Resource } from '../cma';
import type { Baseline, EnvironmentMark } from './model';

const KEY = 'datocms.baselines';
const MAX_ENTRIES = 20;
/** Larger documents are not kept: a restored one is then compared with the server as a whole. */
const MAX_TEXT_LENGTH = 1_000_000;

interface Kept {
  resource: Resource;
  basisText: string;
  /** the environment the resource was read from */
  environment?: EnvironmentMark;
  at: number;
}

export class BaselineMemory {
  constructor(private readonly state: vscode.Memento) {}

  get(key: string): Kept | undefined {
    return this.all()[key];
  }

  set(key: string, baseline: Baseline | undefined): void {
    const all = this.all();
    // Webhooks are not kept: their documents hold basic-auth passwords, which must not reach any file.
    if (!baseline || baseline.basisText.length > MAX_TEXT_LENGTH || baseline.opened.ref.kind === 'webhook') {
      if (!(key in all)) return;
      delete all[key];
    } else {
      const { resource, environment } = baseline.opened;
      all[key] = { resource, basisText: baseline.basisText, ...(environment ? { environment } : {}), at: Date.now() };
      const keys = Object.keys(all);
      if (keys.length > MAX_ENTRIES) {
        for (const old of keys.sort((a, b) => all[a]!.at - all[b]!.at).slice(0, keys.length - MAX_ENTRIES)) delete all[old];
      }
    }
    void this.state.update(KEY, all);
  }

  private all(): Record<string, Kept> {
    const value = this.state.get<Record<string, Kept>>(KEY);
    return value && typeof value === 'object' ? { ...value } : {};
  }
}
