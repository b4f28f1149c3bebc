/**
 * Fuzz properties of the team import reader (IOF XML 3.0 and 2.0.3 EntryList / StartList,
 * iofEntries.ts and iof2.ts): whatever the bytes,
 * the answer is a preview whose every problem is a team import key with exactly its declared
 * parameters, every accepted row passes the request schema, and planning it never throws; nothing
 * hangs. FUZZ_RUNS inputs per property (see testing/fuzz.ts).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  check,
  checkLinear,
  fuzzOptions,
  mutatedBytes,
  mutatedText,
  randomText,
  repeated,
  timed,
  tokenSoup,
  FUZZ_TEST_TIMEOUT_MS,
} from '../testing/fuzz.ts';
import eventor from './fixtures/eventor-entrylist.xml?raw';
import meos2 from './fixtures/meos-iof2-startlist.xml?raw';
import meos from './fixtures/meos-startlist.xml?raw';
import oeEntries from './fixtures/oe2010-entrylist.xml?raw';
import oeStarts from './fixtures/oe2010-startlist.xml?raw';
import sportorg from './fixtures/sportorg-startlist.xml?raw';
import { parseIofTeamFile, parseIofTeams } from './iofEntries.ts';
import { planTeamImport } from './plan.ts';
import {
  acceptedTeamInputs,
  TEAM_IMPORT_ISSUE_KEYS,
  TEAM_IMPORT_ISSUE_PARAMS,
  TeamImportInput,
  type TeamImportIssue,
  type TeamImportPreview,
} from './types.ts';

declare const TextEncoder: new () => { encode(input: string): Uint8Array };

const KEYS = new Set<string>(TEAM_IMPORT_ISSUE_KEYS);

function checkIssue(issue: TeamImportIssue): void {
  check(KEYS.has(issue.key), 'unknown issue key', issue);
  const declared = [...TEAM_IMPORT_ISSUE_PARAMS[issue.key]].sort().join();
  const given = Object.keys(issue)
    .filter((k) => k !== 'key')
    .sort()
    .join();
  check(declared === given, `parameters of ${issue.key} are not ${declared}`, issue);
  if (issue.value !== undefined) check([...issue.value].length <= 40, 'value too long', issue);
}

function checkPreview(preview: TeamImportPreview): void {
  if (preview.fileError) {
    checkIssue(preview.fileError);
    check(preview.rows.length === 0, 'rows with a file error', preview.rows.length);
  } else check(preview.rows.length > 0, 'no rows and no file error', preview);
  for (const row of preview.rows) {
    check(Number.isSafeInteger(row.line) && row.line >= 1, 'bad line', row.line);
    row.errors.forEach(checkIssue);
    check(row.input === null || row.errors.length === 0, 'input with errors', row);
    check(row.input !== null || row.errors.length > 0, 'refused without a reason', row);
    if (row.input) {
      const parsed = TeamImportInput.safeParse(row.input);
      check(parsed.success, 'an accepted row the server refuses', row.input);
    }
  }
  const inputs = acceptedTeamInputs(preview);
  if (inputs) planTeamImport([], new Map(), inputs, 'merge');
}

const TOKENS = [
  '<EntryList>',
  '</EntryList>',
  '<StartList iofVersion="3.0">',
  '</StartList>',
  '<PersonEntry>',
  '</PersonEntry>',
  '<TeamEntry>',
  '</TeamEntry>',
  '<ClassStart>',
  '<PersonStart>',
  '<TeamStart>',
  '<TeamMemberStart>',
  '<Person>',
  '<Name>',
  '</Name>',
  '<Given>_</Given>',
  '<Family>',
  '<Class><Id>9999</Id><Name>No class</Name></Class>',
  '<BibNumber>',
  '<StartTime>2024-05-18T10:00:00</StartTime>',
  '<StartTime>2024-05-18T10:00:00+25:00</StartTime>',
  '<EntryTime>1999-12-31T23:59:59Z</EntryTime>',
  '<Contact type="EmailAddress">',
  '<ContactInformation>',
  '<Extensions><rada:BibNumber>',
  '<IOFVersion version="2.0.3"/>',
  'iofVersion="2.0.3"',
  // IOF XML 2.0.3 (iof2.ts).
  '<ClubEntry>',
  '</ClubEntry>',
  '<Entry>',
  '</Entry>',
  '<Club><ShortName>',
  '<ClubId>',
  '<PersonName>',
  '</PersonName>',
  '<Given sequence="2">',
  '<Given sequence="x">',
  '<EntryClass>',
  '<ClassShortName>',
  '<ClassId>',
  '<Class><ClassId>1</ClassId><ClassShortName>H21</ClassShortName></Class>',
  '<EventClass><EventClassId>',
  '<Competitor>',
  '<TeamName>',
  '</TeamName>',
  '<TeamCompetitor>',
  '<TeamSequence>',
  '<StartNumber>',
  '<RaceStart>',
  '<StartTime><Clock>10:00:00</Clock></StartTime>',
  '<StartTime><Date>2024-05-18</Date><Clock>9:00</Clock></StartTime>',
  '<Clock>25:61:61</Clock>',
  '<Date>0000-00-00</Date>',
  '<EntryDate><Date>2024-04-20</Date></EntryDate>',
  '<Event><StartDate><Date>2024-05-18</Date></StartDate></Event>',
  '<Tele mailAddress="a@b.ee" phoneNumber="1">',
  '&amp;',
  '&#0;',
  '<![CDATA[',
  '<!--',
];

const shapes = fc.constantFrom(eventor, meos, sportorg, meos2, oeEntries, oeStarts);
const text = fc.oneof(
  { weight: 2, arbitrary: shapes },
  { weight: 5, arbitrary: mutatedText(shapes, TOKENS) },
  { weight: 2, arbitrary: tokenSoup(TOKENS) },
  { weight: 1, arbitrary: randomText },
  {
    weight: 1,
    arbitrary: repeated(['<TeamEntry>', '<Name>', ' ', 'x', '<Person>', '</Name>']).map(
      (big) => `<EntryList><TeamEntry><Name>${big}</Name></TeamEntry>${big}</EntryList>`,
    ),
  },
);
const encoder = new TextEncoder();
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  text.map((t) => encoder.encode(t)),
  mutatedBytes(text.map((t) => encoder.encode(t))),
);
const zone = fc.constantFrom(undefined, 'UTC', 'Europe/Tallinn', 'America/Santiago');
/** The event's date for undated 2.0.3 clocks: none, an ordinary one, or nonsense. */
const eventDate = fc.option(
  fc.record({
    year: fc.integer({ min: -1, max: 10_000 }),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
  }),
  { nil: undefined },
);

