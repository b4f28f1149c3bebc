import { describe, expect, it } from 'vitest';
import type { EventFile } from '@rada/core';
import { sampleEventFile } from '../test/eventFileFixture.ts';
import { fileToRows, rowsToFile } from './eventFileMapping.ts';

const NOW = 1_767_000_000_000;

describe('event file ↔ rows', () => {
  it('gives back the spec 04 sample, unknown keys included (lossless round trip)', () => {
    const file = sampleEventFile();
    const rows = fileToRows(file as EventFile, 'spring', NOW);
    expect(rowsToFile(rows)).toEqual(file);
    // The input is not changed on the way.
    expect(file).toEqual(sampleEventFile());
  });

  it('splits the file into the rows the tables hold', () => {
    const rows = fileToRows(sampleEventFile() as EventFile, 'spring', NOW);
    expect(rows.event).toMatchObject({
      id: 'spring',
      name: 'Spring rogaine',
      starttime: 1767261600000,
      endtime: 1767283200000,
      arch: null,
      hidden: 0,
      created_at: NOW,
    });
    const record = JSON.parse(rows.event.record) as Record<string, unknown>;
    expect(Object.keys(record).sort()).toEqual(
      ['data', 'klassid', 'kpgroups', 'map', 'orderrules', 'rakoef', 'unknownEventKey'].sort(),
    );
    expect(rows.admins).toEqual([
      { event_id: 'spring', user_id: 'uid-owner', role: 'owner' },
      { event_id: 'spring', user_id: 'uid-admin', role: 'admin' },
    ]);
    expect(rows.checkpoints.map((c) => [c.id, c.nr, c.answer])).toEqual([
      ['kp1', '1', 'r1'],
      ['kp2', '31', null],
    ]);
    expect(rows.teams.map((t) => [t.id, t.name, t.nr])).toEqual([
      ['t1', 'Team A', '101'],
      ['t2', 'Team B', '102'],
    ]);
    // regdata lives in registrations, not in the team's data.
    expect(JSON.parse(rows.teams[0]!.data)).toEqual({ note: 'paid' });
    expect(rows.registrations.map((r) => [r.team_id, r.regtime])).toEqual([
      ['t1', 1767000000000],
      ['t2', 1767000500000],
    ]);
    expect(
      rows.answers.map((a) => [a.team_id, a.kp_id, a.answer, a.ok, a.aeg, JSON.parse(a.extra)]),
    ).toEqual([
      ['t1', 'kp1', 'r1', null, 1767265000000, { futureAnswerKey: 'photo.jpg' }],
      ['t1', 'kp2', 'r2', 1, 1767266000000, {}],
      ['t2', 'kp1', 'r2', null, 1767267000000, {}],
    ]);
    expect(rows.speedTickets).toHaveLength(1);
    expect(rows.printItems).toHaveLength(1);
    expect(rows.deletedCheckpoints).toEqual([
      { event_id: 'spring', id: 'd1', record: expect.any(String), deleted_at: NOW },
    ]);
    expect(JSON.parse(rows.data.extra)).toEqual({
      top: { futureTopLevel: { keep: ['me', 1, null] } },
      eventsdata: {
        issues: { i1: { text: 'KP 31 missing' } },
        docver: 1,
        unknownEventsdataKey: [1, 2, 3],
      },
      teams: { unknownTeamsKey: { x: true } },
    });
  });

  it('keeps answers whose fields are not of the usual types', () => {
    const file = sampleEventFile();
    file.teams.kpanswers.t2.kp1 = { answer: 3, ok: 'maybe', aeg: null } as never;
    (file.teams.kpanswers.t1 as Record<string, unknown>).kp2 = { answer: 'r2', ok: false, aeg: 5 };
    expect(rowsToFile(fileToRows(file as EventFile, 'x', NOW))).toEqual(file);
  });

  it('keeps teams that appear in only one of the team maps', () => {
    const file = sampleEventFile();
    const teams = file.teams as Record<string, Record<string, unknown>>;
    teams.data!.t3 = { note: 'registered by phone' };
    teams.trackstat!.t4 = { dst: 1 };
    teams.spdtickets!.t5 = { tk9: { t: 1, speed: 100, area: 'a1' } };
    const rows = fileToRows(file as EventFile, 'x', NOW);
    expect(rows.teams.map((t) => t.id).sort()).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(rowsToFile(rows)).toEqual(file);
  });

  it('fills the parts a minimal file leaves out, and is stable from then on', () => {
    const minimal = { events: { name: 'Bare' }, eventsdata: {}, teams: {}, evdoc: {} };
    const once = rowsToFile(fileToRows(minimal as EventFile, 'bare', NOW));
    expect(once).toEqual({
      version: 2,
      events: {
        name: 'Bare',
        starttime: null,
        endtime: null,
        arch: null,
        hidden: false,
        admins: {},
      },
      eventsdata: {
        data: {},
        conf: {},
        kp: {},
        kpdata: {},
        kpanswer: {},
        printitems: {},
        deletedkps: {},
      },
      teams: { list: {}, data: {}, kpanswers: {}, spdtickets: {}, trackstat: {} },
      evdoc: {},
    });
    expect(rowsToFile(fileToRows(once, 'bare', NOW))).toEqual(once);
  });

  /** The sample with team members and deleted-team backups (issue 5). */
  const withMembersAndBackups = () => {
    const file = sampleEventFile() as Record<string, unknown> & ReturnType<typeof sampleEventFile>;
    const data = file.teams.data as Record<string, Record<string, unknown>>;
    data.t1!.members = { u1: { joined: 10, via: 'reg' }, u2: { joined: 20, via: 'code' } };
    (file.eventsdata as Record<string, unknown>).deletedteams = {
      b1: {
        tid: 't9',
        deletetime: 1767000900000,
        list: { name: 'Gone', nr: 109 },
        data: { regdata: { teamname: 'Gone' } },
        answerresult: null,
        kpanswers: { kp1: { answer: 'r1', aeg: 1 } },
        spdtickets: {},
        track: {},
        trackstat: null,
        members: { u3: { joined: 30, via: 'admin' } },
      },
      b2: { tid: 't8', deletetime: 'not a time', futureKey: [1] },
    };
    return file;
  };

  it('splits members into team_members rows and backups into deleted_teams rows, losslessly', () => {
    const file = withMembersAndBackups();
    const rows = fileToRows(file as EventFile, 'spring', NOW);
    expect(rows.members).toEqual([
      { event_id: 'spring', team_id: 't1', user_id: 'u1', joined_at: 10, via: 'reg' },
      { event_id: 'spring', team_id: 't1', user_id: 'u2', joined_at: 20, via: 'code' },
    ]);
    // members and regdata live in their tables, not in the team's data.
    expect(JSON.parse(rows.teams[0]!.data)).toEqual({ note: 'paid' });
    expect(rows.deletedTeams.map((d) => [d.id, d.team_id, d.name, d.deleted_at])).toEqual([
      ['b1', 't9', 'Gone', 1767000900000],
      ['b2', 't8', '', NOW],
    ]);
    expect(JSON.parse(rows.data.extra).eventsdata).not.toHaveProperty('deletedteams');
    expect(rowsToFile(rows)).toEqual(file);
  });

  it('keeps members and backups of another shape as they are', () => {
    const file = withMembersAndBackups();
    const data = file.teams.data as Record<string, Record<string, unknown>>;
    data.t1!.members = { u1: { joined: 'yesterday', via: 'reg' } };
    data.t2!.members = {};
    (file.eventsdata as Record<string, unknown>).deletedteams = { b1: 'not a record' };
    const rows = fileToRows(file as EventFile, 'x', NOW);
    expect(rows.members).toEqual([]);
    expect(rows.deletedTeams).toEqual([]);
    expect(JSON.parse(rows.teams[0]!.data).members).toEqual({
      u1: { joined: 'yesterday', via: 'reg' },
    });
    expect(rowsToFile(rows)).toEqual(file);
  });

  it('adds members and backups written after the import to the file', () => {
    const rows = fileToRows(sampleEventFile() as EventFile, 'x', NOW);
    rows.members.push({ event_id: 'x', team_id: 't2', user_id: 'u9', joined_at: 5, via: 'code' });
    rows.deletedTeams.push({
      event_id: 'x',
      id: 'b9',
      team_id: 't7',
      name: 'Seven',
      deleted_at: 6,
      record: JSON.stringify({ tid: 't7', deletetime: 6 }),
    });
    const file = rowsToFile(rows);
    expect(file.teams.data?.t2).toEqual({
      regdata: { teamname: 'Team B', regtime: 1767000500000, phone: '+372 5555' },
      members: { u9: { joined: 5, via: 'code' } },
    });
    expect(file.eventsdata.deletedteams).toEqual({ b9: { tid: 't7', deletetime: 6 } });
    expect(rowsToFile(fileToRows(file, 'x', NOW))).toEqual(file);
  });
});
