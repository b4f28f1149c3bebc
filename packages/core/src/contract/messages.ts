import { z } from 'zod';
import { DEVICE_COMMANDS, RegisterDeviceBody, SendMessageBody, SendMsgQuery } from '../messages.ts';
import type { DeviceMessage, DeviceView, SendMessageResult, SentMessageView } from '../messages.ts';
import { DeviceParams, EventParams } from './common.ts';
import { EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

/** `:deviceId/…/:messageId`: a message to the device's team. */
const AckParams = DeviceParams.extend({
  messageId: z.string().min(1).max(100).describe("The message's id"),
});

const SendMessageResultSchema = z
  .object({
    successCount: z.number().int(),
    failureCount: z.number().int(),
    results: z
      .array(
        z.object({
          teamId: z.string().describe('The team; empty when a device is of no team of the event'),
          token: z.string().optional().describe('The device, when sent to devices'),
          messageId: z.string().optional().describe('The stored message, when it was queued'),
          error: z.object({ code: z.string(), message: z.string() }).optional(),
        }),
      )
      .describe('One per target'),
  })
  .meta({ id: 'SendMessageResult' }) satisfies z.ZodType<SendMessageResult>;

const DeviceMessageShape = {
  id: z.string(),
  eventId: z.string(),
  teamId: z.string(),
  kind: z.enum(['message', 'command']),
  title: z.string().nullable(),
  body: z.string().nullable(),
  cmnd: z.enum(DEVICE_COMMANDS).nullable(),
  createdAt: z.number(),
};
const DeviceMessageSchema = z.object(DeviceMessageShape) satisfies z.ZodType<DeviceMessage>;
const SentMessageViewSchema = z.object({
  ...DeviceMessageShape,
  teamName: z.string(),
  deliveredAt: z.number().nullable().describe('When a device of the team acknowledged it'),
  deliveredTo: z.string().nullable().describe('The device that did'),
}) satisfies z.ZodType<SentMessageView>;

const DeviceViewSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  teamId: z.string(),
  lastSeen: z.number().nullable(),
}) satisfies z.ZodType<DeviceView>;

const ADMINS = 'Event admins';
const DEVICE_OWNER = "The device's owner";
/** The errors of a call about the caller's own device. */
const OWN_DEVICE_ERRORS = EVENT_ADMIN_ERRORS;

/** Messages to teams and their devices (spec 01 screen 5, §5, §7). */
export const messagesContract = {
  sendMessage: {
    summary: 'Sends a message or a command to a team, or to every team without `teamId`',
    description: 'A team without a user gets nothing: its result fails with msg.error.nouser.',
    access: ADMINS,
    params: EventParams,
    body: SendMessageBody,
    answer: SendMessageResultSchema,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS },
  },
  messages: {
    summary: 'The sent messages, newest first, with their delivery',
    access: ADMINS,
    params: EventParams,
    answer: z.array(SentMessageViewSchema),
    errors: EVENT_ADMIN_ERRORS,
  },
  sendMsg: {
    summary: "The old client's send (spec 01 §7): to devices (`token`) or an event (`topic`)",
    description:
      'A change on GET, so it takes only what a page on another site cannot make a browser ' +
      'send: an `Authorization: Bearer` token (the session cookie never counts) and the event ' +
      'in the `X-EventId` header (required; `topic` must name the same event).',
    access: "The event's admins, with a bearer token",
    query: SendMsgQuery,
    answer: SendMessageResultSchema,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS },
  },
  registerDevice: {
    summary: "Registers the device to the caller's team in an event",
    description:
      "The team's devices gain it; a team it moves from loses it. `teamId` picks one of the " +
      "caller's teams when there are several.",
    access: 'Signed-in members of a team of the event',
    params: DeviceParams,
    body: RegisterDeviceBody,
    answer: DeviceViewSchema,
    errors: {
      400: ['error.validation'],
      401: ['error.unauthorized'],
      403: ['device.error.owned', 'device.error.noteam'],
      404: ['error.notfound'],
    },
  },
  deviceMessages: {
    summary: "The messages of the device's team that no device acknowledged yet, oldest first",
    access: DEVICE_OWNER,
    params: DeviceParams,
    answer: z.array(DeviceMessageSchema),
    errors: OWN_DEVICE_ERRORS,
  },
  ackDeviceMessage: {
    summary: 'Marks a message delivered to the device (the first acknowledgement wins)',
    access: DEVICE_OWNER,
    params: AckParams,
    answer: null,
    errors: OWN_DEVICE_ERRORS,
  },
} as const satisfies Declarations<
  'sendMessage' | 'messages' | 'sendMsg' | 'registerDevice' | 'deviceMessages' | 'ackDeviceMessage'
>;
