import { randomInt as cryptoRandomInt } from 'node:crypto';
import {
  JOIN_VALIDITIES,
  eventTimeZone,
  eventTopic,
  generateJoinCode,
  joinCodeValidUntil,
  joinPath,
} from '@rada/core';
import type {
  CreateJoinCodeBody,
  EventChange,
  JoinCodeInfo,
  JoinCodeStatus,
  JoinCodeValidities,
  JoinCodeView,
  JoinValidity,
  JoinResult,
  UpdateJoinCodeBody,
  UseJoinCodeBody,
} from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { auditRow } from '../db/audit.ts';
import { AppError, notFound, unauthorized } from '../http/errors.ts';
import { fromJsonMap } from '../db/json.ts';
import type { Database } from '../db/schema.ts';
import type { Repos, Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import type { EventRow } from '../events/event.repository.ts';
import { insertNewTeam, teamAllowed } from '../registration/newTeam.ts';
import { checkedClass, regSettings } from '../registration/regSettings.ts';
import { requireEventAdmin } from '../teams/eventAdmin.ts';
import type { JoinCodeRow } from './joinCode.repository.ts';

export interface JoinCodeServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  /** An integer in [0, n) for generated codes; crypto's by default. */
  randomInt?: (n: number) => number;
}

/** Attempts at a fresh generated code before giving up (collisions are rare at 31^6). */
const GENERATE_ATTEMPTS = 20;

type TeamRow = Database['teams'];

const codeNotFound = () => new AppError('joinc.error.notfound', 404);

/** Why a code cannot be used at `now`, or 'ok'. */
export function codeStatus(code: JoinCodeRow, event: EventRow, now: number): JoinCodeStatus {
  if (event.arch !== null) return 'archived';
  if (code.valid < now) return 'expired';
  if (code.singleteam === 1 && code.used_by !== null) return 'used';
  return 'ok';
}

