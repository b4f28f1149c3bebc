import { describe, expect, it } from 'vitest';
import { TEAM_FINISH_FUTURE_MARGIN_MS } from './limits.ts';
import { teamTimeWarnings } from './teamTimeWarnings.ts';

const H = 3_600_000;
const S0 = Date.UTC(2030, 4, 1, 10);
const event = { starttime: S0, endtime: S0 + 6 * H };
/** Two hours into the event. */
const NOW = S0 + 2 * H;
const none = { starttime: null, finishtime: null };

describe('teamTimeWarnings', () => {
  it('says nothing of times inside the event, in order, up to now', () => {
    expect(teamTimeWarnings({ starttime: S0, finishtime: NOW }, none, event, NOW)).toEqual([]);
    // A finish a little ahead of the clock: clocks differ by a few minutes.
    const soon = NOW + TEAM_FINISH_FUTURE_MARGIN_MS;
    expect(teamTimeWarnings({ starttime: S0, finishtime: soon }, none, event, NOW)).toEqual([]);
    // Clearing a time is never odd.
    expect(teamTimeWarnings(none, { starttime: S0, finishtime: NOW }, event, NOW)).toEqual([]);
  });

  it('warns of a finish 3 hours in the future, by how much', () => {
    const finish = NOW + 3 * H;
    expect(teamTimeWarnings({ starttime: S0, finishtime: finish }, none, event, NOW)).toEqual([
      { kind: 'future', field: 'finishtime', time: finish, aheadMs: 3 * H },
    ]);
    expect(
      teamTimeWarnings(
        { starttime: S0, finishtime: NOW + TEAM_FINISH_FUTURE_MARGIN_MS + 1 },
        none,
        event,
        NOW,
      ),
    ).toHaveLength(1);
  });

  it('lets a start lie in the future: start times are given ahead', () => {
    const start = NOW + 2 * H;
    expect(teamTimeWarnings({ starttime: start, finishtime: null }, none, event, NOW)).toEqual([]);
  });

  it("warns of times before the event's start and after its end", () => {
    const early = S0 - 30 * 60_000;
    const late = event.endtime + H;
    // After the event, the late finish is in the past.
    const after = late + H;
    expect(teamTimeWarnings({ starttime: early, finishtime: late }, none, event, after)).toEqual([
      { kind: 'beforeevent', field: 'starttime', time: early, eventStart: S0 },
      { kind: 'afterevent', field: 'finishtime', time: late, eventEnd: event.endtime },
    ]);
    // A start after the end and a finish before the start of the event.
    expect(
      teamTimeWarnings({ starttime: late, finishtime: null }, none, event, after).map((w) => [
        w.kind,
        w.field,
      ]),
    ).toEqual([['afterevent', 'starttime']]);
    expect(
      teamTimeWarnings({ starttime: null, finishtime: early }, none, event, after).map((w) => [
        w.kind,
        w.field,
      ]),
    ).toEqual([['beforeevent', 'finishtime']]);
  });

  it('warns of a late finish that is also in the future twice over, in words of each', () => {
    const finish = event.endtime + H;
    expect(
      teamTimeWarnings({ starttime: S0, finishtime: finish }, none, event, NOW).map((w) => w.kind),
    ).toEqual(['afterevent', 'future']);
  });

  it('names the edited time of a finish before the start', () => {
    const start = S0 + H;
    const finish = S0 + 30 * 60_000;
    // The finish was typed: a finish before the start.
    expect(
      teamTimeWarnings(
        { starttime: start, finishtime: finish },
        { ...none, starttime: start },
        event,
        NOW,
      ),
    ).toEqual([{ kind: 'order', field: 'finishtime', time: finish, other: start }]);
    // The start was typed: a start after the finish.
    expect(
      teamTimeWarnings(
        { starttime: start, finishtime: finish },
        { ...none, finishtime: finish },
        event,
        NOW,
      ),
    ).toEqual([{ kind: 'order', field: 'starttime', time: start, other: finish }]);
    // The same finish as the start is a zero time, not an error of order.
    expect(teamTimeWarnings({ starttime: start, finishtime: start }, none, event, NOW)).toEqual([]);
  });

  it('does not warn again of a time that did not change', () => {
    const late = event.endtime + H;
    const kept = { starttime: S0, finishtime: late };
    expect(teamTimeWarnings(kept, kept, event, late + H)).toEqual([]);
    // Only the edited start is looked at; the finish kept its old oddity.
    expect(
      teamTimeWarnings({ starttime: S0 + 60_000, finishtime: late }, kept, event, late + H),
    ).toEqual([]);
  });

  it('knows no event window without the event times', () => {
    const times = { starttime: S0 - 100 * H, finishtime: S0 - 99 * H };
    expect(teamTimeWarnings(times, none, {}, NOW)).toEqual([]);
    // An event that runs on (no end) has no "after the end".
    expect(teamTimeWarnings(times, none, { starttime: S0 - 200 * H, endtime: null }, NOW)).toEqual(
      [],
    );
  });
});
