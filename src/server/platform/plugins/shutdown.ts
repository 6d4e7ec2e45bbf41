import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { SHUTTING_DOWN as SHUTTING_DOWN_TEXT } from './errors.js';

/**
 * What a request arriving while the server shuts down gets: 503 in the contract's error shape
 * (answered by `registerClosingAnswer`, plugins/errors.ts, from the moment `close()` is called).
 */
export const SHUTTING_DOWN = { error: 'service_unavailable', error_description: SHUTTING_DOWN_TEXT } as const;

/** Resolves after one full turn of the event loop (one poll for I/O included). */
const loopTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Closing drains the connections instead of cutting them: a request already on the wire when
 * `close()` is called is answered (served if it was already running, otherwise 503 with
 * `Connection: close`), never reset.
 *
 * While the event loop is busy (PGlite runs queries on the main thread), a request the client has
 * sent may still be unread: on a connection still in the listener's backlog (Node accepts one
 * connection per turn of the event loop), or in the kernel's buffer of a connection already
 * accepted. Closing the listener resets the backlog's connections, and Node's `server.close()`
 * destroys every connection with no request parsed, which resets one with unread data. So:
 * 1. the listener stays open, turn after turn of the event loop, until a turn accepts no connection
 *    (or half the grace period has gone): every connection already made is accepted, and its
 *    request, read, answers 503 (`registerClosingAnswer`);
 * 2. Node's own sweep of idle connections is turned off: `server.close()` only stops listening;
 * 3. a connection is closed here once it has had no answer pending and read nothing for
 *    `quietMs` (a client that reuses it meanwhile gets the 503 with `Connection: close`); a
 *    connection whose answer said `Connection: close` closes itself;
 * 4. whatever is left at the deadline is cut by `closeGracefully`.
 * A server that never listened (tests through `inject`) closes as before.
 */
export function drainOnClose(app: FastifyInstance, options: { graceMs: number }) {
  const server = app.server;
  const quietMs = Math.min(1000, Math.floor(options.graceMs / 4));
  const sockets = new Set<Socket>();
  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    if (!server.listening) return;
    server.closeIdleConnections = () => undefined;
    const acceptUntil = Date.now() + options.graceMs / 2;
    for (let quietTurns = 0; quietTurns < 2 && Date.now() < acceptUntil; ) {
      const before = accepted;
      await loopTurn();
      quietTurns = accepted === before ? quietTurns + 1 : 0;
    }
    // Per connection: the bytes read when it was last seen answering or reading, and since when.
    const seen = new WeakMap<Socket, { bytesRead: number; since: number }>();
    const sweep = () => {
      const now = Date.now();
      for (const socket of sockets) {
        // Node's own record of the answer a connection is writing (what its closeIdleConnections checks too).
        const answering = Boolean((socket as Socket & { _httpMessage?: unknown })._httpMessage);
        const last = seen.get(socket);
        if (answering || !last || last.bytesRead !== socket.bytesRead) {
          seen.set(socket, { bytesRead: socket.bytesRead, since: now });
        } else if (now - last.since >= quietMs) {
          socket.destroy();
        }
      }
    };
    sweep();
    // Each sweep right after a poll for I/O (setImmediate), so what has arrived by then is read first.
    const timer = setInterval(() => setImmediate(sweep), Math.max(10, Math.floor(quietMs / 4)));
    timer.unref();
    server.once('close', () => clearInterval(timer));
  });
}

/**
 * SIGTERM and SIGINT: stop taking work and drain the connections (`drainOnClose`): requests
 * running finish, requests already sent answer 503 with `Connection: close`; at `graceMs` whatever
 * is left is cut; then the sockets (HTTP and socket.io) and the database close, and the process
 * exits 0. A failure while closing is logged and exits 1.
 */
export function closeGracefully(app: FastifyInstance, closeDb: () => Promise<void>, graceMs: number) {
  let started = false;
  return async (signal: string) => {
    if (started) return;
    started = true;
    app.log.info({ signal, graceMs }, 'cerrando Portón');
    const deadline = setTimeout(() => {
      app.log.warn('cierre: el plazo terminó, se cortan las conexiones que quedan');
      app.server.closeAllConnections();
    }, graceMs);
    deadline.unref();
    try {
      await app.close();
      clearTimeout(deadline);
      await closeDb();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'cierre: falló');
      process.exit(1);
    }
  };
}
