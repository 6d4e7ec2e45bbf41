/**
 * The community catalogues' lists from memory (docs/decisions.md, "the
 * catalogue lists from memory"). Every list page and option list of zones, streets, common areas,
 * gates and provider types is kept per community and request, and no process may serve a page
 * older than a committed change it has been told of. Process A is the app of this test; process B
 * is the real server in a child process on the same database when DATABASE_URL is set. Both keep
 * answers with a ten-minute safety TTL, so only the events can refresh a cached page in time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { tablesRead } from '../../../src/server/catalogues/catalogue-reads.js';
import { commonAreaCatalogue } from '../../../src/server/catalogues/common-areas.routes.js';
import { gateCatalogue } from '../../../src/server/catalogues/gates.routes.js';
import { providerTypeCatalogue } from '../../../src/server/catalogues/provider-types.routes.js';
import { streetCatalogue } from '../../../src/server/catalogues/streets.routes.js';
import { zoneCatalogue } from '../../../src/server/catalogues/zones.routes.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { memoryMailer, testApp, type TestApp } from '../../support/test-app.js';
import { pause } from '../../support/realtime-client.js';
import { startServer, type ServerProcess } from '../../support/server-process.js';

/** The window allowed for B to hear a change made on A (as in session-cache.api.spec.ts). */
const NOTIFY_WINDOW_MS = 250;
const LONG_TTL = { SESSION_CACHE_TTL_MS: '600000' };

let t: TestApp;
let a: Actors;
let peer: ServerProcess | null = null;

beforeAll(async () => {
  t = await testApp({ env: LONG_TTL });
  a = await signInActors(t);
  if (t.kind === 'postgres') peer = await startServer({ DATABASE_URL: t.url!, ...LONG_TTL });
}, 180_000);
afterAll(async () => {
  if (peer && peer.child.exitCode === null) {
    peer.child.kill('SIGTERM');
    await peer.exited;
  }
  await t?.close();
});

type Listed = { name: string };
type Named = { content: Listed[] };
const pageNames = (body: unknown) => (body as Named).content.map((row) => row.name);
const zonesOf = async (who: Actors[keyof Actors]) => pageNames((await who.get('/api/zones?page=0')).json());
const zoneUuid = async (name: string) =>
  (await t.db.one<{ uuid: string }>('SELECT uuid FROM zones WHERE name = $1', [name]))!.uuid;

