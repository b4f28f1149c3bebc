import { eventTopic } from '@rada/core';
import type { DeviceMessage, DeviceView, RegisterDeviceBody } from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import { fromJsonMap } from '../db/json.ts';
import type { Repos, Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import type { DeviceRow } from './message.repository.ts';
import { presentDevice, presentDeviceMessage } from './message.presenter.ts';
import { isLinkDevice } from '../tracking/linkDevice.ts';

export interface DeviceServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
}

type Registration = z.output<typeof RegisterDeviceBody>;

/** The device ids of a team's list entry (`devs`, a map of device id → true). */
export function devsOf(list: JsonMap): string[] {
  const devs = list.devs;
  return devs && typeof devs === 'object' && !Array.isArray(devs) ? Object.keys(devs) : [];
}

/**
 * Adds the device to (or removes it from) a team's `devs`; the first device becomes the team's
 * `defaultdev`, and a removed default hands over to another device of the team. Writes only
 * when something changed; true when it did.
 */
export async function updateTeamDevs(
  repos: Repos,
  eventId: string,
  teamId: string,
  deviceId: string,
  add: boolean,
): Promise<boolean> {
  const team = await repos.teams.findById(eventId, teamId);
  if (!team) return false;
  const list = fromJsonMap(team.list);
  if (!add && !devsOf(list).includes(deviceId)) return false;
  const before = toJson(list);
  const devs: JsonMap = Object.fromEntries(devsOf(list).map((d) => [d, (list.devs as JsonMap)[d]]));
  if (add) {
    devs[deviceId] ??= true;
    if (typeof list.defaultdev !== 'string' || list.defaultdev === '') list.defaultdev = deviceId;
  } else {
    delete devs[deviceId];
    if (list.defaultdev === deviceId) {
      const next = Object.keys(devs)[0];
      if (next === undefined) delete list.defaultdev;
      else list.defaultdev = next;
    }
  }
  list.devs = devs;
  if (toJson(list) === before) return false;
  await repos.teams.updateList(eventId, teamId, team.name, toJson(list));
  return true;
}

/** The participant app's side of messaging: its device's registration, queue and receipts. */
export function deviceService({ store, bus, now }: DeviceServiceDeps) {
  /** The device, for its owner only: 401 signed out, 404 unknown, 403 someone else's. */
  async function ownDevice(actor: Actor | null, deviceId: string): Promise<DeviceRow> {
    if (!actor) throw unauthorized();
    const device = await store.messages.findDevice(deviceId);
    if (!device) throw notFound();
    if (device.user_id !== actor.uid) throw forbidden();
    await store.messages.touchDevice(deviceId, now());
    return device;
  }

  const changed = (eventId: string, what: 'teams' | 'messages') =>
    bus.publish(eventTopic(eventId), { v: 1, type: 'event.changed', eventId, what: [what] });

  return {
    /**
     * Registers the device to the caller's team in the event (`teamId` picks one of several,
     * else the first joined): 403 device.error.noteam when the caller is in no such team,
     * 403 device.error.owned when another user registered the device or it is a tracking link's
     * (tracking/: its points come through the link's secret URL only). The team's `devs` gains
     * the device (and `defaultdev` when it had none); a team it moves from loses it. Publishes
     * `teams` only when a team's entry changed.
     */
    async register(actor: Actor | null, deviceId: string, body: Registration): Promise<DeviceView> {
      if (!actor) throw unauthorized();
      if (isLinkDevice(deviceId)) throw new AppError('device.error.owned', 403);
      const { eventId } = body;
      if (!(await store.events.findById(eventId))) throw notFound();
      const memberships = await store.members.teamsOf(eventId, actor.uid);
      const membership =
        body.teamId === undefined
          ? memberships[0]
          : memberships.find((m) => m.team_id === body.teamId);
      if (!membership) throw new AppError('device.error.noteam', 403);
      const teamId = membership.team_id;

      const { row, moved, added } = await store.transaction(async (repos) => {
        // Touching the event row serialises changes to its team entries (as the teams service).
        await repos.events.update(eventId, { updated_at: now() });
        const old = await repos.messages.findDevice(deviceId);
        if (old && old.user_id !== null && old.user_id !== actor.uid) {
          throw new AppError('device.error.owned', 403);
        }
        let moved: string | null = null;
        if (old?.event_id && old.team_id && (old.event_id !== eventId || old.team_id !== teamId)) {
          if (await updateTeamDevs(repos, old.event_id, old.team_id, deviceId, false)) {
            moved = old.event_id;
          }
        }
        const added = await updateTeamDevs(repos, eventId, teamId, deviceId, true);
        const row: DeviceRow = {
          id: deviceId,
          user_id: actor.uid,
          event_id: eventId,
          team_id: teamId,
          info: toJson(body.info),
          last_seen: now(),
          // Re-registering keeps the device's place in its track; another event starts afresh.
          last_t: old?.event_id === eventId ? (old.last_t ?? null) : null,
          last_point: old?.event_id === eventId ? (old.last_point ?? null) : null,
        };
        await repos.messages.upsertDevice(row);
        return { row, moved, added };
      });
      // An app registering again at each start changes nothing and tells nobody.
      if (added || moved === eventId) changed(eventId, 'teams');
      if (moved !== null && moved !== eventId) changed(moved, 'teams');
      return presentDevice(row);
    },

    /** The messages of the device's team that no device has acknowledged yet, oldest first. */
    async pending(actor: Actor | null, deviceId: string): Promise<DeviceMessage[]> {
      const device = await ownDevice(actor, deviceId);
      if (device.event_id === null || device.team_id === null) return [];
      return (await store.messages.pendingOf(device.event_id, device.team_id)).map(
        presentDeviceMessage,
      );
    },

    /**
     * Marks a message of the device's team delivered to this device; the first acknowledgement
     * wins and repeating it changes nothing. 404 for a message of another team.
     */
    async ack(actor: Actor | null, deviceId: string, messageId: string): Promise<void> {
      const device = await ownDevice(actor, deviceId);
      const message = await store.messages.findMessage(messageId);
      if (!message || message.event_id !== device.event_id || message.team_id !== device.team_id) {
        throw notFound();
      }
      if (await store.messages.markDelivered(messageId, deviceId, now())) {
        changed(message.event_id, 'messages');
      }
    },
  };
}
