import {
  clampDeviceTime,
  COMMAND_UPLOAD_KIND,
  DEVICE_COMMANDS,
  TEAM_UPLOAD_QUOTA_BYTES,
  compareOptionalNr,
  eventTopic,
  Kp,
  KpData,
  kpVisibleToTeam,
  finishRefusal,
  markRefusal,
  playSettings,
  startBeforeEvent,
  startRefusal,
  toPlayKp,
} from '@rada/core';
import type {
  DeviceCommand,
  EventChange,
  MarkResult,
  PlayKp,
  PlayMark,
  PlayTeam,
  PlayView,
  UploadKind,
  UploadView,
} from '@rada/core';
import type { z } from 'zod';
import type { MarkBody, MyTeam, StartFinishBody, UploadBody } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { auditRow } from '../db/audit.ts';
import { timeId } from '../db/ids.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import type { Repos, Store } from '../db/store.ts';
import type { Database } from '../db/schema.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { Bus } from '../realtime/bus.ts';
import type { EventRow } from '../events/event.repository.ts';
import { teamAllowed } from '../registration/newTeam.ts';
import { requireEventAdmin } from '../teams/eventAdmin.ts';
import { ms } from '../teams/team.presenter.ts';
import { observeClock } from './deviceClock.ts';

export interface ParticipantServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  log: (obj: object, msg: string) => void;
}

type Mark = z.output<typeof MarkBody>;
type StartFinish = z.output<typeof StartFinishBody>;
type Upload = z.output<typeof UploadBody>;
const isDeviceCommand = (v: unknown): v is DeviceCommand =>
  (DEVICE_COMMANDS as readonly unknown[]).includes(v);
type TeamRow = Database['teams'];
type AnswerRow = Database['team_answers'];

function presentTeam(row: TeamRow): PlayTeam {
  const list = fromJsonMap(row.list);
  return {
    id: row.id,
    name: row.name,
    nr: row.nr,
    allowed: list.allowed === true,
    starttime: ms(list.starttime),
    finishtime: ms(list.finishtime),
  };
}

function presentMark(row: AnswerRow): PlayMark {
  const cid = fromJsonMap(row.extra).cid;
  return {
    kpId: row.kp_id,
    answer: row.answer,
    ok: row.ok === null ? null : row.ok === 1,
    aeg: row.aeg,
    cid: typeof cid === 'string' ? cid : null,
  };
}

/** The KP documents of a row; a stored document that no longer parses reads as its raw keys. */
function playKpOf(
  row: { id: string; nr: string | null; kp: string; data: string },
  settings: PlayView['settings'],
  nokpopenwhennotclose: boolean,
  rakoef: unknown[] | null,
): { kp: Kp; play: PlayKp } {
  const rawKp = fromJsonMap(row.kp);
  const rawData = fromJsonMap(row.data);
  const kp = Kp.safeParse(rawKp);
  const data = KpData.safeParse(rawData);
  const k = kp.success ? kp.data : (rawKp as Kp);
  const d = data.success ? data.data : (rawData as KpData);
  return {
    kp: k,
    play: toPlayKp(row.id, row.nr, k, d, { ...settings, nokpopenwhennotclose, rakoef }),
  };
}

/** The team's start as the results count it (spec 03 §8): the mass start when set, else its own. */
function startOf(settings: PlayView['settings'], list: JsonMap): number | null {
  return settings.massstarttimems ?? ms(list.starttime);
}

/** The time of the team's latest mark (any source), or null. */
const lastMarkOf = (marks: readonly AnswerRow[]): number | null =>
  marks.reduce<number | null>(
    (m, a) => (a.aeg !== null && (m === null || a.aeg > m) ? a.aeg : m),
    null,
  );

const EXTENSIONS: Record<UploadKind, { ext: string; type: string }> = {
  log: { ext: 'log', type: 'text/plain; charset=utf-8' },
  gpx: { ext: 'gpx', type: 'application/gpx+xml; charset=utf-8' },
  db: { ext: 'json', type: 'application/json; charset=utf-8' },
};

