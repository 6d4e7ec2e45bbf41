/**
 * Global setup of the browser test project: runs once, before the spec files. It starts the app
 * the way the README does (`npm start`) on an empty data folder, which proves the first start
 * (migrations and demo data), stops it cleanly, and leaves that folder for the servers of the
 * tests to start from a copy of: a first start takes about 9 s here, a start on a copy 3 s.
 * Then it starts one server per test worker, on a copy each: the files a worker runs share it
 * (`browserSuite`), one after another, instead of each paying a start.
 */
import { rmSync } from 'node:fs';
import { hasChromium, startServer, type RunningServer } from './browser.js';
import { E2E_WORKERS } from './e2e-workers.js';

export default async function setup() {
  if (!hasChromium()) return;
  const first = await startServer({}, { fresh: true, keepData: true });
  await first.stop();
  process.env.PORTON_E2E_TEMPLATE = first.dataDir;
  const shared: RunningServer[] = [];
  const teardown = async () => {
    await Promise.all(shared.map((s) => s.stop()));
    rmSync(first.dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < E2E_WORKERS; i++) shared.push(await startServer());
  } catch (err) {
    // A server that did not start leaves none running and no folder behind.
    await teardown();
    throw err;
  }
  process.env.PORTON_E2E_SERVERS = JSON.stringify(shared.map((s) => s.url));
  return teardown;
}
