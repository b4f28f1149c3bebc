// IOF XML 2.0.3 entry and start lists in the shapes OE2010 and MeOS write them, and the odd but
// legal shapes of the 2.0.3 DTD (docs/team-import.md), read into the rows 3.0 files give.
import { describe, expect, it } from 'vitest';
import iof2Entries from './fixtures/iof2-entrylist.xml?raw';
import meos2 from './fixtures/meos-iof2-startlist.xml?raw';
import meos3 from './fixtures/meos-startlist.xml?raw';
import oeEntries from './fixtures/oe2010-entrylist.xml?raw';
import oeStarts from './fixtures/oe2010-startlist.xml?raw';
import { parseIofTeamFile, parseIofTeams, type IofTeamOptions } from './iofEntries.ts';
import { planTeamImport } from './plan.ts';
import { acceptedTeamInputs, TeamImportInput } from './types.ts';

const TALLINN = { timeZone: 'Europe/Tallinn' };

const inputs = (text: string, options: IofTeamOptions = TALLINN) => {
  const preview = parseIofTeams(text, options);
  expect(preview.fileError).toBeNull();
  const accepted = acceptedTeamInputs(preview);
  expect(accepted).not.toBeNull();
  for (const input of accepted!) expect(TeamImportInput.safeParse(input).success).toBe(true);
  return accepted!;
};

/** A one-entry 2.0.3 StartList around `body` (PersonStarts of class Open). */
const startList = (body: string, event = '') =>
  `<StartList><IOFVersion version="2.0.3"/>${event}<ClassStart><ClassShortName>Open</ClassShortName>${body}</ClassStart></StartList>`;
const personStart = (start: string, person = '<Family>Rebane</Family><Given>Kalle</Given>') =>
  `<PersonStart><Person><PersonName>${person}</PersonName></Person><Start>${start}</Start></PersonStart>`;