/** `2026-11-21T06:05:04.123Z` → `20261121-060504` (UTC). */
const fileTime = (t: number) =>
  new Date(t).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const fileSafe = (s: string) => s.replace(/[^\p{L}\p{N}_.-]+/gu, '_').slice(0, 60) || 'team';

/**
 * The participant app's API: what a team member sees of the event, the team's marks, its own
 * start and finish, and the files its devices send back for commands (docs/api.md).
 */
export function participantService({ store, bus, now }: ParticipantServiceDeps) {
  /** `teamId`: the team whose own data changed (the results recalculation recomputes it alone). */
  const changed = (eventId: string, what: EventChange, teamId?: string) =>
    bus.publish(eventTopic(eventId), {
      v: 1,
      type: 'event.changed',
      eventId,
      what: [what],
      ...(teamId !== undefined ? { teams: [teamId] } : {}),
    });

  /**
   * The event and the caller's team in it: 401 signed out, 404 no event, 403 device.error.noteam
   * when the caller is in no team of the event (or not in `teamId`).
   */
  async function membership(
    actor: Actor | null,
    eventId: string,
    teamId: string | undefined,
  ): Promise<{ event: EventRow; team: TeamRow; memberships: { team_id: string }[] }> {
    if (!actor) throw unauthorized();
    const event = await store.events.findById(eventId);
    if (!event) throw notFound();
    const teams = await store.members.teamsOf(eventId, actor.uid);
    const m = teamId === undefined ? teams[0] : teams.find((t) => t.team_id === teamId);
    const team = m ? await store.teams.findById(eventId, m.team_id) : undefined;
    if (!team) throw new AppError('device.error.noteam', 403);
    return { event, team, memberships: teams };
  }

  async function settingsOf(event: EventRow) {
    const data = await store.participant.eventData(event.id);
    const raw = fromJsonMap(data?.settings);
    const settings = playSettings(raw, fromJsonMap(data?.conf), fromJsonMap(event.record));
    return {
      settings,
      nokpopenwhennotclose: raw.nokpopenwhennotclose === true,
      rakoef: Array.isArray(raw.rakoef) ? (raw.rakoef as unknown[]) : null,
    };
  }

  /** A write of the caller's team: allowed teams only, never in an archived event. */
  async function writable(actor: Actor | null, eventId: string, teamId: string | undefined) {
    const m = await membership(actor, eventId, teamId);
    if (m.event.arch !== null) throw new AppError('play.error.archived', 409);
    if (!presentTeam(m.team).allowed) throw new AppError('play.error.notallowed', 403);
    return m;
  }

  /**
   * Runs a write in a transaction whose first statement touches the event row, serialising the
   * event's writes (as the teams service does), then re-reads the team under that lock.
   */
  function write<T>(
    eventId: string,
    teamId: string,
    fn: (repos: Repos, team: TeamRow) => Promise<T>,
  ): Promise<T> {
    return store.transaction(async (repos) => {
      await repos.events.update(eventId, { updated_at: now() });
      const ev = await repos.events.findById(eventId);
      if (!ev) throw notFound();
      if (ev.arch !== null) throw new AppError('play.error.archived', 409);
      const team = await repos.teams.findById(eventId, teamId);
      if (!team) throw new AppError('device.error.noteam', 403);
      return fn(repos, team);
    });
  }

  /**
   * Sets the team's start or finish time once; a repeat answers the stored time. `decide` refuses
   * (throws) or answers the time to store for the device's time clamped to the server's now.
   */
  async function setTime(
    actor: Actor | null,
    eventId: string,
    body: StartFinish,
    field: 'starttime' | 'finishtime',
    decide: (
      c: {
        event: EventRow;
        settings: PlayView['settings'];
        teamId: string;
        list: JsonMap;
        repos: Repos;
      },
      t: number,
    ) => Promise<number> | number,
  ): Promise<PlayTeam> {
    const { event, team } = await writable(actor, eventId, body.teamId);
    const { settings } = await settingsOf(event);
    const at = now();
    const result = await write(eventId, team.id, async (repos, row) => {
      await observeClock(repos, eventId, row.id, body.t, at);
      const list = fromJsonMap(row.list);
      if (ms(list[field]) !== null) return { row, created: false };
      const t = await decide(
        { event, settings, teamId: row.id, list, repos },
        clampDeviceTime(body.t, at),
      );
      list[field] = t;
      await repos.teams.updateList(eventId, row.id, row.name, toJson(list));
      await repos.teams.insertAudit([
        auditRow(
          now(),
          actor,
          eventId,
          `play.${field === 'starttime' ? 'start' : 'finish'}`,
          `teams/${row.id}/list/${field}`,
          null,
          { [field]: t, cid: body.cid, ...(body.loc ? { loc: body.loc } : {}) },
        ),
      ]);
      return { row: { ...row, list: toJson(list) }, created: true };
    });
    if (result.created) changed(eventId, 'teams', team.id);
    return presentTeam(result.row);
  }

  /** The device, for its owner only: 401 signed out, 404 unknown, 403 someone else's. */
  async function ownDevice(actor: Actor | null, deviceId: string) {
    if (!actor) throw unauthorized();
    const device = await store.messages.findDevice(deviceId);
    if (!device) throw notFound();
    if (device.user_id !== actor.uid) throw forbidden();
    return device;
  }

  /** The event's admins (and super admins): 401 signed out, 404 no event, 403 others. */
  const requireAdmin = (actor: Actor | null, eventId: string) =>
    requireEventAdmin(store, actor, eventId);

  return {
    /** GET /me/teams: the caller's teams in every event (401 signed out). */
    async myTeams(actor: Actor | null): Promise<MyTeam[]> {
      if (!actor) throw unauthorized();
      return (await store.members.ofUser(actor.uid)).map((r) => ({
        eventId: r.event_id,
        eventName: r.event_name,
        starttime: r.starttime,
        endtime: r.endtime,
        teamId: r.team_id,
        teamName: r.team_name,
        allowed: teamAllowed(r),
      }));
    },

    /**
     * Everything the app shows to a member of a team: the event, its app settings, the KPs a team
     * sees (not those in work; cancelled ones flagged; never the correct answers) by number, the
     * team and its marks.
     */
    async play(actor: Actor | null, eventId: string, teamId?: string): Promise<PlayView> {
      const { event, team, memberships } = await membership(actor, eventId, teamId);
      const { settings, nokpopenwhennotclose, rakoef } = await settingsOf(event);
      const others = await Promise.all(
        memberships
          .filter((m) => m.team_id !== team.id)
          .map((m) => store.teams.findById(eventId, m.team_id)),
      );
      const myTeams = [team, ...others.filter((t): t is TeamRow => t !== undefined)]
        .map((t) => ({ id: t.id, name: t.name, nr: t.nr ?? null }))
        .sort((a, b) => compareOptionalNr(a.nr, b.nr) || a.name.localeCompare(b.name));
      const [rows, answers] = await Promise.all([
        store.participant.checkpoints(eventId),
        store.participant.answers(eventId, team.id),
      ]);
      const kps = rows
        .map((r) => playKpOf(r, settings, nokpopenwhennotclose, rakoef))
        .filter((k) => kpVisibleToTeam(k.kp))
        .map((k) => k.play)
        .sort((a, b) => compareOptionalNr(a.nr, b.nr) || a.id.localeCompare(b.id));
      const visible = new Set(kps.map((k) => k.id));
      return {
        eventId,
        name: event.name,
        starttime: event.starttime,
        endtime: event.endtime,
        settings,
        team: presentTeam(team),
        kps,
        marks: answers.filter((a) => visible.has(a.kp_id)).map(presentMark),
        myTeams,
      };
    },

    /**
     * Stores the team's mark of a KP (see docs/api.md for every refusal). A team's answer is
     * final: the same cid again answers the stored mark (created false), another mark of the
     * same KP is refused; the organiser can still change it. Publishes `teams`.
     */
    async mark(actor: Actor | null, eventId: string, body: Mark): Promise<MarkResult> {
      const { event, team } = await writable(actor, eventId, body.teamId);
      const { settings, nokpopenwhennotclose, rakoef } = await settingsOf(event);
      const at = now();
      const result = await write(eventId, team.id, async (repos, teamRow) => {
        await observeClock(repos, eventId, team.id, body.t, at);
        const row = await repos.participant.checkpoint(eventId, body.kpId);
        if (!row) throw notFound();
        const { kp, play } = playKpOf(row, settings, nokpopenwhennotclose, rakoef);
        if (!kpVisibleToTeam(kp)) throw notFound();
        const old = await repos.participant.answer(eventId, team.id, body.kpId);
        if (old) {
          if (fromJsonMap(old.extra).cid === body.cid)
            return { mark: presentMark(old), created: false };
          throw new AppError('play.error.alreadymarked', 409);
        }
        const refusal = markRefusal(play, body);
        if (refusal === 'cancelled') throw new AppError('play.error.cancelled', 409);
        if (refusal === 'nolocation') throw new AppError('play.error.nolocation', 422);
        if (refusal === 'toofar') throw new AppError('play.error.toofar', 422);
        if (refusal === 'badresponse') throw new AppError('kpdata.badresponse', 400);
        // Never after the server's now, nor before the team's start (once that has come).
        const list = fromJsonMap(teamRow.list);
        const start = startOf(settings, list) ?? event.starttime;
        const aeg = clampDeviceTime(body.t, at, start === null ? null : Math.min(start, at));
        const finish = ms(list.finishtime);
        if (finish !== null && aeg > finish) throw new AppError('play.error.finished', 409);
        const next: AnswerRow = {
          event_id: eventId,
          team_id: team.id,
          kp_id: body.kpId,
          answer: body.answer ?? null,
          // A location mark has no answer to check: being there is the mark.
          ok: body.answer === undefined ? 1 : null,
          aeg,
          extra: toJson({ cid: body.cid, loc: body.loc ?? null, src: 'app', t: body.t }),
        };
        await repos.participant.insertAnswer(next);
        await repos.results.insertAudit(
          auditRow(
            now(),
            actor,
            eventId,
            'play.mark',
            `teams/${eventId}/kpanswers/${team.id}/${body.kpId}`,
            undefined,
            presentMark(next),
          ),
        );
        return { mark: presentMark(next), created: true };
      });
      if (result.created) changed(eventId, 'teams', team.id);
      return result;
    },

    /**
     * The team's own start (clientstart): within maxstartdistance of startloc when both are set.
     * Without clientstart every team starts at the mass start, so a device may not start itself.
     * Idempotent: a started team answers its stored start.
     */
    async start(actor: Actor | null, eventId: string, body: StartFinish): Promise<PlayTeam> {
      return setTime(actor, eventId, body, 'starttime', ({ event, settings }, t) => {
        const refusal = startRefusal(settings, body.loc);
        if (refusal === 'massstart') throw new AppError('play.error.massstart', 409);
        if (refusal === 'nolocation') throw new AppError('play.error.nolocation', 422);
        if (refusal === 'toofar') throw new AppError('play.error.toofarfromstart', 422);
        if (startBeforeEvent(t, event.starttime)) {
          throw new AppError('play.error.startbeforeevent', 409);
        }
        // Within the tolerance a start before the event's counts as the event's start.
        return clampDeviceTime(t, t, event.starttime);
      });
    },

    /**
     * The team's finish: only after its start (its own, or the mass start when there is no
     * clientstart); idempotent like the start.
     */
    async finish(actor: Actor | null, eventId: string, body: StartFinish): Promise<PlayTeam> {
      return setTime(actor, eventId, body, 'finishtime', async (c, t) => {
        const { settings, list, repos } = c;
        const marks = await repos.participant.answers(eventId, c.teamId);
        const refusal = finishRefusal(t, startOf(settings, list), lastMarkOf(marks));
        if (refusal === 'notstarted') throw new AppError('play.error.notstarted', 409);
        if (refusal === 'beforemark') throw new AppError('play.error.finishbeforemark', 409);
        return t;
      });
    },

    /**
     * Stores what the caller's device sent back for a command (docs/security.md, Quotas): only
     * in answer to a command of the device's team (404 for an unknown one or another team's)
     * whose kind matches and that no other device answered (409 upload.error.nocommand); the
     * same device answering again gets its first upload's id. A team's uploads together stay
     * within TEAM_UPLOAD_QUOTA_BYTES (413 upload.error.quota). The command is marked delivered
     * to this device (unless it already was). Publishes `uploads`.
     */
    async upload(actor: Actor | null, deviceId: string, body: Upload): Promise<{ id: string }> {
      const device = await ownDevice(actor, deviceId);
      if (device.event_id === null || device.team_id === null) {
        throw new AppError('device.error.noteam', 403);
      }
      const eventId = device.event_id;
      const teamId = device.team_id;
      if (body.messageId === undefined) throw new AppError('upload.error.nocommand', 409);
      const messageId = body.messageId;
      const message = await store.messages.findMessage(messageId);
      if (!message || message.event_id !== eventId || message.team_id !== teamId) {
        throw notFound();
      }
      const cmnd = fromJsonMap(message.payload).cmnd;
      if (
        message.kind !== 'command' ||
        !isDeviceCommand(cmnd) ||
        COMMAND_UPLOAD_KIND[cmnd] !== body.kind ||
        (message.delivered_to !== null && message.delivered_to !== deviceId)
      ) {
        throw new AppError('upload.error.nocommand', 409);
      }
      const size = Buffer.byteLength(body.content, 'utf8');
      const at = now();
      const saved = await store.transaction(async (repos) => {
        // Touching the event row serialises the team's uploads, so two cannot both pass the quota.
        await repos.events.update(eventId, { updated_at: at });
        const answered = await repos.participant.uploadFor(messageId);
        if (answered) {
          if (answered.device_id !== deviceId) throw new AppError('upload.error.nocommand', 409);
          return { id: answered.id, created: false, delivered: false };
        }
        const used = await repos.participant.teamUploadBytes(eventId, teamId);
        if (used + size > TEAM_UPLOAD_QUOTA_BYTES) {
          throw new AppError('upload.error.quota', 413, [
            { path: 'content', message: String(TEAM_UPLOAD_QUOTA_BYTES - used) },
          ]);
        }
        const id = timeId(at);
        await repos.participant.insertUpload({
          id,
          event_id: eventId,
          team_id: teamId,
          device_id: deviceId,
          kind: body.kind,
          message_id: messageId,
          content: body.content,
          size,
          created_at: at,
        });
        await repos.messages.touchDevice(deviceId, at);
        const delivered = await repos.messages.markDelivered(messageId, deviceId, at);
        return { id, created: true, delivered };
      });
      if (saved.created) changed(eventId, 'uploads');
      if (saved.delivered) changed(eventId, 'messages');
      return { id: saved.id };
    },

    /** The event's uploads, newest first, without their content (event admins). */
    async uploads(actor: Actor | null, eventId: string): Promise<UploadView[]> {
      await requireAdmin(actor, eventId);
      return (await store.participant.uploadsOf(eventId)).map((u) => ({
        id: u.id,
        teamId: u.team_id,
        teamName: u.team_name ?? u.team_id,
        deviceId: u.device_id,
        kind: u.kind as UploadKind,
        messageId: u.message_id,
        size: u.size,
        createdAt: u.created_at,
      }));
    },

    /** One upload as a file: its content, content type and file name (event admins). */
    async download(
      actor: Actor | null,
      eventId: string,
      uploadId: string,
    ): Promise<{ content: string; contentType: string; filename: string }> {
      await requireAdmin(actor, eventId);
      const u = await store.participant.upload(eventId, uploadId);
      if (!u) throw notFound();
      const kind = EXTENSIONS[u.kind as UploadKind] ?? EXTENSIONS.log;
      return {
        content: u.content,
        contentType: kind.type,
        filename: `${fileSafe(u.team_name ?? u.team_id)}-${u.kind}-${fileTime(u.created_at)}.${kind.ext}`,
      };
    },
  };
}
export type ParticipantService = ReturnType<typeof participantService>;
