// `npm run faults`: runs the fault matrix against the emulator and prints it as a table with totals.
// Exits non-zero when a cell differs from its expectation, an edit is lost, a write is duplicated or a
// secret leaks. The same cells run in `npm test` (matrix.test.ts).
import { CELLS, FAULTS, OPERATIONS, mismatches, type Observation } from './cases';
import { runCell } from './runCell';
import { startWorld } from './world';

interface Row {
  operation: string;
  fault: string;
  outcome: string;
  attempts: string;
  writes: string;
  kept: string;
  check: string;
}

async function main(): Promise<number> {
  const world = await startWorld();
  const rows: Row[] = [];
  let cells = 0;
  let retries = 0;
  let lostEdits = 0;
  let duplicateWrites = 0;
  let failures = 0;
  try {
    for (const cell of CELLS) {
      const operation = OPERATIONS.find((o) => o.id === cell.operation)!.label;
      const fault = FAULTS.find((f) => f.id === cell.fault)!.label;
      if (!cell.expected) {
        rows.push({ operation, fault, outcome: 'n/a', attempts: '', writes: '', kept: '', check: '' });
        continue;
      }
      cells++;
      let seen: Observation;
      try {
        seen = await runCell(world, cell);
      } catch (error) {
        failures++;
        rows.push({ operation, fault, outcome: 'CRASHED', attempts: '', writes: '', kept: '', check: String(error) });
        continue;
      }
      retries += seen.retries;
      if (seen.editKept === false) lostEdits++;
      if ((seen.writes ?? 0) > 1 || (seen.recovery?.writes ?? 0) > 1) duplicateWrites++;
      const wrong = mismatches(cell.expected, seen);
      if (wrong.length) failures++;
      const recovery = seen.recovery ? ` → ${seen.recovery.outcome} after` : '';
      rows.push({
        operation,
        fault,
        outcome: `${describeOutcome(seen)}${recovery}`,
        attempts: String(seen.attempts),
        writes:
          seen.writes === undefined
            ? ''
            : seen.recovery?.writes !== undefined && seen.recovery.writes !== seen.writes
              ? `${seen.writes} (${seen.recovery.writes} after)`
              : String(seen.writes),
        kept: seen.editKept === undefined ? '' : seen.editKept ? 'yes' : 'LOST',
        check: wrong.length ? `✗ ${wrong.join('; ')}` : '✓',
      });
    }
  } finally {
    await world.close();
  }
  const leaks = world.transcript.scan(world.secrets());
  printTable(rows);
  console.log('');
  console.log(
    `cells: ${cells} (${rows.length - cells} not applicable)   retries: ${retries}   lost edits: ${lostEdits}   duplicate writes: ${duplicateWrites}   ` +
      `leaks found: ${leaks.length} (in ${world.transcript.lines.length} lines scanned)   cells failing: ${failures}`,
  );
  for (const leak of leaks) console.log(`LEAK of ${leak.secret} in ${leak.channel}: ${leak.excerpt}`);
  return failures + lostEdits + duplicateWrites + leaks.length === 0 ? 0 : 1;
}

function describeOutcome(seen: Observation): string {
  switch (seen.outcome) {
    case 'succeeded':
      return seen.retries > 0 ? 'retried, succeeded' : 'succeeded';
    case 'error':
      return seen.actions.length ? `error [${seen.actions.join(', ')}]` : 'error';
    case 'invalid':
      return 'refused, located problem';
    case 'conflict':
      return `conflict [${seen.actions.join(', ')}]`;
  }
}

function printTable(rows: Row[]): void {
  const headers: Row = {
    operation: 'operation',
    fault: 'fault',
    outcome: 'outcome',
    attempts: 'attempts at server',
    writes: 'writes applied',
    kept: 'edit kept',
    check: 'check',
  };
  const columns = Object.keys(headers) as (keyof Row)[];
  const width = (key: keyof Row) => Math.max(...[headers, ...rows].map((r) => (key === 'check' ? 0 : r[key].length)));
  const line = (row: Row) => columns.map((key) => (key === 'check' ? row[key] : row[key].padEnd(width(key)))).join(' | ');
  console.log(line(headers));
  console.log(columns.map((key) => '-'.repeat(Math.max(key === 'check' ? 5 : width(key), 1))).join('-|-'));
  let previous = '';
  for (const row of rows) {
    console.log(line({ ...row, operation: row.operation === previous ? '' : row.operation }));
    previous = row.operation;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
