import { randomInt, randomUUID } from 'node:crypto';
import {
  WHEEL_DRAWS_LIST,
  readStoredWheel,
  storedWheelValue,
  wheelConfig,
  wheelEarliestStart,
  wheelEntries,
  wheelMatches,
} from '@rada/core';
import type {
  StoredWheel,
  WheelDraw,
  WheelDrawResult,
  WheelEvent,
  WheelOfNamesAnswer,
  WheelOfNamesBody,
  WheelOptions,
  WheelUpdateBody,
  WheelView,
} from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import type { Store } from '../db/store.ts';
import type { EventRow } from '../events/event.repository.ts';
import { AppError } from '../http/errors.ts';
import { requireEventAdmin } from '../teams/eventAdmin.ts';
import type { WheelRepository } from './wheel.repository.ts';
import { WheelOfNamesError } from './wheelOfNames.client.ts';
import type { WheelOfNamesClient } from './wheelOfNames.client.ts';

/** The messages spec 02 §8 logs when the external service fails. */
export const WHEEL_LOG = {
  failed: 'Wheel request failed',
  badresponse: 'Bad response from server',
} as const;

interface Deps {
  store: Store;
  wheels: WheelRepository;
  now: () => number;
  /** The wheelofnames.com client, null when no key is configured. */
  external: WheelOfNamesClient | null;
  /** The external wheels' web address (https://wheelofnames.com). */
  externalSite: string;
  log: (obj: object, msg: string) => void;
}

/** The wheel's state as read in one place: the event, its stored wheel, names and entries. */
interface WheelState {
  conf: Record<string, unknown>;
  stored: StoredWheel;
  added: WheelEvent[];
  names: string[];
  entries: string[];
}

const byName = (a: string, b: string) => a.localeCompare(b);

/**
 * The wheel of names (spec 02 §2–§4, §7): event admins set its options, ignore names and add
 * other events' teams; the server draws a winner with crypto randomness and records the draw;
 * optionally the same wheel is made on wheelofnames.com with the key kept on the server.
 */
