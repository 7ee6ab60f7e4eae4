// The exploratory run (test/host/explore/): seeded random sequences of the extension's commands, edits, saves,
// cancels, guard answers, tab closes, window reloads and a colleague's changes, ~300 steps per seed, with the
// invariants checked after each step. Each seed runs in its own code-server (the run reloads the window) against
// its own emulator. DATOCMS_EXPLORE_SEED=7 (or "7,8,9") replays seeds; DATOCMS_EXPLORE_STEPS sets the length.
// The step list of each seed is in test-results/explore-<seed>.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInHost } from './lib/hostSuite.mjs';
import { ROOT, startEmulator, stop } from './lib/processes.mjs';

/** The seed CI runs. */
export const CI_SEED = 27;
const STEPS = 300;
const TIMEOUT_MS = 40 * 60_000;
const INVARIANTS = [
  'no uncaught error',
  'no request storm',
  'nothing written unasked',
  'no edit lost',
  'no colleague change reverted',
  'the tree and Record History agree with DatoCMS',
  'every command is explored',
];

export function exploreSeeds() {
  const given = process.env.DATOCMS_EXPLORE_SEED;
  return given ? given.split(',').map((s) => Number(s.trim())) : [CI_SEED];
}

export async function runExploreTest({ vsix, resultsDir, record, userSettings }) {
  const steps = Number(process.env.DATOCMS_EXPLORE_STEPS ?? STEPS);
  for (const seed of exploreSeeds()) {
    const emulator = await startEmulator({ records: 60 });
    try {
      const report = await runInHost({
        vsix,
        emulator,
        name: `explore-${seed}`,
        suiteDir: join(ROOT, 'dist/host-explore'),
        resultsDir,
        settings: userSettings(emulator.url),
        config: { seed, steps },
        timeoutMs: TIMEOUT_MS,
      });
      writeFileSync(join(resultsDir, `explore-${seed}.json`), JSON.stringify(report, null, 1));
      const minutes = (report.durationMs / 60_000).toFixed(1);
      console.log(
        `  explore: seed ${seed}, ${report.log.length} steps, ${report.reloads} reloads, ${minutes} min (test-results/explore-${seed}.json)`,
      );
      for (const invariant of INVARIANTS) {
        const found = report.breaches.filter((b) => b.invariant === invariant);
        record(
          `explore (seed ${seed}): ${invariant}`,
          found.length ? new Error(found.map((b) => describeBreach(b, report)).join('\n')) : undefined,
        );
      }
    } catch (error) {
      record(`explore (seed ${seed}): the exploratory run completed`, error);
    } finally {
      await stop(emulator.child);
    }
  }
}

/** A breach with the steps that led to it (the last few), so it reads without the step list. */
function describeBreach(breach, report) {
  const before = report.log.filter((s) => s.step <= breach.step && s.step > breach.step - 4);
  const steps = before
    .map((s) => `    ${s.step}. ${s.action}: ${s.detail}${s.answers.length ? ` [${s.answers.join('; ')}]` : ''}`)
    .join('\n');
  return `step ${breach.step}: ${breach.detail}\n${steps}\n    replay: DATOCMS_EXPLORE_SEED=${breach.seed} DATOCMS_HOST_GREP=explore node test/host/run.mjs`;
}
