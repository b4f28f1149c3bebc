/**
 * Fuzz properties of team start and finish times as the API and the event file read them
 * (TeamTime, the team bodies, teamTimeWindow): whatever the value, the schema accepts a whole
 * number of epoch ms from TEAM_TIME_MIN (2000) to TEAM_TIME_MAX (2100) or refuses; a number out
 * of bounds is refused with teams.error.timeoutofrange, anything else with zod's own issues
 * (error.validation); the window of any event lies inside those bounds. Never an exception,
 * never a hang. FUZZ_RUNS inputs each.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { check, fuzzOptions, randomText, timed, FUZZ_TEST_TIMEOUT_MS } from './testing/fuzz.ts';
import {
  TEAM_TIME_MAX,
  TEAM_TIME_MIN,
  TeamTime,
  isTeamTimeInWindow,
  teamTimeWindow,
} from './teamTimes.ts';
import { TEAM_TIME_MARGIN_DAYS } from './limits.ts';
import { AssignStartTimesBody, UpdateTeamBody } from './teams.ts';

const KEY = 'teams.error.timeoutofrange';
const MARGIN_MS = TEAM_TIME_MARGIN_DAYS * 86_400_000;
const inBounds = (t: number) => Number.isInteger(t) && t >= TEAM_TIME_MIN && t <= TEAM_TIME_MAX;

/** Times as clients get them wrong: seconds, epoch 0, a fraction, the edges ±1, 1e309. */
const anyTime = fc.oneof(
  fc.integer({ min: TEAM_TIME_MIN - 2, max: TEAM_TIME_MIN + 2 }),
  fc.integer({ min: TEAM_TIME_MAX - 2, max: TEAM_TIME_MAX + 2 }),
  fc.integer({ min: TEAM_TIME_MIN - 10 * MARGIN_MS, max: TEAM_TIME_MAX + 10 * MARGIN_MS }),
  fc.integer({ min: 0, max: 4_200_000_000 }),
  fc.maxSafeInteger(),
  fc.double(),
  fc.double({ min: TEAM_TIME_MIN, max: TEAM_TIME_MAX }),
  fc.constantFrom(0, -0, -1, 0.5, 1e308, Infinity, -Infinity, NaN, Number.MAX_VALUE, 5e-324),
);
const anyValue = fc.oneof(
  { weight: 5, arbitrary: anyTime },
  { weight: 1, arbitrary: anyTime.map(String) },
  { weight: 1, arbitrary: randomText },
  { weight: 1, arbitrary: fc.anything() },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, '', true, [], {}, new Date(0), 1n) },
);

/** The issues of a refusal: only the key for a finite number, never the key otherwise. */
function checkRefusal(
  value: unknown,
  issues: readonly { code: string; params?: Record<string, unknown> }[],
): void {
  const keyed = issues.filter((i) => i.code === 'custom' && i.params?.key === KEY);
  if (typeof value === 'number' && Number.isFinite(value)) {
    check(issues.length === 1 && keyed.length === 1, `not ${KEY}`, value);
    check(!inBounds(value), 'a time in bounds refused', value);
  } else {
    // NaN, ±Infinity (JSON's 1e309) and other types: zod's invalid_type, error.validation.
    check(issues.length > 0 && keyed.length === 0, `${KEY} for a non-number`, value);
  }
}

describe('team times on any input', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('TeamTime accepts whole ms from 2000 to 2100, refuses other numbers with its key', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const parsed = timed(() => TeamTime.safeParse(value));
        if (parsed.success) check(parsed.data === value && inBounds(parsed.data), 'bounds', value);
        else checkRefusal(value, parsed.error.issues);
      }),
      fuzzOptions(),
    );
  });

  it('team bodies take a time in bounds or null, and name the key at the field', () => {
    fc.assert(
      fc.property(anyValue, fc.constantFrom('starttime', 'finishtime', 'first'), (value, field) => {
        const schema = field === 'first' ? AssignStartTimesBody : UpdateTeamBody;
        const parsed = timed(() => schema.safeParse({ [field]: value }));
        if (parsed.success) {
          const t = (parsed.data as Record<string, unknown>)[field];
          // Left out (undefined) keeps the team's time; null clears it.
          if (t === undefined || t === null) check(t === value && field !== 'first', 'kept', value);
          else check(t === value && inBounds(t as number), 'bounds', value);
          return;
        }
        const issues = parsed.error.issues.filter((i) => i.path[0] === field);
        check(issues.length === parsed.error.issues.length, 'issue elsewhere', value);
        if (value === undefined && field === 'first') return;
        checkRefusal(value, issues);
      }),
      fuzzOptions(),
    );
  });

  it("an event's window lies within the bounds and a week around the event", () => {
    const eventTime = fc.oneof(anyTime, fc.constant(null), fc.constant(undefined));
    fc.assert(
      fc.property(eventTime, eventTime, anyTime, (starttime, endtime, t) => {
        const event = { starttime, endtime };
        const { from, to } = timed(() => teamTimeWindow(event));
        check(from >= TEAM_TIME_MIN && to <= TEAM_TIME_MAX, 'outside the bounds', event);
        const inside = timed(() => isTeamTimeInWindow(t, event));
        check(inside === (t >= from && t <= to), 'not the window', [event, t]);
        if (inside && typeof starttime === 'number' && Number.isFinite(starttime)) {
          check(t >= starttime - MARGIN_MS, 'before the margin', [event, t]);
          if (typeof endtime === 'number' && Number.isFinite(endtime))
            check(t <= endtime + MARGIN_MS, 'after the margin', [event, t]);
        }
      }),
      fuzzOptions(),
    );
  });
});
