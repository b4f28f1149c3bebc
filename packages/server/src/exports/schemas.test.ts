import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  computeResults,
  cupStandings,
  cupStandingsToIof,
  entryListToIof,
  exportCheckpointsGpx,
  personName,
  resultsToIof,
  startListToIof,
  trackToGpx,
} from '@rada/core';
import type { Checkpoint, IofEntry, ScoringEvent, TeamResult } from '@rada/core';
import {
  hostileCup,
  hostileEntries,
  hostileMembers,
  hostileOptions,
  hostileResults,
  S0 as HOSTILE_S0,
} from './hostileIof.ts';

/**
 * Every IOF XML and GPX document Rada writes, on an event with hostile and non-ASCII names and
 * teams in every state, validated against the official schemas (schemas/) with xmllint, and the
 * IOF results read back with xmllint's own parser. Skipped, with a note, where xmllint is missing
 * (.ci/run installs Debian's libxml2-utils).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const IOF_XSD = path.join(root, 'schemas/IOF.xsd');
const GPX_XSD = path.join(root, 'schemas/gpx.xsd');
const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;
if (!hasXmllint)
  console.warn('xmllint not found: the schema checks are skipped (apt-get install libxml2-utils)');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-schemas-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** Writes `text` to a file and validates it; returns xmllint's complaints ('' when valid). */
function validate(text: string, xsd: string): string {
  const file = path.join(dir, `doc-${files++}.xml`);
  fs.writeFileSync(file, text);
  const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsd, file], {
    encoding: 'utf8',
  });
  return r.status === 0 ? '' : r.stderr;
}

/** The text of every node the XPath selects, in document order (xmllint's own parser). */
function xpath(text: string, expr: string): string[] {
  const file = path.join(dir, `read-${files++}.xml`);
  fs.writeFileSync(file, text);
  const r = spawnSync('xmllint', ['--xpath', expr, file], { encoding: 'utf8' });
  // Exit status 10: the XPath selects nothing.
  if (r.status === 10) return [];
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.split('\n').filter((l) => l !== '');
}

const H = 3_600_000;
const S0 = 1_767_261_600_000;
const HOSTILE = 'Kõva & <Ülo> "A\'s"\u0001\u0008\uFFFE \uD800 team\u0000';

const event: ScoringEvent = {
  event: { starttime: S0 },
  settings: {
    ajad: { normaalaeg: 120 },
    klassid: { men: { name: `Mehed ${HOSTILE}` }, 'w&1': { name: 'Naised' } },
    firstbonus: [3],
  },
  kp: { k1: { nr: 1 }, k2: { nr: 2 } },
  kpdata: {},
  kpanswer: {},
  teams: {
    ok: { name: HOSTILE, nr: 7, klassid: 'men', starttime: S0, finishtime: S0 + H + 999 },
    late: { name: 'Hilja', nr: '8', klassid: 'men', starttime: S0, finishtime: S0 + 3 * H },
    dsq: { name: 'Diskval', klassid: 'men', starttime: S0, finishtime: S0 + H, dsq: true },
    gone: { name: 'Katkestas', klassid: 'w&1', starttime: S0, katk: true },
    run: { name: 'Jookseb', klassid: 'w&1', starttime: S0 },
    idle: { name: 'Pole startinud', klassid: 'w&1' },
    loose: { name: 'Klassita ☃ 𝄞' },
  },
  kpanswers: { ok: { k1: { ok: true } }, run: { k2: { ok: true } }, loose: { k1: { ok: true } } },
  spdtickets: {},
  trackstat: {},
};
const results: TeamResult[] = computeResults(event);
const classNames = new Map([
  ['men', `Mehed ${HOSTILE}`],
  ['w&1', 'Naised'],
]);
const options = {
  eventName: `Rogain ${HOSTILE}`,
  classNames,
  createTime: '2026-01-01T10:00:00Z',
  offsetMinutes: () => 120,
};
const entries: IofEntry[] = results.map((r) => ({
  teamId: r.teamId,
  name: r.name,
  nr: r.nr,
  klassid: r.klassid,
  starttime: r.starttime,
  entryTime: S0 - 24 * H,
  members: r.teamId === 'ok' ? [personName('Mari Maasikas'), personName(HOSTILE)] : [],
}));