describe('a change is on the very next list of the process that made it or was told of it', () => {
  it('a zone created, renamed and deleted through the API is on the very next page of the same process', async () => {
    expect(await zonesOf(a.admin)).toEqual(['Zona Norte', 'Zona Sur']);
    const created = await a.admin.post('/api/zones', [{ name: 'Zona Caché', color: '#112233' }]);
    expect(created.statusCode, created.body).toBe(201);
    expect(await zonesOf(a.admin)).toEqual(['Zona Caché', 'Zona Norte', 'Zona Sur']);
    const uuid = (created.json() as { uuid: string }[])[0].uuid;
    expect((await a.admin.put(`/api/zones/${uuid}`, { name: 'Zona Memoria', color: '#112233' })).statusCode).toBe(200);
    expect(await zonesOf(a.admin)).toEqual(['Zona Memoria', 'Zona Norte', 'Zona Sur']);
    expect((await a.admin.del(`/api/zones/${uuid}`)).statusCode).toBe(204);
    expect(await zonesOf(a.admin)).toEqual(['Zona Norte', 'Zona Sur']);
  });

  it("an option list (the gates of a booth's select) follows a gate created through the API at once", async () => {
    const options = async () => ((await a.guard.get('/api/gates/complete')).json() as Listed[]).map((g) => g.name);
    const before = await options();
    expect((await a.admin.post('/api/gates', [{ name: 'Puerta Caché' }])).statusCode).toBe(201);
    expect(await options()).toEqual([...before, 'Puerta Caché'].sort((x, y) => x.localeCompare(y)));
    await t.db.query("DELETE FROM gates WHERE name = 'Puerta Caché'");
    expect(await options()).toEqual(before);
  });

  it('a change made straight in the database is on the next page (its trigger announces it)', async () => {
    const before = pageNames((await a.admin.get('/api/providerTypes?page=0')).json());
    await t.db.query(
      "INSERT INTO provider_types (community_id, name) SELECT community_id, 'Gas Directo' FROM zones WHERE name = 'Zona Norte'",
    );
    expect(pageNames((await a.admin.get('/api/providerTypes?page=0')).json())).toEqual(
      [...before, 'Gas Directo'].sort((x, y) => x.localeCompare(y)),
    );
    await t.db.query("DELETE FROM provider_types WHERE name = 'Gas Directo'");
    expect(pageNames((await a.admin.get('/api/providerTypes?page=0')).json())).toEqual(before);
  });

  it('a change that announces nothing (its trigger disabled) is not seen: the page is answered from memory (the control of what the events do)', async () => {
    expect(await zonesOf(a.admin)).toEqual(['Zona Norte', 'Zona Sur']);
    const silently = (sql: string) =>
      t.db.tx(async (q) => {
        await q.query('SET LOCAL ROLE NONE'); // as the owner: only it may alter the table
        await q.query('ALTER TABLE zones DISABLE TRIGGER zones_catalogue_change');
        await q.query(sql);
        await q.query('ALTER TABLE zones ENABLE TRIGGER zones_catalogue_change');
      });
    await silently("UPDATE zones SET name = 'Zona Norte Silenciosa' WHERE name = 'Zona Norte'");
    try {
      expect(await zonesOf(a.admin)).toEqual(['Zona Norte', 'Zona Sur']);
    } finally {
      await silently("UPDATE zones SET name = 'Zona Norte' WHERE name = 'Zona Norte Silenciosa'");
    }
    // Any announced change of the community's zones drops the page, and the truth is read again.
    await t.db.query("UPDATE zones SET color = color WHERE name = 'Zona Sur'");
    expect(await zonesOf(a.admin)).toEqual(['Zona Norte', 'Zona Sur']);
  });
});

describe('a list shows rows of other tables: their changes drop it too', () => {
  it("a zone renamed is on the streets' page, the common areas' page and a zone's street options at once", async () => {
    const zone = await zoneUuid('Zona Norte');
    const zoneNames = async () => ({
      streets: (
        (await a.admin.get('/api/streets?page=0&size=100')).json() as { content: { testZone: Listed }[] }
      ).content.map((s) => s.testZone.name),
      areas: (
        (await a.admin.get('/api/commonareas/complete?page=0&size=100')).json() as {
          content: { testStreet: { testZone: Listed } }[];
        }
      ).content.map((c) => c.testStreet.testZone.name),
      options: ((await a.admin.get(`/api/streets/zones/${zone}`)).json() as { testZone: Listed }[]).map(
        (s) => s.testZone.name,
      ),
    });
    const street = ((await a.admin.get(`/api/streets/zones/${zone}`)).json() as { idStreet: number }[])[0];
    expect(street, 'the demo zone has streets').toBeDefined();
    const area = await a.admin.post('/api/commonareas', [
      { name: 'Alberca Norte', number: '1', idStreet: street.idStreet },
    ]);
    expect(area.statusCode, area.body).toBe(201);
    const before = await zoneNames();
    expect(before.areas).toContain('Zona Norte');
    expect(
      (await a.admin.put(`/api/zones/${zone}`, { name: 'Zona Norte Renombrada', color: '#000000' })).statusCode,
    ).toBe(200);
    try {
      const after = await zoneNames();
      const renamed = (list: string[]) => list.map((n) => (n === 'Zona Norte' ? 'Zona Norte Renombrada' : n));
      expect(after.streets).toEqual(renamed(before.streets));
      expect(after.areas).toEqual(renamed(before.areas));
      expect(after.options).toEqual(renamed(before.options));
    } finally {
      expect((await a.admin.put(`/api/zones/${zone}`, { name: 'Zona Norte', color: '#000000' })).statusCode).toBe(200);
      expect((await a.admin.del(`/api/commonareas/${(area.json() as { uuid: string }[])[0].uuid}`)).statusCode).toBe(
        204,
      );
    }
  });

  it("a community renamed is on every catalogue's page (each item carries its community's name)", async () => {
    const communityNames = async () => ({
      zones: ((await a.admin.get('/api/zones?page=0')).json() as { content: { testFrac: Listed }[] }).content.map(
        (z) => z.testFrac.name,
      ),
      gates: ((await a.admin.get('/api/gates/complete')).json() as { testFrac: Listed }[]).map((g) => g.testFrac.name),
    });
    const before = await communityNames();
    expect(new Set([...before.zones, ...before.gates])).toEqual(new Set(['Residencial Las Palmas']));
    await t.db.query("UPDATE communities SET name = 'Residencial Las Palmas II' WHERE name = 'Residencial Las Palmas'");
    try {
      const after = await communityNames();
      expect(new Set([...after.zones, ...after.gates])).toEqual(new Set(['Residencial Las Palmas II']));
    } finally {
      await t.db.query(
        "UPDATE communities SET name = 'Residencial Las Palmas' WHERE name = 'Residencial Las Palmas II'",
      );
    }
  });
});

