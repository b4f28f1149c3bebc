import { TEAM_FIELDS, teamColourAt, compareOptionalNr, nextTeamNr } from '@rada/core';
import type { CreateTeamBody, TeamAnswerView, TeamListEntry, UpdateTeamBody } from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { AppError, notFound } from '../http/errors.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import { newId } from '../db/ids.ts';
import { clocksOf } from '../participant/deviceClock.ts';
import { presentTeam, presentTeamAnswer } from './team.presenter.ts';
import type { TeamRow } from './team.repository.ts';
import { checkTeamTimes, storedNr, teamContext, teamNrTaken } from './team.context.ts';
import type { TeamServiceDeps } from './team.context.ts';
import { teamImportService } from './teamImport.service.ts';
import { teamBackupService } from './teamBackup.service.ts';
import { teamStartService } from './teamStart.service.ts';

export type { TeamServiceDeps } from './team.context.ts';

type Patch = z.output<typeof UpdateTeamBody>;
type Create = z.output<typeof CreateTeamBody>;

const nrExists = () => new AppError('teams.error.nrexists', 409);

/** The stored `devs` map for device ids `ids`, keeping what the old map held for each. */
function devsMap(ids: readonly string[], old: unknown): JsonMap {
  const before = old && typeof old === 'object' && !Array.isArray(old) ? (old as JsonMap) : {};
  return Object.fromEntries([...new Set(ids)].map((id) => [id, before[id] ?? true]));
}
const sameDevs = (a: JsonMap, b: unknown): boolean =>
  !!b &&
  typeof b === 'object' &&
  !Array.isArray(b) &&
  toJson(Object.keys(a).sort()) === toJson(Object.keys(b).sort());

/**
 * The organiser's team tools: the team list, a team's answers, adding a team and changing its
 * list entry; deleting and restoring (teamBackup.service.ts); start times and the start list
 * (teamStart.service.ts).
 */
/** Rows per team (an archived event's answers or members, as the live counts give them). */
function countBy(rows: readonly { team_id: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.team_id, (counts.get(r.team_id) ?? 0) + 1);
  return counts;
}

