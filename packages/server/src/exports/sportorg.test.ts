import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cupStandingsToIof, entryListToIof, resultsToIof, startListToIof } from '@rada/core';
import {
  hostileCup,
  hostileEntries,
  hostileMembers,
  hostileOptions,
  hostileResults,
  S0,
  XML_SPECIALS,
} from './hostileIof.ts';

/**
 * Every IOF file Rada writes, for a hostile event, imported by SportOrg's own unchanged importer
 * (tools/interop/sportorg_import.py runs `sportorg.modules.iof.iof_xml.import_from_iof`, SportOrg's
 * place calculation and its IOF export) from the checkout in SPORTORG_SRC. Skipped, with the
 * reason printed, where python3 with lxml and dateutil or the checkout are missing (CI has no
 * checkout; the per-program conventions are unit tests in core's exportIof.test.ts).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const HARNESS = path.join(root, 'tools/interop/sportorg_import.py');
const SPORTORG = process.env.SPORTORG_SRC ?? '/work/peers/sportorg+pysport';

/** The first python that has SportOrg's dependencies, or why there is none. */
function findPython(): { python: string } | { why: string } {
  if (!fs.existsSync(path.join(SPORTORG, 'sportorg/modules/iof/iof_xml.py')))
    return { why: `no SportOrg checkout at ${SPORTORG} (set SPORTORG_SRC)` };
  for (const python of [process.env.PYTHON, 'python3', '/usr/bin/python3']) {
    if (!python) continue;
    const r = spawnSync(python, ['-c', 'import lxml, dateutil'], { encoding: 'utf8' });
    if (r.status === 0) return { python };
  }
  return {
    why: 'no python3 with lxml and python-dateutil (apt-get install python3-lxml python3-dateutil)',
  };
}
const found = findPython();
if ('why' in found) console.warn(`SportOrg interop test skipped: ${found.why}`);

