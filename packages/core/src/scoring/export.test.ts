import { describe, expect, it } from 'vitest';
import { computeResults } from './compute.ts';
import { formatPoints, resultsToCsv } from './exportCsv.ts';
import { escapeXml, resultsToIof } from './exportIof.ts';
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
  const xml = resultsToIof(results, {
    eventName: 'Spring <rogaine>',
    classNames: classNames(event),
    createTime: '2026-01-01T10:00:00Z',
  });

  it('writes a ResultList with escaped event and class names', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<ResultList xmlns="http://www.orienteering.org/datastandard/3.0" iofVersion="3.0" status="Complete"',
      ),
    ).toBe(true);
    expect(xml).toContain('createTime="2026-01-01T10:00:00Z"');
    expect(xml).toContain('<Event><Name>Spring &lt;rogaine&gt;</Name></Event>');
    expect(xml).toContain('<Class><Id>men</Id><Name>Men &amp; &quot;Boys&quot;</Name></Class>');
    expect(xml.match(/<ClassResult>/g)).toHaveLength(2);
    expect(xml.match(/<PersonResult>/g)).toHaveLength(5);
  });

  it('gives position, time, status and scores per team', () => {
    const block = (id: string) => {
      const start = xml.indexOf(`<EntryId>${id}</EntryId>`);
      return xml.slice(start, xml.indexOf('</PersonResult>', start));
    };
    expect(block('a')).toContain('<Family>Alpha, &lt;the&gt; first</Family>');
    expect(block('a')).toMatch(
      /<Time>3601.5<\/Time>\s*<Position>1<\/Position>\s*<Status>OK<\/Status>\s*<Score>3.33<\/Score>/,
    );
    expect(block('a')).toContain('<Score type="kpsum">3.33</Score>');
    expect(block('b')).toContain('<Status>OverTime</Status>');
    expect(block('c')).toContain('<Status>Disqualified</Status>');
    expect(block('c')).not.toContain('<Position>');
    expect(block('d')).toContain('<Status>DidNotFinish</Status>');
    expect(block('e')).toMatch(/<Position>1<\/Position>\s*<Status>Active<\/Status>/);
    expect(block('e')).toMatch(/<OverallResult>\s*<Position>2<\/Position>/);
  });

  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml(`a<b>&"c'\u0001`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });
});