export function wheelService({ store, wheels, now, external, externalSite, log }: Deps) {
  // Changes of one event's wheel run one after another, in this process and across servers
  // (store.exclusive), so a draw never reads a half-made change.
  const serial = <T>(eventId: string, fn: () => Promise<T>): Promise<T> =>
    store.exclusive(`wheel:${eventId}`, fn);

  /** The wheel of `row` as stored, its added events, every name and the entries. */
  async function readState(repo: WheelRepository, row: EventRow): Promise<WheelState> {
    const conf = await repo.conf(row.id);
    if (conf === null) throw new AppError('wheel.error.archived', 409);
    const stored = readStoredWheel(conf.wheelofnames, row.id);
    const addedRows = (await repo.events(stored.events)).sort(
      (a, b) => (a.starttime ?? 0) - (b.starttime ?? 0) || a.id.localeCompare(b.id),
    );
    const teams = await repo.teamNames([row.id, ...addedRows.map((e) => e.id)]);
    const namesOf = (eventId: string) =>
      teams
        .filter((t) => t.event_id === eventId)
        .map((t) => t.name)
        .sort(byName);
    const names = [row.id, ...addedRows.map((e) => e.id)].flatMap(namesOf);
    return {
      conf,
      stored,
      added: addedRows.map((e) => ({
        id: e.id,
        name: e.name,
        starttime: e.starttime,
        teams: teams.filter((t) => t.event_id === e.id).length,
      })),
      names,
      entries: wheelEntries(names, stored.ignnames),
    };
  }

  async function save(
    repo: WheelRepository,
    eventId: string,
    state: WheelState,
    next: StoredWheel,
  ) {
    await repo.setConf(eventId, {
      ...state.conf,
      wheelofnames: storedWheelValue(state.conf.wheelofnames, next, eventId),
    });
  }

  async function present(row: EventRow, actor: Actor, state: WheelState): Promise<WheelView> {
    const added = new Set(state.added.map((e) => e.id));
    const candidates = (
      await wheels.administered(actor.uid, wheelEarliestStart(row.starttime), row.id)
    )
      .filter((e) => !added.has(e.id))
      .map((e) => ({ id: e.id, name: e.name, starttime: e.starttime, teams: 0 }));
    const path = state.stored.id;
    return {
      eventId: row.id,
      options: state.stored.options,
      entries: state.entries,
      names: [...new Set(state.names)].sort(byName),
      ignored: state.stored.ignnames,
      events: state.added,
      candidates,
      external: {
        configured: external !== null,
        path,
        url: path === null ? null : `${externalSite}/${encodeURIComponent(path)}`,
        matches:
          path !== null &&
          wheelMatches(state.stored.wheel, wheelConfig(state.stored.options, state.entries)),
      },
    };
  }

  /** The admin's event (401/403/404 otherwise), refused when archived for changes. */
  async function adminEvent(actor: Actor | null, eventId: string, change: boolean) {
    const row = await requireEventAdmin(store, actor, eventId);
    if (change && row.arch !== null) throw new AppError('wheel.error.archived', 409);
    return { row, actor: actor! };
  }

  /** Saves the options, ignored names and added events (new ones checked against the window). */
  async function applyUpdate(row: EventRow, actor: Actor, body: WheelUpdateBody) {
    return serial(row.id, () =>
      wheels.transaction(async (repo) => {
        const state = await readState(repo, row);
        const next: StoredWheel = { ...state.stored };
        if (body.config) next.options = { ...next.options, ...stripUndefined(body.config) };
        if (body.ignored) next.ignnames = [...new Set(body.ignored)];
        if (body.events) {
          const before = new Set(state.stored.events);
          const fresh = [...new Set(body.events)].filter((id) => !before.has(id));
          if (fresh.length > 0) {
            const allowed = new Set(
              (await repo.administered(actor.uid, wheelEarliestStart(row.starttime), row.id)).map(
                (e) => e.id,
              ),
            );
            if (fresh.some((id) => !allowed.has(id))) throw new AppError('wheel.error.event', 400);
          }
          next.events = [...new Set(body.events)].filter((id) => id !== row.id);
        }
        await save(repo, row.id, state, next);
        return { ...(await readState(repo, row)) };
      }),
    );
  }

  /** Logs an external failure with the spec's message and answers its key (502). */
  function externalFailure(eventId: string, e: unknown): never {
    if (e instanceof WheelOfNamesError) {
      log({ eventId, detail: e.message }, WHEEL_LOG[e.kind]);
      throw new AppError(
        e.kind === 'failed' ? 'wheel.error.failed' : 'wheel.error.badresponse',
        502,
      );
    }
    throw e;
  }

  /** Stores a new external wheel id (or none) and the config it was made from. */
  async function setExternal(row: EventRow, id: string | null, made: unknown) {
    await serial(row.id, () =>
      wheels.transaction(async (repo) => {
        const state = await readState(repo, row);
        await save(repo, row.id, state, { ...state.stored, id, wheel: id === null ? null : made });
      }),
    );
  }

  return {
    /** GET …/wheel: the wheel as the dialog and the wheel page show it. */
    async view(actor: Actor | null, eventId: string): Promise<WheelView> {
      const { row, actor: admin } = await adminEvent(actor, eventId, false);
      return present(row, admin, await readState(wheels, row));
    },

    /** PUT …/wheel: options, ignored names, added events; the new view. */
    async update(actor: Actor | null, eventId: string, body: WheelUpdateBody): Promise<WheelView> {
      const { row, actor: admin } = await adminEvent(actor, eventId, true);
      return present(row, admin, await applyUpdate(row, admin, body));
    },

    /**
     * POST …/wheel/draw: a winner among the current entries, picked with crypto randomness and
     * recorded with who drew, when, among how many; with autoRemoveWinner the winner's name is
     * ignored from then on. All of it in one transaction.
     */
    async draw(actor: Actor | null, eventId: string): Promise<WheelDrawResult> {
      const { row, actor: admin } = await adminEvent(actor, eventId, true);
      const result = await serial(row.id, () =>
        wheels.transaction(async (repo) => {
          const state = await readState(repo, row);
          if (state.entries.length === 0) throw new AppError('wheel.error.noentries', 409);
          const index = randomInt(state.entries.length);
          const winner = state.entries[index]!;
          const removed = state.stored.options.autoRemoveWinner;
          const draw: WheelDraw = {
            id: randomUUID(),
            seq: (await repo.lastSeq(row.id)) + 1,
            at: now(),
            by: admin.uid,
            byName: null,
            entries: state.entries.length,
            winner,
            removed,
          };
          await repo.insertDraw({
            id: draw.id,
            event_id: row.id,
            seq: draw.seq,
            user_id: admin.uid,
            drawn_at: draw.at,
            entries: draw.entries,
            winner,
            winner_index: index,
            removed: removed ? 1 : 0,
          });
          if (removed && !state.stored.ignnames.includes(winner)) {
            await save(repo, row.id, state, {
              ...state.stored,
              ignnames: [...state.stored.ignnames, winner],
            });
          }
          return { ...draw, names: state.entries, index };
        }),
      );
      const drawer = await store.users.findById(admin.uid);
      return { ...result, byName: drawer?.display_name ?? null };
    },

    /** GET …/wheel/draws: the latest draws, newest first. */
    async draws(actor: Actor | null, eventId: string): Promise<WheelDraw[]> {
      const { row } = await adminEvent(actor, eventId, false);
      const rows = await wheels.draws(row.id, WHEEL_DRAWS_LIST);
      return rows.map((r) => ({
        id: r.id,
        seq: r.seq,
        at: r.drawn_at,
        by: r.user_id,
        byName: r.display_name ?? null,
        entries: r.entries,
        winner: r.winner,
        removed: r.removed === 1,
      }));
    },

    /**
     * POST …/wheelofnames (spec 02 §7): getwheels, create (Recreate deletes the old wheel first)
     * and delete on wheelofnames.com. Only this event's own wheel is listed or deleted: the key
     * is the platform's, and its other wheels belong to other events.
     */
    async externalRequest(
      actor: Actor | null,
      eventId: string,
      body: WheelOfNamesBody,
    ): Promise<WheelOfNamesAnswer> {
      const { row, actor: admin } = await adminEvent(actor, eventId, body.request !== 'getwheels');
      if (external === null) throw new AppError('wheel.error.notconfigured', 409);
      const state = await readState(wheels, row);
      const storedId = state.stored.id;
      switch (body.request) {
        case 'getwheels': {
          const all = await external.list().catch((e: unknown) => externalFailure(row.id, e));
          const own = all.filter((w) => w.path === storedId);
          // A wheel deleted on the service (or never made) clears the stored id (spec 02 §4).
          if (storedId !== null && own.length === 0) await setExternal(row, null, null);
          return { data: { wheels: own } };
        }
        case 'create': {
          const current = body.config
            ? await applyUpdate(row, admin, { config: body.config })
            : state;
          const config = wheelConfig(current.stored.options, current.entries);
          if (config.entries.length === 0) throw new AppError('wheel.error.noentries', 409);
          if (storedId !== null) {
            await external.remove(storedId).catch((e: unknown) => externalFailure(row.id, e));
            await setExternal(row, null, null);
          }
          const path = await external
            .create(config)
            .catch((e: unknown) => externalFailure(row.id, e));
          await setExternal(row, path, config);
          return { data: { path } };
        }
        case 'delete': {
          if (body.path !== storedId) throw new AppError('error.notfound', 404);
          await external.remove(body.path).catch((e: unknown) => externalFailure(row.id, e));
          await setExternal(row, null, null);
          return { data: { path: body.path } };
        }
      }
    },
  };
}
export type WheelService = ReturnType<typeof wheelService>;

/** A partial options object without its undefined keys (zod's optional ones). */
function stripUndefined(options: Partial<WheelOptions>): Partial<WheelOptions> {
  return Object.fromEntries(
    Object.entries(options).filter(([, v]) => v !== undefined),
  ) as Partial<WheelOptions>;
}
