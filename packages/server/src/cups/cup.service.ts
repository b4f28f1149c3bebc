import {
  CUP_EDIT_NOTE,
  CUP_JOIN_UNDO,
  cupEventTeams,
  cupOrder,
  cupStandings,
  cupTopic,
} from '@rada/core';
import type {
  AddCupAdminBody,
  AddCupEventBody,
  CreateCupBody,
  CupCellBody,
  CupEventTeam,
  CupEventView,
  CupJoinBody,
  CupLinkCheck,
  CupRow,
  CupSettings,
  CupStandingsRow,
  CupStandingsView,
  CupSummary,
  CupUndoView,
  CupView,
  UpdateCupBody,
} from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import { fromJson, toJson } from '../db/json.ts';
import { timeId } from '../db/ids.ts';
import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import { coalescer } from '../results/recalc.ts';
import type { ResultsService } from '../results/results.service.ts';
import type { CupEditRow, CupJoinRow, CupRowDb } from './cup.repository.ts';

export interface CupServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  /** Each event's stored results and class names. */
  results: Pick<ResultsService, 'stored'>;
  onError?: (cupId: string, error: unknown) => void;
  /** Recomputations of one cup start at least this far apart (ms; CUP_REFRESH_MS). */
  refreshMs?: number;
}

/** An undo entry's backup: the edits and joins before the change; a join's entry names it. */
interface UndoBackup {
  edits: CupEditRow[];
  joins: CupJoinRow[];
  join?: NonNullable<CupUndoView['join']>;
}

/** The stored standings of a cup (cup_data.result). */
interface StoredStandings {
  events: CupEventView[];
  rows: CupRow[];
  computedAt: number;
}

/** A cup's settings from its `config` column, defaults for what is missing. */
function settingsOf(row: CupRowDb): CupSettings {
  const c = fromJson<Partial<CupSettings>>(row.config, {});
  return {
    points: Array.isArray(c.points) ? c.points.filter((p) => typeof p === 'number') : [],
    growingpoints: c.growingpoints === true,
    atleast1: c.atleast1 === true,
    missvalue: typeof c.missvalue === 'number' ? c.missvalue : 0,
    countingevents: typeof c.countingevents === 'number' ? c.countingevents : null,
  };
}

/** How many events' cup teams are kept in memory (see `teamsOf`). */
const CUP_TEAMS_CACHE_SIZE = 500;

const summary = (row: CupRowDb): CupSummary => ({ id: row.id, name: row.name, year: row.year });

/**
 * Series (cups, spec 02 §2–4 and 05): any signed-in user creates one and owns it; its admins
 * change settings, events, cells and joins; everyone reads the standings. Standings are stored
 * in cup_data and recomputed after every change to the cup and whenever one of its events'
 * results change; each recomputation is announced on the cup's topic.
 */
/** Standings follow a stream of result changes at most this often (ms) per cup. */
export const CUP_REFRESH_MS = 1000;

