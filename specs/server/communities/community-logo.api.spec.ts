import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '../../../src/shared/communities/community-types.js';
import { LOGO_MAX_BYTES } from '../../../src/shared/communities/community.schema.js';
import { sniffImage } from '../../../src/server/platform/services/logo-upload.js';
import { storageFor } from '../../../src/server/platform/services/storage.js';
import {
  communityBody,
  communityUuid,
  GIF_BASE64,
  JPEG_BASE64,
  logo,
  PNG_BASE64,
} from '../../support/community-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let integrador: ReturnType<TestApp['as']>;
beforeAll(async () => {
  t = await testApp();
  integrador = t.as(await t.signIn('integrador@porton.mx'));
});
afterAll(async () => {
  if (!t) return; // beforeAll failed: its error is the one to read
  // Every logo this file stored lives in the config's data folder: leave nothing behind.
  const storage = storageFor(t.app.deps.config);
  for (const { storage_key } of await t.db.query<{ storage_key: string }>('SELECT storage_key FROM files'))
    await storage.remove(storage_key);
  await t.close();
});

const storedPath = async (communityUuid: string) => {
  const row = await t.db.one<{ logo_path: string | null }>('SELECT logo_path FROM communities WHERE uuid = $1', [
    communityUuid,
  ]);
  return row?.logo_path ? resolve(t.app.deps.config.dataDir, 'files', row.logo_path) : null;
};
const fileRows = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM files'))!.n;

