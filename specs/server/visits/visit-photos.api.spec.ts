import { imageSize } from 'image-size';
/**
 * A visit's identification photo and provider type (a visit's `file` and
 * `providerTypeId`): stored through the storage interface, shown to the community's staff only through
 * short-lived signed links; a link expired or tampered with is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitReportPage } from '../../../src/shared/reports/report-types.js';
import { photoLinkKey, signPhotoLink } from '../../../src/server/visits/photo-links.js';
import { JPEG_BASE64, PNG_BASE64 } from '../../support/community-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let guard: string;
let admin: string;
let capturista: string;
let gas: string;
let link: string;
let photoUuid: string;

const get = (url: string) => t.app.inject({ method: 'GET', url });
const reportRow = async (token: string, name: string) =>
  (
    (
      await t.as(token).get(`/api/visitants/visitantReport?nameFilter=${encodeURIComponent(name)}`)
    ).json() as VisitReportPage
  ).data[0];

beforeAll(async () => {
  t = await testApp();
  [guard, admin, capturista] = await Promise.all(
    ['vigilante@porton.mx', 'administrador@porton.mx', 'capturista@porton.mx'].map((e) => t.signIn(e)),
  );
  gas = (await t.db.one<{ uuid: string }>(
    `INSERT INTO provider_types (community_id, name) SELECT id, 'Gas' FROM communities WHERE name = 'Residencial Las Palmas' RETURNING uuid`,
  ))!.uuid;
  const res = await t.as(guard).post('/api/visitants', {
    firstName: 'Pedro',
    lastName: 'Gasero',
    accessMode: 'MANUAL',
    visitantType: 'PROVIDER',
    providerTypeId: gas,
    file: { uuid: null, name: 'ine.jpg', extension: 'jpg', mimeType: 'image/jpeg', content: JPEG_BASE64 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const row = await reportRow(admin, 'Gasero');
  link = row.file!.publicUrl;
  photoUuid = link.split('/').pop()!.split('?')[0];
});
afterAll(async () => {
  await t?.close();
});

describe('POST api/visitants keeps the provider type and the photo', () => {
  it('the report shows the provider type and a signed photo link that expires in minutes', async () => {
    const row = await reportRow(admin, 'Gasero');
    expect(row).toMatchObject({ visitantType: 'PROVIDER', providerTypeId: gas, providerType: 'Gas' });
    expect(Date.parse(row.file!.expiresAt) - Date.now()).toBeGreaterThan(60_000);
    expect(Date.parse(row.file!.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(link).not.toContain('storage');
  });

  it('the photo is served by the link with its type, inline, nosniff, never cached publicly', async () => {
    const res = await get(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(String(res.headers['cache-control'])).toMatch(/^private/);
    expect(imageSize(res.rawPayload)).toMatchObject({ type: 'jpg', width: 2, height: 2 }); // re-encoded
  });

  it('refuses a provider type of another community (404) and a photo that is not JPEG or PNG (415), recording nothing', async () => {
    const before = (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM visits'))!.n;
    const foreign = (await t.db.one<{ uuid: string }>(
      `INSERT INTO provider_types (community_id, name) SELECT id, 'Agua' FROM communities WHERE name = 'Villas del Sol' RETURNING uuid`,
    ))!.uuid;
    const res = await t.as(guard).post('/api/visitants', { firstName: 'X', accessMode: 'QR', providerTypeId: foreign });
    expect(res.statusCode).toBe(404);
    expect(res.json().error_description).toBe('El tipo de proveedor no existe.');
    const gif = await t.as(guard).post('/api/visitants', {
      firstName: 'X',
      accessMode: 'QR',
      file: { content: Buffer.from('GIF89a....').toString('base64') },
    });
    expect(gif.statusCode).toBe(415);
    const big = await t
      .as(guard)
      .post('/api/visitants', { firstName: 'X', accessMode: 'QR', file: { content: PNG_BASE64.repeat(40_000) } });
    expect(big.statusCode).toBe(413);
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM visits'))!.n).toBe(before);
  });
});

describe('signed photo links', () => {
  it('a link after its signature expired answers 410', async () => {
    const user = (await t.db.one<{ uuid: string }>(`SELECT uuid FROM users WHERE email = 'administrador@porton.mx'`))!
      .uuid;
    const old = signPhotoLink(await photoLinkKey(t.db), photoUuid, user, Date.now() - 10 * 60_000);
    const res = await get(old.publicUrl);
    expect(res.statusCode).toBe(410);
    expect(res.json().error_description).toBe('El enlace de la foto expiró; vuelve a abrir el reporte.');
  });

  it('a tampered link answers 403: another expiry, another user, another photo, another signature', async () => {
    const url = new URL(link, 'http://x');
    const tamper = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return `${copy.pathname}${copy.search}`;
    };
    const other = (await t.db.one<{ uuid: string }>(`SELECT uuid FROM users WHERE email = 'capturista@porton.mx'`))!
      .uuid;
    for (const bad of [
      tamper((u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600))),
      tamper((u) => u.searchParams.set('u', other)),
      tamper((u) => {
        u.pathname = u.pathname.replace(photoUuid, '00000000-0000-4000-8000-000000000000');
      }),
      tamper((u) =>
        u.searchParams.set(
          'sig',
          `${u.searchParams.get('sig')!.slice(0, -1)}${u.searchParams.get('sig')!.endsWith('A') ? 'B' : 'A'}`,
        ),
      ),
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().error_description).toBe('El enlace de la foto no es válido.');
    }
    expect((await get(link.replace(/&sig=.*/, ''))).statusCode).toBe(400);
  });

  it('each reader gets a link of their own; a user of another community gets nothing (404)', async () => {
    const mine = (await reportRow(capturista, 'Gasero')).file!.publicUrl;
    expect(mine).not.toBe(link);
    expect((await get(mine)).statusCode).toBe(200);
    const stranger = (await t.db.one<{ uuid: string }>(
      `SELECT uuid FROM users WHERE email = 'administrador2@porton.mx'`,
    ))!.uuid;
    const theirs = signPhotoLink(await photoLinkKey(t.db), photoUuid, stranger);
    expect((await get(theirs.publicUrl)).statusCode).toBe(404);
  });

  it('a deleted user’s links stop working at once', async () => {
    const mine = (await reportRow(capturista, 'Gasero')).file!.publicUrl;
    await t.db.query(`UPDATE users SET deleted_at = now() WHERE email = 'capturista@porton.mx'`);
    expect((await get(mine)).statusCode).toBe(404);
  });

  it('a PNG is served as PNG', async () => {
    await t
      .as(guard)
      .post('/api/visitants', { firstName: 'Paula', lastName: 'Png', accessMode: 'QR', file: { content: PNG_BASE64 } });
    const res = await get((await reportRow(admin, 'Paula Png')).file!.publicUrl);
    expect(res.headers['content-type']).toBe('image/png');
  });
});
