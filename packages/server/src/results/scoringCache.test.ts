import { describe, expect, it } from 'vitest';
import { computeResults } from '@rada/core';
import type { ScoringEvent, TeamResult } from '@rada/core';
import { resultsJson, teamScoringData } from './scoringCache.ts';

const event: ScoringEvent = {
  event: { starttime: 0 },
  settings: { firstkpvisitbonus: true, resulttype: 'roadbook' },
  kp: { k1: { nr: 1, ra: 2 }, k2: { nr: 2 } },
  kpdata: {},
  kpanswer: { k1: 'r1' },
  teams: { a: { name: 'A', finishtime: 3_600_000 }, b: { name: 'B' }, c: { name: 'C' } },
  kpanswers: { a: { k1: { answer: 'r1', aeg: 5 } }, b: { k2: { ok: true, aeg: 9 } } },
  spdtickets: {},
  trackstat: {},
};

describe('resultsJson', () => {
  it('is JSON.stringify of the results, reusing the texts of unchanged records', () => {
    const first = computeResults(event, 10);
    const a = resultsJson(first, undefined);
    expect(a.json).toBe(JSON.stringify(first));
    // Equal records made again: every text is reused.
    const again = computeResults(event, 10);
    const b = resultsJson(again, a.pieces);
    expect(b.json).toBe(JSON.stringify(again));
    for (const r of again) expect(b.pieces.get(r.teamId)).toBe(a.pieces.get(r.teamId));
    // A changed field, a route, a new key and a number JSON writes as null are serialised anew.
    const changed: TeamResult[] = again.map((r) => ({ ...r }));
    changed[0]!.sum += 1;
    changed[1]!.route = [...(changed[1]!.route ?? []), { kpId: 'k9' } as never];
    changed[2]!.kpsum = NaN;
    const c = resultsJson(changed, b.pieces);
    expect(c.json).toBe(JSON.stringify(changed));
    const extra = changed.map((r) => ({ ...r, note: 1 }));
    expect(resultsJson(extra, c.pieces).json).toBe(JSON.stringify(extra));
  });
});

describe('teamScoringData', () => {
  it("reads a team's data as the event file does, and a team without a row as gone", () => {
    const data = teamScoringData(['a', 'gone'], {
      teams: [
        {
          event_id: 'e',
          id: 'a',
          name: 'A',
          nr: null,
          list: '{"name":"A","dsq":true}',
          data: 'null',
          trackstat: '{"dst":1200}',
        },
      ],
      answers: [
        { event_id: 'e', team_id: 'a', kp_id: 'k1', answer: 'r1', ok: null, aeg: 5, extra: '{}' },
      ],
      speedTickets: [{ event_id: 'e', team_id: 'a', id: 's1', ticket: '{"v":3}' } as never],
    });
    expect(data.get('a')).toEqual({
      team: { name: 'A', dsq: true },
      trackstat: { dst: 1200 },
      answers: { k1: { answer: 'r1', aeg: 5 } },
      spdtickets: { s1: { v: 3 } },
    });
    expect(data.get('gone')).toEqual({});
  });
});