interface SportOrgPerson {
  family: string | null;
  given: string | null;
  middle: string | null;
  group: string | null;
  organization: string | null;
  bib: number;
  start: string | null;
  finish: string | null;
  status: string | null;
  place: number | null;
}
interface SportOrgRun {
  ok: boolean;
  error: string | null;
  export_error: string | null;
  persons: SportOrgPerson[];
  groups: string[];
  organizations: string[];
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-sportorg-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes the file and returns what SportOrg made of it. */
function sportorg(name: string, text: string): SportOrgRun {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  const python = 'python' in found ? found.python : 'python3';
  const r = spawnSync(python, [HARNESS, file], {
    encoding: 'utf8',
    // SportOrg writes its logs/ folder into the working directory.
    cwd: dir,
    env: { ...process.env, SPORTORG_SRC: SPORTORG },
  });
  if (r.status !== 0) throw new Error(`harness: ${r.status} ${r.stdout} ${r.stderr}`);
  const run = JSON.parse(r.stdout) as SportOrgRun;
  if (process.env.SPORTORG_REPORT) console.log(name, JSON.stringify(run));
  return run;
}

/** A person's whole name as SportOrg holds it (given = first word + middle name). */
const fullName = (p: SportOrgPerson) =>
  [p.given, p.middle, p.family].filter((s) => s !== null && s !== '').join(' ');

const byName = (run: SportOrgRun, name: string) => {
  const found = run.persons.filter((p) => fullName(p) === name);
  expect(found, `${name} in ${run.persons.map(fullName).join(' | ')}`).toHaveLength(1);
  return found[0]!;
};

const MEN = `Mehed ${XML_SPECIALS}`;
/** SportOrg's start: the local time of day (12:00 at +02:00). */
const NOON = '12:00:00';

describe.skipIf('why' in found)('SportOrg imports every IOF file Rada writes', () => {
  it('ResultList, person form: names, classes, bibs, times, statuses, places', () => {
    const run = sportorg('results.xml', resultsToIof(hostileResults, hostileOptions));
    expect(run.error).toBeNull();
    expect(run.export_error).toBeNull();
    expect(run.persons).toHaveLength(hostileResults.length);
    expect(new Set(run.groups)).toEqual(new Set([MEN, 'Naised', 'No class']));
    const ok = byName(run, 'Kõva & <Ülo> "A\'s"');
    expect(ok).toMatchObject({ group: MEN, bib: 7, start: NOON, finish: '13:00:00' });
    expect(ok).toMatchObject({ status: 'OK', place: 1 });
    // A one-word name in both parts; the 12B bib is no number.
    const bib = byName(run, 'Kiired Kiired');
    expect(bib).toMatchObject({ bib: 0, status: 'OK', place: 2, finish: '14:00:00' });
    expect(byName(run, 'Diskval Tiim')).toMatchObject({
      bib: 8,
      status: 'DISQUALIFIED',
      place: -1,
    });
    expect(byName(run, 'Katkestas Katkestas')).toMatchObject({
      group: 'Naised',
      status: 'DID_NOT_FINISH',
      place: -1,
    });
    // Running teams are never finished winners.
    expect(byName(run, 'Jookseb veel')).toMatchObject({ status: 'DID_NOT_FINISH', place: -1 });
    expect(byName(run, 'Klassita ☃ 𝄞')).toMatchObject({
      group: 'No class',
      bib: 11,
      status: 'DID_NOT_FINISH',
      place: -1,
    });
    // Not started, with an empty name; a name of characters XML cannot hold.
    const empty = run.persons.filter((p) => fullName(p) === '? ?');
    expect(empty.map((p) => [p.group, p.status])).toEqual(
      expect.arrayContaining([
        ['Naised', 'DID_NOT_START'],
        [MEN, 'DID_NOT_START'],
      ]),
    );
    for (const p of run.persons) expect(p.start, fullName(p)).toBe(NOON);
  });

  it('ResultList, team form: members with the team as organisation, teams without members kept', () => {
    const run = sportorg(
      'results-teams.xml',
      resultsToIof(hostileResults, {
        ...hostileOptions,
        teamForm: 'team',
        members: hostileMembers,
      }),
    );
    expect(run.error).toBeNull();
    expect(run.export_error).toBeNull();
    // Two members for `ok`, the team itself for every other team.
    expect(run.persons).toHaveLength(hostileResults.length + 1);
    const mari = byName(run, 'Mari Maasikas');
    expect(mari).toMatchObject({ group: MEN, organization: XML_SPECIALS, bib: 1007 });
    expect(mari).toMatchObject({ start: NOON, finish: '13:00:00', status: 'OK' });
    expect(byName(run, 'Jüri Jüri')).toMatchObject({ organization: XML_SPECIALS, status: 'OK' });
    expect(byName(run, 'Kiired Kiired')).toMatchObject({
      organization: 'Kiired',
      bib: 0,
      status: 'OK',
    });
    expect(byName(run, 'Diskval Tiim')).toMatchObject({
      bib: 1008,
      status: 'DISQUALIFIED',
      place: -1,
    });
    expect(byName(run, 'Katkestas Katkestas').status).toBe('DID_NOT_FINISH');
    expect(byName(run, 'Jookseb veel')).toMatchObject({ status: 'DID_NOT_FINISH', place: -1 });
    expect(byName(run, 'Klassita ☃ 𝄞')).toMatchObject({ group: 'No class', place: -1 });
    expect(run.organizations).toContain('Jookseb  veel');
  });

  it('StartList: the mass start for every team, numeric bibs', () => {
    const run = sportorg('startlist.xml', startListToIof(hostileEntries, hostileOptions));
    expect(run.error).toBeNull();
    expect(run.export_error).toBeNull();
    expect(run.persons).toHaveLength(hostileEntries.length);
    for (const p of run.persons) expect(p.start, fullName(p)).toBe(NOON);
    expect(byName(run, 'Kõva & <Ülo> "A\'s"')).toMatchObject({ group: MEN, bib: 7 });
    expect(byName(run, 'Kiired Kiired').bib).toBe(0);
    expect(byName(run, 'Klassita ☃ 𝄞')).toMatchObject({ group: 'No class', bib: 11 });
  });

  it('EntryList: every member (one-word names too), every team, team names as organisations', () => {
    const run = sportorg('entrylist.xml', entryListToIof(hostileEntries, hostileOptions));
    expect(run.error).toBeNull();
    expect(run.export_error).toBeNull();
    expect(run.persons).toHaveLength(hostileEntries.length + 1);
    expect(byName(run, 'Mari Maasikas')).toMatchObject({ group: MEN, organization: XML_SPECIALS });
    expect(byName(run, 'Jüri Jüri')).toMatchObject({ group: MEN, organization: XML_SPECIALS });
    expect(byName(run, 'Klassita ☃ 𝄞')).toMatchObject({ group: 'No class' });
    expect(new Set(run.groups)).toEqual(new Set([MEN, 'Naised', 'No class']));
  });

  it('cup ResultList: names, classes, statuses', () => {
    const { rows, events } = hostileCup();
    const xml = cupStandingsToIof(rows, events, {
      cupName: XML_SPECIALS,
      complete: true,
      startTime: S0,
      offsetMinutes: () => 120,
    });
    const run = sportorg('cup.xml', xml);
    expect(run.error).toBeNull();
    expect(run.export_error).toBeNull();
    expect(run.persons).toHaveLength(3);
    expect(byName(run, 'Kiired Kiired')).toMatchObject({ group: 'Mehed', status: 'OK' });
    expect(byName(run, 'Kõva & <Ülo> "A\'s"')).toMatchObject({ group: 'Mehed', start: NOON });
    expect(byName(run, 'Üksi Ka')).toMatchObject({ group: 'No class', status: 'OK' });
  });
});
