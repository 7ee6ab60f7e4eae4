// The fault matrix as tests: one test per cell (operation × fault), then the leak scan over everything
// the matrix made the extension log, show or write. `npm run faults` prints the same cells as a table.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CELLS, FAULTS, OPERATIONS, mismatches, type Expectation } from './cases';
import { runCell } from './runCell';
import { startWorld, type World } from './world';

let world: World;
before(async () => {
  world = await startWorld();
});
after(async () => {
  await world.close();
});

function title(label: string, expected: Expectation): string {
  const writes = expected.writes === undefined ? '' : `, ${expected.writes} write${expected.writes === 1 ? '' : 's'}`;
  return `${label} → ${expected.outcome}, ${expected.attempts} attempt${expected.attempts === 1 ? '' : 's'} at the server${writes}`;
}

for (const operation of OPERATIONS) {
  describe(`fault matrix: ${operation.label}`, () => {
    for (const fault of FAULTS) {
      const cell = CELLS.find((c) => c.operation === operation.id && c.fault === fault.id);
      const expected = cell?.expected;
      if (!cell || !expected) continue; // the fault cannot happen for this operation
      test(title(fault.label, expected), async () => {
        const seen = await runCell(world, cell);
        assert.deepEqual(mismatches(expected, seen), []);
      });
    }
  });
}

describe('fault matrix: secrets', () => {
  test('no log line, notification, error, problem or file of the matrix contains the token or a webhook password', () => {
    assert.ok(world.transcript.lines.length > 200, `the matrix produced ${world.transcript.lines.length} lines to scan`);
    assert.ok(
      world.transcript.lines.some((l) => l.channel === 'log'),
      'request log lines were captured',
    );
    assert.ok(
      world.transcript.lines.some((l) => l.channel === 'notification'),
      'notifications were captured',
    );
    assert.deepEqual(world.transcript.scan(world.secrets()), []);
  });
});
