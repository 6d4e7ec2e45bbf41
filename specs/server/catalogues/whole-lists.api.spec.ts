import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * Lists a client reads whole (zone and street options, common areas, provider types under
 * `data`, contractors, notices, newsletters, promotions): asked without `page`, the answer is
 * every row of the caller's community, well past 100; with `page`, one page of at most 100.
 */
let t: TestApp;
let a: Actors;
const ROWS = 130;

beforeAll(async () => {
  t = await testApp();
  a = await signInActors(t);
  const community = `(SELECT community_id FROM zones WHERE name = 'Zona Norte')`;
  await t.db.query(
    `INSERT INTO zones (community_id, name) SELECT ${community}, 'Muchas ' || lpad(g::text, 3, '0') FROM generate_series(1, ${ROWS}) g`,
  );
  await t.db.query(
    `INSERT INTO streets (community_id, zone_id, name)
     SELECT z.community_id, z.id, 'Calle Larga ' || lpad(g::text, 3, '0') FROM zones z, generate_series(1, ${ROWS}) g
      WHERE z.name = 'Zona Norte'`,
  );
  await t.db.query(
    `INSERT INTO provider_types (community_id, name) SELECT ${community}, 'Proveedor ' || lpad(g::text, 3, '0') FROM generate_series(1, ${ROWS}) g`,
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a list read whole', () => {
  it('GET api/zones without page answers every zone of the community as a list, past 100', async () => {
    const res = await a.admin.get('/api/zones');
    expect(res.statusCode).toBe(200);
    const zones = res.json() as { name: string }[];
    expect(Array.isArray(zones)).toBe(true);
    expect(zones.filter((z) => z.name.startsWith('Muchas '))).toHaveLength(ROWS);
    // Another community's list holds none of them.
    const other = (await a.admin2.get('/api/zones')).json() as { name: string }[];
    expect(other.some((z) => z.name.startsWith('Muchas '))).toBe(false);
  });

  it('GET api/streets and api/commonareas/complete without page answer lists', async () => {
    const streets = (await a.admin.get('/api/streets')).json() as { name: string }[];
    expect(streets.filter((s) => s.name.startsWith('Calle Larga '))).toHaveLength(ROWS);
    expect(Array.isArray((await a.admin.get('/api/commonareas/complete')).json())).toBe(true);
  });

  it('GET api/providerTypes without page answers every type under data', async () => {
    const body = (await a.admin.get('/api/providerTypes')).json() as { data: unknown[]; totalPages: number };
    expect(body.data.length).toBeGreaterThanOrEqual(ROWS);
    expect(body.totalPages).toBe(1);
  });

  it('GET api/contractors/ and the content lists without page answer lists', async () => {
    for (const url of ['/api/contractors/', '/api/notices', '/api/newsletters', '/api/promotions']) {
      const res = await a.admin.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(Array.isArray(res.json()), url).toBe(true);
    }
  });

  it('with page, the answer is one page; a size over 100 is refused in Spanish', async () => {
    const page = (await a.admin.get('/api/zones?page=1&size=100')).json();
    expect(page).toMatchObject({ page: 1, size: 100 });
    expect(page.content.length).toBeGreaterThan(0);
    const big = await a.admin.get('/api/zones?page=0&size=500');
    expect(big.statusCode).toBe(400);
    expect(big.json().error_description).toBe('Tamaño de página no válido.');
  });
});
