import type { FastifyInstance } from 'fastify';

/** What a request arriving while the server shuts down gets: 503 in the contract's error shape. */
export const SHUTTING_DOWN = {
  error: 'unavailable',
  error_description: 'El servidor se está reiniciando. Inténtalo de nuevo en unos segundos.',
} as const;

/**
 * From the moment `close()` starts, a request that still reaches the server (on a kept-alive
 * connection) answers 503 in the contract's shape and closes its connection; requests already
 * running finish. Fastify's own 503 (`return503OnClosing`) is off: its body is not the contract's.
 */
export function registerShutdownGate(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => { closing = true; });
  app.addHook('onRequest', async (_req, reply) => {
    if (!closing) return;
    await reply.code(503).header('connection', 'close').header('retry-after', '5').send(SHUTTING_DOWN);
  });
}

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