export function cupService({
  store,
  bus,
  now,
  results,
  onError,
  refreshMs = CUP_REFRESH_MS,
}: CupServiceDeps) {
  async function load(cupId: string) {
    const row = await store.cups.find(cupId);
    if (!row) throw new AppError('cup.error.notfound', 404);
    return row;
  }

  async function isAdmin(actor: Actor | null, cupId: string): Promise<boolean> {
    if (!actor) return false;
    if (actor.superAdmin) return true;
    return (await store.cups.roleOf(cupId, actor.uid)) !== null;
  }

  async function requireAdmin(actor: Actor | null, cupId: string) {
    const row = await load(cupId);
    if (!actor) throw unauthorized();
    if (!(await isAdmin(actor, cupId))) throw forbidden();
    return row;
  }

  /** Each team's owner in an event: its member who joined first. */
  async function ownersOf(eventId: string): Promise<Map<string, string>> {
    const first = new Map<string, { uid: string; at: number }>();
    for (const m of await store.members.ofEvent(eventId)) {
      const seen = first.get(m.team_id);
      if (!seen || m.joined_at < seen.at || (m.joined_at === seen.at && m.user_id < seen.uid)) {
        first.set(m.team_id, { uid: m.user_id, at: m.joined_at });
      }
    }
    return new Map([...first].map(([team, m]) => [team, m.uid]));
  }

  /**
   * Each event's teams as the cups read them, kept while the event's stored results, class
   * names and memberships stay the same: after one event's results change, a cup reads only
   * that event's results again (bench/cups.ts). Least recently used events go beyond
   * CUP_TEAMS_CACHE_SIZE.
   */
  const eventTeams = new Map<string, { key: string; teams: CupEventTeam[] | null }>();
  async function teamsOf(eventId: string): Promise<CupEventTeam[] | null> {
    const cached = eventTeams.get(eventId);
    eventTeams.delete(eventId);
    const members = await store.members.stamp(eventId);
    const known = cached?.key.startsWith(`${members}|`)
      ? cached.key.slice(members.length + 1)
      : undefined;
    const stored = await results.stored(eventId, known);
    if (!stored) return null;
    let teams: CupEventTeam[] | null;
    if (stored.results) {
      teams = cupEventTeams(stored.results, stored.classNames, await ownersOf(eventId));
    } else {
      teams = cached!.teams;
    }
    eventTeams.set(eventId, { key: `${members}|${stored.key}`, teams });
    if (eventTeams.size > CUP_TEAMS_CACHE_SIZE) eventTeams.delete(eventTeams.keys().next().value!);
    return teams;
  }

  /** Computes and stores the standings (05 §3–5) from the events' stored results. */
  async function recompute(cupId: string): Promise<StoredStandings | undefined> {
    const row = await store.cups.find(cupId);
    if (!row) return undefined;
    const eventRows = await store.cups.events(cupId);
    const events = cupOrder(
      await Promise.all(
        eventRows.map(async (e) => {
          const teams = await teamsOf(e.event_id);
          return {
            id: e.event_id,
            starttime: e.starttime,
            teams,
            name: e.name,
            main: e.main === 1,
          };
        }),
      ),
    );
    const edits = (await store.cups.edits(cupId)).map((e) => ({
      event: e.event_id,
      team: e.team_key,
      value: e.value,
    }));
    const joins = (await store.cups.joins(cupId)).map((j) => ({ keep: j.keep, other: j.other }));
    const standings: StoredStandings = {
      events: events.map((e) => ({
        id: e.id,
        name: e.name,
        starttime: e.starttime,
        main: e.main,
        hasResults: e.teams !== null,
      })),
      rows: cupStandings(settingsOf(row), events, edits, joins),
      computedAt: now(),
    };
    await store.cups.saveStandings(cupId, toJson(standings));
    return standings;
  }

  /** Recomputes and tells the cup's viewers; errors go to `onError`, never to the caller. */
  async function refresh(cupId: string): Promise<void> {
    try {
      await store.exclusive(`cup:${cupId}`, () => recompute(cupId));
      bus.publish(cupTopic(cupId), { v: 1, type: 'cup.changed', cupId });
    } catch (error) {
      onError?.(cupId, error);
    }
  }

  async function storedStandings(cupId: string): Promise<StoredStandings> {
    const data = await store.cups.standings(cupId);
    const stored = data ? fromJson<StoredStandings | null>(data, null) : null;
    if (stored) return stored;
    return (
      (await store.exclusive(`cup:${cupId}`, () => recompute(cupId))) ?? {
        events: [],
        rows: [],
        computedAt: now(),
      }
    );
  }

  /**
   * Under a stream of marks an event's results change several times a second (issue 38); its
   * cups are recomputed at once after a lone change and at most once per CUP_REFRESH_MS while
   * changes keep coming, not once per change.
   */
  const refreshes = coalescer(refresh, refreshMs);

  return {
    /**
     * Recomputes every cup the event belongs to after its results changed (05 §6); resolves
     * when they are stored.
     */
    async eventResultsChanged(eventId: string): Promise<void> {
      const cupIds = await store.cups.cupsOfEvent(eventId);
      for (const cupId of cupIds) refreshes.schedule(cupId);
      await Promise.all(cupIds.map((cupId) => refreshes.settled(cupId)));
    },

    /** Stops recomputing and resolves once a running recomputation ends (the server's close). */
    async close(): Promise<void> {
      refreshes.close();
      await refreshes.idle();
    },

    /** The cups in the dropdown's order: the caller's own (`mine`), or every cup. */
    async list(actor: Actor | null, mine: boolean): Promise<CupSummary[]> {
      if (mine) {
        if (!actor) throw unauthorized();
        return (await store.cups.listOf(actor.uid)).map(summary);
      }
      return (await store.cups.list()).map(summary);
    },

    async linkCheck(actor: Actor | null, link: string): Promise<CupLinkCheck> {
      if (!actor) throw unauthorized();
      return { free: !(await store.cups.linkTaken(link)) };
    },

    /** A new cup owned by the caller (any signed-in user). */
    async create(actor: Actor | null, body: CreateCupBody): Promise<CupView> {
      if (!actor) throw unauthorized();
      const id = body.id.trim();
      await store.transaction(async (repos) => {
        if (await repos.cups.linkTaken(id)) throw new AppError('cup.error.usedlink', 409);
        await repos.cups.insert(
          { id, name: body.name.trim(), year: body.year, config: toJson({}), created_at: now() },
          actor.uid,
        );
      });
      return this.get(actor, id);
    },

    async get(actor: Actor | null, cupId: string): Promise<CupView> {
      const row = await load(cupId);
      const admins = await store.cups.admins(cupId);
      return {
        ...summary(row),
        settings: settingsOf(row),
        admins: admins.map((a) => ({
          uid: a.user_id,
          displayName: a.display_name ?? '',
          role: a.role === 'owner' ? 'owner' : 'admin',
        })),
        events: (await storedStandings(cupId)).events,
        canEdit: await isAdmin(actor, cupId),
      };
    },

    async update(actor: Actor | null, cupId: string, body: UpdateCupBody): Promise<CupView> {
      const row = await requireAdmin(actor, cupId);
      const { name, year, ...settings } = body;
      await store.cups.update(cupId, {
        ...(name !== undefined ? { name } : {}),
        ...(year !== undefined ? { year } : {}),
        config: toJson({ ...settingsOf(row), ...settings }),
      });
      await refresh(cupId);
      return this.get(actor, cupId);
    },

    async addAdmin(actor: Actor | null, cupId: string, body: AddCupAdminBody): Promise<CupView> {
      await requireAdmin(actor, cupId);
      if (!(await store.users.findById(body.userId))) {
        throw new AppError('admins.error.unknownuser', 404);
      }
      await store.cups.addAdmin(cupId, body.userId);
      bus.publish(cupTopic(cupId), { v: 1, type: 'cup.changed', cupId });
      return this.get(actor, cupId);
    },

    async removeAdmin(actor: Actor | null, cupId: string, userId: string): Promise<CupView> {
      await requireAdmin(actor, cupId);
      const role = await store.cups.roleOf(cupId, userId);
      if (role === 'owner') throw new AppError('cup.error.owner', 409);
      if (role === null) throw new AppError('admins.error.notadmin', 404);
      await store.cups.removeAdmin(cupId, userId);
      bus.publish(cupTopic(cupId), { v: 1, type: 'cup.changed', cupId });
      return this.get(actor, cupId);
    },

    /**
     * Adds an event the caller administers: as its main series when it has none, else as a
     * secondary one (spec 02 §4).
     */
    async addEvent(actor: Actor | null, cupId: string, body: AddCupEventBody): Promise<CupView> {
      await requireAdmin(actor, cupId);
      const event = await store.events.findById(body.eventId);
      if (!event) throw new AppError('error.notfound', 404);
      const role = await store.events.roleOf(body.eventId, actor!.uid);
      if (role === null && !actor!.superAdmin) throw forbidden();
      const added = await store.transaction(async (repos) =>
        repos.cups.addEvent(cupId, body.eventId, !(await repos.cups.hasMain(body.eventId))),
      );
      if (!added) throw new AppError('cup.error.eventincup', 409);
      await refresh(cupId);
      return this.get(actor, cupId);
    },

    async removeEvent(actor: Actor | null, cupId: string, eventId: string): Promise<CupView> {
      await requireAdmin(actor, cupId);
      if (!(await store.cups.removeEvent(cupId, eventId))) {
        throw new AppError('cup.error.eventnotincup', 404);
      }
      await refresh(cupId);
      return this.get(actor, cupId);
    },

    /**
     * The standings: stored rows, with each owner's email and display name for cup admins.
     */
    async standings(actor: Actor | null, cupId: string): Promise<CupStandingsView> {
      const row = await load(cupId);
      const canEdit = await isAdmin(actor, cupId);
      const stored = await storedStandings(cupId);
      let rows: CupStandingsRow[] = stored.rows;
      if (canEdit) {
        const owners = rows.flatMap((r) => (r.key.startsWith('u:') ? [r.key.slice(2)] : []));
        const users = new Map((await store.users.findByIds(owners)).map((u) => [u.id, u] as const));
        rows = rows.map((r) => {
          const user = r.key.startsWith('u:') ? users.get(r.key.slice(2)) : undefined;
          return user ? { ...r, email: user.email, displayName: user.display_name } : r;
        });
      }
      const undo = canEdit ? await store.cups.latestUndo(cupId) : undefined;
      const join = undo ? fromJson<Partial<UndoBackup>>(undo.backup, {}).join : undefined;
      return {
        cup: summary(row),
        events: stored.events,
        unconfigured: settingsOf(row).points.length === 0,
        rows,
        canEdit,
        undo: undo ? { id: undo.id, label: undo.label, at: undo.at, ...(join && { join }) } : null,
        computedAt: stored.computedAt,
      };
    },

    /** A cup admin's value for one team in one event; null removes it (05 §5). */
    async setCell(
      actor: Actor | null,
      cupId: string,
      body: CupCellBody,
    ): Promise<CupStandingsView> {
      await requireAdmin(actor, cupId);
      const events = await store.cups.events(cupId);
      if (!events.some((e) => e.event_id === body.event)) {
        throw new AppError('cup.error.eventnotincup', 404);
      }
      if (body.value === null) await store.cups.removeEdit(cupId, body.event, body.team);
      else {
        await store.cups.putEdit({
          cup_id: cupId,
          event_id: body.event,
          team_key: body.team,
          value: body.value,
          note: CUP_EDIT_NOTE,
          user_id: actor!.uid,
          at: now(),
        });
      }
      await refresh(cupId);
      return this.standings(actor, cupId);
    },

    /**
     * Joins two cup teams of one class that have no event in common (05 §5): backs up the edits
     * and joins as an undo entry "Joined teams", then records the join with the other's row.
     */
    async join(actor: Actor | null, cupId: string, body: CupJoinBody): Promise<CupStandingsView> {
      await requireAdmin(actor, cupId);
      const { rows } = await storedStandings(cupId);
      const keep = rows.find((r) => r.key === body.keep);
      const other = rows.find((r) => r.key === body.other);
      if (!keep || !other || keep === other || keep.class !== other.class) {
        throw new AppError('cup.error.join', 400);
      }
      if (keep.own.some((own, i) => own && other.own[i])) {
        throw new AppError('cup.error.joinclash', 409);
      }
      await store.transaction(async (repos) => {
        await repos.cups.pushUndo({
          id: timeId(now()),
          cup_id: cupId,
          label: CUP_JOIN_UNDO,
          backup: toJson({
            edits: await repos.cups.edits(cupId),
            joins: await repos.cups.joins(cupId),
            join: { keep: keep.key, other: other.key, keepName: keep.name, otherName: other.name },
          } satisfies UndoBackup),
          user_id: actor!.uid,
          at: now(),
        });
        await repos.cups.addJoin({
          cup_id: cupId,
          other: other.key,
          keep: keep.key,
          record: toJson({ name: other.name, allnames: other.allnames, scores: other.scores }),
          user_id: actor!.uid,
          at: now(),
        });
      });
      await refresh(cupId);
      return this.standings(actor, cupId);
    },

    /** Restores the latest undo entry's backup and removes the entry. */
    async undo(actor: Actor | null, cupId: string): Promise<CupStandingsView> {
      await requireAdmin(actor, cupId);
      await store.transaction(async (repos) => {
        const entry = await repos.cups.latestUndo(cupId);
        if (!entry) throw new AppError('cup.error.noundo', 409);
        const backup = fromJson<UndoBackup>(entry.backup, { edits: [], joins: [] });
        await repos.cups.restore(cupId, backup.edits, backup.joins);
        await repos.cups.removeUndo(entry.id);
      });
      await refresh(cupId);
      return this.standings(actor, cupId);
    },
  };
}
export type CupService = ReturnType<typeof cupService>;
