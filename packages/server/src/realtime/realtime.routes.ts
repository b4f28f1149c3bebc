import type { FastifyInstance } from 'fastify';
import type { Bus } from './bus.ts';
import { attachSocket } from './hub.ts';

/** The web app's one live socket. */
export async function realtimeRoutes(api: FastifyInstance, bus: Bus): Promise<void> {
  api.get('/ws', { websocket: true }, (socket) => {
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
