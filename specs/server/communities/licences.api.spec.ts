import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityBody, communityUuid, integratorBody, integratorUuid } from '../../support/community-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let integrador: ReturnType<TestApp['as']>;
let admin: ReturnType<TestApp['as']>;
beforeAll(async () => {
  t = await testApp();
  integrador = t.as(await t.signIn('integrador@porton.mx'));
  admin = t.as(await t.signIn('admin@porton.mx'));
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const dashboard = async (as = integrador) => (await as.get('/api/integrator/dashboard')).json();
const assigned = async () =>
  (await t.db.one<{ n: number }>(
    `SELECT COALESCE(sum(c.license_total), 0)::int AS n FROM communities c JOIN integrators i ON i.id = c.integrator_id
    JOIN users u ON u.id = i.user_id WHERE u.email = 'integrador@porton.mx'`,
  ))!.n;

describe('licence accounting: an integrator never assigns more licences than it was given', () => {
  it('the dashboard answers [total, used, available] from the integrator and its communities', async () => {
    // integrador: 400 licences; Las Palmas 150 + Bosques del Valle 100. integrador2: 120; Villas del Sol 80.
    expect(await dashboard()).toEqual([400, 250, 150]);
    expect(await dashboard(t.as(await t.signIn('integrador2@porton.mx')))).toEqual([120, 80, 40]);
  });

  it('refuses a community asking for more than is available (409, Spanish, nothing created)', async () => {
    const res = await integrador.post('/api/fracs/admin', await communityBody(t, { licenseTotal: 151 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe(
      'No hay licencias suficientes: solicitaste 151 y el integrador tiene 150 disponibles de 400.',
    );
    expect((await integrador.get('/api/fracs?search=Lomas')).json().totalElements).toBe(0);
    expect(await dashboard()).toEqual([400, 250, 150]);
  });

  it('accepts exactly what is available; then nothing more fits', async () => {
    expect((await integrador.post('/api/fracs/admin', await communityBody(t, { licenseTotal: 150 }))).statusCode).toBe(
      200,
    );
    expect(await dashboard()).toEqual([400, 400, 0]);
    const more = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Una más', licenseTotal: 1 }),
    );
    expect(more.statusCode).toBe(409);
  });

  it("an edit counts the community's own licences once: keeping them fits, raising them does not", async () => {
    const palmas = await communityUuid(t, 'Residencial Las Palmas');
    const body = await communityBody(t, { name: 'Residencial Las Palmas', cp: '76000' });
    expect((await integrador.put(`/api/fracs/${palmas}`, { ...body, licenseTotal: 150 })).statusCode).toBe(200);
    const raise = await integrador.put(`/api/fracs/${palmas}`, {
      ...body,
      licenseTotal: 151,
      name: 'Cambio que no debe quedar',
    });
    expect(raise.statusCode).toBe(409);
    const after = (await integrador.get(`/api/fracs/${palmas}`)).json();
    expect(after).toMatchObject({ name: 'Residencial Las Palmas', licenseTotal: 150 });
    expect((await integrador.put(`/api/fracs/${palmas}`, { ...body, licenseTotal: 100 })).statusCode).toBe(200);
    expect(await dashboard()).toEqual([400, 350, 50]);
  });

  it('the general administrator cannot give an integrator fewer licences than it assigned (409, nothing changed)', async () => {
    const uuid = await integratorUuid(t, 'integrador@porton.mx');
    const body = await integratorBody(t, { name: 'Ignacio', lastName: 'Ramírez Soto' }, 'integrador@porton.mx');
    const res = await admin.put(`/api/integrator/${uuid}`, { ...body, licenses: 349 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe(
      'No es posible asignar 349 licencias: sus fraccionamientos ya tienen 350 asignadas.',
    );
    expect((await admin.get(`/api/integrator/${uuid}`)).json().licenses).toBe(400);
    expect((await admin.put(`/api/integrator/${uuid}`, { ...body, licenses: 350 })).statusCode).toBe(200);
    expect(await dashboard()).toEqual([350, 350, 0]);
    expect((await admin.put(`/api/integrator/${uuid}`, { ...body, licenses: 420 })).statusCode).toBe(200);
    expect(await dashboard()).toEqual([420, 350, 70]);
  });

  it('two saves at the same time cannot both spend the same licences', async () => {
    expect(await dashboard()).toEqual([420, 350, 70]);
    const bodies = await Promise.all(
      ['Concurrente A', 'Concurrente B', 'Concurrente C'].map((name) => communityBody(t, { name, licenseTotal: 40 })),
    );
    const results = await Promise.all(bodies.map((body) => integrador.post('/api/fracs/admin', body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await assigned()).toBe(390);
    expect(await dashboard()).toEqual([420, 390, 30]);
  });
});
