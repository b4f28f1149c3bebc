import { DEVICE_COMMANDS } from '@rada/core';
import type { DeviceCommand, DeviceMessage, DeviceView, SentMessageView } from '@rada/core';
import { fromJsonMap } from '../db/json.ts';
import type { DeviceMessageRow, DeviceRow, SentMessageRow } from './message.repository.ts';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const commandOf = (v: unknown): DeviceCommand | null =>
  DEVICE_COMMANDS.find((c) => c === v) ?? null;

/** A stored message as a device receives it: a message has title and body, a command its cmnd. */
export function presentDeviceMessage(row: DeviceMessageRow): DeviceMessage {
  const payload = fromJsonMap(row.payload);
  const command = row.kind === 'command';
  return {
    id: row.id,
    eventId: row.event_id,
    teamId: row.team_id,
    kind: command ? 'command' : 'message',
    title: command ? null : text(payload.title),
    body: command ? null : text(payload.body),
    cmnd: command ? commandOf(payload.cmnd) : null,
    createdAt: row.created_at,
  };
}

/** A sent message in the organiser's log; a deleted team shows its id as its name. */
export function presentSentMessage(row: SentMessageRow): SentMessageView {
  return {
    ...presentDeviceMessage(row),
    teamName: row.team_name ?? row.team_id,
    deliveredAt: row.delivered_at,
    deliveredTo: row.delivered_to,
  };
}

/** A device's registration (its owner and info stay on the server). */
export function presentDevice(row: DeviceRow): DeviceView {
  return {
    id: row.id,
    eventId: row.event_id ?? '',
    teamId: row.team_id ?? '',
    lastSeen: row.last_seen,
  };
}