describe('team import reader never crashes on any input', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('text: every answer is a preview with keyed issues and schema-valid rows', () => {
    fc.assert(
      fc.property(text, zone, eventDate, (t, timeZone, date) =>
        checkPreview(timed(() => parseIofTeams(t, { timeZone, eventDate: date }))),
      ),
      fuzzOptions(),
    );
  });

  it('bytes: every answer is a preview with keyed issues', () => {
    fc.assert(
      fc.property(bytes, (b) => checkPreview(timed(() => parseIofTeamFile(b)))),
      fuzzOptions(),
    );
  });

  it('takes linear time on long runs of any one piece', () => {
    const read = (t: string) => parseIofTeams(t);
    checkLinear(
      read,
      ['<PersonEntry>', '<TeamEntry><Name>a</Name></TeamEntry>', '<Person>'],
      (run) => `<EntryList>${run}</EntryList>`,
    );
    checkLinear(
      read,
      ['<Extensions>', '<x>'],
      (run) => `<EntryList><TeamEntry>${run}</TeamEntry></EntryList>`,
    );
    // IOF XML 2.0.3: entries, members, nested ClubEntry / ClassStart / Class, Given parts.
    checkLinear(
      read,
      [
        '<Entry><Person><PersonName><Family>a</Family></PersonName></Person></Entry>',
        '<ClubEntry>',
        '<Class><ClassId>1</ClassId><ClassShortName>a</ClassShortName>',
      ],
      (run) => `<EntryList><IOFVersion version="2.0.3"/>${run}</EntryList>`,
    );
    checkLinear(
      read,
      ['<TeamCompetitor><TeamSequence>1</TeamSequence></TeamCompetitor>', '<Given>a</Given>'],
      (run) =>
        `<EntryList><IOFVersion version="2.0.3"/><Entry><TeamName>t</TeamName><Person><PersonName>${run}</PersonName></Person>${run}</Entry></EntryList>`,
    );
    checkLinear(
      read,
      ['<PersonStart><Start><StartTime><Clock>10:00:00</Clock></StartTime></Start></PersonStart>'],
      (run) =>
        `<StartList><IOFVersion version="2.0.3"/><ClassStart><TeamStart>${run}</TeamStart>${run}</ClassStart></StartList>`,
    );
  });
});
