import { describe, expect, it } from 'vitest';
import { computeResults } from './compute.ts';
import {
  entryListToIof,
  IOF_NO_CLASS_ID,
  IOF_NO_CLASS_NAME,
  iofBib,
  iofClassIds,
  personName,
  resultsToIof,
  startListToIof,
} from './exportIof.ts';
import type { IofEntry, IofOptions } from './exportIof.ts';
import { buildEvent } from './testing.ts';

/**
 * The conventions that let other programs import Rada's IOF files (docs/interop.md), one test a
 * program, on a hostile event: one-word, empty and XML-special names, a `12B` bib, a team without
 * a class, teams in every state, a mass start, teams without members. SportOrg's own importer
 * runs on the same files in packages/server/src/exports/sportorg.test.ts where it is installed.
 */
const H = 3_600_000;
const S0 = 1_767_261_600_000;
const event = buildEvent({
  event: { starttime: S0 },
  settings: {
    massstarttimems: S0,
    klassid: { men: { name: 'Mehed & <co>' }, women: { name: '' } },
  },
  kp: { k1: { nr: 1 } },
  teams: {
    ok: { name: 'Kõva "Ülo"', nr: '7', klassid: 'men', finishtime: S0 + H },
    bib: { name: 'Kiired', nr: '12B', klassid: 'men', finishtime: S0 + 2 * H },
    dsq: { name: 'Diskval', klassid: 'men', finishtime: S0 + H, dsq: true },
    gone: { name: 'Katk', klassid: 'women', katk: true },
    run: { name: 'Jookseb', klassid: 'women' },
    idle: { name: '   ', klassid: 'women' },
    loose: { name: 'Klassita', nr: '11' },
  },
  kpanswers: { ok: { k1: { ok: true } }, run: { k1: { ok: true } } },
});
const results = computeResults(event, S0 - 60_000);
const options: IofOptions = {
  eventName: 'Hostile',
  classNames: new Map([
    ['men', 'Mehed & <co>'],
    ['women', ''],
  ]),
  offsetMinutes: () => 120,
  massStart: S0,
  eventStart: S0,
};
const entries: IofEntry[] = results.map((r) => ({
  teamId: r.teamId,
  name: r.name,
  nr: r.nr,
  klassid: r.klassid,
  starttime: null,
  members: r.teamId === 'ok' ? [personName('Mari Maasikas'), personName('Jüri')] : [],
}));
const members = new Map(entries.map((e) => [e.teamId, e.members ?? []]));
const files = {
  persons: resultsToIof(results, options),
  teams: resultsToIof(results, { ...options, teamForm: 'team', members }),
  start: startListToIof(entries, options),
  entry: entryListToIof(entries, options),
};
const all = Object.values(files);

/** The text of each element `tag` in `xml`. */
const texts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);

/** The PersonResult/TeamResult/TeamEntry block of `id` (its EntryId or Id). */
const block = (xml: string, id: string, tag: string) => {
  const start = xml.indexOf(`<${tag}>`, xml.indexOf(`>${id}</`) - 40 - tag.length);
  return xml.slice(start, xml.indexOf(`</${tag}>`, start));
};

