import { compareOptionalNr, TEAM_FIELDS, eventTopic } from '@rada/core';
import type { TeamAnswerView, TeamListEntry, UpdateTeamBody } from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import { timeId } from '../db/ids.ts';
import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import { canEditEvent } from '../policies/event.policy.ts';
import type { EventAccess } from '../policies/event.policy.ts';
import { presentTeam, presentTeamAnswer } from './team.presenter.ts';

export interface TeamServiceDeps {
  store: Store;
  /** The bus that triggers the results recalculation on a `teams` change (recalcTrigger.ts). */
  bus: Bus;
  now: () => number;
}

type Patch = z.output<typeof UpdateTeamBody>;

/** The organiser's team tools: the team list, a team's answers and changes to a team's entry. */
export function teamService({ store, bus, now }: TeamServiceDeps) {
  /** Loads the event and lets its admins through; 401 for the signed out, 403 for others. */
  async function requireAdmin(actor: Actor | null, eventId: string) {
    const row = await store.events.findById(eventId);
    if (!row) throw notFound();
    const role = actor ? await store.events.roleOf(eventId, actor.uid) : null;
    const access: EventAccess = { actor, role, hidden: row.hidden === 1 };
    if (!canEditEvent(access)) throw actor ? forbidden() : unauthorized();
    return row;
  }

  return {
    /** Every team of the event with its answer count, by number then name. */
    async list(actor: Actor | null, eventId: string): Promise<TeamListEntry[]> {
      await requireAdmin(actor, eventId);
      const [rows, counts] = await Promise.all([
        store.teams.list(eventId),
        store.teams.answerCounts(eventId),
      ]);
      return rows
        .map((r) => presentTeam(r, counts.get(r.id) ?? 0))
        .sort((a, b) => compareOptionalNr(a.nr, b.nr) || a.name.localeCompare(b.name));
    },

    /** The team's stored answers. */
    async answers(actor: Actor | null, eventId: string, teamId: string): Promise<TeamAnswerView[]> {
      await requireAdmin(actor, eventId);
      if (!(await store.teams.findById(eventId, teamId))) throw notFound();
      return (await store.teams.answers(eventId, teamId)).map(presentTeamAnswer);
    },

    /**
     * Merges `patch` into the team's list entry (and the name column) in one transaction with one
     * audit row per changed field; tells subscribers that teams changed, which recalculates results.
     */
    async update(
      actor: Actor | null,
      eventId: string,
      teamId: string,
      patch: Patch,
    ): Promise<TeamListEntry> {
      const event = await requireAdmin(actor, eventId);
      if (event.arch !== null) throw new AppError('teams.error.archived', 409);
      const { team, changed } = await store.transaction(async (repos) => {
        // Touching the event row first serialises writes of one event (and re-checks archive).
        await repos.events.update(eventId, { updated_at: now() });
        const ev = await repos.events.findById(eventId);
        if (!ev) throw notFound();
        if (ev.arch !== null) throw new AppError('teams.error.archived', 409);
        const row = await repos.teams.findById(eventId, teamId);
        if (!row) throw notFound();
        const list = fromJsonMap(row.list);
        const audits = [];
        for (const field of TEAM_FIELDS) {
          const value = patch[field];
          if (value === undefined) continue;
          const old = field === 'name' ? (list.name ?? row.name) : list[field];
          if (toJson(old ?? null) === toJson(value)) continue;
          if (value === null) delete list[field];
          else list[field] = value;
          audits.push({
            id: timeId(now()),
            time: now(),
            user_id: actor?.uid ?? null,
            event_id: eventId,
            action: 'team.update',
            path: `teams/${teamId}/list/${field}`,
            old_value: old === undefined ? null : toJson(old),
            value: toJson(value),
          });
        }
        const name = patch.name ?? row.name;
        if (audits.length > 0) {
          await repos.teams.updateList(eventId, teamId, name, toJson(list));
          await repos.teams.insertAudit(audits);
        }
        const count = (await repos.teams.answerCounts(eventId)).get(teamId) ?? 0;
        return {
          team: presentTeam({ ...row, name, list: toJson(list) }, count),
          changed: audits.length > 0,
        };
      });
      if (changed) {
        bus.publish(eventTopic(eventId), { v: 1, type: 'event.changed', eventId, what: ['teams'] });
      }
      return team;
    },
  };
}
export type TeamService = ReturnType<typeof teamService>;
