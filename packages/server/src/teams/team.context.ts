import { eventTopic, teamTimeWindow } from '@rada/core';
import type { EventChange, TeamListEntry } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { auditRow } from '../db/audit.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Repos, Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import type { EventRows } from '../eventFile/eventFileMapping.ts';
import type { EventRow } from '../events/event.repository.ts';
import { loadEventAccess, requireEventAdmin } from './eventAdmin.ts';
import { presentTeam } from './team.presenter.ts';
import type { AuditRow, TeamRow } from './team.repository.ts';

export interface TeamServiceDeps {
  store: Store;
  /** The bus that triggers the results recalculation on a `teams` change (recalcTrigger.ts). */
  bus: Bus;
  now: () => number;
  /** An event's rows; an archived event's come from its archive (archive.service.ts). */
  readRows?: (eventId: string) => Promise<EventRows | undefined>;
}

const archived = () => new AppError('teams.error.archived', 409);

/** The checks and steps every team service shares. */
export function teamContext({ store, bus, now }: TeamServiceDeps) {
  /** Loads the event and the caller's access; 404 when there is no such event. */
  const load = (actor: Actor | null, eventId: string) => loadEventAccess(store, actor, eventId);

  /** Loads the event and lets its admins through; 401 for the signed out, 403 for others. */
  const requireAdmin = (actor: Actor | null, eventId: string) =>
    requireEventAdmin(store, actor, eventId);

  /** As `requireAdmin` for a write: never on an archived event (409 teams.error.archived). */
  async function requireWrite(actor: Actor | null, eventId: string): Promise<EventRow> {
    const row = await requireAdmin(actor, eventId);
    if (row.arch !== null) throw archived();
    return row;
  }

  /**
   * Runs one team write in a transaction. Its first statement touches the event row, which
   * serialises writes of one event (row lock on PostgreSQL, SQLite's single writer), so number
   * checks see every committed team; the archived check is repeated under that lock.
   */
  function write<T>(eventId: string, fn: (repos: Repos) => Promise<T>): Promise<T> {
    return store.transaction(async (repos) => {
      await repos.events.update(eventId, { updated_at: now() });
      const ev = await repos.events.findById(eventId);
      if (!ev) throw notFound();
      if (ev.arch !== null) throw archived();
      return fn(repos);
    });
  }

  /**
   * Tells the event's subscribers that its teams changed (which recalculates results), and what
   * else did; `teamIds`, when only those teams' own data changed (the recalculation then
   * recomputes them alone).
   */
  function changed(
    eventId: string,
    also: readonly EventChange[] = [],
    teamIds?: readonly string[],
  ): void {
    const what: EventChange[] = ['teams', ...also.filter((w) => w !== 'teams')];
    bus.publish(eventTopic(eventId), {
      v: 1,
      type: 'event.changed',
      eventId,
      what,
      ...(teamIds ? { teams: [...teamIds] } : {}),
    });
  }

  /** One audit_log row of the caller's change; values are stored as JSON. */
  const audit = (
    actor: Actor | null,
    eventId: string,
    action: string,
    path: string,
    old: unknown,
    value: unknown,
  ): AuditRow => auditRow(now(), actor, eventId, action, path, old, value);

  /** A team's list entry with its answer count, registration and member count. */
  async function present(repos: Repos, eventId: string, row: TeamRow): Promise<TeamListEntry> {
    // One after another: inside a transaction the queries share one connection.
    const answers = await repos.teams.answerCounts(eventId);
    const reg = await repos.registrations.find(eventId, row.id);
    const members = await repos.members.counts(eventId);
    return presentTeam(row, answers.get(row.id) ?? 0, {
      registered: reg !== undefined,
      members: members.get(row.id) ?? 0,
      regdata: reg?.regdata,
    });
  }

  return { store, load, requireAdmin, requireWrite, write, changed, audit, present, now };
}
export type TeamContext = ReturnType<typeof teamContext>;

/**
 * 400 teams.error.timeoutofrange unless every time of `times` ([field, epoch ms or null]) lies
 * in the event's teamTimeWindow (core teamTimes.ts: a week either side of the event).
 */
export function checkTeamTimes(
  event: Pick<EventRow, 'starttime' | 'endtime'>,
  times: readonly [field: string, time: number | null | undefined][],
): void {
  const { from, to } = teamTimeWindow(event);
  const iso = (t: number) => new Date(t).toISOString();
  const outside = times.filter(
    (entry): entry is [string, number] => entry[1] != null && (entry[1] < from || entry[1] > to),
  );
  if (outside.length > 0) {
    throw new AppError(
      'teams.error.timeoutofrange',
      400,
      outside.map(([path, t]) => ({
        path,
        message: `${iso(t)} is not within ${iso(from)} … ${iso(to)}`,
      })),
    );
  }
}

/**
 * How a team number is stored in the list entry: a plain number when it is one (as the
 * product's files hold 101), else the text as given (A7, 007).
 */
export function storedNr(nr: string): string | number {
  const n = Number(nr);
  return /^[1-9]\d*$/.test(nr) && Number.isSafeInteger(n) ? n : nr;
}

/** Whether another team than `exceptId` already has number `nr` (1 and '1' are the same). */
export function teamNrTaken(rows: readonly TeamRow[], nr: string, exceptId?: string): boolean {
  const key = nr.trim();
  return rows.some((r) => r.id !== exceptId && r.nr !== null && r.nr.trim() === key);
}
