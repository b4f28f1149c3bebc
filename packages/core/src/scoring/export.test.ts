import { describe, expect, it } from 'vitest';
import { computeResults } from './compute.ts';
import { formatPoints, resultsToCsv } from './exportCsv.ts';
import { escapeXml } from '../xmlText.ts';
import {
  entryListToIof,
  IOF_NO_CLASS_ID,
  personName,
  resultsToIof,
  startListToIof,
} from './exportIof.ts';
import { classNames } from './settings.ts';
import { readCsv } from '../checkpoints/csvText.ts';
import { buildEvent } from './testing.ts';

const H = 3_600_000;
const S0 = 1_767_261_600_000;
const event = buildEvent({
  settings: {
    massstarttimems: S0,
    ajad: { normaalaeg: 120 },
    rakoef: [null, 10],
    sharedrakoef: '1',
    klassid: { men: { name: 'Men & "Boys"' } },
  },
  kp: { k: { nr: 1 } },
  teams: {
    a: { name: 'Alpha, <the> first', klassid: 'men', finishtime: S0 + H + 1500 },
    b: { name: 'Beta', klassid: 'men', finishtime: S0 + 3 * H },
    c: { name: 'Gamma', klassid: 'men', dsq: true, finishtime: S0 + H },
    d: { name: 'Delta', katk: true },
    e: { name: 'Eps' },
  },
  kpanswers: { a: { k: { ok: true } }, b: { k: { ok: true } }, e: { k: { ok: true } } },
});
const results = computeResults(event);

/** The CSV's rows as header → cell maps. */
function readBack(text: string): Record<string, string>[] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [head, ...rows] = readCsv(text.slice(1), ';').filter((r) => r.cells.join('') !== '');
  return rows.map((r) => Object.fromEntries(head!.cells.map((h, i) => [h, r.cells[i]!])));
}

describe('CSV writer', () => {
  it('writes one row per record with the class, status, ISO times and points at two decimals', () => {
    const rows = readBack(
      resultsToCsv(results, { classNames: classNames(event), offsetMinutes: () => 120 }),
    );
    expect(rows.map((r) => [r.class, r.name, r.place, r.status])).toEqual([
      ['Men & "Boys"', 'Alpha, <the> first', '1', 'finished'],
      ['Men & "Boys"', 'Beta', '2', 'finished'],
      ['Men & "Boys"', 'Gamma', '', 'dsq'],
      ['', 'Eps', '1', 'running'],
      ['', 'Delta', '', 'katk'],
    ]);
    expect(rows[0]).toMatchObject({
      placelabel: 'I',
      kpsum: '3.33',
      starttime: '2026-01-01T12:00:00+02:00',
      finishtime: '2026-01-01T13:00:01+02:00',
      spenttime: '1:00:01',
      rasums: '1×1',
      overtime: '',
      wrongcount: '0',
      dst: '',
    });
    expect(rows[1]!.overtime).toBe('yes');
    expect(Object.keys(rows[0]!)).not.toContain('route');
  });

  it('follows the display settings and writes headers and values in the given language', () => {
    const text = resultsToCsv(results, {
      label: (key) => `«${key}»`,
      display: { hidewrongmarks: true, distanceinresult: false, pointssuffix: 'p' },
    });
    const header = readCsv(text.slice(1), ';')[0]!.cells;
    expect(header).toContain('«col.sum» (p)');
    expect(header).not.toContain('«col.wrongcount»');
    expect(header).not.toContain('«col.dst»');
    expect(readBack(text)[0]!['«col.status»']).toBe('«status.finished»');
  });

  it('keeps negative points numbers and guards a hostile team name', () => {
    const hostile = computeResults(
      buildEvent({
        settings: { wrongpenaltyenabled: true, rakoef: [null, 10] },
        kp: { k: { nr: 1 } },
        kpanswer: { k: 'a' },
        teams: { h: { name: '=cmd|calc', starttime: S0 } },
        kpanswers: { h: { k: { answer: 'b' } } },
      }),
    );
    const text = resultsToCsv(hostile);
    expect(text).toContain(";'=cmd|calc;");
    expect(readBack(text)[0]).toMatchObject({ sum: '-10', kppenalty: '10', wrongcount: '1' });
  });

  it('writes the route of roadbook results, wrong marks unless hidden', () => {
    const roadbook = computeResults(
      buildEvent({
        settings: { resulttype: 'roadbook', massstarttimems: S0 },
        kp: { k1: { nr: 1 }, k2: { nr: 2 } },
        kpanswer: { k2: 'a' },
        teams: { r: { name: 'R' } },
        kpanswers: {
          r: { k2: { answer: 'b', aeg: S0 + 60_000 }, k1: { ok: true, aeg: S0 + 5_000 } },
        },
      }),
    );
    expect(roadbook[0]!.route).toEqual([
      { kp: '1', aeg: S0 + 5_000, state: 'ok' },
      { kp: '2', aeg: S0 + 60_000, state: 'wrong' },
    ]);
    expect(readBack(resultsToCsv(roadbook))[0]!.route).toBe('1 10:00:05, 2 ✗ 10:01:00');
    // One visit alone reads like a day and a time: guarded (a spreadsheet shows the `'`).
    expect(readBack(resultsToCsv(roadbook, { display: { hidewrongmarks: true } }))[0]!.route).toBe(
      "'1 10:00:05",
    );
  });

  it('rounds points to two decimals without negative zero', () => {
    expect([
      formatPoints(10 / 3),
      formatPoints(-0.001),
      formatPoints(2.005),
      formatPoints(7),
    ]).toEqual(['3.33', '0', '2.01', '7']);
  });
});

