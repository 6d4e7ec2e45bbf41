/**
 * Global setup of the browser test project: runs once, before the spec files. It starts the app
 * the way the README does (`npm start`) on an empty data folder, which proves the first start
 * (migrations and demo data), stops it cleanly, and leaves that folder for every spec file's
 * server to start from a copy of: a first start takes about 9 s here, a start on a copy 3 s.
 */
import { rmSync } from 'node:fs';
import { hasChromium, startServer } from './browser.js';

export default async function setup() {
  if (!hasChromium()) return;
  const server = await startServer({}, { fresh: true, keepData: true });
  await server.stop();
  process.env.PORTON_E2E_TEMPLATE = server.dataDir;
  return () => {
    rmSync(server.dataDir, { recursive: true, force: true });
  };
}
