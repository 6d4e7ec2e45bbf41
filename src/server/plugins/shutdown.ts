import type { FastifyInstance } from 'fastify';
import { SHUTTING_DOWN as SHUTTING_DOWN_TEXT } from './errors.js';

/**
 * What a request arriving while the server shuts down gets: 503 in the contract's error shape
 * (answered by `registerClosingAnswer`, plugins/errors.ts, from the moment `close()` is called).
 */
export const SHUTTING_DOWN = { error: 'service_unavailable', error_description: SHUTTING_DOWN_TEXT } as const;

/**
 * SIGTERM and SIGINT: stop accepting connections, let requests in flight finish within `graceMs`,
 * then cut what is left, close the sockets (HTTP and socket.io) and the database, and exit 0.
 * A failure while closing is logged and exits 1.
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
