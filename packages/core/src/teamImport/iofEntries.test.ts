// Files in the shapes each writer gives them (docs/team-import.md), read as text.
import { describe, expect, it } from 'vitest';
import eventor from './fixtures/eventor-entrylist.xml?raw';
import iof2Results from './fixtures/iof2-resultlist.xml?raw';
import meos from './fixtures/meos-startlist.xml?raw';
import quickevent from './fixtures/quickevent-startlist.xml?raw';
import sportorgEntries from './fixtures/sportorg-entrylist.xml?raw';
import sportorgStarts from './fixtures/sportorg-startlist.xml?raw';
import { iofTime, parseIofTeamFile, parseIofTeams } from './iofEntries.ts';
import { acceptedTeamInputs, TeamImportInput } from './types.ts';

declare const TextEncoder: new () => { encode(input: string): Uint8Array };

const inputs = (text: string) => {
  const preview = parseIofTeams(text, { timeZone: 'Europe/Tallinn' });
  expect(preview.fileError).toBeNull();
  const accepted = acceptedTeamInputs(preview);
  expect(accepted).not.toBeNull();
  for (const input of accepted!) expect(TeamImportInput.safeParse(input).success).toBe(true);
  return accepted!;
};

describe('parseIofTeams', () => {
  it('reads an Eventor EntryList: team and person entries, club, contact, entry time', () => {
    const preview = parseIofTeams(eventor);
    expect(preview.list).toBe('EntryList');
    expect(preview.creator).toBe('Eventor');
    expect(preview.rows.map((r) => r.line)).toEqual([8, 27, 49]);
    expect(inputs(eventor)).toEqual([
      {
        name: 'Metsavennad',
        className: 'Team 6h',
        members: ['Liis Saar', 'Toomas Mägi'],
        club: 'OK Ilves',
        email: 'liis@example.org',
        phone: '+372 5555 0303',
        entryTime: Date.parse('2024-04-22T06:30:00Z'),
      },
      {
        name: 'Mari Tamm',
        className: 'W21',
        members: ['Mari Tamm'],
        club: 'Tartu Orienteerumisklubi',
        email: 'mari.tamm@example.org',
        phone: '+372 5555 0101',
        entryTime: Date.parse('2024-04-20T08:15:00Z'),
      },
      {
        name: 'Jaan Peeter Kask',
        className: 'M 21',
        members: ['Jaan Peeter Kask'],
        club: 'Harju OK',
        entryTime: Date.parse('2024-04-21T08:00:00Z'),
      },
    ]);
  });

  it("reads SportOrg's EntryList: its '_' for no given name and empty organisations dropped", () => {
    expect(inputs(sportorgEntries)).toEqual([
      { name: 'Pavel Ivanov', className: 'MW open', members: ['Pavel Ivanov'], club: 'Narva OK' },
      { name: 'Lepik', className: 'MW open', members: ['Lepik'] },
      { name: 'Ülle Õunapuu', className: 'W 40', members: ['Ülle Õunapuu'], club: 'Narva OK' },
    ]);
  });

  it("reads SportOrg's StartList: the class from ClassStart, local times in the event's zone, bibs", () => {
    const rows = inputs(sportorgStarts);
    expect(rows.map((r) => [r.name, r.nr, r.className, r.starttime])).toEqual([
      ['Pavel Ivanov', '101', 'MW open', Date.parse('2024-05-18T07:01:00Z')],
      ['Lepik', undefined, 'MW open', Date.parse('2024-05-18T07:02:00Z')],
      ['Ülle Õunapuu', '103', 'W 40', Date.parse('2024-05-18T07:03:00Z')],
    ]);
    // Another zone moves the wall clock.
    const utc = parseIofTeams(sportorgStarts, { timeZone: 'UTC' });
    expect(utc.rows[0]!.input!.starttime).toBe(Date.parse('2024-05-18T10:01:00Z'));
  });

  it("reads MeOS's StartList: a person start and a team start with its members", () => {
    expect(inputs(meos)).toEqual([
      {
        name: 'Kalle Rebane',
        nr: '7',
        className: 'Open',
        starttime: Date.parse('2024-05-18T07:05:00Z'),
        members: ['Kalle Rebane'],
        club: 'Rakvere OK',
      },
      {
        name: 'Kolm Karu',
        nr: '21',
        className: 'Teams',
        starttime: Date.parse('2024-05-18T07:10:00Z'),
        members: ['Anne Karu', 'Mati Karu'],
        club: 'Viljandi OK',
      },
    ]);
  });

  it("reads QuickEvent's StartList (Organisation after Start)", () => {
    expect(inputs(quickevent)).toEqual([
      {
        name: 'Jan Novák',
        nr: '312',
        className: 'H21',
        starttime: Date.parse('2024-05-18T07:12:00Z'),
        members: ['Jan Novák'],
        club: 'Tesla Brno',
      },
    ]);
  });

  it('refuses other lists (of either version), other XML and non-XML with file errors', () => {
    expect(parseIofTeams(iof2Results).fileError).toEqual({
      key: 'teamimport.err.notentrylist',
      value: 'ResultList',
    });
    expect(parseIofTeams('<ResultList iofVersion="3.0"/>').fileError).toEqual({
      key: 'teamimport.err.notentrylist',
      value: 'ResultList',
    });
    expect(parseIofTeams('name;nr\nA;1').fileError).toEqual({ key: 'teamimport.err.notxml' });
    expect(parseIofTeams('<EntryList>\n<!-- unclosed').fileError).toEqual({
      key: 'teamimport.err.badxml',
      line: 2,
    });
    expect(parseIofTeams('<EntryList iofVersion="3.0"><Event/></EntryList>').fileError).toEqual({
      key: 'teamimport.err.noteams',
    });
    const bin = parseIofTeamFile(new Uint8Array([0x3c, 0x00, 0x01, 0xff]));
    expect(bin.fileError).toEqual({ key: 'bad fail.....' });
  });

  it('gives row errors: no name, too long, bad time; no namespace and odd case of spacing are fine', () => {
    const text = `<EntryList>
  <TeamEntry><Name>  </Name></TeamEntry>
  <TeamEntry><Name>${'x'.repeat(201)}</Name></TeamEntry>
  <PersonEntry><Person><Name><Given>A</Given><Family>B</Family></Name></Person><EntryTime>yesterday</EntryTime></PersonEntry>
  <PersonEntry><Person><Name><Given> Anna
     Maria </Given><Family>Kuusk</Family></Name></Person><Class><ShortName> M35 </ShortName></Class></PersonEntry>
</EntryList>`;
    const preview = parseIofTeams(text);
    expect(preview.rows.map((r) => r.errors)).toEqual([
      [{ key: 'teamimport.err.noname' }],
      [{ key: 'teamimport.err.toolong', field: 'name', max: 200 }],
      [{ key: 'teamimport.err.badtime', field: 'EntryTime', value: 'yesterday' }],
      [],
    ]);
    expect(preview.rows[3]!.input).toEqual({
      name: 'Anna Maria Kuusk',
      className: 'M35',
      members: ['Anna Maria Kuusk'],
    });
    expect(acceptedTeamInputs(preview)).toBeNull();
  });

  it('reads a file in ISO-8859-1', () => {
    const latin1 = Uint8Array.from(
      [...'<EntryList><TeamEntry><Name>Jõgeva Äss</Name></TeamEntry></EntryList>'].map((c) =>
        c.charCodeAt(0),
      ),
    );
    expect(parseIofTeamFile(latin1).rows[0]!.input!.name).toBe('Jõgeva Äss');
    const utf8 = new TextEncoder().encode(
      '\uFEFF<EntryList><TeamEntry><Name>Ö</Name></TeamEntry></EntryList>',
    );
    expect(parseIofTeamFile(utf8).rows[0]!.input!.name).toBe('Ö');
  });
});

describe('iofTime', () => {
  it('reads offsets, Z, fractions and wall clocks in a zone; refuses nonsense', () => {
    expect(iofTime('2024-05-18T10:00:00+03:00', 'UTC')).toBe(Date.parse('2024-05-18T07:00:00Z'));
    expect(iofTime('2024-05-18T10:00:00-0130', 'UTC')).toBe(Date.parse('2024-05-18T11:30:00Z'));
    expect(iofTime('2024-05-18T10:00:00.250Z', 'UTC')).toBe(Date.parse('2024-05-18T10:00:00.250Z'));
    expect(iofTime('2024-01-18T10:00', 'Europe/Tallinn')).toBe(Date.parse('2024-01-18T08:00:00Z'));
    for (const bad of ['', '10:00:00', '2024-02-30T10:00:00Z', '2024-13-01T00:00:00Z', 'x'])
      expect(iofTime(bad, 'UTC')).toBeNull();
  });
});
