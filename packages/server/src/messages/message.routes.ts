import type { FastifyInstance } from 'fastify';
import { bulkBody } from '../http/limits.ts';
import { z } from 'zod';
import {
  DeviceIdParam,
  RegisterDeviceBody,
  SendMessageBody,
  SendMsgQuery,
  SHORTLINK_MAX_LENGTH,
} from '@rada/core';
import { AppError, parseWith, unauthorized } from '../http/errors.ts';
import type { MessageService } from './message.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const DeviceParams = z.object({ deviceId: DeviceIdParam });
const AckParams = DeviceParams.extend({ messageId: z.string().min(1).max(100) });
const EventIdHeader = z.string().min(1).max(SHORTLINK_MAX_LENGTH).optional();

/**
 * Whether the request authenticates with `Authorization: Bearer` (the auth hook then took the
 * actor from it, not from the cookie); a request without it is 401 whatever cookie it carries.
 */
const hasBearer = (authorization: string | undefined): boolean =>
  authorization?.startsWith('Bearer ') === true && authorization.slice(7).trim() !== '';

/** Messages to teams' devices and the devices' side of them (docs/api.md, Messages and devices). */
export async function messageRoutes(api: FastifyInstance, messages: MessageService): Promise<void> {
  // Up to 500 teams at once.
  api.post('/events/:id/messages', bulkBody(api), (req) =>
    messages.send(
      req.actor,
      parseWith(IdParams, req.params).id,
      parseWith(SendMessageBody, req.body),
    ),
  );

  api.get('/events/:id/messages', (req) =>
    messages.list(req.actor, parseWith(IdParams, req.params).id),
  );

  // The old client's call (spec 01 §7): a state change on GET, so it takes only what a page on
  // another site cannot make a browser send: an Authorization bearer token and X-EventId. The
  // session cookie rides along on any cross-site GET (an <img>, a link), so it never counts here.
  api.get('/sendmsg', (req) => {
    if (!hasBearer(req.headers.authorization)) throw unauthorized();
    const q = parseWith(SendMsgQuery, req.query);
    const content = parseWith(SendMessageBody, { cmnd: q.cmnd, title: q.title, body: q.body });
    const eventId = parseWith(EventIdHeader, req.headers['x-eventid']);
    if (eventId === undefined) {
      throw new AppError('error.validation', 400, [
        { path: 'X-EventId', message: 'the event is required' },
      ]);
    }
    if (q.topic !== undefined && eventId !== q.topic) {
      throw new AppError('error.validation', 400, [
        { path: 'topic', message: 'names another event than X-EventId' },
      ]);
    }
    return q.token !== undefined
      ? messages.sendToDevices(req.actor, eventId, q.token, content)
      : messages.send(req.actor, eventId, content);
  });

  api.put('/devices/:deviceId', (req) =>
    messages.register(
      req.actor,
      parseWith(DeviceParams, req.params).deviceId,
      parseWith(RegisterDeviceBody, req.body),
    ),
  );

  api.get('/devices/:deviceId/messages', (req) =>
    messages.pending(req.actor, parseWith(DeviceParams, req.params).deviceId),
  );

  api.post('/devices/:deviceId/messages/:messageId/ack', async (req, reply) => {
    const p = parseWith(AckParams, req.params);
    await messages.ack(req.actor, p.deviceId, p.messageId);
    return reply.status(204).send();
  });
}
