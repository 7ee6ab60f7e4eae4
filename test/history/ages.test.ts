// The ages the Record History view shows ("now", "10 seconds ago", "2 minutes ago") and when they next read
// otherwise: the view redraws then, and only then, while it is visible.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LONGEST_AGE_WAIT_MS, nextAgeChange, relativeAge } from '../../src/history/historyModel';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const said = (iso: string, now = NOW) => {
  const age = relativeAge(iso, now);
  return age && new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(age.value, age.unit);
};

describe('Record History ages', () => {
  test('read as a person says them: now, steps of ten seconds, then minutes, hours, days', () => {
    assert.equal(said(ago(3_000)), 'now');
    assert.equal(said(ago(14_000)), '10 seconds ago');
    assert.equal(said(ago(59_000)), '50 seconds ago');
    assert.equal(said(ago(61_000)), '1 minute ago');
    assert.equal(said(ago(150_000)), '3 minutes ago');
    assert.equal(said(ago(3 * 3600_000)), '3 hours ago');
    assert.equal(said(ago(26 * 3600_000)), 'yesterday');
    assert.equal(said('not a date'), undefined);
  });

  test('the next redraw comes when the soonest age reads otherwise, to the second', () => {
    // "now" becomes "10 seconds ago" at 10 s
    assert.equal(nextAgeChange([ago(3_000)], NOW), 7_000);
    // "3 minutes ago" (2.5 min, rounded) becomes "4 minutes ago" at 3.5 min
    assert.equal(nextAgeChange([ago(150_000)], NOW), 60_000);
    // of several, the soonest: an old version does not delay a young one's redraw
    assert.equal(nextAgeChange([ago(5 * 86_400_000), ago(150_000), ago(3_000)], NOW), 7_000);
    assert.equal(nextAgeChange(['not a date'], NOW), undefined);
    assert.equal(nextAgeChange([], NOW), undefined);
  });

  test('a label holds until the redraw, and reads otherwise right after it', () => {
    for (const age of [3_000, 14_000, 59_000, 150_000, 40 * 60_000, 5 * 3600_000, 3 * 86_400_000, 200 * 86_400_000]) {
      const iso = ago(age);
      const wait = nextAgeChange([iso], NOW)!;
      assert.ok(wait >= 1000, `at least a second (${age})`);
      assert.equal(said(iso, NOW + wait - 1000), said(iso), `"${said(iso)}" holds until the redraw (${age})`);
      if (wait < LONGEST_AGE_WAIT_MS)
        assert.notEqual(said(iso, NOW + wait), said(iso), `"${said(iso)}" reads otherwise at the redraw (${age})`);
    }
  });

  test('a months-old version waits a day at most: a timer cannot wait longer than 24.8 days', () => {
    // "7 months ago" reads "8 months ago" weeks later: waiting that long would overflow setTimeout into a 1 ms loop
    for (const age of [200 * 86_400_000, 3 * 365 * 86_400_000]) assert.equal(nextAgeChange([ago(age)], NOW), LONGEST_AGE_WAIT_MS);
    assert.ok(LONGEST_AGE_WAIT_MS < 2 ** 31 - 1);
  });
});
