import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/** One HTTP request (or WebSocket upgrade) as it arrived: request line and headers, body. */
export interface SeenRequest {
  method: string;
  /** The path with ids replaced by `:id`, so requests of one kind group together. */
  route: string;
  headerBytes: number;
  bodyBytes: number;
}

/** What a meter counted between `start()` and `stop()`. */
export interface TrafficReading {
  /** Bytes the server read from every socket: HTTP requests and WebSocket frames. */
  bytesIn: number;
  /** Bytes the server wrote (the phone's download), for information. */
  bytesOut: number;
  requests: SeenRequest[];
  /** Bytes read that were no HTTP request: WebSocket frames the browser sent. */
  socketFrameBytes: number;
}

/** The request line and headers as they came over the wire (Node keeps them raw). */
function headerBytes(req: IncomingMessage): number {
  let n = Buffer.byteLength(`${req.method} ${req.url} HTTP/${req.httpVersion}\r\n`) + 2;
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    n += Buffer.byteLength(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`);
  }
  return n;
}

/** `/api/devices/dev-1a2b/locations?x=1` → `/api/devices/:id/locations`. */
function routeOf(url: string): string {
  const path = url.split('?')[0] ?? url;
  return path
    .replace(/^\/api\/devices\/[^/]+/, '/api/devices/:id')
    .replace(/\/messages\/[^/]+\/ack$/, '/messages/:id/ack')
    .replace(/^\/api\/events\/[^/]+/, '/api/events/:id');
}

/**
 * Counts what clients send to `server` on its TCP sockets (Node's socket.bytesRead, which the
 * HTTP parser and the WebSocket library both read through), from `start()` to `stop()`. TCP/IP
 * and TLS overhead are below this count (the test server speaks plain HTTP).
 */
export function meterTraffic(server: Server) {
  const sockets = new Map<Socket, { inAt: number; outAt: number }>();
  const closed = { bytesIn: 0, bytesOut: 0 };
  let requests: SeenRequest[] = [];
  let running = false;
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { inAt: running ? 0 : -1, outAt: running ? 0 : -1 });
    socket.on('close', () => {
      const mark = sockets.get(socket);
      sockets.delete(socket);
      if (!running || !mark || mark.inAt < 0) return;
      closed.bytesIn += socket.bytesRead - mark.inAt;
      closed.bytesOut += socket.bytesWritten - mark.outAt;
    });
  });
  const see = (req: IncomingMessage) => {
    if (!running) return;
    requests.push({
      method: req.method ?? '',
      route: routeOf(req.url ?? ''),
      headerBytes: headerBytes(req),
      bodyBytes: Number(req.headers['content-length'] ?? 0),
    });
  };
  server.on('request', see);
  server.on('upgrade', see);
  return {
    /** Starts counting (from zero) on every open socket and every later one. */
    start(): void {
      running = true;
      requests = [];
      closed.bytesIn = 0;
      closed.bytesOut = 0;
      for (const [socket, mark] of sockets) {
        mark.inAt = socket.bytesRead;
        mark.outAt = socket.bytesWritten;
      }
    },
    /** The bytes read so far in this window (to wait for the network to go quiet). */
    bytesInNow(): number {
      let n = closed.bytesIn;
      for (const [socket, mark] of sockets) if (mark.inAt >= 0) n += socket.bytesRead - mark.inAt;
      return n;
    },
    /** Stops counting and gives the reading. */
    stop(): TrafficReading {
      const bytesIn = this.bytesInNow();
      let bytesOut = closed.bytesOut;
      for (const [socket, mark] of sockets) {
        if (mark.outAt >= 0) bytesOut += socket.bytesWritten - mark.outAt;
      }
      running = false;
      const http = requests.reduce((n, r) => n + r.headerBytes + r.bodyBytes, 0);
      return { bytesIn, bytesOut, requests, socketFrameBytes: bytesIn - http };
    },
  };
}

/** Requests grouped by method and route: count, bytes in all, bytes per request. */
export function requestTable(
  requests: SeenRequest[],
  scale = 1,
): { kind: string; perHour: number; bytesPerRequest: number; bytesPerHour: number }[] {
  const groups = new Map<string, { n: number; bytes: number }>();
  for (const r of requests) {
    const kind = `${r.method} ${r.route}`;
    const g = groups.get(kind) ?? { n: 0, bytes: 0 };
    g.n += 1;
    g.bytes += r.headerBytes + r.bodyBytes;
    groups.set(kind, g);
  }
  return [...groups]
    .map(([kind, g]) => ({
      kind,
      perHour: Math.round(g.n * scale),
      bytesPerRequest: Math.round(g.bytes / g.n),
      bytesPerHour: Math.round(g.bytes * scale),
    }))
    .sort((a, b) => b.bytesPerHour - a.bytesPerHour);
}
