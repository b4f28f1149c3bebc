import { randomInt } from 'node:crypto';
import {
  DEFAULT_JOIN_START_INTERVAL_MIN,
  compareOptionalNr,
  parseClasses,
  startList,
  startTimes,
  teamHasStarted,
} from '@rada/core';
import type {
  AssignStartTimesBody,
  AssignStartTimesResult,
  StartListView,
  StartOrderBy,
  StartTimeChange,
  UndoStartTimesBody,
  UndoStartTimesResult,
} from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import type { Repos } from '../db/store.ts';
import { canReadEvent } from '../policies/event.policy.ts';
import { checkTeamTimes } from './team.context.ts';
import type { TeamContext } from './team.context.ts';
import type { EventRow } from '../events/event.repository.ts';
import { ms } from './team.presenter.ts';
import type { TeamRow } from './team.repository.ts';

type Assign = z.output<typeof AssignStartTimesBody>;

/** The interval when neither the request nor the `joinstartinterval` setting gives one. */
const DEFAULT_INTERVAL_MIN = DEFAULT_JOIN_START_INTERVAL_MIN;

/** The `joinstartinterval` setting in minutes (a number, or a numeric text in older files). */
function intervalSetting(settings: JsonMap): number | null {
  const v = settings.joinstartinterval;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

interface Candidate {
  row: TeamRow;
  list: JsonMap;
}

/** Orders the teams that get start times; `regtimes` holds the registration times. */
function ordered(
  teams: Candidate[],
  order: StartOrderBy,
  regtimes: Map<string, number | null>,
): Candidate[] {
  const byNr = (a: Candidate, b: Candidate) =>
    compareOptionalNr(a.row.nr, b.row.nr) || a.row.name.localeCompare(b.row.name);
  switch (order) {
    case 'nr':
      return [...teams].sort(byNr);
    case 'name':
      return [...teams].sort((a, b) => a.row.name.localeCompare(b.row.name) || byNr(a, b));
    case 'registration': {
      // Registered teams by registration time, then the others by number.
      const at = (c: Candidate) => regtimes.get(c.row.id) ?? Number.POSITIVE_INFINITY;
      return [...teams].sort((a, b) => at(a) - at(b) || byNr(a, b));
    }
    case 'random': {
      const out = [...teams];
      for (let i = out.length - 1; i > 0; i--) {
        const j = randomInt(i + 1);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    }
  }
}

/**
 * What a bulk assignment does: which enabled teams get which start time and which are kept
 * (those with a time when only missing ones are asked; started ones without `includeStarted`).
 */
async function plan(
  repos: Repos,
  eventId: string,
  body: Assign,
  now: number,
): Promise<Omit<AssignStartTimesResult, 'dryRun'>> {
  const settings = fromJsonMap((await repos.events.findData(eventId))?.settings);
  const interval = body.intervalMin ?? intervalSetting(settings) ?? DEFAULT_INTERVAL_MIN;
  const only = body.teamIds ? new Set(body.teamIds) : null;
  const answers = await repos.teams.answerCounts(eventId);
  let keptWithTime = 0;
  let keptStarted = 0;
  const candidates: Candidate[] = [];
  for (const row of await repos.teams.list(eventId)) {
    const list = fromJsonMap(row.list);
    if (list.disabled === true || (only !== null && !only.has(row.id))) continue;
    const starttime = ms(list.starttime);
    const started = teamHasStarted(
      { starttime, finishtime: ms(list.finishtime), answers: answers.get(row.id) ?? 0 },
      now,
    );
    if (started && !body.includeStarted) keptStarted++;
    else if (body.onlyMissing && starttime !== null) keptWithTime++;
    else candidates.push({ row, list });
  }
  const regtimes = body.order === 'registration' ? await repos.teams.regtimes(eventId) : new Map();
  const teams = ordered(candidates, body.order, regtimes);
  const times = startTimes(body.first, interval, teams.length);
  const changes: StartTimeChange[] = [];
  for (const [i, { row, list }] of teams.entries()) {
    const time = times[i]!;
    if (list.starttime !== time)
      changes.push({ id: row.id, before: ms(list.starttime), after: time });
  }
  return { assigned: teams.length, keptWithTime, keptStarted, changes };
}

/** 400 teams.error.timeoutofrange unless the earliest and latest start `changes` set fit the event. */
function checkStarts(
  event: Pick<EventRow, 'starttime' | 'endtime'>,
  field: string,
  changes: readonly { after: number | null }[],
): void {
  const times = changes.flatMap((c) => (c.after === null ? [] : [c.after]));
  if (times.length === 0) return;
  checkTeamTimes(event, [
    [field, Math.min(...times)],
    [field, Math.max(...times)],
  ]);
}

/** Bulk start times and the public start list (spec 01 §3 Start list entry, §4 start card). */
export function teamStartService(ctx: TeamContext) {
  /** Sets (or with null removes) one team's start time; returns the change's audit row. */
  const setStart = async (
    repos: Repos,
    actor: Actor | null,
    eventId: string,
    row: TeamRow,
    value: number | null,
  ) => {
    const list = fromJsonMap(row.list);
    const old = list.starttime;
    if (value === null) delete list.starttime;
    else list.starttime = value;
    await repos.teams.updateList(eventId, row.id, row.name, toJson(list));
    return ctx.audit(
      actor,
      eventId,
      'team.starttime',
      `teams/${row.id}/list/starttime`,
      old,
      value,
    );
  };

  return {
    /**
     * Gives the enabled teams (all, or `teamIds`) start times `first`, `first + interval`, … in
     * the chosen order: by default only those without one, and never a team that started,
     * finished or marked a KP unless `includeStarted`. One transaction with one audit row per
     * team whose time changed; with `dryRun` nothing is written and the answer says what would
     * change. The answer's `changes` are what the undo puts back.
     */
    async assignStartTimes(
      actor: Actor | null,
      eventId: string,
      body: Assign,
    ): Promise<AssignStartTimesResult> {
      const event = await ctx.requireWrite(actor, eventId);
      if (body.dryRun) {
        const planned = await plan(ctx.store, eventId, body, ctx.now());
        checkStarts(event, 'first', planned.changes);
        return { ...planned, dryRun: true };
      }
      const result = await ctx.write(eventId, async (repos) => {
        const planned = await plan(repos, eventId, body, ctx.now());
        checkStarts(event, 'first', planned.changes);
        const rows = new Map((await repos.teams.list(eventId)).map((r) => [r.id, r]));
        const audits = [];
        for (const change of planned.changes) {
          audits.push(await setStart(repos, actor, eventId, rows.get(change.id)!, change.after));
        }
        await repos.teams.insertAudit(audits);
        return planned;
      });
      if (result.changes.length > 0) ctx.changed(eventId);
      return { ...result, dryRun: false };
    },

    /**
     * Undoes a bulk assignment: each team whose start time is still the assigned `after` gets
     * `before` back (none when null); teams changed since (a participant started, an organiser
     * edited) or deleted are skipped. One transaction, one audit row per restored team.
     */
    async undoStartTimes(
      actor: Actor | null,
      eventId: string,
      body: UndoStartTimesBody,
    ): Promise<UndoStartTimesResult> {
      const event = await ctx.requireWrite(actor, eventId);
      checkStarts(
        event,
        'changes',
        body.changes.map((c) => ({ after: c.before })),
      );
      const result = await ctx.write(eventId, async (repos) => {
        const rows = new Map((await repos.teams.list(eventId)).map((r) => [r.id, r]));
        const audits = [];
        const done = new Set<string>();
        for (const change of body.changes) {
          const row = rows.get(change.id);
          if (!row || done.has(change.id)) continue;
          if (ms(fromJsonMap(row.list).starttime) !== change.after) continue;
          done.add(change.id);
          audits.push(await setStart(repos, actor, eventId, row, change.before));
        }
        await repos.teams.insertAudit(audits);
        return { restored: done.size, skipped: body.changes.length - done.size };
      });
      if (result.restored > 0) ctx.changed(eventId);
      return result;
    },

    /**
     * The start list: enabled teams with a start time, earliest first. Readable by whoever may
     * read the event itself (as GET /api/events/:id).
     */
    async startList(actor: Actor | null, eventId: string): Promise<StartListView> {
      const { row, access } = await ctx.load(actor, eventId);
      if (!canReadEvent(access)) throw actor ? forbidden() : unauthorized();
      const [rows, data] = await Promise.all([
        ctx.store.teams.list(eventId),
        ctx.store.events.findData(eventId),
      ]);
      const classes = parseClasses(fromJsonMap(data?.settings).klassid);
      const teams = rows.map((t) => {
        const list = fromJsonMap(t.list);
        const klassid = typeof list.klassid === 'string' ? list.klassid : null;
        return {
          id: t.id,
          name: t.name,
          nr: t.nr,
          klass: klassid === null ? null : (classes.get(klassid) ?? klassid),
          starttime: ms(list.starttime),
          disabled: list.disabled === true,
        };
      });
      return { eventId, eventName: row.name, teams: startList(teams) };
    },
  };
}
