import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bus } from './bus.ts';
import { attachSocket } from './hub.ts';

/**
 * The web app's one live socket. `checkOrigin` refuses a browser page of another site before the
 * upgrade (403 error.badorigin): the socket carries the session cookie.
 */
export async function realtimeRoutes(
  api: FastifyInstance,
  bus: Bus,
  checkOrigin: (req: FastifyRequest) => Promise<void>,
): Promise<void> {
  api.get('/ws', { websocket: true, onRequest: checkOrigin }, (socket) => {
    const session = attachSocket(bus, {
      send: (text) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      },
      close: () => socket.close(),
    });
    socket.on('message', (data, isBinary) => {
      if (!isBinary) session.onMessage(data.toString());
    });
    socket.on('close', () => session.onClose());
  });
}
