import { randomInt } from 'node:crypto';
import { compareOptionalNr, startList, startTimes } from '@rada/core';
import type {
  AssignStartTimesBody,
  AssignStartTimesResult,
  StartListView,
  StartOrderBy,
} from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import { canReadEvent } from '../policies/event.policy.ts';
import type { TeamContext } from './team.context.ts';
import { ms } from './team.presenter.ts';
import type { TeamRow } from './team.repository.ts';

type Assign = z.output<typeof AssignStartTimesBody>;

/** The interval when neither the request nor the `joinstartinterval` setting gives one. */
const DEFAULT_INTERVAL_MIN = 1;

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

/** Bulk start times and the public start list (spec 01 §3 Start list entry, §4 start card). */
export function teamStartService(ctx: TeamContext) {
  return {
    /**
     * Gives the enabled teams (all, or `teamIds`; with `onlyMissing` those without one) start
     * times `first`, `first + interval`, … in the chosen order, in one transaction with one audit
     * row per team whose time changed.
     */
    async assignStartTimes(
      actor: Actor | null,
      eventId: string,
      body: Assign,
    ): Promise<AssignStartTimesResult> {
      await ctx.requireWrite(actor, eventId);
      const { assigned, changed } = await ctx.write(eventId, async (repos) => {
        const settings = fromJsonMap((await repos.events.findData(eventId))?.settings);
        const interval = body.intervalMin ?? intervalSetting(settings) ?? DEFAULT_INTERVAL_MIN;
        const only = body.teamIds ? new Set(body.teamIds) : null;
        const candidates = (await repos.teams.list(eventId))
          .map((row) => ({ row, list: fromJsonMap(row.list) }))
          .filter(
            ({ row, list }) =>
              list.disabled !== true &&
              (only === null || only.has(row.id)) &&
              !(body.onlyMissing && ms(list.starttime) !== null),
          );
        const regtimes =
          body.order === 'registration' ? await repos.teams.regtimes(eventId) : new Map();
        const teams = ordered(candidates, body.order, regtimes);
        const times = startTimes(body.first, interval, teams.length);
        const audits = [];
        for (const [i, { row, list }] of teams.entries()) {
          const time = times[i]!;
          const old = list.starttime;
          if (old === time) continue;
          list.starttime = time;
          await repos.teams.updateList(eventId, row.id, row.name, toJson(list));
          audits.push(
            ctx.audit(
              actor,
              eventId,
              'team.starttime',
              `teams/${row.id}/list/starttime`,
              old,
              time,
            ),
          );
        }
        await repos.teams.insertAudit(audits);
        return { assigned: teams.length, changed: audits.length > 0 };
      });
      if (changed) ctx.changed(eventId);
      return { assigned };
    },

    /**
     * The start list: enabled teams with a start time, earliest first. Readable by whoever may
     * read the event itself (as GET /api/events/:id).
     */
    async startList(actor: Actor | null, eventId: string): Promise<StartListView> {
      const { row, access } = await ctx.load(actor, eventId);
      if (!canReadEvent(access)) throw actor ? forbidden() : unauthorized();
      const teams = (await ctx.store.teams.list(eventId)).map((t) => {
        const list = fromJsonMap(t.list);
        return {
          id: t.id,
          name: t.name,
          nr: t.nr,
          starttime: ms(list.starttime),
          disabled: list.disabled === true,
        };
      });
      return { eventId, eventName: row.name, teams: startList(teams) };
    },
  };
}
