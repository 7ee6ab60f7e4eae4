// What the explorer knows across steps and window reloads, saved as JSON next to its report: the seed and the
// generator's state, the steps so far, the user's unsaved edits, the colleague's writes, and what it found.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { JSONPath } from 'jsonc-parser';
import type { DocumentRef } from '../../../src/domain/paths';

/** Text the user typed into a document and has not saved (yet). */
export interface PendingEdit {
  uri: string;
  path: JSONPath;
  marker: string;
  step: number;
}

/** A value the colleague wrote: it must stay unless the user overwrote that very value knowingly. */
export interface ColleagueWrite {
  ref: DocumentRef;
  path: JSONPath;
  value: string;
  step: number;
}

/** Who may write during a step: nobody, the save of one document, or a command the user ran. */
export type WriteRule =
  | { kind: 'none' }
  | { kind: 'save'; uri: string; environment: string; resourceId?: string }
  | { kind: 'command'; command: string; agreed: boolean; cancelledAt?: number; environment?: string; alsoEnvironment?: string }
  | { kind: 'click'; button: string };

export interface StepRecord {
  step: number;
  action: string;
  detail: string;
  /** the questions answered and notifications told, in short */
  answers: string[];
  ms: number;
  writes: string[];
}

export interface Breach {
  seed: number;
  step: number;
  invariant: string;
  detail: string;
}

export interface ExploreState {
  seed: number;
  rng: number;
  /** the next step's number (1-based) */
  step: number;
  steps: number;
  deck: string[];
  log: StepRecord[];
  pending: PendingEdit[];
  colleague: ColleagueWrite[];
  /** documents whose unsaved text the user dropped on purpose, and when */
  dropped: Record<string, number>;
  /** the step the colleague last wrote each value in (see checks.ts touchKey) */
  touched: Record<string, number>;
  /** the document the user last saved (a conflict's Overwrite or Revert concerns it) */
  lastSaved?: string;
  /** documents whose conflict the user answered with Overwrite, and when */
  overwritten: Record<string, number>;
  previousRule: WriteRule;
  breaches: Breach[];
  /** per command: how often it ran, and where from */
  commands: Record<string, { runs: number; places: string[] }>;
  /** a reload is under way: the next run() finishes its step, checking what it restored */
  reloading?: { step: number; started: number; cursor: number; details: string[] };
  startedAt: number;
  reloads: number;
}

export function newState(seed: number, steps: number): ExploreState {
  return {
    seed,
    rng: seed >>> 0 || 1,
    step: 1,
    steps,
    deck: [],
    log: [],
    pending: [],
    colleague: [],
    overwritten: {},
    touched: {},
    dropped: {},
    previousRule: { kind: 'none' },
    breaches: [],
    commands: {},
    startedAt: Date.now(),
    reloads: 0,
  };
}

export function loadState(file: string): ExploreState | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ExploreState) : undefined;
}

export function saveState(file: string, state: ExploreState): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 1));
  renameSync(`${file}.tmp`, file);
}