describe('every table a list reads announces its changes', () => {
  it("each catalogue's own table, its joined tables and an option's parent table have a trigger of migration 019", async () => {
    const announced = new Set(
      (
        await t.db.query<{ name: string }>(`SELECT DISTINCT c.relname AS name FROM pg_trigger g
      JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_proc p ON p.oid = g.tgfoid
      WHERE p.proname = 'notify_catalogue_change' AND g.tgenabled <> 'D'`)
      ).map((r) => r.name),
    );
    for (const c of [zoneCatalogue, streetCatalogue, commonAreaCatalogue, gateCatalogue, providerTypeCatalogue]) {
      const parents = (c.options ?? []).flatMap((o) => (o.parent ? [o.parent.table] : []));
      for (const table of [...tablesRead(c.from), ...parents])
        expect(announced, `${c.name.many} reads ${table}`).toContain(table);
    }
  });
});

describe('a cached page never crosses communities', () => {
  it('the same request by two communities answers each its own page (the key holds the community)', async () => {
    for (let round = 0; round < 2; round++) {
      expect(await zonesOf(a.admin)).toEqual(['Zona Norte', 'Zona Sur']);
      expect(await zonesOf(a.admin2)).toEqual(['Etapa 1']);
    }
  });

  it("one session switching its active community gets the other community's page from the same request", async () => {
    const token = await t.signIn('administrador@porton.mx');
    const me = (await t.as(token).get('/api/users/me')).json() as {
      product: { uuid: string; name: string }[];
      testFrac: { uuid: string };
    };
    const bosques = me.product.find((p) => p.name === 'Bosques del Valle')!;
    expect(pageNames((await t.as(token).get('/api/zones?page=0')).json())).toEqual(['Zona Norte', 'Zona Sur']);
    expect((await t.as(token).put(`/api/users/setUpdateFrac/${bosques.uuid}`)).statusCode).toBe(200);
    expect(pageNames((await t.as(token).get('/api/zones?page=0')).json())).toEqual(['Sección A']);
    expect((await t.as(token).put(`/api/users/setUpdateFrac/${me.testFrac.uuid}`)).statusCode).toBe(200);
    expect(pageNames((await t.as(token).get('/api/zones?page=0')).json())).toEqual(['Zona Norte', 'Zona Sur']);
  });

  it("a change in one community is on its own page, and the other community's page stays its own", async () => {
    expect(await zonesOf(a.admin2)).toEqual(['Etapa 1']);
    expect((await a.admin2.post('/api/zones', [{ name: 'Etapa 2', color: '#000000' }])).statusCode).toBe(201);
    expect(await zonesOf(a.admin2)).toEqual(['Etapa 1', 'Etapa 2']);
    expect(await zonesOf(a.admin)).toEqual(['Zona Norte', 'Zona Sur']);
    expect((await a.admin2.del(`/api/zones/${await zoneUuid('Etapa 2')}`)).statusCode).toBe(204);
  });
});