describe('community logo', () => {
  it('stores a PNG on create and serves it to the integrator and the members only', async () => {
    const res = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Con Logo', file: logo(PNG_BASE64) }),
    );
    expect(res.statusCode).toBe(200);
    const created: Community = res.json();
    const path = `/api/fracs/${created.uuid}/logo`;
    // The answer names the logo by a signed, short-lived link of the caller's.
    expect(created.file).toEqual({
      publicUrl: expect.stringMatching(new RegExp(`^${path}\\?exp=\\d+&u=[0-9a-f-]+&sig=[\\w-]+$`)),
      idFile: created.idFile,
      uuid: expect.any(String),
    });
    expect(created.idFile).toEqual(expect.any(Number));

    const served = await integrador.get(created.file!.publicUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // Re-encoded: the same picture, never the uploaded bytes.
    expect(imageSize(served.rawPayload)).toMatchObject({ type: 'png', width: 1, height: 1 });
    // The link loads without a header, as an <img> loads it (the form's preview).
    const byLink = await t.app.inject({ method: 'GET', url: created.file!.publicUrl });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.rawPayload.equals(served.rawPayload)).toBe(true);
    const read: Community = (await integrador.get(`/api/fracs/${created.uuid}`)).json();
    expect((await t.app.inject({ method: 'GET', url: read.file!.publicUrl })).statusCode).toBe(200);

    const member = t.as(await t.signIn('administrador@porton.mx'));
    expect((await member.get(path)).statusCode).toBe(200);
    for (const email of ['administrador2@porton.mx', 'integrador2@porton.mx', 'admin@porton.mx']) {
      const outsider = t.as(await t.signIn(email));
      expect((await outsider.get(path)).statusCode, email).toBe(404);
      // The integrator's link presented with another session opens nothing.
      expect((await outsider.get(created.file!.publicUrl)).statusCode, email).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
  });

  it('decides the type by content: a JPEG declared as PNG is stored and served as JPEG', async () => {
    const res = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Logo JPEG', file: logo(JPEG_BASE64, 'image/png', 'foto.png') }),
    );
    expect(res.statusCode).toBe(200);
    const served = await integrador.get(res.json().file.publicUrl);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(sniffImage(served.rawPayload)).toBe('image/jpeg');
  });

  it('refuses content that is not JPEG or PNG whatever mimeType says (415), creating nothing', async () => {
    const before = await fileRows();
    for (const content of [GIF_BASE64, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')]) {
      const res = await integrador.post(
        '/api/fracs/admin',
        await communityBody(t, { name: 'Logo Falso', file: logo(content, 'image/png') }),
      );
      expect(res.statusCode).toBe(415);
      expect(res.json().error_description).toBe('El logo debe ser una imagen JPEG o PNG.');
    }
    expect((await integrador.get('/api/fracs?search=Logo Falso')).json().totalElements).toBe(0);
    expect(await fileRows()).toBe(before);
  });

  it('refuses a logo over 2 MB decoded (413) and malformed base64 (400)', async () => {
    const big = Buffer.alloc(LOGO_MAX_BYTES + 1);
    Buffer.from(PNG_BASE64, 'base64').copy(big);
    const tooBig = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Logo Grande', file: logo(big.toString('base64')) }),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error_description).toBe('El logo no debe pesar más de 2 MB.');

    const exact = Buffer.alloc(LOGO_MAX_BYTES);
    Buffer.from(PNG_BASE64, 'base64').copy(exact);
    const fits = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Logo Justo', licenseTotal: 1, file: logo(exact.toString('base64')) }),
    );
    expect(fits.statusCode).toBe(200);

    const broken = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Logo Roto', file: logo('%%%no-es-base64%%%') }),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error_description).toBe('El contenido del logo no es válido.');
  });

  it('on edit: no file keeps the logo, new content replaces it (old bytes removed), file null removes it', async () => {
    const palmas = await communityUuid(t, 'Residencial Las Palmas');
    const base = await communityBody(t, { name: 'Residencial Las Palmas', licenseTotal: 150 });
    const withLogo: Community = (
      await integrador.put(`/api/fracs/${palmas}`, { ...base, file: logo(PNG_BASE64) })
    ).json();
    const firstPath = (await storedPath(palmas))!;
    expect(existsSync(firstPath)).toBe(true);

    // The shell's logo (me.logoURL) of a member whose active community is this one.
    const member = t.as(await t.signIn('administrador@porton.mx'));
    await member.put(`/api/users/setUpdateFrac/${palmas}`);
    const me = (await member.get('/api/users/me')).json();
    expect(me.logoURL).toMatch(new RegExp(`^/api/fracs/${palmas}/logo\\?exp=\\d+&u=[0-9a-f-]{36}&sig=`));
    expect((await member.get(me.logoURL)).headers['content-type']).toBe('image/png');

    const kept: Community = (
      await integrador.put(`/api/fracs/${palmas}`, {
        ...base,
        street: 'Otra',
        idFile: withLogo.idFile,
        file: { uuid: withLogo.file!.uuid },
      })
    ).json();
    expect(kept.idFile).toBe(withLogo.idFile);
    expect((await integrador.put(`/api/fracs/${palmas}`, base)).json().idFile).toBe(withLogo.idFile);

    const replaced: Community = (
      await integrador.put(`/api/fracs/${palmas}`, { ...base, file: logo(JPEG_BASE64, 'image/jpeg', 'nuevo.jpg') })
    ).json();
    expect(replaced.idFile).not.toBe(withLogo.idFile);
    expect((await integrador.get(replaced.file!.publicUrl)).headers['content-type']).toBe('image/jpeg');
    expect(existsSync(firstPath)).toBe(false);
    const secondPath = (await storedPath(palmas))!;

    const removed: Community = (await integrador.put(`/api/fracs/${palmas}`, { ...base, file: null })).json();
    expect(removed).toMatchObject({ idFile: null, file: null });
    expect(existsSync(secondPath)).toBe(false);
    expect((await integrador.get(`/api/fracs/${palmas}/logo`)).statusCode).toBe(404);
    expect((await member.get('/api/users/me')).json().logoURL).toBeNull();
  });

  it("logoURL is a signed, short-lived link an <img> loads without a Bearer header, for that user's community only", async () => {
    const palmas = await communityUuid(t, 'Residencial Las Palmas');
    const base = await communityBody(t, { name: 'Residencial Las Palmas', licenseTotal: 150 });
    expect((await integrador.put(`/api/fracs/${palmas}`, { ...base, file: logo(PNG_BASE64) })).statusCode).toBe(200);
    const member = t.as(await t.signIn('administrador@porton.mx'));
    await member.put(`/api/users/setUpdateFrac/${palmas}`);
    const link: string = (await member.get('/api/users/me')).json().logoURL;
    const bare = (url: string) => t.app.inject({ method: 'GET', url });

    const res = await bare(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // Without a session and without a link: 401; a tampered link, or one moved to another community: 404.
    expect((await bare(`/api/fracs/${palmas}/logo`)).statusCode).toBe(401);
    expect((await bare(link.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(404);
    const other = await communityUuid(t, 'Villas del Sol');
    expect((await bare(link.replace(palmas, other))).statusCode).toBe(404);
    // A link whose expiry was moved (its signature no longer holds): 404.
    const expired = link.replace(/exp=\d+/, `exp=${Math.floor(Date.now() / 1000) - 1}`);
    expect((await bare(expired)).statusCode).toBe(404);
    // Another community's resident's own session does not reach it either.
    const foreign = t.as(await t.signIn('administrador2@porton.mx'));
    expect((await foreign.get(`/api/fracs/${palmas}/logo`)).statusCode).toBe(404);
  });

  it('a refused edit with a new logo leaves the old logo in place', async () => {
    const palmas = await communityUuid(t, 'Residencial Las Palmas');
    const base = await communityBody(t, { name: 'Residencial Las Palmas', licenseTotal: 150 });
    const current: Community = (
      await integrador.put(`/api/fracs/${palmas}`, { ...base, file: logo(PNG_BASE64) })
    ).json();
    const files = await fileRows();
    const refused = await integrador.put(`/api/fracs/${palmas}`, {
      ...base,
      licenseTotal: 99_999,
      file: logo(JPEG_BASE64, 'image/jpeg', 'x.jpg'),
    });
    expect(refused.statusCode).toBe(409);
    expect(await fileRows()).toBe(files);
    const after: Community = (await integrador.get(`/api/fracs/${palmas}`)).json();
    expect(after.idFile).toBe(current.idFile);
    expect((await integrador.get(after.file!.publicUrl)).headers['content-type']).toBe('image/png');
  });
});