describe.skipIf(!hasXmllint)('exports against the official schemas', () => {
  it('IOF ResultList, in the person and the team form', () => {
    expect(validate(resultsToIof(results, options), IOF_XSD)).toBe('');
    const members = new Map(entries.map((e) => [e.teamId, e.members ?? []]));
    expect(
      validate(resultsToIof(results, { ...options, teamForm: 'team', members }), IOF_XSD),
    ).toBe('');
    expect(validate(resultsToIof([], options), IOF_XSD)).toBe('');
  });

  it('IOF StartList and EntryList', () => {
    expect(validate(startListToIof(entries, options), IOF_XSD)).toBe('');
    expect(validate(entryListToIof(entries, options), IOF_XSD)).toBe('');
  });

  it('reads back each team’s StartTime, FinishTime, Position and Status', () => {
    const xml = resultsToIof(results, options);
    const of = (id: string, field: string) =>
      xpath(
        xml,
        `//*[local-name()='PersonResult'][*[local-name()='EntryId']='${id}']/*[local-name()='Result']/*[local-name()='${field}']/text()`,
      );
    expect(of('ok', 'StartTime')).toEqual(['2026-01-01T12:00:00+02:00']);
    expect(of('ok', 'FinishTime')).toEqual(['2026-01-01T13:00:00+02:00']);
    expect(of('ok', 'Time')).toEqual(['3600']);
    expect(of('ok', 'Position')).toEqual(['1']);
    expect(of('ok', 'BibNumber')).toEqual(['7']);
    const statuses = Object.fromEntries(
      ['ok', 'late', 'dsq', 'gone', 'run', 'idle', 'loose'].map((id) => [id, of(id, 'Status')[0]]),
    );
    expect(statuses).toEqual({
      ok: 'OK',
      late: 'OverTime',
      dsq: 'Disqualified',
      gone: 'DidNotFinish',
      run: 'DidNotFinish',
      idle: 'DidNotStart',
      loose: 'DidNotFinish',
    });
    for (const id of ['late', 'dsq', 'gone', 'run', 'idle', 'loose'])
      expect(of(id, 'Position')).toEqual([]);
    expect(of('idle', 'StartTime')).toEqual(['2026-01-01T12:00:00+02:00']);
    const classIds = xpath(xml, "//*[local-name()='Class']/*[local-name()='Id']/text()");
    expect(classIds).toEqual(['1', '2', '9999']);
    expect(xpath(xml, 'string(/*/@status)')).toEqual(['Snapshot']);
  });

  it('IOF ResultList of cup standings, read back per team', () => {
    const cupEvents = [
      { id: 'a', starttime: S0, teams: [] },
      { id: 'b&2', starttime: S0 + 24 * H, teams: [] },
    ].map((e, i) => ({
      ...e,
      teams: [
        {
          teamId: 't1',
          owner: null,
          className: HOSTILE,
          name: 'Kiired',
          status: 'finished' as const,
          place: 1 + i,
        },
        {
          teamId: 't2',
          owner: null,
          className: HOSTILE,
          name: HOSTILE,
          status: 'finished' as const,
          place: 2 - i,
        },
        {
          teamId: 't3',
          owner: null,
          className: '',
          name: 'Üksi',
          status: 'dsq' as const,
          place: null,
        },
      ],
    }));
    const rows = cupStandings(
      {
        points: [10, 8],
        growingpoints: false,
        atleast1: false,
        missvalue: 0,
        countingevents: null,
      },
      cupEvents,
      [],
      [],
    );
    const named = cupEvents.map((e) => ({ id: e.id, name: `Stage ${e.id}` }));
    const xml = cupStandingsToIof(rows, named, { cupName: HOSTILE, complete: false });
    expect(validate(xml, IOF_XSD)).toBe('');
    expect(validate(cupStandingsToIof([], named, { cupName: 'x', complete: true }), IOF_XSD)).toBe(
      '',
    );
    const of = (name: string, field: string) =>
      xpath(
        xml,
        `//*[local-name()='PersonResult'][.//*[local-name()='Family']='${name}']/*[local-name()='Result']/*[local-name()='${field}']/text()`,
      );
    expect(of('Kiired', 'Score')).toEqual(['18']);
    // 10 + 8 each; the last stage breaks the tie.
    expect(of('Kiired', 'Position')).toEqual(['2']);
    // Disqualified in both stages: no points, yet in the standings.
    expect(of('Üksi', 'Status')).toEqual(['OK']);
    expect(of('Üksi', 'Score')).toEqual(['0']);
    const unplaced = { ...rows[0]!, place: null, placeLabel: '', scores: [null, null] };
    const inactive = cupStandingsToIof([unplaced], named, { cupName: 'x', complete: true });
    expect(validate(inactive, IOF_XSD)).toBe('');
    expect(xpath(inactive, "//*[local-name()='Status']/text()")).toEqual(['Inactive']);
    expect(xpath(inactive, "count(//*[local-name()='Position'])")).toEqual(['0']);
    expect(xpath(xml, "count(//*[local-name()='ClassResult'])")).toEqual(['2']);
    expect(xpath(xml, 'string(/*/@status)')).toEqual(['Snapshot']);
  });

  it('the interop event (docs/interop.md): every IOF file sportorg.test.ts imports', () => {
    const team = { ...hostileOptions, teamForm: 'team' as const, members: hostileMembers };
    expect(validate(resultsToIof(hostileResults, hostileOptions), IOF_XSD)).toBe('');
    expect(validate(resultsToIof(hostileResults, team), IOF_XSD)).toBe('');
    expect(validate(startListToIof(hostileEntries, hostileOptions), IOF_XSD)).toBe('');
    expect(validate(entryListToIof(hostileEntries, hostileOptions), IOF_XSD)).toBe('');
    const { rows, events } = hostileCup();
    const cup = cupStandingsToIof(rows, events, {
      cupName: 'Cup',
      complete: true,
      startTime: HOSTILE_S0,
    });
    expect(validate(cup, IOF_XSD)).toBe('');
  });

  it('GPX of checkpoints and of a track, with hostile names and edge coordinates', () => {
    const cps: Checkpoint[] = [
      { id: 'a', kp: { nr: 1 }, data: { desc: HOSTILE, loc: { lat: 1e-7, lng: 180 } } },
      { id: 'b', kp: { nr: 2 }, data: { desc: 'Kivi', loc: { lat: -90, lng: -180 } } },
      { id: 'c', kp: { nr: 3 }, data: { desc: 'no location' } },
    ] as Checkpoint[];
    const kps = exportCheckpointsGpx(cps, HOSTILE);
    expect(validate(kps, GPX_XSD)).toBe('');
    expect(kps).toContain('lat="0.0000001" lon="-180"');
    const track = trackToGpx(
      [
        { t: S0, y: 58.38, x: 179.99999999, g: 359.999, s: 1e-7, a: null, l: null, d: null },
        { t: S0 + 1000, y: 1e-7, x: -180, g: 0, l: -1e-7, a: null, s: null, d: null },
        // Heart rate and cadence (issue 36); out of the extension's range they are not written.
        { t: S0 + 2000, y: 1, x: 1, a: 3, s: 2, l: 1, g: 1, d: 1, h: 150.4, c: 254 },
        { t: S0 + 3000, y: 1, x: 1, a: null, s: null, l: null, g: null, d: null, h: 0, c: 255 },
      ],
      { name: HOSTILE, time: S0 },
    );
    expect(validate(track, GPX_XSD)).toBe('');
    expect(track).not.toMatch(/\de-\d/);
    expect(track).not.toContain('<gpxtpx:course>360');
    expect(track).toContain('<gpxtpx:hr>150</gpxtpx:hr><gpxtpx:cad>254</gpxtpx:cad><gpxtpx:speed>');
    expect(track.match(/<gpxtpx:hr>/g)).toHaveLength(1);
  });
});
