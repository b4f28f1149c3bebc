import { computeResults, cupStandings, personName } from '@rada/core';
import type { CupRow, IofEntry, IofOptions, ScoringEvent, TeamResult } from '@rada/core';

/**
 * A hostile event for the IOF interop tests (sportorg.test.ts, schemas.test.ts): one-word,
 * empty and XML-special names, a `12B` bib, a team without a class, teams in every state, a
 * mass start, teams without members. Results are computed a minute before the mass start, so the
 * team without answers has not started and the one with answers runs.
 */
export const H = 3_600_000;
/** 2026-01-01T10:00:00Z: 12:00 at the files' +02:00. */
export const S0 = 1_767_261_600_000;
export const XML_SPECIALS = 'Kõva & <Ülo> "A\'s"';

export const hostileEvent: ScoringEvent = {
  event: { starttime: S0 },
  settings: {
    ajad: { normaalaeg: 180 },
    massstarttimems: S0,
    klassid: { men: { name: `Mehed ${XML_SPECIALS}` }, 'w&1': { name: 'Naised' } },
  },
  kp: { k1: { nr: 1 }, k2: { nr: 2 } },
  kpdata: {},
  kpanswer: {},
  teams: {
    ok: { name: XML_SPECIALS, nr: 7, klassid: 'men', finishtime: S0 + H },
    bib: { name: 'Kiired', nr: '12B', klassid: 'men', finishtime: S0 + 2 * H },
    dsq: { name: 'Diskval Tiim', nr: '8', klassid: 'men', finishtime: S0 + H, dsq: true },
    gone: { name: 'Katkestas', nr: '9', klassid: 'w&1', katk: true },
    run: { name: 'Jookseb  veel', klassid: 'w&1' },
    idle: { name: '', klassid: 'w&1' },
    loose: { name: 'Klassita ☃ 𝄞', nr: '11' },
    ctrl: { name: '\u0001\u0008', klassid: 'men' },
  },
  kpanswers: {
    ok: { k1: { ok: true } },
    run: { k2: { ok: true } },
    loose: { k1: { ok: true } },
  },
  spdtickets: {},
  trackstat: {},
};

/** The results a minute before the mass start. */
export const hostileResults: TeamResult[] = computeResults(hostileEvent, S0 - 60_000);

export const hostileClassNames = new Map([
  ['men', `Mehed ${XML_SPECIALS}`],
  ['w&1', 'Naised'],
]);

/** Known members: two for `ok` (one with a one-word name), none for the others. */
export const hostileMembers = new Map([['ok', [personName('Mari Maasikas'), personName('Jüri')]]]);

export const hostileOptions: IofOptions = {
  eventName: `Rogain ${XML_SPECIALS}`,
  classNames: hostileClassNames,
  createTime: '2026-01-01T09:59:00Z',
  offsetMinutes: () => 120,
  massStart: S0,
  eventStart: S0,
};

/** The teams as start and entry list entries: own starts only (none: the mass start counts). */
export const hostileEntries: IofEntry[] = hostileResults.map((r) => ({
  teamId: r.teamId,
  name: r.name,
  nr: r.nr,
  klassid: r.klassid,
  starttime: null,
  entryTime: S0 - 24 * H,
  members: hostileMembers.get(r.teamId) ?? [],
}));

/** Cup standings of two stages with a one-word, an XML-special and a classless team. */
export function hostileCup(): { rows: CupRow[]; events: { id: string; name: string }[] } {
  const stages = [
    { id: 'a', starttime: S0 },
    { id: 'b&2', starttime: S0 + 24 * H },
  ].map((e, i) => ({
    ...e,
    teams: [
      {
        teamId: 't1',
        owner: null,
        className: 'Mehed',
        name: 'Kiired',
        status: 'finished' as const,
        place: 1 + i,
      },
      {
        teamId: 't2',
        owner: null,
        className: 'Mehed',
        name: XML_SPECIALS,
        status: 'finished' as const,
        place: 2 - i,
      },
      {
        teamId: 't3',
        owner: null,
        className: '',
        name: 'Üksi Ka',
        status: 'dsq' as const,
        place: null,
      },
    ],
  }));
  const rows = cupStandings(
    { points: [10, 8], growingpoints: false, atleast1: false, missvalue: 0, countingevents: null },
    stages,
    [],
    [],
  );
  return { rows, events: stages.map((e) => ({ id: e.id, name: `Stage ${e.id}` })) };
}
