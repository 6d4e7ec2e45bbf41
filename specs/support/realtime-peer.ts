/**
 * A second API process for the realtime tests: opens DATABASE_URL (already migrated and seeded
 * by the test), joins REDIS_URL, listens on a free port of 127.0.0.1 and prints `{"url": ...}`.
 * Ends on SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openPostgres } from '../../src/server/platform/db/postgres.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
if (!config.databaseUrl || !config.redisUrl) throw new Error('realtime-peer needs DATABASE_URL and REDIS_URL');
const db = await openPostgres(config.databaseUrl);
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` })}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
