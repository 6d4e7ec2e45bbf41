/**
 * Several machines: two API processes with separate DATA_DIRs over one PostgreSQL database and one
 * object store (s3rver here), and Redis between them when one answers. A logo uploaded through
 * one loads through the other with the same bytes, and so does a notice's image; an invitation drawn on one checks in on the
 * other (one pass key, kept in the database); a device linked through one heartbeats through the
 * other; a log-out on one ends the session on the other; sign-in failures spread over both reach
 * the limit together; neither DATA_DIR holds an uploaded file or a key.
 * PostgreSQL only: PGlite is one process's database, so the test is skipped without DATABASE_URL.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import type { Db } from '../../../src/server/platform/db/db.js';
import { migrate } from '../../../src/server/platform/db/migrate.js';
import { seedIfEmpty } from '../../../src/server/platform/db/seed.js';
import { s3Storage } from '../../../src/server/platform/services/storage-s3.js';
import { SIGN_IN_POLICY } from '../../../src/server/session/login-throttle.js';
import { communityBody, logo, PNG_BASE64 } from '../../support/community-fixtures.js';
import { currentDates } from '../../support/content/content-dates.js';
import { inHours } from '../../support/massive-events/event-fixtures.js';
import { readInvitation } from '../../support/massive-events/invitation-files.js';
import { startS3 } from '../../support/s3-server.js';
import { signInOver, startServer, type ServerProcess } from '../../support/server-process.js';
import { freshDatabase, type TestApp } from '../../support/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
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

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Calls `base` as `token`, JSON in. */
const call = (base: string, token: string) => (method: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('two API processes, one database, one object store', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    `share uploaded files, the pass key, devices, sessions and throttles, keeping nothing in their folders (PostgreSQL only; Redis ${redisAnswers ? 'on' : 'off: none answers'})`,
    async () => {
      const fresh = await freshDatabase();
      cleanup.push(fresh.drop);
      await migrate(fresh.db);
      await seedIfEmpty(fresh.db);
      await seedDemoCatalogues(fresh.db);
      const s3 = await startS3();
      cleanup.push(s3.stop);
      const env = {
        ...s3.env,
        DATABASE_URL: fresh.url!,
        SEED_DEMO: 'false',
        ...(redisAnswers ? { REDIS_URL, REDIS_PREFIX: `porton-test-${Date.now()}` } : {}),
      };
      const dirs = [mkdtempSync(join(tmpdir(), 'porton-a-')), mkdtempSync(join(tmpdir(), 'porton-b-'))];
      cleanup.push(() => {
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      });
      const servers: ServerProcess[] = [];
      cleanup.push(async () => {
        for (const s of servers) {
          s.child.kill('SIGTERM');
          await s.exited;
        }
      });
      for (const dir of dirs) servers.push(await startServer({ ...env, DATA_DIR: dir }));
      const [a, b] = servers.map((s) => s.base);
      const one = <T>(sql: string, params: unknown[]) => fresh.db.one<T>(sql, params);
      const palmas = (await one<{ uuid: string }>(
        "SELECT uuid::text AS uuid FROM communities WHERE name = 'Residencial Las Palmas'",
        [],
      ))!.uuid;

      // A logo uploaded through A loads through B, the same bytes; it lives in the bucket.
      const integratorA = call(a, await signInOver(a, 'integrador@porton.mx'));
      const body = await communityBody({ db: fresh.db as Db } as TestApp, {
        name: 'Residencial Las Palmas',
        licenseTotal: 150,
        file: logo(PNG_BASE64),
      });
      const saved = await integratorA('PUT', `/api/fracs/${palmas}`, body);
      expect(saved.status).toBe(200);
      const url = ((await saved.json()) as { file: { publicUrl: string } }).file.publicUrl;
      const fromA = Buffer.from(await (await integratorA('GET', url)).arrayBuffer());
      const memberB = call(b, await signInOver(b, 'administrador@porton.mx'));
      // The answer's link is the integrator's own; a member asks for the logo's path with its session.
      const onB = await memberB('GET', url.split('?')[0]!);
      expect(onB.status).toBe(200);
      const fromB = Buffer.from(await onB.arrayBuffer());
      expect(fromB.equals(fromA)).toBe(true);
      const key = (await one<{ logo_path: string }>('SELECT logo_path FROM communities WHERE uuid = $1', [palmas]))!
        .logo_path;
      expect((await s3Storage(s3.bucket, s3.client()).get(key))!.equals(fromA)).toBe(true);

      // A notice's image posted through A loads through B, in an <img> (its signed link, no header).
      const adminA = call(a, await signInOver(a, 'administrador@porton.mx'));
      const posted = await adminA('POST', '/api/notices', {
        title: 'Aviso de dos máquinas',
        description: 'La imagen se sube por una y se ve por la otra.',
        contactName: 'Administración',
        contactPhone: '5512345678',
        contactEmail: 'admin@porton.mx',
        contactLink: '',
        segmented: false,
        zones: null,
        streets: null,
        residents: null,
        idZone: '',
        idStreet: '',
        idResident: '',
        ...currentDates(),
        file: { uuid: null, name: 'cartel.png', extension: 'png', mimeType: 'image/png', content: PNG_BASE64 },
      });
      expect(posted.status, await posted.clone().text()).toBe(201);
      const notice = (await posted.json()) as { uuid: string };
      const read = (await (await memberB('GET', `/api/notices/${notice.uuid}`)).json()) as {
        file: { publicUrl: string };
      };
      const image = await fetch(`${b}${read.file.publicUrl}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');

      // An invitation drawn on A checks the guest in on B.
      const area = (await one<{ uuid: string }>(
        "SELECT ca.uuid::text AS uuid FROM common_areas ca JOIN communities c ON c.id = ca.community_id WHERE c.uuid = $1 AND ca.name = 'Alberca'",
        [palmas],
      ))!.uuid;
      const host = (await one<{ uuid: string }>(
        "SELECT r.uuid::text AS uuid FROM residents r JOIN communities c ON c.id = r.community_id WHERE c.uuid = $1 AND r.first_name = 'Lucía'",
        [palmas],
      ))!.uuid;
      const created = await adminA('POST', '/api/massiveEvents', {
        title: 'Posada de dos máquinas',
        startDate: inHours(48),
        commonArea: { uuid: area },
        resident: { uuid: host },
      });
      expect(created.status).toBe(201);
      const event = (await created.json()) as string;
      const guest = (await (
        await adminA('POST', '/api/massiveEventGuests/', {
          massiveEvent: { uuid: event },
          firstName: 'Ramona',
          lastName: 'Peña',
        })
      ).json()) as { uuid: string };
      expect((await adminA('PUT', `/api/massiveEvents/${event}/configure`, {})).status).toBe(200);
      await fresh.db.query(
        `UPDATE massive_events SET start_date = $2::timestamp, end_date = $2::timestamp + interval '12 hours', status = 'Próximo' WHERE uuid = $1`,
        [event, inHours(-1)],
      );
      const drawn = await adminA('GET', `/api/massiveEventGuests/invitation?uuid=${guest.uuid}`);
      expect(drawn.status).toBe(200);
      const pass = readInvitation(Buffer.from(await drawn.arrayBuffer())).qr!;
      const guardB = call(b, await signInOver(b, 'vigilante@porton.mx'));
      const entry = await guardB('POST', '/api/massiveEventGuests/checkin', { pass });
      expect(entry.status, await entry.clone().text()).toBe(201);
      expect(await entry.json()).toMatchObject({ kind: 'massiveEventGuest' });

      // A device linked through A heartbeats through B.
      const device = (await (await adminA('POST', '/api/devices/', { name: 'Caseta de dos máquinas' })).json()) as {
        uuid: string;
      };
      const { code } = (await (await adminA('PUT', `/api/devices/linkCode/${device.uuid}`)).json()) as { code: string };
      const linked = await fetch(`${a}/api/devices/link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      expect(linked.status).toBe(200);
      const { deviceToken } = (await linked.json()) as { deviceToken: string };
      const beat = await call(b, deviceToken)('POST', '/api/devices/heartbeat');
      expect(beat.status, await beat.clone().text()).toBe(200);
      expect(await beat.json()).toMatchObject({ uuid: device.uuid, status: 'ACTIVE', online: true });

      // A log-out through B ends the session on A.
      const session = await signInOver(a, 'capturista@porton.mx');
      expect((await call(a, session)('GET', '/api/users/me')).status).toBe(200);
      expect((await call(b, session)('POST', '/api/users/logout')).status).toBe(204);
      expect((await call(a, session)('GET', '/api/users/me')).status).toBe(401);

      // The sign-in throttle counts failures on both: spread over A and B, they reach the
      // per-address limit together, and then both refuse.
      const failOn = (base: string, i: number) =>
        fetch(`${base}/oauth/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({
            grant_type: 'password',
            username: `dos-maquinas${i}@porton.mx`,
            password: 'Equivocada1',
          }).toString(),
        });
      for (let i = 0; i < SIGN_IN_POLICY.addressMax; i++) {
        expect((await failOn(i % 2 ? b : a, i)).status, `failure ${i + 1}`).toBe(400);
      }
      for (const base of [a, b]) expect((await failOn(base, 1000)).status).toBe(429);

      // Both processes publish the same key, and neither folder holds a file or a key.
      const keyOf = async (base: string) =>
        ((await (await fetch(`${base}/api/passes/publicKey`)).json()) as { keyId: string }).keyId;
      expect(await keyOf(b)).toBe(await keyOf(a));
      for (const dir of dirs) {
        expect(existsSync(join(dir, 'files')), readdirSync(dir).join()).toBe(false);
        expect(existsSync(join(dir, 'keys'))).toBe(false);
      }
    },
    240_000,
  );
});
