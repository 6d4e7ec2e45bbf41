import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { DEMO_PASSWORD } from '../../../src/server/platform/db/demo-data.js';
import { migrate } from '../../../src/server/platform/db/migrate.js';
import { seedIfEmpty } from '../../../src/server/platform/db/seed.js';
import type { Visit } from '../../../src/shared/visits/visit-types.js';
import {
  connectDashboard,
  listenLocal,
  pause,
  recordEvents,
  subscribe,
  waitFor,
  type DashboardSocket,
} from '../../support/realtime-client.js';
import { validateAnswers } from '../../support/response-contract.js';
import { freshDatabase, memoryMailer } from '../../support/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Channels of this run only: another run on the same Redis (a parallel CI, a developer) is never heard. */
const REDIS_PREFIX = `porton-test-${randomBytes(6).toString('hex')}`;
/** These tests need a Redis server; they run whenever one answers at REDIS_URL (it runs on this machine and in CI). */
const redisAnswers = await (async () => {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    await client.close();
    return true;
  } catch {
    return false;
  }
})();

const open: DashboardSocket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

/** Signs in through `app` and answers the access token. */
async function signInOn(app: Awaited<ReturnType<typeof buildApp>>, email: string) {
  const { oauthClientId, oauthClientSecret } = loadConfig({});
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: new URLSearchParams({ grant_type: 'password', username: email, password: DEMO_PASSWORD }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${oauthClientId}:${oauthClientSecret}`).toString('base64')}`,
    },
  });
  return res.json().access_token as string;
}

/** Registers a visit over HTTP on `base` as `token`. */
async function postVisit(base: string, token: string, firstName: string): Promise<Visit> {
  const res = await fetch(`${base}/api/visitants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName, accessMode: 'QR' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Visit;
}

/** Starts specs/support/realtime-peer.ts as a separate API process and answers its URL. */
function startPeer(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../../support/realtime-peer.ts', import.meta.url))],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ url: JSON.parse(line).url as string, child });
    });
    child.once('exit', (code) => reject(new Error(`realtime peer exited with ${code}`)));
  });
}

describe('Redis adapter: API instances share the events', () => {
  it.skipIf(!redisAnswers)(
    `a visit registered on one instance reaches a dashboard on another; an instance without Redis hears nothing (Redis at ${REDIS_URL})`,
    async () => {
      const { db, drop } = await freshDatabase();
      await migrate(db);
      await seedIfEmpty(db);
      const withRedis = loadConfig({ LOG_LEVEL: 'silent', REDIS_URL, REDIS_PREFIX });
      const apps = (
        await Promise.all([
          buildApp({ config: withRedis, db, mailer: memoryMailer() }),
          buildApp({ config: withRedis, db, mailer: memoryMailer() }),
          buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db, mailer: memoryMailer() }),
        ])
      ).map(validateAnswers);
      try {
        const [urlA, urlB, urlAlone] = await Promise.all(apps.map((a) => listenLocal(a)));
        const [admin, guard] = [
          await signInOn(apps[0], 'administrador@porton.mx'),
          await signInOn(apps[0], 'vigilante@porton.mx'),
        ];
        const frac = (
          await apps[0].inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${admin}` } })
        ).json().testFrac.uuid;

        const sockets = [
          await connectDashboard(urlA, admin),
          await connectDashboard(urlB, admin),
          await connectDashboard(urlAlone, admin),
        ];
        open.push(...sockets);
        for (const s of sockets) expect(await subscribe(s, frac)).toEqual({ ok: true });
        const [eventsA, eventsB, eventsAlone] = sockets.map(recordEvents);

        const visit = await postVisit(urlA, guard, 'Redis');
        await waitFor(() => eventsB.find((e) => e.event.uuid === visit.uuid), 'V_IN on instance B');
        await waitFor(() => eventsA.find((e) => e.event.uuid === visit.uuid), 'V_IN on instance A');
        await pause(200);
        // The instance without the adapter proves the event travelled through Redis.
        expect(eventsAlone).toEqual([]);
      } finally {
        for (const s of open.splice(0)) s.close();
        for (const app of apps) await app.close();
        await drop();
      }
    },
    90_000,
  );

  it.skipIf(!redisAnswers || !process.env.DATABASE_URL)(
    `two API processes share the events through Redis (needs DATABASE_URL: PGlite cannot be shared between processes; Redis at ${REDIS_URL})`,
    async () => {
      const { db, drop, url: databaseUrl } = await freshDatabase();
      await migrate(db);
      await seedIfEmpty(db);
      const app = validateAnswers(
        await buildApp({
          config: loadConfig({ LOG_LEVEL: 'silent', REDIS_URL, REDIS_PREFIX }),
          db,
          mailer: memoryMailer(),
        }),
      );
      const peer = await startPeer(databaseUrl!);
      try {
        const urlA = await listenLocal(app);
        const [admin, guard] = [
          await signInOn(app, 'administrador@porton.mx'),
          await signInOn(app, 'vigilante@porton.mx'),
        ];
        const frac = (
          await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${admin}` } })
        ).json().testFrac.uuid;
        const onPeer = await connectDashboard(peer.url, admin);
        open.push(onPeer);
        expect(await subscribe(onPeer, frac)).toEqual({ ok: true });
        const events = recordEvents(onPeer);

        const visit = await postVisit(urlA, guard, 'Proceso');
        const got = await waitFor(() => events.find((e) => e.event.uuid === visit.uuid), 'V_IN in the other process');
        expect(got.event).toEqual({ uuid: visit.uuid, fracUuid: frac, accessMode: 'QR', at: visit.timein });
        const exit = await fetch(`${peer.url}/api/visitants/${visit.uuid}/exit`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${guard}` },
        });
        expect(exit.status).toBe(200);
        await waitFor(() => events.find((e) => e.type === 'V_OUT'), 'V_OUT registered on the peer');
      } finally {
        for (const s of open.splice(0)) s.close();
        const exited = new Promise((resolve) => peer.child.once('exit', resolve));
        peer.child.kill('SIGTERM');
        await exited;
        await app.close();
        await drop();
      }
    },
    90_000,
  );
});
