import { createServer } from 'node:net';

/**
 * A TCP port of 127.0.0.1 that the system says is free now: the system picks it (port 0), we
 * close our listener and hand the number to the child server. Unlike a random number in a
 * fixed range, it never collides with a server still running from an earlier or parallel run.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}
