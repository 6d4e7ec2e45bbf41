import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EXPIRED } from '../../../src/shared/platform/errors.js';
import { communityUuid, integratorUuid, tokenRequest, userId } from '../../support/community-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let admin: ReturnType<TestApp['as']>;
beforeAll(async () => {
  t = await testApp();
  admin = t.as(await t.signIn('admin@porton.mx'));
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

/** The integrator and every user of its communities (Las Palmas and Bosques del Valle). */
const cascaded = [
  'integrador@porton.mx',
  'administrador@porton.mx',
  'capturista@porton.mx',
  'vigilante@porton.mx',
  'residente@porton.mx',
  'contratista@porton.mx',
];
/** Another integrator's people and the general administrator are not touched. */
const untouched = ['admin@porton.mx', 'integrador2@porton.mx', 'administrador2@porton.mx'];

const me = (token: string) => t.as(token).get('/api/users/me');
const signInAll = async (emails: string[]) => Promise.all(emails.map((email) => t.signIn(email)));

describe('disabling an integrator cascades to its communities', () => {
  it("refuses sign-in with 'User account has expired' and stops open sessions at once; enabling restores both", async () => {
    const uuid = await integratorUuid(t, 'integrador@porton.mx');
    const openTokens = await signInAll(cascaded);
    const otherTokens = await signInAll(untouched);

    expect((await admin.put(`/api/integrator/${uuid}/disable`)).statusCode).toBe(200);

    for (const [i, email] of cascaded.entries()) {
      const res = await tokenRequest(t, email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json(), email).toEqual({ error: 'invalid_grant', error_description: ACCOUNT_EXPIRED });
      const open = await me(openTokens[i]);
      expect(open.statusCode, email).toBe(401);
    }
    for (const [i, email] of untouched.entries()) {
      expect((await tokenRequest(t, email)).statusCode, email).toBe(200);
      expect((await me(otherTokens[i])).statusCode, email).toBe(200);
    }

    expect((await admin.put(`/api/integrator/${uuid}/enable`)).statusCode).toBe(200);

    for (const [i, email] of cascaded.entries()) {
      expect((await tokenRequest(t, email)).statusCode, email).toBe(200);
      expect((await me(openTokens[i])).statusCode, email).toBe(200);
    }
  });

  it('a wrong password of a disabled account still answers the wrong-credentials message (no disclosure)', async () => {
    const uuid = await integratorUuid(t, 'integrador@porton.mx');
    await admin.put(`/api/integrator/${uuid}/disable`);
    const res = await tokenRequest(t, 'capturista@porton.mx', 'otra-clave');
    expect(res.json().error_description).toBe('Usuario o contraseña incorrectos.');
    await admin.put(`/api/integrator/${uuid}/enable`);
  });

  it('a user who also belongs to an enabled community keeps access, but only to that one', async () => {
    const palmas = await communityUuid(t, 'Residencial Las Palmas');
    const villas = await communityUuid(t, 'Villas del Sol');
    await t.db.query(
      'INSERT INTO user_communities (user_id, community_id) SELECT $1, id FROM communities WHERE uuid = $2',
      [await userId(t, 'administrador2@porton.mx'), palmas],
    );
    const token = await t.signIn('administrador2@porton.mx');
    expect((await t.as(token).put(`/api/users/setUpdateFrac/${palmas}`)).statusCode).toBe(200);
    const uuid = await integratorUuid(t, 'integrador@porton.mx');

    await admin.put(`/api/integrator/${uuid}/disable`);
    expect((await me(token)).statusCode).toBe(401);
    const again = await t.signIn('administrador2@porton.mx');
    const now = (await me(again)).json();
    expect(now.testFrac.uuid).toBe(villas);
    expect(now.product.map((p: { uuid: string }) => p.uuid)).toEqual([villas]);
    expect((await t.as(again).put(`/api/users/setUpdateFrac/${palmas}`)).statusCode).toBe(404);

    await admin.put(`/api/integrator/${uuid}/enable`);
    const restored = (await me(again)).json();
    expect(restored.product.map((p: { uuid: string }) => p.uuid).sort()).toEqual([palmas, villas].sort());
    expect((await t.as(again).put(`/api/users/setUpdateFrac/${palmas}`)).statusCode).toBe(200);
  });

  it("disabling one integrator leaves the other integrator's communities working", async () => {
    const uuid = await integratorUuid(t, 'integrador2@porton.mx');
    await admin.put(`/api/integrator/${uuid}/disable`);
    expect((await tokenRequest(t, 'integrador2@porton.mx')).json().error_description).toBe(ACCOUNT_EXPIRED);
    expect((await tokenRequest(t, 'administrador@porton.mx')).statusCode).toBe(200);
    expect((await tokenRequest(t, 'integrador@porton.mx')).statusCode).toBe(200);
    await admin.put(`/api/integrator/${uuid}/enable`);
    expect((await tokenRequest(t, 'integrador2@porton.mx')).statusCode).toBe(200);
  });
});
