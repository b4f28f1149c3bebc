import { describe, expect, it } from 'vitest';
import {
  TEAM_TIME_MAX,
  TEAM_TIME_MIN,
  TeamTime,
  isTeamTimeInWindow,
  teamTimeWindow,
} from './teamTimes.ts';
import { TEAM_TIME_MARGIN_DAYS } from './limits.ts';
import { UpdateTeamBody } from './teams.ts';

const DAY = 86_400_000;
const S0 = Date.UTC(2026, 0, 1, 10);

describe('team times', () => {
  it('are whole epoch ms from 2000 to 2100, with their error key', () => {
    for (const t of [TEAM_TIME_MIN, S0, TEAM_TIME_MAX])
      expect(TeamTime.safeParse(t).success).toBe(true);
    for (const t of [0, -1, 1.5, S0 + 0.5, 1e308, TEAM_TIME_MIN - 1, TEAM_TIME_MAX + 1]) {
      const parsed = TeamTime.safeParse(t);
      expect(parsed.error?.issues, String(t)).toEqual([
        expect.objectContaining({ code: 'custom', params: { key: 'teams.error.timeoutofrange' } }),
      ]);
    }
    expect(UpdateTeamBody.safeParse({ starttime: 0 }).success).toBe(false);
    expect(UpdateTeamBody.safeParse({ starttime: null, finishtime: S0 }).success).toBe(true);
  });

  it('lie within TEAM_TIME_MARGIN_DAYS of the event', () => {
    const event = { starttime: S0, endtime: S0 + 6 * 3_600_000 };
    const margin = TEAM_TIME_MARGIN_DAYS * DAY;
    expect(teamTimeWindow(event)).toEqual({
      from: S0 - margin,
      to: S0 + 6 * 3_600_000 + margin,
    });
    expect(isTeamTimeInWindow(S0 - margin, event)).toBe(true);
    expect(isTeamTimeInWindow(S0 - margin - 1, event)).toBe(false);
    expect(isTeamTimeInWindow(event.endtime + margin + 1, event)).toBe(false);
    // An event without an end runs on; one without a start takes any time.
    expect(teamTimeWindow({ starttime: S0, endtime: null })).toEqual({
      from: S0 - margin,
      to: TEAM_TIME_MAX,
    });
    expect(teamTimeWindow({})).toEqual({ from: TEAM_TIME_MIN, to: TEAM_TIME_MAX });
  });
});
