import net from 'node:net';

/**
 * A local port nothing listens on now: for a server whose own address must be known before it
 * starts (PUBLIC_URL in a browser test, an nginx upstream in a bench).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
