import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Bus } from './bus.ts';
import { attachSocket } from './hub.ts';
import type { ClientRegistry } from './clients.ts';

/**
 * The web app's one live socket. `checkOrigin` refuses a browser page of another site before the
 * upgrade (403 error.badorigin): the socket carries the session cookie; and a client address
 * holding too many sockets (429 error.toomanysockets, http/sockets.ts).
 */
export async function realtimeRoutes(
  api: FastifyInstance,
  bus: Bus,
  checkOrigin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>,
  clients: ClientRegistry,
  now: () => number,
): Promise<void> {
  api.get('/ws', { websocket: true, onRequest: checkOrigin }, (socket, req) => {
    const session = attachSocket(bus, {
      send: (text) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      },
      close: () => socket.close(),
    });
    socket.on('message', (data, isBinary) => {
      if (!isBinary) session.onMessage(data.toString());
    });
    const uid = req.actor?.uid ?? null;
    const unlist = clients.add({
      kind: 'app',
      since: now(),
      agent: req.headers['user-agent'],
      user: () => uid,
      events: () =>
        session
          .topics()
          .filter((topic) => topic.startsWith('event:'))
          .map((topic) => topic.slice('event:'.length)),
    });
    socket.on('close', () => {
      session.onClose();
      unlist();
    });
  });
}