describe('the cache changes no answer and no access rule', () => {
  /** Every list and option route of the five catalogues, with the roles that may read it. */
  const routes = async () =>
    [
      { url: '/api/zones?page=0', readers: ['admin', 'capturista', 'guard', 'integrator'] },
      { url: '/api/zones?page=0&size=1&search=sur', readers: ['admin', 'guard'] },
      { url: '/api/streets?page=0', readers: ['admin', 'capturista', 'guard', 'integrator'] },
      { url: `/api/streets/zones/${await zoneUuid('Zona Norte')}`, readers: ['admin', 'guard'] },
      { url: '/api/commonareas/complete?page=0', readers: ['admin', 'guard'] },
      { url: '/api/commonareas/byfrac', readers: ['admin', 'resident'] },
      { url: '/api/gates?page=0', readers: ['admin', 'guard'] },
      { url: '/api/gates/complete', readers: ['admin', 'integrator'] },
      { url: '/api/providerTypes?page=0', readers: ['admin', 'capturista', 'guard'] },
    ] as const;

  it('each answer (body, status and Cache-Control) is byte-identical to an app without the cache, for every role that may read it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'porton-nocache-'));
    const uncached = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://porton.test',
        DATA_DIR: dataDir,
        CATALOGUE_CACHE_MAX: '0',
      }),
      db: t.db,
      mailer: memoryMailer(),
    });
    try {
      const emails = {
        admin: 'administrador@porton.mx',
        capturista: 'capturista@porton.mx',
        guard: 'vigilante@porton.mx',
        integrator: 'integrador@porton.mx',
        resident: 'residente@porton.mx',
      };
      for (const { url, readers } of await routes()) {
        for (const role of readers) {
          const headers = { authorization: `Bearer ${await t.signIn(emails[role])}`, 'accept-language': 'es-MX' };
          const cachedFirst = await t.app.inject({ method: 'GET', url, headers });
          const cachedAgain = await t.app.inject({ method: 'GET', url, headers });
          expect(cachedFirst.statusCode, `${role} ${url}`).toBe(200);
          const reference = await uncached.inject({ method: 'GET', url, headers });
          for (const answer of [cachedFirst, cachedAgain]) {
            expect(answer.statusCode, `${role} ${url}`).toBe(reference.statusCode);
            expect(answer.body, `${role} ${url}`).toBe(reference.body);
            expect(answer.headers['cache-control'], `${role} ${url}`).toBe(reference.headers['cache-control']);
            expect(answer.headers['content-type'], `${role} ${url}`).toBe(reference.headers['content-type']);
          }
        }
      }
    } finally {
      await uncached.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a role refused a list is refused even while the page is in memory', async () => {
    expect((await a.admin.get('/api/zones?page=0')).statusCode).toBe(200);
    expect((await a.admin.get('/api/providerTypes?page=0')).statusCode).toBe(200);
    for (const who of [a.resident, a.contractor, a.generalAdmin])
      expect((await who.get('/api/zones?page=0')).statusCode).toBe(403);
    expect((await a.integrator.get('/api/providerTypes?page=0')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/zones?page=0' })).statusCode).toBe(401);
  });
});

describe('other processes', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    "a change made through process A is on process B's next page within the notification window (needs DATABASE_URL: PGlite cannot be shared between processes)",
    async () => {
      const token = await t.signIn('administrador@porton.mx');
      const onB = async (url: string) => {
        const res = await fetch(`${peer!.base}${url}`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        return pageNames(await res.json());
      };
      expect(await onB('/api/zones?page=0')).toEqual(['Zona Norte', 'Zona Sur']);
      expect(await onB('/api/zones?page=0')).toEqual(['Zona Norte', 'Zona Sur']);
      const created = await t.as(token).post('/api/zones', [{ name: 'Zona Proceso A', color: '#000000' }]);
      expect(created.statusCode).toBe(201);
      await pause(NOTIFY_WINDOW_MS);
      expect(await onB('/api/zones?page=0')).toEqual(['Zona Norte', 'Zona Proceso A', 'Zona Sur']);
      await t.db.query("DELETE FROM zones WHERE name = 'Zona Proceso A'");
      await pause(NOTIFY_WINDOW_MS);
      expect(await onB('/api/zones?page=0'), 'a change straight in the database').toEqual(['Zona Norte', 'Zona Sur']);
    },
  );
});
