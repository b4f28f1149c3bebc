import { EVENT_FILE_VERSION, fileTeamFieldAbsent, fileTeamTimeAbsent } from '@rada/core';
import type { EventFile } from '@rada/core';
import type { Database } from '../db/schema.ts';
import { asJsonMap, fromJson, fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import { sanitizeKpTexts, sanitizeSettingsTexts } from '../richText/sanitize.ts';

/**
 * Pure conversion between the event file (spec 04) and the rows that store it.
 * Every key the file carries lands in a column or a JSON blob, so rows → file gives back
 * the same data (tracks aside). Known keys: see `KNOWN_*` below; the rest go to `extra`.
 */
export interface EventRows {
  event: Database['events'];
  admins: Database['event_admins'][];
  data: Database['event_data'];
  checkpoints: Database['checkpoints'][];
  deletedCheckpoints: Database['deleted_checkpoints'][];
  printItems: Database['print_items'][];
  teams: Database['teams'][];
  registrations: Database['registrations'][];
  answers: Database['team_answers'][];
  speedTickets: Database['speed_tickets'][];
  /** teams.data.{tid}.members. */
  members: Database['team_members'][];
  /** eventsdata.deletedteams. */
  deletedTeams: Database['deleted_teams'][];
}

const EVENT_COLUMNS = ['name', 'starttime', 'endtime', 'arch', 'hidden', 'admins'];
const KNOWN_EVENTSDATA = ['data', 'conf', 'kp', 'kpdata', 'kpanswer', 'printitems', 'deletedkps'];
const KNOWN_TEAMS = ['list', 'data', 'kpanswers', 'spdtickets', 'trackstat'];
// `mapimages` are rows and files of their own (mapImages/mapTransfer.ts), never an event's extra.
const KNOWN_TOP = ['version', 'events', 'eventsdata', 'teams', 'evdoc', 'mapimages'];

const without = (obj: JsonMap, keys: string[]): JsonMap =>
  Object.fromEntries(Object.entries(obj).filter(([k]) => !keys.includes(k)));
const asMap = asJsonMap;
const entries = (v: unknown) => Object.entries(asMap(v));
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strOrNull = (v: unknown) => (v === undefined || v === null ? null : String(v));
const isMap = (v: unknown): v is JsonMap => !!v && typeof v === 'object' && !Array.isArray(v);

/** The name column of a team: its list entry's name, else its registration's team name. */
export const teamNameOf = (list: unknown, regdata: unknown): string =>
  String(asMap(list).name ?? asMap(regdata).teamname ?? '');

/** The nr column of a team (list.nr as text; none for `""`, fileTeamFieldAbsent). */
export const teamNrOf = (list: unknown): string | null => {
  const nr = asMap(list).nr;
  return fileTeamFieldAbsent(nr) ? null : strOrNull(nr);
};

/**
 * A team's list entry as stored: a start or finish time that an older file wrote as none (`0`,
 * `""`), and a class or number written as `""`, are stored as null, as the team editor would
 * clear them (spec 04: read, not refuse).
 */
function teamListOf(list: unknown): unknown {
  if (!isMap(list)) return list;
  const absent = (field: string) =>
    field in list &&
    list[field] !== null &&
    (field === 'starttime' || field === 'finishtime'
      ? fileTeamTimeAbsent(list[field])
      : fileTeamFieldAbsent(list[field]));
  const fields = ['starttime', 'finishtime', 'klassid', 'nr'].filter(absent);
  if (fields.length === 0) return list;
  return { ...list, ...Object.fromEntries(fields.map((field) => [field, null])) };
}

/** One stored answer from its file form (`{answer, ok, aeg, …}`); odd types stay in `extra`. */
export function answerRow(
  eventId: string,
  teamId: string,
  kpId: string,
  value: unknown,
): Database['team_answers'] {
  const a = asMap(value);
  const answer = typeof a.answer === 'string' ? a.answer : null;
  const ok = typeof a.ok === 'boolean' ? a.ok : null;
  const aeg = numOrNull(a.aeg);
  const extra = Object.fromEntries(
    Object.entries(a).filter(
      ([k]) =>
        !(k === 'answer' && answer !== null) &&
        !(k === 'ok' && ok !== null) &&
        !(k === 'aeg' && aeg !== null),
    ),
  );
  return {
    event_id: eventId,
    team_id: teamId,
    kp_id: kpId,
    answer,
    ok: ok === null ? null : ok ? 1 : 0,
    aeg,
    extra: toJson(extra),
  };
}

/** The file form of a stored answer. */
export function answerValue(a: Database['team_answers']): JsonMap {
  return {
    ...fromJsonMap(a.extra),
    ...(a.answer !== null ? { answer: a.answer } : {}),
    ...(a.ok !== null ? { ok: a.ok === 1 } : {}),
    ...(a.aeg !== null ? { aeg: a.aeg } : {}),
  };
}

/**
 * The team_members rows of a team's `members` map (`{uid: {joined, via}}`), or null when the
 * map is empty or any entry has another shape: then it stays in the team's data as it is, so
 * nothing is lost.
 */
export function memberRows(
  eventId: string,
  teamId: string,
  members: unknown,
): Database['team_members'][] | null {
  if (!isMap(members)) return null;
  const rows: Database['team_members'][] = [];
  for (const [uid, m] of Object.entries(members)) {
    if (!isMap(m) || Object.keys(m).length !== 2) return null;
    if (typeof m.joined !== 'number' || !Number.isFinite(m.joined)) return null;
    if (typeof m.via !== 'string') return null;
    rows.push({
      event_id: eventId,
      team_id: teamId,
      user_id: uid,
      joined_at: m.joined,
      via: m.via,
    });
  }
  return rows.length > 0 ? rows : null;
}

/** The `members` map of team_members rows. */
export function membersValue(rows: readonly Database['team_members'][]): JsonMap {
  return Object.fromEntries(rows.map((m) => [m.user_id, { joined: m.joined_at, via: m.via }]));
}

/** The row of one deleted-team backup (spec 02 §3) of eventsdata.deletedteams. */
export function deletedTeamRow(
  eventId: string,
  id: string,
  record: JsonMap,
  now: number,
): Database['deleted_teams'] {
  return {
    event_id: eventId,
    id,
    team_id: strOrNull(record.tid) ?? '',
    name: teamNameOf(record.list, asMap(record.data).regdata),
    deleted_at: numOrNull(record.deletetime) ?? now,
    record: toJson(record),
  };
}

/** eventsdata.deletedteams split into rows when it is a non-empty map of records, else null. */
function deletedTeamRows(eventId: string, value: unknown, now: number) {
  if (!isMap(value) || Object.keys(value).length === 0) return null;
  if (!Object.values(value).every(isMap)) return null;
  return Object.entries(value).map(([id, record]) =>
    deletedTeamRow(eventId, id, record as JsonMap, now),
  );
}

/** Splits an event file into rows for event `eventId`. */
export function fileToRows(file: EventFile, eventId: string, now: number): EventRows {
  const ev = file.events as JsonMap;
  const ed = file.eventsdata as JsonMap;
  const tm = file.teams as JsonMap;

  const checkpointIds = new Set([
    ...Object.keys(asMap(ed.kp)),
    ...Object.keys(asMap(ed.kpdata)),
    ...Object.keys(asMap(ed.kpanswer)),
  ]);
  const checkpoints = [...checkpointIds].map((id) => {
    const kp = asMap(ed.kp)[id];
    const answer = asMap(ed.kpanswer)[id];
    return {
      event_id: eventId,
      id,
      nr: kp && typeof kp === 'object' ? strOrNull((kp as JsonMap).nr) : null,
      kp: toJson(kp ?? null),
      // A file is not trusted: its rich texts are sanitised as any other write's.
      data: toJson(sanitizeKpTexts(asMap(ed.kpdata)[id] ?? null)),
      answer: typeof answer === 'string' ? answer : null,
    };
  });

  const teamIds = new Set([
    ...Object.keys(asMap(tm.list)),
    ...Object.keys(asMap(tm.data)),
    ...Object.keys(asMap(tm.kpanswers)),
    ...Object.keys(asMap(tm.spdtickets)),
    ...Object.keys(asMap(tm.trackstat)),
  ]);
  const teams: Database['teams'][] = [];
  const registrations: Database['registrations'][] = [];
  const members: Database['team_members'][] = [];
  for (const id of teamIds) {
    const list = asMap(tm.list)[id];
    const data = asMap(tm.data)[id];
    const dataMap = asMap(data);
    const regdata = dataMap.regdata;
    const teamMembers = memberRows(eventId, id, dataMap.members);
    if (teamMembers) members.push(...teamMembers);
    teams.push({
      event_id: eventId,
      id,
      name: teamNameOf(list, regdata),
      nr: teamNrOf(list),
      list: toJson(teamListOf(list) ?? null),
      data: toJson(
        data === undefined
          ? null
          : without(dataMap, teamMembers ? ['regdata', 'members'] : ['regdata']),
      ),
      trackstat: id in asMap(tm.trackstat) ? toJson(asMap(tm.trackstat)[id]) : null,
    });
    if (regdata !== undefined) {
      registrations.push({
        event_id: eventId,
        team_id: id,
        user_id: null,
        regdata: toJson(regdata),
        regtime: numOrNull(asMap(regdata).regtime),
      });
    }
  }

  const answers = entries(tm.kpanswers).flatMap(([teamId, perKp]) =>
    entries(perKp).map(([kpId, value]) => answerRow(eventId, teamId, kpId, value)),
  );
  const deletedTeams = deletedTeamRows(eventId, ed.deletedteams, now);

  const speedTickets = entries(tm.spdtickets).flatMap(([teamId, tickets]) =>
    entries(tickets).map(([id, ticket]) => ({
      event_id: eventId,
      team_id: teamId,
      id,
      ticket: toJson(ticket),
    })),
  );

  return {
    event: {
      id: eventId,
      name: String(ev.name ?? ''),
      starttime: numOrNull(ev.starttime),
      endtime: numOrNull(ev.endtime),
      arch: typeof ev.arch === 'string' ? ev.arch : null,
      hidden: ev.hidden === true ? 1 : 0,
      record: toJson(without(ev, EVENT_COLUMNS)),
      unpaid_at: null,
      created_at: now,
      updated_at: now,
    },
    admins: entries(ev.admins).map(([uid, role]) => ({
      event_id: eventId,
      user_id: uid,
      role: String(role),
    })),
    data: {
      event_id: eventId,
      settings: toJson(sanitizeSettingsTexts(asMap(ed.data))),
      conf: toJson(asMap(ed.conf)),
      evdoc: toJson(asMap(file.evdoc)),
      extra: toJson({
        top: without(file as JsonMap, KNOWN_TOP),
        eventsdata: without(
          ed,
          deletedTeams ? [...KNOWN_EVENTSDATA, 'deletedteams'] : KNOWN_EVENTSDATA,
        ),
        teams: without(tm, KNOWN_TEAMS),
      }),
    },
    checkpoints,
    deletedCheckpoints: entries(ed.deletedkps).map(([id, record]) => ({
      event_id: eventId,
      id,
      record: toJson(record),
      deleted_at: now,
    })),
    printItems: entries(ed.printitems).map(([id, item]) => ({
      event_id: eventId,
      id,
      item: toJson(item),
    })),
    teams,
    registrations,
    answers,
    speedTickets,
    members,
    deletedTeams: deletedTeams ?? [],
  };
}

/** Joins stored rows back into an event file. */
export function rowsToFile(rows: EventRows): EventFile {
  const extra = fromJsonMap(rows.data.extra);
  const kp: JsonMap = {};
  const kpdata: JsonMap = {};
  const kpanswer: JsonMap = {};
  for (const c of rows.checkpoints) {
    const k = fromJson<unknown>(c.kp, null);
    const d = fromJson<unknown>(c.data, null);
    if (k !== null) kp[c.id] = k;
    if (d !== null) kpdata[c.id] = d;
    if (c.answer !== null) kpanswer[c.id] = c.answer;
  }
  const regByTeam = new Map(
    rows.registrations.map((r) => [r.team_id, fromJson<unknown>(r.regdata, {})]),
  );
  const membersByTeam = new Map<string, Database['team_members'][]>();
  for (const m of rows.members) {
    const group = membersByTeam.get(m.team_id);
    if (group) group.push(m);
    else membersByTeam.set(m.team_id, [m]);
  }
  const list: JsonMap = {};
  const data: JsonMap = {};
  const trackstat: JsonMap = {};
  for (const t of rows.teams) {
    const l = fromJson<unknown>(t.list, null);
    const d = fromJson<JsonMap | null>(t.data, null);
    if (l !== null) list[t.id] = l;
    const reg = regByTeam.get(t.id);
    const mem = membersByTeam.get(t.id);
    if (d !== null || reg !== undefined || mem !== undefined)
      data[t.id] = {
        ...(d ?? {}),
        ...(reg !== undefined ? { regdata: reg } : {}),
        // A members map kept whole in the data (another shape) is merged with the rows.
        ...(mem !== undefined ? { members: { ...asMap(d?.members), ...membersValue(mem) } } : {}),
      };
    if (t.trackstat !== null) trackstat[t.id] = fromJson<unknown>(t.trackstat, null);
  }
  const kpanswers: Record<string, JsonMap> = {};
  for (const a of rows.answers) (kpanswers[a.team_id] ??= {})[a.kp_id] = answerValue(a);
  const spdtickets: Record<string, JsonMap> = {};
  for (const s of rows.speedTickets)
    (spdtickets[s.team_id] ??= {})[s.id] = fromJson<unknown>(s.ticket, null);

  return {
    ...asMap(extra.top),
    version: EVENT_FILE_VERSION,
    events: {
      name: rows.event.name,
      starttime: rows.event.starttime,
      endtime: rows.event.endtime,
      arch: rows.event.arch,
      hidden: rows.event.hidden === 1,
      admins: Object.fromEntries(rows.admins.map((a) => [a.user_id, a.role])),
      ...fromJsonMap(rows.event.record),
    },
    eventsdata: {
      data: fromJsonMap(rows.data.settings),
      conf: fromJsonMap(rows.data.conf),
      kp,
      kpdata,
      kpanswer,
      printitems: Object.fromEntries(
        rows.printItems.map((p) => [p.id, fromJson<unknown>(p.item, null)]),
      ),
      deletedkps: Object.fromEntries(
        rows.deletedCheckpoints.map((d) => [d.id, fromJson<unknown>(d.record, null)]),
      ),
      ...asMap(extra.eventsdata),
      ...(rows.deletedTeams.length > 0
        ? {
            deletedteams: {
              ...asMap(asMap(extra.eventsdata).deletedteams),
              ...Object.fromEntries(
                rows.deletedTeams.map((d) => [d.id, fromJson<unknown>(d.record, null)]),
              ),
            },
          }
        : {}),
    },
    teams: { list, data, kpanswers, spdtickets, trackstat, ...asMap(extra.teams) },
    evdoc: fromJsonMap(rows.data.evdoc),
  } as EventFile;
}