describe('IOF XML 3.0 writer', () => {
  const options = {
    eventName: 'Spring <rogaine>',
    classNames: classNames(event),
    createTime: '2026-01-01T10:00:00Z',
    offsetMinutes: () => 120,
  };
  const xml = resultsToIof(results, options);
  const block = (text: string, id: string, end = '</PersonResult>') => {
    const start = text.indexOf(`<EntryId>${id}</EntryId>`);
    return text.slice(start, text.indexOf(end, start));
  };

  it('writes a Snapshot ResultList while a team runs, every Class with a numeric Id', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<ResultList xmlns="http://www.orienteering.org/datastandard/3.0" xmlns:rada="urn:rada:iof:1" iofVersion="3.0" status="Snapshot"',
      ),
    ).toBe(true);
    expect(xml).toContain('createTime="2026-01-01T10:00:00Z"');
    expect(xml).toContain('<Event><Name>Spring &lt;rogaine&gt;</Name></Event>');
    expect(xml).toContain(
      '<Class><Id>1</Id><Name>Men &amp; &quot;Boys&quot;</Name><Extensions><rada:Key>men</rada:Key></Extensions></Class>',
    );
    expect(xml).toContain(`<Class><Id>${IOF_NO_CLASS_ID}</Id><Name>No class</Name></Class>`);
    expect(xml.match(/<ClassResult>/g)).toHaveLength(2);
    expect(xml.match(/<PersonResult>/g)).toHaveLength(5);
    const done = computeResults({ ...event, teams: { a: event.teams.a! } });
    expect(resultsToIof(done, options)).toContain('status="Complete"');
    // A team whose start is after the list's time is still to come: a Snapshot.
    const later = { name: 'Later', starttime: Date.parse(options.createTime) + H };
    const own = { ...event, settings: { ...event.settings, massstarttimems: null } };
    const a = { ...event.teams.a!, starttime: S0 };
    const at = (teams: typeof event.teams) =>
      computeResults({ ...own, teams }, Date.parse(options.createTime));
    expect(resultsToIof(at({ a }), options)).toContain('status="Complete"');
    const waiting = at({ a, z: later });
    expect(waiting.find((r) => r.teamId === 'z')!.status).toBe('notstarted');
    expect(resultsToIof(waiting, options)).toContain('status="Snapshot"');
  });

  it('gives times with their offset, whole seconds, Position only with Status OK, two Scores', () => {
    expect(block(xml, 'a')).toContain('<Family>first</Family><Given>Alpha, &lt;the&gt;</Given>');
    expect(block(xml, 'a')).toMatch(
      /<StartTime>2026-01-01T12:00:00\+02:00<\/StartTime>\s*<FinishTime>2026-01-01T13:00:01\+02:00<\/FinishTime>\s*<Time>3601<\/Time>\s*<Position>1<\/Position>\s*<Status>OK<\/Status>\s*<Score type="Score">3.33<\/Score>\s*<Score type="Penalty">0<\/Score>/,
    );
    expect(block(xml, 'a')).toContain('<rada:OkCount>1</rada:OkCount>');
    expect(block(xml, 'a')).toContain('<rada:OverallPosition>1</rada:OverallPosition>');
    expect(block(xml, 'a')).toContain('<rada:WrongCount>0</rada:WrongCount>');
    expect(block(xml, 'a')).not.toContain('OverallResult');
    const hidden = resultsToIof(results, { ...options, display: { hidewrongmarks: true } });
    expect(block(hidden, 'a')).not.toContain('WrongCount');
    expect(block(xml, 'b')).toContain('<Status>OverTime</Status>');
    expect(block(xml, 'b')).not.toContain('<Position>');
    expect(block(xml, 'c')).toContain('<Status>Disqualified</Status>');
    expect(block(xml, 'c')).not.toContain('<Position>');
    expect(block(xml, 'd')).toContain('<Status>DidNotFinish</Status>');
    // A running team: no importer may take it for finished (SportOrg reads Active as OK).
    expect(block(xml, 'e')).toMatch(
      /<StartTime>[^<]+<\/StartTime>\s*<Status>DidNotFinish<\/Status>/,
    );
    expect(block(xml, 'e')).toContain('<rada:Status>running</rada:Status>');
  });

  it('writes teams as TeamResults with a TeamMemberResult per known member', () => {
    const team = resultsToIof(results, {
      ...options,
      teamForm: 'team',
      members: new Map([['a', [personName('Mari Maasikas'), personName('Jüri')]]]),
    });
    const a = block(team, 'a', '</TeamResult>');
    expect(a).toContain('<Name>Alpha, &lt;the&gt; first</Name>');
    expect(a.match(/<TeamMemberResult>/g)).toHaveLength(2);
    expect(a).toContain(
      '<Person><Name><Family>Maasikas</Family><Given>Mari</Given></Name></Person>',
    );
    expect(a).toContain('<Position type="Leg">1</Position>');
    expect(a).toMatch(
      /<OverallResult><Time>3601<\/Time><Position>1<\/Position><Status>OK<\/Status><\/OverallResult>/,
    );
    expect(block(team, 'b', '</TeamResult>').match(/<TeamMemberResult>/g)).toHaveLength(1);
  });

  it('writes start and entry lists', () => {
    const entries = [
      {
        teamId: 't1',
        name: 'Üks & co',
        nr: '7',
        klassid: 'men',
        starttime: S0,
        entryTime: S0 - H,
        members: [personName('Mari Maasikas')],
      },
      { teamId: 't2', name: 'Kaks', nr: null, klassid: null, starttime: null },
    ];
    const start = startListToIof(entries, options);
    expect(start).toContain(
      '<BibNumber>7</BibNumber><StartTime>2026-01-01T12:00:00+02:00</StartTime>',
    );
    expect(start.match(/<ClassStart>/g)).toHaveLength(2);
    const entry = entryListToIof(entries, options);
    expect(entry).toContain(
      '<TeamEntry><Id>t1</Id><Name>Üks &amp; co</Name><Organisation><Id>t1</Id><Name>Üks &amp; co</Name></Organisation><TeamEntryPerson>',
    );
    expect(entry).toContain('<EntryTime>2026-01-01T11:00:00+02:00</EntryTime>');
  });

  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml(`a<b>&"c'\u0001\uFFFE\uD800`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });
});
