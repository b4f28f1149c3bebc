import type { ServerOptions } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { AppError } from './errors.ts';
import { addressKey } from './limits.ts';

/**
 * How many connections a client may hold and for how long (docs/security.md): open WebSockets
 * per address, and the time to send a request. Without them one client held 500 /api/ws and 300
 * /listen sockets and 200 half-sent bodies (Fastify leaves Node's request timeout off).
 */

export type ConnectionConfig = Pick<
  ServerConfig,
  'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'
>;

/**
 * Fastify's server options for the timeouts: headers within `headersTimeoutMs`, the whole request
 * (body included, not the answer) within `requestTimeoutMs`, else Node answers 408 and closes
 * the connection; an idle kept-alive connection closes after `keepAliveTimeoutMs`. Node checks
 * the first two every `connectionsCheckingInterval` (30 s by default): a quarter of the headers'
 * time here, so a timeout is not overshot by more than that.
 */
export function connectionOptions(config: ConnectionConfig): {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    // Fastify sets these two on its server itself (requestTimeout 0, off, by default).
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.max(25, Math.floor(config.headersTimeoutMs / 4)),
      ),
    },
  };
}

/**
 * An onRequest hook for the WebSocket routes (/api/ws, /listen, counted together): at most `max`
 * open sockets per client address (IPv6 by its /64, as the rate limits count), each counted from
 * its upgrade request until its connection closes. Over it the upgrade is refused with 429
 * error.toomanysockets and Retry-After, before anything is read or upgraded. Plain HTTP requests
 * to those paths are not counted. Per process: behind a balancer each server counts its own.
 */
export function socketLimit(
  max: number,
): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const open = new Map<string, number>();
  return async (req, reply) => {
    const connection = req.raw.socket as
      (NodeJS.EventEmitter & { destroyed?: boolean }) | undefined;
    // A connection already gone (its client left while an earlier hook awaited the session
    // look-up) will not emit 'close' again: counted, its place would never be given back.
    if (!req.ws || !connection || connection.destroyed) return;
    const key = addressKey(req);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      reply.header('retry-after', '30');
      throw new AppError('error.toomanysockets', 429);
    }
    open.set(key, count + 1);
    connection.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  };
}
