import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SendMessageBody, SHORTLINK_MAX_LENGTH } from '@rada/core';
import { declare } from '../http/contract.ts';
import { AppError, parseWith, unauthorized } from '../http/errors.ts';
import { bulkBody } from '../http/limits.ts';
import type { MessageService } from './message.service.ts';

const EventIdHeader = z.string().min(1).max(SHORTLINK_MAX_LENGTH).optional();

/**
 * Whether the request authenticates with `Authorization: Bearer` (the auth hook then took the
 * actor from it, not from the cookie); a request without it is 401 whatever cookie it carries.
 */
const hasBearer = (authorization: string | undefined): boolean =>
  authorization?.startsWith('Bearer ') === true && authorization.slice(7).trim() !== '';

/**
 * Messages to teams' devices and the devices' side of them (declared in core's
 * contract/messages.ts).
 */
export async function messageRoutes(api: FastifyInstance, messages: MessageService): Promise<void> {
  // Up to 500 teams at once.
  declare(
    api,
    'sendMessage',
    (req) => messages.send(req.actor, req.params.id, req.body),
    bulkBody(api),
  );

  declare(api, 'messages', (req) => messages.list(req.actor, req.params.id));

  // The old client's call (spec 01 §7): a state change on GET, so it takes only what a page on
  // another site cannot make a browser send: an Authorization bearer token and X-EventId. The
  // session cookie rides along on any cross-site GET (an <img>, a link), so it never counts here.
  declare(api, 'sendMsg', (req) => {
    if (!hasBearer(req.headers.authorization)) throw unauthorized();
    const q = req.query;
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

  declare(api, 'registerDevice', (req) =>
    messages.register(req.actor, req.params.deviceId, req.body),
  );

  declare(api, 'deviceMessages', (req) => messages.pending(req.actor, req.params.deviceId));

  declare(api, 'ackDeviceMessage', (req) =>
    messages.ack(req.actor, req.params.deviceId, req.params.messageId),
  );
}
