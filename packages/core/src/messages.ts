import { z } from 'zod';
import { SHORTLINK_MAX_LENGTH } from './limits.ts';

/**
 * Messages and commands to teams' devices (spec 01 screen 5, §5, §7 sendmsg). A message has a
 * title and a body and shows as a notification; a command asks the participant app to upload
 * something: its log, its own track as GPX or its local database.
 */
export const DEVICE_COMMANDS = ['sendLog', 'sendGPX', 'sendDB'] as const;
export type DeviceCommand = (typeof DEVICE_COMMANDS)[number];

/**
 * POST /api/events/:id/messages (event admins). Without `teamId` it goes to every team of the
 * event. Either `cmnd`, or a `title` and/or `body`.
 */
export const SendMessageBody = z
  .object({
    teamId: z.string().min(1).max(100).optional(),
    cmnd: z.enum(DEVICE_COMMANDS).optional(),
    title: z.string().trim().max(200).optional(),
    body: z.string().trim().max(4000).optional(),
  })
  .strict()
  .refine((b) => (b.cmnd === undefined) !== (b.title === undefined && b.body === undefined), {
    message: 'either cmnd, or title and body',
  })
  .refine((b) => b.cmnd !== undefined || (b.title ?? '') !== '' || (b.body ?? '') !== '', {
    message: 'a message needs a title or a body',
  });
export type SendMessageBody = z.input<typeof SendMessageBody>;

/** One target's outcome; `error` is set when it failed (sendmsg's results[].error.message). */
export interface SendMessageTargetResult {
  /** The team; empty when a sendmsg `token` names no device of the event. */
  teamId: string;
  /** The device id this result is for, when sent to devices (sendmsg `token=`). */
  token?: string;
  /** The stored message id when it was queued for the team's devices. */
  messageId?: string;
  error?: { code: string; message: string };
}

/**
 * GET /api/sendmsg (spec 01 §7, the old client's call): `token` (device ids, comma separated)
 * or `topic=event-{eventId}`, and `cmnd` or `title` and `body`. The event is the `X-EventId`
 * header (or the topic's).
 */
export const SendMsgQuery = z
  .object({
    token: z
      .string()
      .max(20_000)
      .transform((s) => [...new Set(s.split(',').map((x) => x.trim()))].filter((x) => x !== ''))
      .pipe(z.array(z.string().max(100)).min(1).max(500))
      .optional(),
    topic: z
      .string()
      .regex(/^event-.{1,64}$/)
      .transform((s) => s.slice('event-'.length))
      .optional(),
    cmnd: z.enum(DEVICE_COMMANDS).optional(),
    title: z.string().trim().max(200).optional(),
    body: z.string().trim().max(4000).optional(),
  })
  .refine((q) => (q.token === undefined) !== (q.topic === undefined), {
    message: 'either token or topic',
  });
export type SendMsgQuery = z.input<typeof SendMsgQuery>;

/** The answer of a send, shaped as sendmsg's (spec 01 §7). */
export interface SendMessageResult {
  successCount: number;
  failureCount: number;
  results: SendMessageTargetResult[];
}

/** A message as a device receives it (GET /api/devices/:deviceId/messages). */
export interface DeviceMessage {
  id: string;
  eventId: string;
  teamId: string;
  kind: 'message' | 'command';
  title: string | null;
  body: string | null;
  cmnd: DeviceCommand | null;
  createdAt: number;
}

/** A sent message in the organiser's log (GET /api/events/:id/messages). */
export interface SentMessageView extends DeviceMessage {
  teamName: string;
  /** When a device of the team acknowledged it, or null while waiting. */
  deliveredAt: number | null;
  deliveredTo: string | null;
}

/**
 * Any JSON value. Registered under its own id because it is recursive: the API reference then
 * refers to it by name instead of an unnamed definition it cannot resolve.
 */
const DeviceInfoValue = z.json();
DeviceInfoValue.register(z.globalRegistry, { id: 'DeviceInfoValue' });

/** Device information the app sends (spec 01 §3 Team data; 02 §3 Team data per device). */
export const DeviceInfo = z
  .record(z.string().max(60), DeviceInfoValue)
  .refine((v) => JSON.stringify(v).length <= 8000, 'device info is too large');
export type DeviceInfo = z.infer<typeof DeviceInfo>;

/** PUT /api/devices/:deviceId: registers the device to the caller's team in an event. */
export const RegisterDeviceBody = z
  .object({
    eventId: z.string().min(1).max(SHORTLINK_MAX_LENGTH),
    /** Which of the caller's teams; needed only when the caller belongs to several. */
    teamId: z.string().min(1).max(100).optional(),
    info: DeviceInfo.default({}),
  })
  .strict();
export type RegisterDeviceBody = z.input<typeof RegisterDeviceBody>;

export interface DeviceView {
  id: string;
  eventId: string;
  teamId: string;
  lastSeen: number | null;
}

/** A device id: what the app generates once per installation. */
export const DeviceIdParam = z.string().regex(/^[A-Za-z0-9_.:-]{4,100}$/);
