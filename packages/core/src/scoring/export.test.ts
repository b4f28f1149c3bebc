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

describe('CSV writer', () => {
  it('writes a header and one row per record, quoting where needed, points at two decimals', () => {
    const lines = resultsToCsv(results, classNames(event)).trimEnd().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]!.startsWith('class,place,placelabel,overallplace,teamId,name,')).toBe(true);
    expect(lines[1]).toContain(
      '"Men & ""Boys""",1,I,1,a,"Alpha, <the> first",false,false,1,0,1:1,3.33,',
    );
    expect(lines[1]).toContain(',1:00:01,false');
    expect(lines[3]).toMatch(/^"Men & ""Boys""",,,,c,Gamma,true,/);
    expect(lines.map((l) => l.split(',')[0])).toEqual([
      'class',
      '"Men & ""Boys"""',
      '"Men & ""Boys"""',
      '"Men & ""Boys"""',
      '',
      '',
    ]);
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

  it('writes a Snapshot ResultList while a team runs, every Class with an Id', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<ResultList xmlns="http://www.orienteering.org/datastandard/3.0" xmlns:rada="urn:rada:iof:1" iofVersion="3.0" status="Snapshot"',
      ),
    ).toBe(true);
    expect(xml).toContain('createTime="2026-01-01T10:00:00Z"');
    expect(xml).toContain('<Event><Name>Spring &lt;rogaine&gt;</Name></Event>');
    expect(xml).toContain('<Class><Id>men</Id><Name>Men &amp; &quot;Boys&quot;</Name></Class>');
    expect(xml).toContain(`<Class><Id>${IOF_NO_CLASS_ID}</Id><Name></Name></Class>`);
    expect(xml.match(/<ClassResult>/g)).toHaveLength(2);
    expect(xml.match(/<PersonResult>/g)).toHaveLength(5);
    const done = computeResults({ ...event, teams: { a: event.teams.a! } });
    expect(resultsToIof(done, options)).toContain('status="Complete"');
  });

  it('gives times with their offset, whole seconds, Position only with Status OK, two Scores', () => {
    expect(block(xml, 'a')).toContain('<Family>Alpha, &lt;the&gt; first</Family>');
    expect(block(xml, 'a')).toMatch(
      /<StartTime>2026-01-01T12:00:00\+02:00<\/StartTime>\s*<FinishTime>2026-01-01T13:00:01\+02:00<\/FinishTime>\s*<Time>3601<\/Time>\s*<Position>1<\/Position>\s*<Status>OK<\/Status>\s*<Score type="Score">3.33<\/Score>\s*<Score type="Penalty">0<\/Score>/,
    );
    expect(block(xml, 'a')).toContain('<rada:OkCount>1</rada:OkCount>');
    expect(block(xml, 'a')).toContain('<rada:OverallPosition>1</rada:OverallPosition>');
    expect(block(xml, 'a')).not.toContain('OverallResult');
    expect(block(xml, 'b')).toContain('<Status>OverTime</Status>');
    expect(block(xml, 'b')).not.toContain('<Position>');
    expect(block(xml, 'c')).toContain('<Status>Disqualified</Status>');
    expect(block(xml, 'c')).not.toContain('<Position>');
    expect(block(xml, 'd')).toContain('<Status>DidNotFinish</Status>');
    expect(block(xml, 'e')).toMatch(/<StartTime>[^<]+<\/StartTime>\s*<Status>Active<\/Status>/);
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
    expect(entry).toContain('<TeamEntry><Id>t1</Id><Name>Üks &amp; co</Name><TeamEntryPerson>');
    expect(entry).toContain('<EntryTime>2026-01-01T11:00:00+02:00</EntryTime>');
  });

  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml(`a<b>&"c'\u0001\uFFFE\uD800`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });
});
