import { activeRegFields, eventTopic, validateRegValues } from '@rada/core';
import type {
  EventChange,
  MyRegistration,
  RegField,
  RegFormView,
  RegistrationRow,
  RegistrationsView,
  RegisterBody,
  UpdateRegistrationBody,
} from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { auditRow } from '../db/audit.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import type { Database } from '../db/schema.ts';
import type { Repos, Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import { canEditEvent } from '../policies/event.policy.ts';
import { accessTo, requireEventAdmin } from '../teams/eventAdmin.ts';
import { insertNewTeam } from './newTeam.ts';
import { checkedClass, closedReason, regSettings } from './regSettings.ts';
import { byRegtime, presentMine, presentPublic, presentRow } from './registration.presenter.ts';

export interface RegistrationServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
}

type AuditRow = Database['audit_log'];

/** Validates values or throws 400 `reg.error.invalid` with one detail per field. */
function checkValues(fields: readonly RegField[], values: Record<string, unknown>) {
  const { values: clean, problems } = validateRegValues(fields, values);
  if (problems.length > 0) throw new AppError('reg.error.invalid', 400, problems);
  return clean;
}

/**
 * Team registration: the form, registering a team, a member's edit, and the organiser's
 * registered-teams table with its edits.
 */
export function registrationService({ store, bus, now }: RegistrationServiceDeps) {
  const publish = (eventId: string, what: EventChange[]) =>
    bus.publish(eventTopic(eventId), { v: 1, type: 'event.changed', eventId, what });

  async function loadEvent(eventId: string) {
    const row = await store.events.findById(eventId);
    if (!row) throw notFound();
    return row;
  }

  const requireAdmin = (actor: Actor | null, eventId: string) =>
    requireEventAdmin(store, actor, eventId);

  /** Touches the event row first (serialising this event's writes) and reads it again. */
  async function lockEvent(repos: Repos, eventId: string) {
    await repos.events.update(eventId, { updated_at: now() });
    const event = await repos.events.findById(eventId);
    if (!event) throw notFound();
    const raw = fromJsonMap((await repos.events.findData(eventId))?.settings);
    return { event, settings: regSettings(raw), raw };
  }

  const audit = (
    actor: Actor | null,
    eventId: string,
    action: string,
    path: string,
    old: unknown,
    value: unknown,
  ): AuditRow => auditRow(now(), actor, eventId, action, path, old, value);

  /** Sets the team's name in its list entry and name column when the team name changed. */
  async function renameTeam(repos: Repos, team: Database['teams'], name: unknown) {
    if (typeof name !== 'string' || name === team.name) return team;
    const list = { ...fromJsonMap(team.list), name };
    await repos.teams.updateList(team.event_id, team.id, name, toJson(list));
    return { ...team, name, list: toJson(list) };
  }

  /** Sets (or with null clears) the class in the team's list entry. */
  async function setTeamClass(repos: Repos, team: Database['teams'], klassid: string | null) {
    const list: JsonMap = { ...fromJsonMap(team.list) };
    if ((list.klassid ?? null) === klassid) return team;
    if (klassid === null) delete list.klassid;
    else list.klassid = klassid;
    await repos.teams.updateList(team.event_id, team.id, team.name, toJson(list));
    return { ...team, list: toJson(list) };
  }

  return {
    /** The registration page: form, state, the caller's teams and the public list. */
    async form(actor: Actor | null, eventId: string): Promise<RegFormView> {
      const event = await loadEvent(eventId);
      const s = regSettings(fromJsonMap((await store.events.findData(eventId))?.settings));
      const active = activeRegFields(s.fields);
      const reason = closedReason(event, now());
      const [teams, regs, memberships] = await Promise.all([
        store.teams.list(eventId),
        store.registrations.forEvent(eventId),
        actor ? store.members.teamsOf(eventId, actor.uid) : Promise.resolve([]),
      ]);
      const teamById = new Map(teams.map((t) => [t.id, t]));
      const regByTeam = new Map(regs.map((r) => [r.team_id, r]));
      const mine = memberships.flatMap((m) => {
        const team = teamById.get(m.team_id);
        return team ? [presentMine(team, regByTeam.get(m.team_id), active)] : [];
      });
      const registered = [...regs].sort((a, b) =>
        byRegtime(
          { regtime: a.regtime, teamId: a.team_id },
          { regtime: b.regtime, teamId: b.team_id },
        ),
      );
      return {
        eventId: event.id,
        eventName: event.name,
        starttime: event.starttime,
        endtime: event.endtime,
        open: reason === null,
        closedReason: reason,
        fields: active,
        classes: [...s.classes].map(([id, name]) => ({ id, name })),
        classRequired: s.classRequired && s.classes.size > 0,
        teamtype: s.teamtype,
        joinrequiresconfirmation: s.joinrequiresconfirmation,
        ...s.texts,
        mine,
        teams: registered.flatMap((r) => {
          const team = teamById.get(r.team_id);
          return team ? [presentPublic(team, r, active)] : [];
        }),
      };
    },

    /**
     * Registers a new team for the caller, who becomes its first member: 409 reg.error.single
     * for a second team where one per user is the rule, reg.error.toomany past maxregsperuser.
     * The team gets its start by the event's start rule (insertNewTeam).
     */
    async register(
      actor: Actor | null,
      eventId: string,
      body: z.output<typeof RegisterBody>,
    ): Promise<MyRegistration> {
      if (!actor) throw unauthorized();
      const event = await loadEvent(eventId);
      if (closedReason(event, now()) !== null) throw new AppError('reg.error.closed', 409);
      const result = await store.transaction(async (repos) => {
        const { event: ev, settings, raw } = await lockEvent(repos, eventId);
        if (closedReason(ev, now()) !== null) throw new AppError('reg.error.closed', 409);
        const values = checkValues(settings.fields, body.values);
        const klassid = checkedClass(settings, body.klassid);
        if (
          settings.teamtype === 'single' &&
          (await repos.members.teamsOf(eventId, actor.uid)).length > 0
        ) {
          throw new AppError('reg.error.single', 409);
        }
        // Bounds what one account can add to an event (docs/security.md, Quotas).
        if (
          (await repos.registrations.countByUser(eventId, actor.uid)) >= settings.maxregsperuser
        ) {
          throw new AppError('reg.error.toomany', 409);
        }
        const t = now();
        const team = await insertNewTeam(repos, {
          eventId,
          name: String(values.teamname),
          allowed: !settings.joinrequiresconfirmation,
          user: await repos.users.findById(actor.uid),
          klassid: klassid ?? null,
          event: ev,
          settings: raw,
          actor,
          now: t,
        });
        const regdata = { ...values, regtime: t };
        const reg = {
          event_id: eventId,
          team_id: team.id,
          user_id: actor.uid,
          regdata: toJson(regdata),
          regtime: t,
        };
        await repos.registrations.insert(reg);
        await repos.members.add({
          event_id: eventId,
          team_id: team.id,
          user_id: actor.uid,
          joined_at: t,
          via: 'reg',
        });
        await repos.teams.insertAudit([
          audit(actor, eventId, 'team.register', `teams/${team.id}/data/regdata`, null, regdata),
        ]);
        return presentMine(team, reg, activeRegFields(settings.fields));
      });
      publish(eventId, ['teams', 'registrations']);
      return result;
    },

    /** A member of the team (or an event admin) changes its values; regtime and comment stay. */
    async edit(
      actor: Actor | null,
      eventId: string,
      teamId: string,
      body: z.output<typeof RegisterBody>,
    ): Promise<MyRegistration> {
      if (!actor) throw unauthorized();
      const event = await loadEvent(eventId);
      const admin = canEditEvent(await accessTo(store, actor, event));
      const member = (await store.members.teamsOf(eventId, actor.uid)).some(
        (m) => m.team_id === teamId,
      );
      if (!admin && !member) throw forbidden();
      const result = await store.transaction(async (repos) => {
        const { event: ev, settings } = await lockEvent(repos, eventId);
        const reason = closedReason(ev, now());
        if (reason === 'archived' || (reason !== null && !admin)) {
          throw new AppError('reg.error.closed', 409);
        }
        const row = await repos.teams.findById(eventId, teamId);
        if (!row) throw notFound();
        const values = checkValues(settings.fields, body.values);
        const current = fromJsonMap(row.list).klassid;
        const klassid = checkedClass(
          settings,
          body.klassid,
          typeof current === 'string' && current !== '' ? current : null,
        );
        const active = activeRegFields(settings.fields);
        const reg = await repos.registrations.find(eventId, teamId);
        const old = fromJsonMap(reg?.regdata);
        // Values of deleted fields and the organiser's keys stay; the form's fields are replaced.
        const regdata: JsonMap = { ...old };
        for (const f of active) delete regdata[f.id];
        Object.assign(regdata, values);
        const t = now();
        if (!reg) regdata.regtime = t;
        const next = {
          event_id: eventId,
          team_id: teamId,
          user_id: reg ? reg.user_id : member ? actor.uid : null,
          regdata: toJson(regdata),
          regtime: reg ? reg.regtime : t,
        };
        if (reg) await repos.registrations.updateRegdata(eventId, teamId, next.regdata);
        else await repos.registrations.insert(next);
        let team = await renameTeam(repos, row, values.teamname);
        if (klassid !== undefined) team = await setTeamClass(repos, team, klassid);
        await repos.teams.insertAudit([
          audit(actor, eventId, 'team.regedit', `teams/${teamId}/data/regdata`, old, regdata),
        ]);
        return presentMine(team, next, active);
      });
      publish(eventId, ['teams', 'registrations']);
      return result;
    },

    /** The organiser's registered-teams table: every field, the registering user, by time. */
    async list(actor: Actor | null, eventId: string): Promise<RegistrationsView> {
      await requireAdmin(actor, eventId);
      const s = regSettings(fromJsonMap((await store.events.findData(eventId))?.settings));
      const [teams, regs, members] = await Promise.all([
        store.teams.list(eventId),
        store.registrations.forEvent(eventId),
        store.members.ofEvent(eventId),
      ]);
      const teamById = new Map(teams.map((t) => [t.id, t]));
      // The registering user: the registration's own, else the team's first member who registered.
      const registrant = new Map<string, string>();
      for (const m of [...members].sort((a, b) => a.joined_at - b.joined_at)) {
        if (m.via === 'reg' && !registrant.has(m.team_id)) registrant.set(m.team_id, m.user_id);
      }
      const uidOf = (teamId: string, uid: string | null) => uid ?? registrant.get(teamId) ?? null;
      const uids = [...new Set(regs.flatMap((r) => uidOf(r.team_id, r.user_id) ?? []))];
      const users = new Map((await store.users.findByIds(uids)).map((u) => [u.id, u]));
      const rows = regs.flatMap((r) => {
        const team = teamById.get(r.team_id);
        if (!team) return [];
        const uid = uidOf(r.team_id, r.user_id);
        return [presentRow(team, r, s.fields, uid === null ? undefined : users.get(uid))];
      });
      return { fields: s.fields, rows: rows.sort(byRegtime) };
    },

    /** The organiser's edit: comment, values (`required` not enforced) and the allowed flag. */
    async update(
      actor: Actor | null,
      eventId: string,
      teamId: string,
      body: z.output<typeof UpdateRegistrationBody>,
    ): Promise<RegistrationRow> {
      await requireAdmin(actor, eventId);
      const { row, changed } = await store.transaction(async (repos) => {
        const { event, settings } = await lockEvent(repos, eventId);
        if (event.arch !== null) throw new AppError('reg.error.closed', 409);
        let team = await repos.teams.findById(eventId, teamId);
        const reg = await repos.registrations.find(eventId, teamId);
        if (!team || !reg) throw notFound();
        const old = fromJsonMap(reg.regdata);
        const regdata: JsonMap = { ...old };
        const audits: AuditRow[] = [];
        const path = `teams/${teamId}/data/regdata`;
        if (body.values) {
          const given = body.values;
          // The team name stays required when it is sent; every other field may be emptied.
          const lenient = settings.fields.map((f) => ({ ...f, required: f.id === 'teamname' }));
          const { values, problems } = validateRegValues(lenient, given);
          const real = problems.filter(
            (p) => p.message !== 'reg.error.required' || p.path in given,
          );
          if (real.length > 0) throw new AppError('reg.error.invalid', 400, real);
          for (const id of Object.keys(given)) {
            const next = values[id];
            if (toJson(old[id] ?? null) === toJson(next ?? null)) continue;
            if (next === undefined) delete regdata[id];
            else regdata[id] = next;
            audits.push(
              audit(actor, eventId, 'registration.update', `${path}/${id}`, old[id], next),
            );
          }
        }
        if (body.orgcomment !== undefined) {
          const comment = body.orgcomment.trim();
          const before = typeof old.orgcomment === 'string' ? old.orgcomment : '';
          if (comment !== before) {
            if (comment === '') delete regdata.orgcomment;
            else regdata.orgcomment = comment;
            audits.push(
              audit(actor, eventId, 'registration.update', `${path}/orgcomment`, before, comment),
            );
          }
        }
        if (audits.length > 0) {
          await repos.registrations.updateRegdata(eventId, teamId, toJson(regdata));
          team = await renameTeam(repos, team, regdata.teamname);
        }
        if (body.allowed !== undefined) {
          const list = fromJsonMap(team.list);
          if ((list.allowed === true) !== body.allowed) {
            audits.push(
              audit(
                actor,
                eventId,
                'registration.update',
                `teams/${teamId}/list/allowed`,
                list.allowed,
                body.allowed,
              ),
            );
            list.allowed = body.allowed;
            await repos.teams.updateList(eventId, teamId, team.name, toJson(list));
            team = { ...team, list: toJson(list) };
          }
        }
        await repos.teams.insertAudit(audits);
        const uid =
          reg.user_id ??
          (await repos.members.ofTeam(eventId, teamId)).find((m) => m.via === 'reg')?.user_id;
        const user = uid ? await repos.users.findById(uid) : undefined;
        return {
          row: presentRow(team, { ...reg, regdata: toJson(regdata) }, settings.fields, user),
          changed: audits.length > 0,
        };
      });
      if (changed) publish(eventId, ['teams', 'registrations']);
      return row;
    },
  };
}
export type RegistrationService = ReturnType<typeof registrationService>;