export function teamService(deps: TeamServiceDeps) {
  const { store } = deps;
  const ctx = teamContext(deps);

  return {
    /** Every team of the event with its answer count, registration and members, by number then name. */
    async list(actor: Actor | null, eventId: string): Promise<TeamListEntry[]> {
      const event = await ctx.requireAdmin(actor, eventId);
      const archived = event.arch !== null && deps.readRows ? await deps.readRows(eventId) : null;
      const [rows, counts, regs, members, clocks] = archived
        ? [
            archived.teams,
            countBy(archived.answers),
            archived.registrations,
            countBy(archived.members),
            new Map<string, never>(),
          ]
        : await Promise.all([
            store.teams.list(eventId),
            store.teams.answerCounts(eventId),
            store.registrations.forEvent(eventId),
            store.members.counts(eventId),
            clocksOf(store, eventId),
          ]);
      const regdata = new Map(regs.map((r) => [r.team_id, r.regdata]));
      return rows
        .map((r) =>
          presentTeam(r, counts.get(r.id) ?? 0, {
            registered: regdata.has(r.id),
            members: members.get(r.id) ?? 0,
            clock: clocks.get(r.id),
            regdata: regdata.get(r.id),
          }),
        )
        .sort((a, b) => compareOptionalNr(a.nr, b.nr) || a.name.localeCompare(b.name));
    },

    /** The team's stored answers. */
    async answers(actor: Actor | null, eventId: string, teamId: string): Promise<TeamAnswerView[]> {
      await ctx.requireAdmin(actor, eventId);
      if (!(await store.teams.findById(eventId, teamId))) throw notFound();
      return (await store.teams.answers(eventId, teamId)).map(presentTeamAnswer);
    },

    /**
     * Adds a team. Without `nr` it gets the next free number, without `col` the next colour of
     * TEAM_COLOURS; `allowed` defaults to true. 409 teams.error.nrexists when the number is taken;
     * 400 teams.error.timeoutofrange for a time outside the event's window (checkTeamTimes).
     */
    async create(actor: Actor | null, eventId: string, body: Create): Promise<TeamListEntry> {
      const event = await ctx.requireWrite(actor, eventId);
      checkTeamTimes(event, [
        ['starttime', body.starttime],
        ['finishtime', body.finishtime],
      ]);
      const team = await ctx.write(eventId, async (repos) => {
        const rows = await repos.teams.list(eventId);
        const nr = body.nr ?? nextTeamNr(rows.map((r) => r.nr));
        if (teamNrTaken(rows, nr)) throw nrExists();
        const list: JsonMap = {
          name: body.name,
          nr: storedNr(nr),
          col: body.col ?? teamColourAt(rows.length),
          allowed: body.allowed ?? true,
          ...(body.klassid != null ? { klassid: body.klassid } : {}),
          ...(body.starttime != null ? { starttime: body.starttime } : {}),
          ...(body.finishtime != null ? { finishtime: body.finishtime } : {}),
          ...(body.disabled !== undefined ? { disabled: body.disabled } : {}),
        };
        const row: TeamRow = {
          event_id: eventId,
          id: newId(),
          name: body.name,
          nr,
          list: toJson(list),
          data: toJson(null),
          trackstat: null,
        };
        await repos.teams.insert(row);
        await repos.teams.insertAudit([
          ctx.audit(actor, eventId, 'team.create', `teams/${row.id}/list`, undefined, list),
        ]);
        return ctx.present(repos, eventId, row);
      });
      ctx.changed(eventId, [], [team.id]);
      return team;
    },

    /**
     * Merges `patch` into the team's list entry (and the name and nr columns) in one transaction
     * with one audit row per changed field; tells subscribers that teams changed, which
     * recalculates results. `devs` is a list of device ids here and a map in the entry.
     */
    async update(
      actor: Actor | null,
      eventId: string,
      teamId: string,
      patch: Patch,
    ): Promise<TeamListEntry> {
      const event = await ctx.requireWrite(actor, eventId);
      checkTeamTimes(event, [
        ['starttime', patch.starttime],
        ['finishtime', patch.finishtime],
      ]);
      const { team, changed } = await ctx.write(eventId, async (repos) => {
        const row = await repos.teams.findById(eventId, teamId);
        if (!row) throw notFound();
        const list = fromJsonMap(row.list);
        const audits = [];
        let nr = row.nr;
        for (const field of TEAM_FIELDS) {
          const given = patch[field];
          if (given === undefined) continue;
          const old = field === 'name' ? (list.name ?? row.name) : list[field];
          let value: unknown = given;
          if (field === 'nr') {
            if (given === row.nr) continue;
            if (given !== null) {
              if (teamNrTaken(await repos.teams.list(eventId), given as string, teamId))
                throw nrExists();
              value = storedNr(given as string);
            }
            nr = given as string | null;
          } else if (field === 'devs') {
            value = devsMap(given as string[], old);
            if (sameDevs(value as JsonMap, old)) continue;
          } else if (toJson(old ?? null) === toJson(value)) continue;
          if (value === null) delete list[field];
          else list[field] = value;
          audits.push(
            ctx.audit(actor, eventId, 'team.update', `teams/${teamId}/list/${field}`, old, value),
          );
        }
        const name = patch.name ?? row.name;
        const updated = { ...row, name, nr, list: toJson(list) };
        if (audits.length > 0) {
          await repos.teams.updateList(eventId, teamId, name, updated.list, nr);
          await repos.teams.insertAudit(audits);
        }
        return { team: await ctx.present(repos, eventId, updated), changed: audits.length > 0 };
      });
      if (changed) ctx.changed(eventId, [], [teamId]);
      return team;
    },

    ...teamBackupService(ctx),
    ...teamStartService(ctx),
    ...teamImportService(ctx),
  };
}
export type TeamService = ReturnType<typeof teamService>;
