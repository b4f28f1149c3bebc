import type { DeletedTeamView, TeamListEntry } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { AppError, notFound } from '../http/errors.ts';
import { fromJson, fromJsonMap } from '../db/json.ts';
import { timeId } from '../db/ids.ts';
import type { Repos } from '../db/store.ts';
import { deletedTeamRow } from '../eventFile/eventFileMapping.ts';
import type { TeamContext } from './team.context.ts';
import type { TeamRow } from './team.repository.ts';
import { teamNrTaken } from './team.context.ts';
import { backupRecord, presentDeletedTeam, restoredRows } from './teamBackup.ts';

/** The team's entry of the event's stored results, or null. */
async function storedResultOf(repos: Repos, eventId: string, teamId: string): Promise<unknown> {
  const stored = await repos.results.find(eventId);
  const results = fromJson<unknown>(stored?.results, null);
  if (!Array.isArray(results)) return null;
  return (
    results.find(
      (r: unknown) => !!r && typeof r === 'object' && (r as { teamId?: unknown }).teamId === teamId,
    ) ?? null
  );
}

/**
 * Moves one team into a deleted-team backup inside the caller's transaction: writes the backup
 * (everything the team has), removes the team and its parts, audits `team.delete`. Answers the
 * backup row.
 */
export async function backupAndDeleteTeam(
  ctx: TeamContext,
  repos: Repos,
  actor: Actor | null,
  team: TeamRow,
) {
  const eventId = team.event_id;
  const parts = await repos.teams.partsOf(eventId, team.id);
  const record = backupRecord(
    team,
    parts,
    await storedResultOf(repos, eventId, team.id),
    ctx.now(),
  );
  // The backup is listed under the name the team had, whatever its list entry says.
  const row = {
    ...deletedTeamRow(eventId, timeId(ctx.now()), record, ctx.now()),
    name: team.name,
  };
  await repos.teams.insertDeleted(row);
  await repos.teams.deleteTeam(eventId, team.id);
  await repos.teams.insertAudit([
    ctx.audit(actor, eventId, 'team.delete', `teams/${team.id}`, record.list, {
      backup: row.id,
    }),
  ]);
  return row;
}

/**
 * Deleting a team into a backup (spec 02 §3, Deleted team backup) and restoring it. A backup
 * holds everything the team had, so a restore gives back the same team, registration, answers,
 * speed tickets, tracks and members.
 */
export function teamBackupService(ctx: TeamContext) {
  return {
    /**
     * Moves a team into a deleted-team backup in one transaction: writes the backup, removes the
     * team with its registration, answers, tickets, members and track chunks, and detaches its
     * devices. Answers the backup.
     */
    async remove(actor: Actor | null, eventId: string, teamId: string): Promise<DeletedTeamView> {
      await ctx.requireWrite(actor, eventId);
      const backup = await ctx.write(eventId, async (repos) => {
        const team = await repos.teams.findById(eventId, teamId);
        if (!team) throw notFound();
        return backupAndDeleteTeam(ctx, repos, actor, team);
      });
      ctx.changed(eventId);
      return presentDeletedTeam(backup);
    },

    /** The event's deleted-team backups, newest first. */
    async listDeleted(actor: Actor | null, eventId: string): Promise<DeletedTeamView[]> {
      await ctx.requireAdmin(actor, eventId);
      return (await ctx.store.teams.listDeleted(eventId)).map(presentDeletedTeam);
    },

    /**
     * Puts a backed-up team back exactly as it was and removes the backup. 409 teams.error.exists
     * when a team with its id exists again, teams.error.nrexists when its number is taken now.
     */
    async restore(actor: Actor | null, eventId: string, backupId: string): Promise<TeamListEntry> {
      await ctx.requireWrite(actor, eventId);
      const team = await ctx.write(eventId, async (repos) => {
        const stored = await repos.teams.findDeleted(eventId, backupId);
        if (!stored) throw notFound();
        const { team, parts } = restoredRows(eventId, fromJsonMap(stored.record));
        if (team.id === '' || (await repos.teams.findById(eventId, team.id)))
          throw new AppError('teams.error.exists', 409);
        if (team.nr !== null && teamNrTaken(await repos.teams.list(eventId), team.nr))
          throw new AppError('teams.error.nrexists', 409);
        await repos.teams.insertTeam(team, parts);
        await repos.teams.removeDeleted(eventId, backupId);
        await repos.teams.insertAudit([
          ctx.audit(actor, eventId, 'team.restore', `teams/${team.id}`, null, {
            backup: backupId,
          }),
        ]);
        return ctx.present(repos, eventId, team);
      });
      ctx.changed(eventId);
      return team;
    },
  };
}
