import type { DeletedTeamView } from '@rada/core';
import type { Database } from '../db/schema.ts';
import { asJsonMap, fromJson, fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import {
  answerRow,
  answerValue,
  memberRows,
  membersValue,
  teamNameOf,
  teamNrOf,
} from '../eventFile/eventFileMapping.ts';
import type { TeamRow } from './team.repository.ts';
import type { DeletedTeamRow, TeamParts } from './teamBackup.repository.ts';

/**
 * A deleted team's backup record (spec 02 §3, eventsdata.deletedteams in the event file): tid,
 * deletetime and copies of list, data (with regdata), answerresult, kpanswers, spdtickets, track,
 * trackstat, plus members (team_members), the registration row's user and time, and the devices
 * that were attached, so a restore puts back exactly what was there. Pure conversions.
 */
const asMap = asJsonMap;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The record of a team about to be deleted; `answerresult` is its entry of the stored results. */
export function backupRecord(
  team: TeamRow,
  parts: TeamParts,
  answerresult: unknown,
  deletetime: number,
): JsonMap {
  const data = fromJson<JsonMap | null>(team.data, null);
  const reg = parts.registration;
  return {
    tid: team.id,
    deletetime,
    list: fromJson<unknown>(team.list, null),
    data:
      reg === undefined ? data : { ...(data ?? {}), regdata: fromJson<unknown>(reg.regdata, {}) },
    ...(reg !== undefined ? { registration: { user_id: reg.user_id, regtime: reg.regtime } } : {}),
    answerresult: answerresult ?? null,
    kpanswers: Object.fromEntries(parts.answers.map((a) => [a.kp_id, answerValue(a)])),
    spdtickets: Object.fromEntries(
      parts.tickets.map((t) => [t.id, fromJson<unknown>(t.ticket, null)]),
    ),
    track: Object.fromEntries(
      parts.tracks.map((c) => [
        c.id,
        { device_id: c.device_id, t_from: c.t_from, t_to: c.t_to, points: c.points, data: c.data },
      ]),
    ),
    trackstat: team.trackstat === null ? null : fromJson<unknown>(team.trackstat, null),
    members: membersValue(parts.members),
    devices: parts.devices,
  };
}

/** The rows a backup record gives back (for a record from elsewhere, what it can). */
export function restoredRows(
  eventId: string,
  record: JsonMap,
): { team: TeamRow; parts: TeamParts } {
  const tid = String(record.tid ?? '');
  const list = record.list ?? null;
  const hasData = record.data !== undefined && record.data !== null;
  const dataMap = asMap(record.data);
  const regdata = dataMap.regdata;
  const { regdata: _reg, ...teamData } = dataMap;
  const registration = asMap(record.registration);
  const tracks: Database['track_chunks'][] = [];
  for (const [id, c] of Object.entries(asMap(record.track))) {
    const chunk = asMap(c);
    const tFrom = num(chunk.t_from);
    const tTo = num(chunk.t_to);
    const points = num(chunk.points);
    if (tFrom === null || tTo === null || points === null || typeof chunk.data !== 'string')
      continue;
    tracks.push({
      id,
      event_id: eventId,
      team_id: tid,
      device_id: typeof chunk.device_id === 'string' ? chunk.device_id : null,
      t_from: tFrom,
      t_to: tTo,
      points,
      data: chunk.data,
    });
  }
  return {
    team: {
      event_id: eventId,
      id: tid,
      name: teamNameOf(list, regdata),
      nr: teamNrOf(list),
      list: toJson(list),
      data: toJson(hasData ? teamData : null),
      trackstat:
        record.trackstat === undefined || record.trackstat === null
          ? null
          : toJson(record.trackstat),
    },
    parts: {
      registration:
        regdata === undefined
          ? undefined
          : {
              event_id: eventId,
              team_id: tid,
              user_id: typeof registration.user_id === 'string' ? registration.user_id : null,
              regdata: toJson(regdata),
              regtime:
                'regtime' in registration ? num(registration.regtime) : num(asMap(regdata).regtime),
            },
      answers: Object.entries(asMap(record.kpanswers)).map(([kpId, value]) =>
        answerRow(eventId, tid, kpId, value),
      ),
      tickets: Object.entries(asMap(record.spdtickets)).map(([id, ticket]) => ({
        event_id: eventId,
        team_id: tid,
        id,
        ticket: toJson(ticket),
      })),
      tracks,
      members: memberRows(eventId, tid, record.members) ?? [],
      devices: Array.isArray(record.devices)
        ? record.devices.filter((d): d is string => typeof d === 'string')
        : [],
    },
  };
}

/** A backup as GET /api/events/:id/deletedteams lists it. */
export function presentDeletedTeam(row: DeletedTeamRow): DeletedTeamView {
  const record = fromJsonMap(row.record);
  const count = (v: unknown) => Object.keys(asMap(v)).length;
  return {
    id: row.id,
    tid: row.team_id,
    name: row.name,
    nr: teamNrOf(record.list),
    deletetime: row.deleted_at,
    answers: count(record.kpanswers),
    spdtickets: count(record.spdtickets),
    tracks: count(record.track),
  };
}
