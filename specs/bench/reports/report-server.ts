/**
 * The API alone in a process of its own for the report benchmark (its memory is the server's):
 * opens DATABASE_URL, or the embedded database in DATA_DIR, already filled; listens on a free
 * port of 127.0.0.1 and prints `{"url": ...}`. Ends on SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { openDatabase } from '../../../src/server/platform/db/open.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
const db = await openDatabase(config);
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, pid: process.pid })}\n`,
);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