/** Join codes: the organiser's list and edits, the join page's info, and using a code. */
export function joinCodeService({
  store,
  bus,
  now,
  randomInt = cryptoRandomInt,
}: JoinCodeServiceDeps) {
  const publish = (eventId: string, what: EventChange[]) =>
    bus.publish(eventTopic(eventId), { v: 1, type: 'event.changed', eventId, what });

  const requireAdmin = (actor: Actor | null, eventId: string) =>
    requireEventAdmin(store, actor, eventId);

  /** The code of this event, or 404 (a code of another event is not this event's). */
  async function codeOf(repos: Repos, eventId: string, code: string): Promise<JoinCodeRow> {
    const row = await repos.joinCodes.find(code);
    if (!row || row.event_id !== eventId) throw codeNotFound();
    return row;
  }

  const audit = (
    actor: Actor | null,
    eventId: string,
    action: string,
    code: string,
    old: unknown,
    value: unknown,
  ) => auditRow(now(), actor, eventId, action, `eventcodes/${code}`, old, value);

  const stored = (r: JoinCodeRow) => ({
    singleteam: r.singleteam === 1,
    valid: r.valid,
    used: r.used_by,
    teamId: r.team_id,
  });

  /** The event's time zone (timezone setting, else the platform's), its join codes' days. */
  const zoneOf = async (eventId: string) =>
    eventTimeZone(fromJsonMap((await store.events.findData(eventId))?.settings));

  /** The organiser's views of `rows`, with each use's user and team. */
  async function present(eventId: string, rows: JoinCodeRow[]): Promise<JoinCodeView[]> {
    const [uses, teams, timeZone] = await Promise.all([
      store.joinCodes.uses(rows.map((r) => r.code)),
      store.teams.list(eventId),
      zoneOf(eventId),
    ]);
    const users = new Map(
      (await store.users.findByIds([...new Set(uses.map((u) => u.user_id))])).map((u) => [u.id, u]),
    );
    const names = new Map(teams.map((t) => [t.id, t.name]));
    const teamName = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
    return rows.map((r) => ({
      code: r.code,
      singleteam: r.singleteam === 1,
      teamId: r.team_id,
      teamName: teamName(r.team_id),
      valid: r.valid,
      timeZone,
      used: r.used_by,
      uses: uses
        .filter((u) => u.code === r.code)
        .map((u) => ({
          uid: u.user_id,
          displayName: users.get(u.user_id)?.display_name ?? null,
          email: users.get(u.user_id)?.email ?? null,
          teamId: u.team_id,
          teamName: teamName(u.team_id),
          at: u.used_at,
        })),
      createdAt: r.created_at,
      link: joinPath(eventId, r.code),
    }));
  }

  async function presentOne(eventId: string, code: string): Promise<JoinCodeView> {
    const row = await store.joinCodes.find(code);
    if (!row) throw codeNotFound();
    const [view] = await present(eventId, [row]);
    if (!view) throw codeNotFound();
    return view;
  }

  const futureValid = (valid: number) => {
    if (valid <= now()) {
      throw new AppError('error.validation', 400, [
        { path: 'valid', message: 'must be in the future' },
      ]);
    }
  };

  return {
    async list(actor: Actor | null, eventId: string): Promise<JoinCodeView[]> {
      await requireAdmin(actor, eventId);
      return present(eventId, await store.joinCodes.forEvent(eventId));
    },

    /**
     * GET /events/:id/joincodes/validities (event admins): the end of each validity choice made
     * now, the end of a day in the event's time zone.
     */
    async validities(actor: Actor | null, eventId: string): Promise<JoinCodeValidities> {
      await requireAdmin(actor, eventId);
      const timeZone = await zoneOf(eventId);
      const t = now();
      const ends = Object.fromEntries(
        JOIN_VALIDITIES.map((v) => [v, joinCodeValidUntil(t, v, timeZone)]),
      ) as Record<JoinValidity, number>;
      return { timeZone, ends };
    },

    /**
     * Creates a code (given or generated); codes are unique across all events. A validity choice
     * ends at the end of a day in the event's time zone (joinCodeValidUntil).
     */
    async create(
      actor: Actor | null,
      eventId: string,
      body: z.output<typeof CreateJoinCodeBody>,
    ): Promise<JoinCodeView> {
      await requireAdmin(actor, eventId);
      const valid =
        body.validity !== undefined
          ? joinCodeValidUntil(now(), body.validity, await zoneOf(eventId))
          : (body.valid ?? 0);
      futureValid(valid);
      const teamId = body.teamId ?? null;
      if (teamId !== null && !body.singleteam) {
        throw new AppError('error.validation', 400, [
          { path: 'teamId', message: 'only a single-team code belongs to a team' },
        ]);
      }
      if (teamId !== null && !(await store.teams.findById(eventId, teamId))) throw notFound();
      const code = await store.transaction(async (repos) => {
        const attempts = body.code === undefined ? GENERATE_ATTEMPTS : 1;
        for (let i = 0; i < attempts; i += 1) {
          const row: JoinCodeRow = {
            code: body.code ?? generateJoinCode(randomInt),
            event_id: eventId,
            singleteam: body.singleteam ? 1 : 0,
            valid,
            used_by: null,
            share_link: null,
            created_at: now(),
            team_id: teamId,
          };
          row.share_link = joinPath(eventId, row.code);
          if (await repos.joinCodes.insert(row)) {
            await repos.teams.insertAudit([
              audit(actor, eventId, 'joincode.create', row.code, null, stored(row)),
            ]);
            return row.code;
          }
        }
        throw new AppError('joinc.error.codeexists', 409);
      });
      publish(eventId, ['joincodes']);
      return presentOne(eventId, code);
    },

    /** Toggles single-team or changes the validity (a past time ends the code at once). */
    async update(
      actor: Actor | null,
      eventId: string,
      code: string,
      body: z.output<typeof UpdateJoinCodeBody>,
    ): Promise<JoinCodeView> {
      await requireAdmin(actor, eventId);
      const changed = await store.transaction(async (repos) => {
        const row = await codeOf(repos, eventId, code);
        const changes: Parameters<Repos['joinCodes']['update']>[1] = {};
        if (body.singleteam !== undefined && body.singleteam !== (row.singleteam === 1)) {
          changes.singleteam = body.singleteam ? 1 : 0;
          // A code for everyone attaches nobody to one team.
          if (!body.singleteam) changes.team_id = null;
        }
        if (body.valid !== undefined && body.valid !== row.valid) changes.valid = body.valid;
        if (Object.keys(changes).length === 0) return false;
        await repos.joinCodes.update(code, changes);
        await repos.teams.insertAudit([
          audit(actor, eventId, 'joincode.update', code, stored(row), {
            ...stored(row),
            ...stored({ ...row, ...changes }),
          }),
        ]);
        return true;
      });
      if (changed) publish(eventId, ['joincodes']);
      return presentOne(eventId, code);
    },

    async remove(actor: Actor | null, eventId: string, code: string): Promise<void> {
      await requireAdmin(actor, eventId);
      await store.transaction(async (repos) => {
        const row = await codeOf(repos, eventId, code);
        await repos.joinCodes.delete(code);
        await repos.teams.insertAudit([
          audit(actor, eventId, 'joincode.delete', code, stored(row), null),
        ]);
      });
      publish(eventId, ['joincodes']);
    },

    /** What the join page shows about a code; anyone may ask. */
    async info(code: string): Promise<JoinCodeInfo> {
      const row = await store.joinCodes.find(code);
      const event = row ? await store.events.findById(row.event_id) : undefined;
      if (!row || !event) throw codeNotFound();
      const team = row.team_id ? await store.teams.findById(event.id, row.team_id) : undefined;
      const { classes, classRequired } = regSettings(
        fromJsonMap((await store.events.findData(event.id))?.settings),
      );
      return {
        code: row.code,
        eventId: event.id,
        eventName: event.name,
        starttime: event.starttime,
        singleteam: row.singleteam === 1,
        teamName: team?.name ?? null,
        valid: row.valid,
        status: codeStatus(row, event, now()),
        classes: [...classes].map(([id, name]) => ({ id, name })),
        classRequired: classRequired && classes.size > 0,
      };
    },

    /**
     * Uses a code for the signed-in caller, all in one transaction: a single-team code gives its
     * team (creating it on first use) to its first user only; any other code gives each user a
     * team of their own. Using a code again answers the same team. A team made here is in the
     * chosen class (400 reg.error.class / reg.error.classrequired as registration) and gets its
     * start by the event's start rule (insertNewTeam).
     */
    async use(actor: Actor | null, body: z.output<typeof UseJoinCodeBody>): Promise<JoinResult> {
      if (!actor) throw unauthorized();
      const first = await store.joinCodes.find(body.code);
      if (!first) throw codeNotFound();
      const eventId = first.event_id;
      const { result, changed } = await store.transaction(async (repos) => {
        // Touching the event row first serialises joins and registrations of one event.
        await repos.events.update(eventId, { updated_at: now() });
        const code = await repos.joinCodes.find(body.code);
        const event = await repos.events.findById(eventId);
        if (!code || !event) throw codeNotFound();
        if (event.arch !== null) throw new AppError('joinc.error.archived', 409);
        if (code.valid < now()) throw new AppError('joinc.error.expired', 410);
        const raw = fromJsonMap((await repos.events.findData(eventId))?.settings);
        const settings = regSettings(raw);
        // A class the event does not have is refused whether or not the use makes a team.
        if (body.klassid != null) checkedClass({ ...settings, classRequired: false }, body.klassid);
        const user = await repos.users.findById(actor.uid);
        const t = now();
        const answer = (team: TeamRow, created: boolean) => ({
          result: {
            eventId,
            teamId: team.id,
            teamName: team.name,
            created,
            allowed: teamAllowed(team),
          },
          changed: true,
        });
        const newTeam = () =>
          insertNewTeam(repos, {
            eventId,
            name: body.teamName ?? user?.display_name ?? user?.email ?? actor.email,
            allowed: !settings.joinrequiresconfirmation,
            user,
            klassid: checkedClass(settings, body.klassid) ?? null,
            event,
            settings: raw,
            actor,
            now: t,
          });
        const join = async (team: TeamRow, created: boolean) => {
          await repos.members.add({
            event_id: eventId,
            team_id: team.id,
            user_id: actor.uid,
            joined_at: t,
            via: 'code',
          });
          await repos.joinCodes.addUse({
            code: code.code,
            user_id: actor.uid,
            team_id: team.id,
            used_at: t,
          });
          await repos.teams.insertAudit([
            audit(actor, eventId, 'joincode.use', code.code, null, {
              uid: actor.uid,
              teamId: team.id,
              created,
            }),
          ]);
          return answer(team, created);
        };

        if (code.singleteam === 1) {
          if (code.used_by === actor.uid) {
            const team = code.team_id ? await repos.teams.findById(eventId, code.team_id) : null;
            if (!team) throw new AppError('joinc.error.badteam', 409);
            return { ...answer(team, false), changed: false };
          }
          // The conditional update decides between concurrent first uses: one wins, the rest
          // see the code used (even where the event row lock above did not serialise them).
          if (code.used_by !== null || !(await repos.joinCodes.claim(code.code, actor.uid))) {
            throw new AppError('joinc.error.used', 409);
          }
          if (code.team_id !== null) {
            const team = await repos.teams.findById(eventId, code.team_id);
            if (!team) throw new AppError('joinc.error.badteam', 409);
            return join(team, false);
          }
          const team = await newTeam();
          await repos.joinCodes.bindTeam(code.code, team.id);
          return join(team, true);
        }

        const mine = await repos.members.teamsOf(eventId, actor.uid);
        const existing = mine[0] ? await repos.teams.findById(eventId, mine[0].team_id) : null;
        const claimed = await repos.joinCodes.claim(code.code, actor.uid);
        if (existing) {
          const recorded = await repos.joinCodes.addUse({
            code: code.code,
            user_id: actor.uid,
            team_id: existing.id,
            used_at: t,
          });
          return { ...answer(existing, false), changed: claimed || recorded };
        }
        return join(await newTeam(), true);
      });
      if (changed) publish(eventId, ['teams', 'joincodes']);
      return result;
    },
  };
}
export type JoinCodeService = ReturnType<typeof joinCodeService>;
