import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENCE_EXPIRED } from '../../../src/shared/platform/errors.js';
import { communityUuid, tokenRequest } from '../../support/community-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let integrator: ReturnType<TestApp['as']>;
let generalAdmin: ReturnType<TestApp['as']>;
let palmas: string;
beforeAll(async () => {
  t = await testApp();
  integrator = t.as(await t.signIn('integrador@porton.mx'));
  generalAdmin = t.as(await t.signIn('admin@porton.mx'));
  palmas = await communityUuid(t, 'Residencial Las Palmas');
});
afterAll(async () => {
  await t?.close();
});

/** Members of Las Palmas only; administrador@ also administers Bosques del Valle. */
const onlyPalmas = ['capturista@porton.mx', 'vigilante@porton.mx', 'residente@porton.mx', 'contratista@porton.mx'];
const me = (token: string) => t.as(token).get('/api/users/me');

describe('licenseExpired is enforced', () => {
  it('members are refused at sign-in in Spanish and their open sessions stop; enabling restores both', async () => {
    const tokens = await Promise.all(onlyPalmas.map((e) => t.signIn(e)));
    const disabled = await integrator.put(`/api/fracs/${palmas}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ uuid: palmas, licenseExpired: true });

    for (const [i, email] of onlyPalmas.entries()) {
      const res = await tokenRequest(t, email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json(), email).toEqual({ error: 'invalid_grant', error_description: LICENCE_EXPIRED });
      expect((await me(tokens[i])).statusCode, email).toBe(401);
    }
    // A wrong password still says only that (no disclosure of the licence state).
    expect((await tokenRequest(t, 'capturista@porton.mx', 'Equivocada1')).json().error_description).toBe(
      'Usuario o contraseña incorrectos.',
    );

    expect((await integrator.put(`/api/fracs/${palmas}/enable`)).json()).toMatchObject({ licenseExpired: false });
    for (const [i, email] of onlyPalmas.entries()) {
      expect((await tokenRequest(t, email)).statusCode, email).toBe(200);
      expect((await me(tokens[i])).statusCode, email).toBe(200);
    }
  });

  it('an administrator of two communities keeps the open one: the session on the expired one stops, a new sign-in lands on the other', async () => {
    const onPalmas = await t.signIn('administrador@porton.mx');
    await t.as(onPalmas).put(`/api/users/setUpdateFrac/${palmas}`);
    expect((await me(onPalmas)).json().frac).toBe('Residencial Las Palmas');
    await integrator.put(`/api/fracs/${palmas}/disable`);
    expect((await me(onPalmas)).statusCode).toBe(401);
    const fresh = await t.signIn('administrador@porton.mx');
    expect((await me(fresh)).json().frac).toBe('Bosques del Valle');
    expect((await t.as(fresh).put(`/api/users/setUpdateFrac/${palmas}`)).statusCode).not.toBe(200);
    await integrator.put(`/api/fracs/${palmas}/enable`);
  });

  it('its integrator still reaches it to renew it, and the licence dashboard keeps its numbers', async () => {
    const before = (await integrator.get('/api/integrator/dashboard')).json();
    await integrator.put(`/api/fracs/${palmas}/disable`);
    expect((await integrator.get('/api/integrator/dashboard')).json()).toEqual(before);
    expect((await integrator.get(`/api/fracs/${palmas}`)).json()).toMatchObject({ licenseExpired: true });
    const list = (await integrator.get('/api/fracs/?search=Palmas')).json();
    expect(list.content[0]).toMatchObject({ uuid: palmas, licenseExpired: true });
    expect((await integrator.get('/api/users/me')).statusCode).toBe(200);
    expect((await integrator.put(`/api/fracs/${palmas}/enable`)).statusCode).toBe(200);
    expect((await integrator.get('/api/integrator/dashboard')).json()).toEqual(before);
  });

  it('the general administrator enables and disables any community; another integrator gets 404, community staff 403', async () => {
    expect((await generalAdmin.put(`/api/fracs/${palmas}/disable`)).json()).toMatchObject({ licenseExpired: true });
    expect((await generalAdmin.put(`/api/fracs/${palmas}/enable`)).json()).toMatchObject({ licenseExpired: false });
    const other = t.as(await t.signIn('integrador2@porton.mx'));
    expect((await other.put(`/api/fracs/${palmas}/disable`)).statusCode).toBe(404);
    expect((await t.as(await t.signIn('administrador@porton.mx')).put(`/api/fracs/${palmas}/disable`)).statusCode).toBe(
      403,
    );
    expect((await generalAdmin.put('/api/fracs/00000000-0000-4000-8000-000000000000/disable')).statusCode).toBe(404);
    const flag = await t.db.one<{ license_expired: boolean }>(
      'SELECT license_expired FROM communities WHERE uuid = $1',
      [palmas],
    );
    expect(flag!.license_expired).toBe(false);
  });

  it('every change of the licence state is in the audit trail', async () => {
    const events = (await generalAdmin.get(`/api/audit?community=${palmas}&size=100`)).json().content as {
      action: string;
      actorLabel: string;
    }[];
    const changes = events.filter((e) => e.action.startsWith('community.')).map((e) => `${e.action} ${e.actorLabel}`);
    expect(changes).toEqual(
      expect.arrayContaining([
        'community.disable integrador@porton.mx',
        'community.enable integrador@porton.mx',
        'community.disable admin@porton.mx',
        'community.enable admin@porton.mx',
      ]),
    );
  });
});