describe('parseIofTeams, IOF XML 2.0.3', () => {
  it("reads OE2010's EntryList: clubs from ClubEntry, Given parts in sequence, Tele, EntryDate, a relay in leg order", () => {
    const preview = parseIofTeams(oeEntries, TALLINN);
    expect(preview.list).toBe('EntryList');
    expect(preview.creator).toBeNull();
    expect(preview.rows.map((r) => r.line)).toEqual([12, 37, 60]);
    expect(inputs(oeEntries)).toEqual([
      {
        name: 'Mari Tamm',
        className: 'D21',
        members: ['Mari Tamm'],
        club: 'Tartu Orienteerumisklubi',
        email: 'mari.tamm@example.org',
        phone: '+372 5555 0101',
        entryTime: Date.parse('2024-04-20T08:15:00Z'),
      },
      {
        name: 'Jaan Peeter Kask',
        className: 'H 21',
        members: ['Jaan Peeter Kask'],
        club: 'Tartu Orienteerumisklubi',
        // A Date without a Clock: that day's midnight in the event's zone.
        entryTime: Date.parse('2024-04-20T21:00:00Z'),
      },
      {
        name: 'Metsavennad',
        className: 'Team 6h',
        members: ['Liis Saar', 'Toomas Mägi'],
        club: 'Ilves',
        phone: '+372 5555 0303',
      },
    ]);
  });

  it('reads the same file as OE2010 writes it, in ISO-8859-1', () => {
    const latin1 = oeEntries.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    expect([...latin1].every((c) => c.charCodeAt(0) < 256)).toBe(true);
    const preview = parseIofTeamFile(
      Uint8Array.from([...latin1].map((c) => c.charCodeAt(0))),
      TALLINN,
    );
    expect(acceptedTeamInputs(preview)).toEqual(inputs(oeEntries));
  });

  it("reads OE2010's StartList: Date and Clock, StartNumber, ClassShortName over ClassId, no Given, ClubId alone", () => {
    const preview = parseIofTeams(oeStarts, TALLINN);
    expect(preview.list).toBe('StartList');
    expect(preview.rows.map((r) => r.line)).toEqual([16, 41, 61]);
    expect(inputs(oeStarts)).toEqual([
      {
        name: 'Pavel Ivanov',
        nr: '101',
        className: 'H21',
        starttime: Date.parse('2024-05-18T07:01:00Z'),
        members: ['Pavel Ivanov'],
        club: 'Narva OK',
      },
      {
        name: 'Lepik',
        nr: '102',
        className: 'H21',
        starttime: Date.parse('2024-05-18T07:02:00Z'),
        members: ['Lepik'],
      },
      {
        name: 'Ülle Õunapuu',
        nr: '103',
        className: 'D 40',
        starttime: Date.parse('2024-05-18T07:03:00Z'),
        members: ['Ülle Õunapuu'],
      },
    ]);
  });

  it("reads MeOS's 2.0.3 StartList (Clock only, the Event's StartDate) into the rows of its 3.0 one", () => {
    const rows = inputs(meos2);
    expect(rows).toEqual(inputs(meos3));
    // The team's number is its members' StartNumber, not a leg's BibNumber (21-1).
    expect(rows.map((r) => r.nr)).toEqual(['7', '21']);
    expect(rows[1]!.club).toBe('Viljandi OK');
  });

  it('reads the short 2.0.3 EntryList (ClubEntry with only a ShortName)', () => {
    expect(inputs(iof2Entries)).toEqual([
      { name: 'Mari Tamm', className: 'W21', members: ['Mari Tamm'], club: 'TOK' },
    ]);
  });

  it('places a Clock without a Date: StartTime Date, else the Event StartDate, else eventDate, else a row error', () => {
    const clockOnly = personStart('<StartTime><Clock>10:05:00</Clock></StartTime>');
    const dated = personStart(
      '<StartTime><Date>2024-05-19</Date><Clock>9:05:00</Clock></StartTime>',
      '<Family>Tamm</Family><Given>Mari</Given>',
    );
    const event = '<Event><StartDate><Date>2024-05-18</Date></StartDate></Event>';
    const eventDate = { year: 2024, month: 6, day: 1 };
    const starts = (text: string, options: IofTeamOptions) =>
      inputs(text, { ...TALLINN, ...options }).map((r) => r.starttime);
    expect(starts(startList(clockOnly + dated, event), { eventDate })).toEqual([
      Date.parse('2024-05-18T07:05:00Z'),
      Date.parse('2024-05-19T06:05:00Z'),
    ]);
    expect(starts(startList(clockOnly), { eventDate })).toEqual([
      Date.parse('2024-06-01T07:05:00Z'),
    ]);
    expect(starts(startList(clockOnly), { eventDate, timeZone: 'UTC' })).toEqual([
      Date.parse('2024-06-01T10:05:00Z'),
    ]);
    const undated = parseIofTeams(startList(clockOnly), TALLINN);
    expect(undated.fileError).toBeNull();
    expect(undated.rows[0]!.errors).toEqual([
      { key: 'teamimport.err.nodate', field: 'StartTime', value: '10:05:00' },
    ]);
    expect(undated.rows[0]!.input).toBeNull();
    expect(acceptedTeamInputs(undated)).toBeNull();
  });

  it('gives a bad time as a row error: a Date not YYYY-MM-DD, a StartTime without a Clock', () => {
    const preview = parseIofTeams(
      startList(
        personStart('<StartTime><Date>18.05.2024</Date><Clock>10:00:00</Clock></StartTime>') +
          personStart('<StartTime><Date>2024-05-18</Date></StartTime>'),
      ),
    );
    expect(preview.rows.map((r) => r.errors)).toEqual([
      [{ key: 'teamimport.err.badtime', field: 'StartTime', value: '18.05.2024T10:00:00' }],
      [{ key: 'teamimport.err.badtime', field: 'StartTime', value: '2024-05-18' }],
    ]);
  });

  it('names a class given by ClassId alone through a Class of the file, else by the id', () => {
    const text = `<EntryList><IOFVersion version="2.0.3"/>
<ClassData><Class><ClassId type="nat"> 6 </ClassId><Name>Women 18 Elite</Name><ClassShortName>D18 Elit</ClassShortName></Class></ClassData>
<ClubEntry><ClubId>5</ClubId>
<Entry><Person><PersonName><Family>Tamm</Family><Given>Mari</Given></PersonName></Person><EntryClass><ClassId>6</ClassId></EntryClass></Entry>
<Entry><Person><PersonName><Family>Kask</Family><Given>Jaan</Given></PersonName></Person><EntryClass><ClassId>7</ClassId></EntryClass></Entry>
</ClubEntry></EntryList>`;
    expect(inputs(text).map((r) => [r.name, r.className, r.club])).toEqual([
      ['Mari Tamm', 'D18 Elit', undefined],
      ['Jaan Kask', '7', undefined],
    ]);
    const starts = startList('').replace(
      '<ClassShortName>Open</ClassShortName>',
      `<ClassId>9</ClassId>${personStart('<StartTime><Date>2024-05-18</Date><Clock>10:00:00</Clock></StartTime>')}`,
    );
    expect(inputs(starts).map((r) => r.className)).toEqual(['9']);
  });

  it('reads a list without IOFVersion by its 2.0.3 elements, a RaceStart, and a patrol without a TeamName', () => {
    const text = `<StartList>
<ClassStart><ClassShortName>Patrol</ClassShortName>
<TeamStart>
<PersonStart><Person><PersonName><Family>Karu</Family><Given>Mati</Given></PersonName></Person><Start><StartTime><Date>2024-05-18</Date><Clock>10:12:00</Clock></StartTime><TeamSequence>2</TeamSequence></Start></PersonStart>
<PersonStart><Person><PersonName><Family>Karu</Family><Given>Anne</Given></PersonName></Person><Club><ShortName>Viljandi OK</ShortName></Club><Start><StartTime><Date>2024-05-18</Date><Clock>10:10:00</Clock></StartTime><TeamSequence>1</TeamSequence></Start></PersonStart>
</TeamStart>
<PersonStart><Person><PersonName><Family>Saar</Family><Given>Liis</Given></PersonName></Person>
<RaceStart><EventRaceId>1</EventRaceId><Start><StartNumber>5</StartNumber><StartTime><Date>2024-05-18</Date><Clock>11:00:00</Clock></StartTime></Start></RaceStart>
<RaceStart><EventRaceId>2</EventRaceId><Start><StartNumber>5</StartNumber><StartTime><Date>2024-05-19</Date><Clock>09:00:00</Clock></StartTime></Start></RaceStart>
</PersonStart>
</ClassStart></StartList>`;
    expect(inputs(text)).toEqual([
      {
        name: 'Anne Karu / Mati Karu',
        className: 'Patrol',
        starttime: Date.parse('2024-05-18T07:10:00Z'),
        members: ['Anne Karu', 'Mati Karu'],
        club: 'Viljandi OK',
      },
      {
        name: 'Liis Saar',
        nr: '5',
        className: 'Patrol',
        starttime: Date.parse('2024-05-18T08:00:00Z'),
        members: ['Liis Saar'],
      },
    ]);
  });

  it("reads Eventor's 2.0.3 API shape: Competitor around the Person, EventClassId through EventClass", () => {
    const text = `<EntryList>
<EventClass><EventClassId>42</EventClassId><Name>Men 21</Name><ClassShortName>M21</ClassShortName></EventClass>
<Entry><EntryId>1</EntryId><Competitor><PersonId>3</PersonId><Person sex="M"><PersonName><Family>Kask</Family><Given sequence="1">Jaan</Given></PersonName></Person></Competitor>
<EntryClass sequence="1"><EventClassId>42</EventClassId></EntryClass><EntryDate><Date>2024-04-21</Date><Clock>11:00:00</Clock></EntryDate></Entry>
</EntryList>`;
    expect(inputs(text)).toEqual([
      {
        name: 'Jaan Kask',
        className: 'M21',
        members: ['Jaan Kask'],
        entryTime: Date.parse('2024-04-21T08:00:00Z'),
      },
    ]);
  });

  it('keeps 3.0 files without iofVersion on the 3.0 reader, and refuses a 2.0.3 ResultList by its kind', () => {
    expect(inputs('<EntryList><TeamEntry><Name>Karud</Name></TeamEntry></EntryList>')).toEqual([
      { name: 'Karud' },
    ]);
    expect(
      parseIofTeams('<ResultList><IOFVersion version="2.0.3"/></ResultList>').fileError,
    ).toEqual({ key: 'teamimport.err.notentrylist', value: 'ResultList' });
    expect(parseIofTeams('<StartList iofVersion="2.0.3"><Event/></StartList>').fileError).toEqual({
      key: 'teamimport.err.noteams',
    });
  });

  it('plans like a 3.0 file: a 2.0.3 start list merged after an entry list sets the start times', () => {
    const existing = [
      {
        id: 't1',
        name: 'Kalle Rebane',
        nr: null,
        klassid: 'open',
        starttime: null,
        members: ['Kalle Rebane'],
        club: 'Rakvere OK',
        email: null,
        phone: null,
      },
    ];
    const plan = planTeamImport(existing, new Map([['open', 'Open']]), inputs(meos2), 'merge');
    expect(plan.update).toEqual([
      {
        index: 0,
        id: 't1',
        name: 'Kalle Rebane',
        fill: { nr: '7', starttime: Date.parse('2024-05-18T07:05:00Z') },
      },
    ]);
    expect(plan.add.map((a) => a.name)).toEqual(['Kolm Karu']);
    expect(plan.newClasses).toEqual([{ id: 'Teams', name: 'Teams' }]);
  });
});
