import { compareOptionalNr, ERROR_MESSAGES, deviceTopic, eventTopic } from '@rada/core';
import type {
  SendMessageBody,
  SendMessageResult,
  SendMessageTargetResult,
  SentMessageView,
} from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { notFound } from '../http/errors.ts';
import { auditRow } from '../db/audit.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import { timeId } from '../db/ids.ts';
import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import { requireEventAdmin } from '../teams/eventAdmin.ts';
import type { TeamRow } from '../teams/team.repository.ts';
import { deviceService, devsOf } from './device.service.ts';
import type { DeviceMessageRow } from './message.repository.ts';
import { presentSentMessage } from './message.presenter.ts';

export interface MessageServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  /** Where a failed send is logged (spec 01 §8: a send failure is only logged). */
  log?: (details: Record<string, unknown>, message: string) => void;
}

type Content = z.output<typeof SendMessageBody>;

/** One addressee of a send: a team, or a device id (sendmsg's token) and the team it resolved to. */
interface Target {
  teamId: string | null;
  token?: string;
}

/**
 * Messages and commands from the organiser to teams' devices (spec 01 screen 5, §5, §7), and the
 * devices' side: registration, the queue of a device's team and acknowledgements.
 */
export function messageService(deps: MessageServiceDeps) {
  const { store, bus, now, log = () => undefined } = deps;

  const requireAdmin = (actor: Actor | null, eventId: string) =>
    requireEventAdmin(store, actor, eventId);

  /**
   * Stores one message per targeted team that has a user, in one transaction with an audit row;
   * a team without users gets nothing and its targets fail with msg.error.nouser. Then tells
   * each device of the reached teams, and the organisers, that messages changed.
   */
  async function dispatch(
    actor: Actor | null,
    eventId: string,
    teams: Map<string, TeamRow>,
    targets: Target[],
    content: Content,
    auditPath: string,
  ): Promise<SendMessageResult> {
    const payload =
      content.cmnd !== undefined
        ? { kind: 'command', value: { cmnd: content.cmnd } }
        : { kind: 'message', value: { title: content.title ?? '', body: content.body ?? '' } };
    const t = now();
    const stored = await store.transaction(async (repos) => {
      const withUsers = new Set((await repos.members.ofEvent(eventId)).map((m) => m.team_id));
      const rows = new Map<string, DeviceMessageRow>();
      for (const { teamId } of targets) {
        if (teamId === null || rows.has(teamId) || !withUsers.has(teamId)) continue;
        rows.set(teamId, {
          id: timeId(t),
          event_id: eventId,
          team_id: teamId,
          kind: payload.kind,
          payload: toJson(payload.value),
          created_by: actor?.uid ?? null,
          created_at: t,
          delivered_at: null,
          delivered_to: null,
        });
      }
      await repos.messages.insertMessages([...rows.values()]);
      await repos.teams.insertAudit([
        auditRow(t, actor, eventId, 'message.send', auditPath, undefined, {
          ...payload.value,
          sent: Object.fromEntries([...rows].map(([team, row]) => [team, row.id])),
        }),
      ]);
      return rows;
    });

    const results = targets.map((target): SendMessageTargetResult => {
      const base = {
        teamId: target.teamId ?? '',
        ...(target.token ? { token: target.token } : {}),
      };
      if (target.teamId === null) {
        log({ eventId, token: target.token }, 'message not sent: no such device in the event');
        return {
          ...base,
          error: { code: 'error.notfound', message: 'No such device in the event' },
        };
      }
      const row = stored.get(target.teamId);
      if (row) return { ...base, messageId: row.id };
      log({ eventId, teamId: target.teamId }, 'message abandoned: the team has no user');
      return {
        ...base,
        error: { code: 'msg.error.nouser', message: ERROR_MESSAGES['msg.error.nouser'] },
      };
    });

    if (stored.size > 0) {
      const teamIds = [...stored.keys()];
      const devices = new Set(
        (await store.messages.devicesOfTeams(eventId, teamIds)).map((d) => d.id),
      );
      for (const teamId of teamIds) {
        for (const dev of devsOf(fromJsonMap(teams.get(teamId)?.list))) devices.add(dev);
      }
      for (const deviceId of devices) {
        bus.publish(deviceTopic(deviceId), { v: 1, type: 'device.messages', deviceId });
      }
      bus.publish(eventTopic(eventId), {
        v: 1,
        type: 'event.changed',
        eventId,
        what: ['messages'],
      });
    }
    const successCount = results.filter((r) => r.error === undefined).length;
    return { successCount, failureCount: results.length - successCount, results };
  }

  return {
    /** Sends to one team, or to every team of the event (by number, then name) without `teamId`. */
    async send(actor: Actor | null, eventId: string, body: Content): Promise<SendMessageResult> {
      await requireAdmin(actor, eventId);
      let rows: TeamRow[];
      if (body.teamId !== undefined) {
        const team = await store.teams.findById(eventId, body.teamId);
        if (!team) throw notFound();
        rows = [team];
      } else {
        rows = (await store.teams.list(eventId)).sort(
          (a, b) => compareOptionalNr(a.nr, b.nr) || a.name.localeCompare(b.name),
        );
      }
      const teams = new Map(rows.map((r) => [r.id, r]));
      const targets = rows.map((r) => ({ teamId: r.id }));
      return dispatch(actor, eventId, teams, targets, body, `messages/${body.teamId ?? '*'}`);
    },

    /**
     * Sends to the teams of the given devices (sendmsg's `token=`), one result per device; a
     * device of no team of the event fails. Devices of one team share one stored message.
     */
    async sendToDevices(
      actor: Actor | null,
      eventId: string,
      tokens: string[],
      body: Content,
    ): Promise<SendMessageResult> {
      await requireAdmin(actor, eventId);
      const teams = new Map((await store.teams.list(eventId)).map((r) => [r.id, r]));
      const registered = new Map(
        (await store.messages.devicesByIds(tokens))
          .filter((d) => d.event_id === eventId && d.team_id !== null && teams.has(d.team_id))
          .map((d) => [d.id, d.team_id ?? '']),
      );
      // Devices listed in a team's entry but never registered here (an imported event).
      const listed = new Map<string, string>();
      for (const team of teams.values()) {
        for (const dev of devsOf(fromJsonMap(team.list))) listed.set(dev, team.id);
      }
      const targets = tokens.map((token) => ({
        token,
        teamId: registered.get(token) ?? listed.get(token) ?? null,
      }));
      return dispatch(actor, eventId, teams, targets, body, 'messages/devices');
    },

    /** The event's sent messages, newest first, with team names and delivery state. */
    async list(actor: Actor | null, eventId: string): Promise<SentMessageView[]> {
      await requireAdmin(actor, eventId);
      return (await store.messages.ofEvent(eventId)).map(presentSentMessage);
    },

    ...deviceService({ store, bus, now }),
  };
}
export type MessageService = ReturnType<typeof messageService>;