describe('IOF conventions for SportOrg (sportorg/libs/iof/parser.py, modules/iof/iof_xml.py)', () => {
  it('never writes an empty Given or Family (its name handling calls split on them)', () => {
    for (const xml of all) {
      expect(texts(xml, 'Given').every((t) => t.trim() !== '')).toBe(true);
      expect(texts(xml, 'Family').every((t) => t.trim() !== '')).toBe(true);
    }
    expect(personName('Jüri')).toEqual({ given: 'Jüri', family: 'Jüri' });
    expect(personName('  ')).toEqual({ given: '?', family: '?' });
    expect(personName('Mari Liis Maasikas')).toEqual({ given: 'Mari Liis', family: 'Maasikas' });
  });

  it('writes only whole numbers as BibNumber (it calls int() on them); the text stays in Extensions', () => {
    for (const xml of all) {
      expect(texts(xml, 'BibNumber').every((b) => /^\d*$/.test(b))).toBe(true);
    }
    expect(iofBib('12B')).toBeNull();
    expect(iofBib(' 007 ')).toBe('007');
    expect(block(files.persons, 'bib', 'PersonResult')).not.toContain('<BibNumber>');
    expect(block(files.persons, 'bib', 'PersonResult')).toContain(
      '<rada:BibNumber>12B</rada:BibNumber>',
    );
    expect(block(files.entry, 'bib', 'TeamEntry')).toContain(
      '<rada:BibNumber>12B</rada:BibNumber>',
    );
  });

  it('gives running teams a status it reads as not finished, and no finish', () => {
    const run = block(files.persons, 'run', 'PersonResult');
    expect(run).toContain('<Status>DidNotFinish</Status>');
    expect(run).toContain('<rada:Status>running</rada:Status>');
    expect(run).not.toMatch(/<FinishTime>|<Time>|<Position>/);
    expect(files.persons).not.toContain('<Status>Active</Status>');
    expect(files.teams).not.toContain('<Status>Active</Status>');
  });

  it('writes a StartTime in every Result and, with a mass start, in every start', () => {
    expect(texts(files.persons, 'StartTime')).toHaveLength(results.length);
    expect(texts(files.start, 'StartTime')).toEqual(results.map(() => '2026-01-01T12:00:00+02:00'));
  });

  it('team form: a BibNumber on every team, every team with a Person, the team as Organisation', () => {
    expect(files.teams.match(/<TeamResult>/g)).toHaveLength(results.length);
    expect(
      files.teams.match(
        /<TeamResult>\s*<EntryId>[^<]*<\/EntryId>\s*<Name>[^<]*<\/Name>\s*<BibNumber>/g,
      ),
    ).toHaveLength(results.length);
    expect(block(files.teams, 'bib', 'TeamResult')).toContain('<BibNumber></BibNumber>');
    const memberResults = files.teams.match(/<TeamMemberResult>\s*<Person>/g) ?? [];
    expect(memberResults).toHaveLength(results.length + 1);
    expect(block(files.teams, 'dsq', 'TeamResult')).toContain(
      '<Person><Name><Family>Diskval</Family><Given>Diskval</Given></Name></Person>',
    );
    expect(block(files.teams, 'ok', 'TeamResult')).toContain(
      '<Organisation><Id>ok</Id><Name>Kõva &quot;Ülo&quot;</Name></Organisation>',
    );
  });

  it('entry list: the team as its one member when none are known, an Organisation with an Id', () => {
    expect(entryListToIof(entries, options).match(/<TeamEntryPerson>/g)).toHaveLength(
      results.length + 1,
    );
    expect(block(files.entry, 'loose', 'TeamEntry')).toContain(
      '<Organisation><Id>loose</Id><Name>Klassita</Name></Organisation>',
    );
  });

  it('names every class (a nameless class would be group None)', () => {
    for (const xml of all) {
      const names = [...xml.matchAll(/<Class><Id>\d+<\/Id><Name>([^<]*)<\/Name>/g)];
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((m) => m[1]!.trim() !== '')).toBe(true);
    }
    // A class whose name is empty is named by its key.
    expect(files.persons).toContain('<Name>women</Name>');
  });
});

describe('IOF conventions for MeOS (code/iof30interface.cpp)', () => {
  it('writes numeric class Ids, stable by the class map, the key in Extensions', () => {
    for (const xml of all) {
      const ids = [...xml.matchAll(/<Class><Id>([^<]*)<\/Id>/g)].map((m) => m[1]);
      expect(ids.every((id) => /^\d+$/.test(id!))).toBe(true);
    }
    expect(files.persons).toContain(
      '<Class><Id>1</Id><Name>Mehed &amp; &lt;co&gt;</Name><Extensions><rada:Key>men</rada:Key></Extensions></Class>',
    );
    expect(files.persons).toContain(
      `<Class><Id>${IOF_NO_CLASS_ID}</Id><Name>${IOF_NO_CLASS_NAME}</Name></Class>`,
    );
    // The same class keeps its Id when teams of other classes are missing from a file.
    const onlyWomen = results.filter((r) => r.klassid === 'women');
    expect(resultsToIof(onlyWomen, options)).toContain('<Class><Id>2</Id>');
    expect([...iofClassIds(options.classNames, ['x', null, 'men'])]).toEqual([
      ['men', '1'],
      ['women', '2'],
      ['x', '3'],
    ]);
  });

  it('splits a team written as a person so that "Given Family" is its name', () => {
    const two = resultsToIof(
      computeResults({ ...event, teams: { t: { name: 'Kiired  Kõndijad', klassid: 'men' } } }),
      options,
    );
    expect(two).toContain('<Family>Kõndijad</Family><Given>Kiired</Given>');
  });

  it('keeps the points as Score elements (MeOS reads no points from a result list)', () => {
    expect(block(files.persons, 'ok', 'PersonResult')).toContain('<Score type="Score">');
  });
});

describe('IOF conventions for QuickEvent (plugins/Oris/src/xmlimporter.cpp)', () => {
  it('entry list: every TeamEntry has a class with a name (an empty one rolls back the import)', () => {
    const teamEntries = files.entry.match(/<TeamEntry>.*?<\/TeamEntry>/g) ?? [];
    expect(teamEntries).toHaveLength(results.length);
    for (const e of teamEntries) expect(e).toMatch(/<Class><Id>\d+<\/Id><Name>[^<]+<\/Name>/);
    expect(block(files.entry, 'loose', 'TeamEntry')).toContain(`<Name>${IOF_NO_CLASS_NAME}</Name>`);
  });
});
