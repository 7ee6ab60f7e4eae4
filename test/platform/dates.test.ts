// Moments as every part of the window writes them (short in lists, exact in hovers, in the project's time zone), and
// wall times in that zone as a schedule is typed: daylight saving changes, times the clocks skip or pass twice,
// offsets written out.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { datesIn, formatInZone, isoInZone, parseZonedDateTime, readZonedDateTime } from '../../src/platform/dates';

describe("moments in the project's time zone", () => {
  const moment = '2024-05-12T12:03:27Z';

  test('short in a list, exact to the second in a hover with the zone named', () => {
    const rome = datesIn('Europe/Rome', 'en-US');
    assert.equal(rome.short(moment), 'May 12, 2024, 2:03 PM');
    assert.equal(rome.exact(moment), 'Sunday, May 12, 2024 at 2:03:27 PM GMT+2 (Europe/Rome)');
    assert.equal(rome.timeZone, 'Europe/Rome');
  });

  test("the project's zone decides, not this machine's; the display language writes it", () => {
    assert.equal(datesIn('America/New_York', 'en-US').short(moment), 'May 12, 2024, 8:03 AM');
    assert.equal(datesIn('Europe/Berlin', 'de-DE').short(moment), '12. Mai 2024, 14:03');
    assert.equal(datesIn('Europe/Berlin', 'de-DE').exact(moment), 'Sonntag, 12. Mai 2024 um 14:03:27 MESZ (Europe/Berlin)');
  });

  test('a project without a zone, or one this runtime does not know, reads in UTC, said once; text that is no date stays', () => {
    assert.equal(datesIn(undefined, 'en-US').exact(moment), 'Sunday, May 12, 2024 at 12:03:27 PM UTC');
    assert.equal(datesIn('Not/AZone', 'en-US').short(moment), 'May 12, 2024, 12:03 PM');
    assert.equal(datesIn('Not/AZone', 'en-US').timeZone, 'UTC');
    assert.equal(datesIn('Europe/Rome', 'en-US').short('soon'), 'soon');
  });
});

describe('wall times in a timezone', () => {
  test('wall times in a timezone, across a daylight saving change', () => {
    assert.equal(new Date(parseZonedDateTime('2031-01-31 09:00', 'Europe/Rome')!).toISOString(), '2031-01-31T08:00:00.000Z');
    assert.equal(new Date(parseZonedDateTime('2031-07-31 09:00', 'Europe/Rome')!).toISOString(), '2031-07-31T07:00:00.000Z');
    assert.equal(parseZonedDateTime('2031-03-30 02:30', 'Europe/Rome'), undefined, 'a time the clocks skip');
    assert.equal(parseZonedDateTime('2031-02-30 09:00', 'Europe/Rome'), undefined);
    assert.equal(isoInZone(Date.parse('2031-07-31T07:00:00Z'), 'Europe/Rome'), '2031-07-31T09:00:00+02:00');
    assert.equal(formatInZone(Date.parse('2031-07-31T07:00:00Z'), 'America/New_York'), '2031-07-31 03:00');
  });

  test('a wall time the clocks pass twice is the first of the two, always, and says so; one they skip says so', () => {
    // Europe/Rome goes back from 03:00 CEST to 02:00 CET on 2031-10-26: 02:30 happens at 00:30 and at 01:30 UTC
    for (const zone of ['Europe/Rome', 'Europe/Berlin']) {
      const reading = readZonedDateTime('2031-10-26 02:30', zone);
      assert.deepEqual(reading, { kind: 'twice', ms: Date.parse('2031-10-26T00:30:00Z'), later: Date.parse('2031-10-26T01:30:00Z') });
      assert.equal(isoInZone(reading.ms, zone), '2031-10-26T02:30:00+02:00');
      assert.equal(isoInZone(reading.later, zone), '2031-10-26T02:30:00+01:00');
    }
    // New York goes back at 02:00 EDT on 2031-11-02: 01:30 happens twice
    assert.deepEqual(readZonedDateTime('2031-11-02 01:30', 'America/New_York'), {
      kind: 'twice',
      ms: Date.parse('2031-11-02T05:30:00Z'),
      later: Date.parse('2031-11-02T06:30:00Z'),
    });
    assert.deepEqual(readZonedDateTime('2031-03-30 02:30', 'Europe/Rome'), { kind: 'skipped' });
    assert.deepEqual(readZonedDateTime('2031-10-26 04:30', 'Europe/Rome'), { kind: 'instant', ms: Date.parse('2031-10-26T03:30:00Z') });
    // an offset written out picks either of the two
    assert.deepEqual(readZonedDateTime('2031-10-26T02:30+01:00', 'Europe/Rome'), {
      kind: 'instant',
      ms: Date.parse('2031-10-26T01:30:00Z'),
    });
  });
});
