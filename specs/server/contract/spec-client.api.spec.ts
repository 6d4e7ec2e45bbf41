import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * A client written only from the product's call lists, as phone apps, devices and scripts are:
 * plain paths and JSON, no product types, `Content-Type: application/json` on every call (also on
 * calls that send nothing). Each call as the list shows it answers 2xx, with the shape the list
 * names (a list where it says a list, the rows under `data` where it says so).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const JSON_TYPE = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await testApp();
  for (const who of ['administrador', 'admin', 'integrador', 'capturista'])
    tokens[who] = await t.signIn(`${who}@porton.mx`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Json = unknown;
/** One call as a client of the list makes it. */
async function call(who: string, method: string, url: string, body?: Json) {
  const res = await t.app.inject({
    method: method as 'GET',
    url: `/${url.replace(/^\//, '')}`,
    headers: { ...JSON_TYPE, authorization: `Bearer ${tokens[who]}` },
    payload: body === undefined ? '' : JSON.stringify(body),
  });
  const text = res.body;
  return { status: res.statusCode, body: text ? (JSON.parse(text) as Json) : null, text };
}
const ok = (res: { status: number; text: string }, what: string) =>
  expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
const okBelow300 = (res: { status: number; text: string }, what: string) => {
  ok(res, what);
  expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBeLessThan(300);
};
const list = (value: Json, what: string) => expect(Array.isArray(value), `${what} answers a list`).toBe(true);

describe('the call lists, as their clients send them', () => {
  it('session: whoami, me, and switching the active community with no body', async () => {
    okBelow300(await call('administrador', 'GET', 'api/users/whoami'), 'whoami');
    const me = await call('administrador', 'GET', 'api/users/me');
    okBelow300(me, 'me');
    const frac = (me.body as { testFrac: { uuid: string } }).testFrac.uuid;
    okBelow300(await call('administrador', 'PUT', `api/users/setUpdateFrac/${frac}`), 'setUpdateFrac');
  });

  it('location: zones, streets and common areas read whole and written as the lists show them', async () => {
    const me = (await call('administrador', 'GET', 'api/users/me')).body as { testFrac: { uuid: string } };
    const zones = await call('administrador', 'GET', 'api/zones');
    okBelow300(zones, 'GET api/zones');
    list(zones.body, 'GET api/zones');
    const created = await call('administrador', 'POST', 'api/zones', [
      { name: 'Zona Cliente', color: '#000000', idFrac: 1 },
    ]);
    okBelow300(created, 'POST api/zones');
    const zone = (created.body as { uuid: string; idZone: number }[])[0]!;
    okBelow300(
      await call('administrador', 'PUT', `api/zones/${zone.uuid}`, {
        name: 'Zona Cliente 2',
        color: '#000000',
        idFrac: 1,
      }),
      'PUT api/zones',
    );
    const streets = await call('administrador', 'GET', 'api/streets');
    list(streets.body, 'GET api/streets');
    okBelow300(await call('administrador', 'GET', `api/streets/zones/${zone.uuid}`), 'GET api/streets/zones');
    const street = await call('administrador', 'POST', 'api/streets', [{ name: 'Calle Cliente', idZone: zone.idZone }]);
    okBelow300(street, 'POST api/streets');
    const streetUuid = (street.body as { uuid: string }[])[0]!.uuid;
    okBelow300(await call('administrador', 'DELETE', `api/streets/${streetUuid}`), 'DELETE api/streets');
    list((await call('administrador', 'GET', 'api/commonareas/complete')).body, 'GET api/commonareas/complete');
    okBelow300(await call('administrador', 'GET', 'api/gates'), 'GET api/gates');
    list((await call('administrador', 'GET', 'api/gates/complete')).body, 'GET api/gates/complete');
    okBelow300(await call('administrador', 'DELETE', `api/zones/${zone.uuid}`), 'DELETE api/zones');
    expect(me.testFrac.uuid).toBeTruthy();
  });

  it('catalogues: lists of plain names, provider types under data', async () => {
    for (const url of ['api/userstypes', 'api/carbrands', 'api/colors']) {
      okBelow300(await call('admin', 'GET', url), `GET ${url}`);
      const res = await call('admin', 'POST', url, [`Nombre ${url.slice(4)}`]);
      okBelow300(res, `POST ${url}`);
      const uuid = (res.body as { uuid: string }[])[0]!.uuid;
      okBelow300(await call('admin', 'PUT', `${url}/${uuid}`, { uuid, name: `Otro ${url.slice(4)}` }), `PUT ${url}`);
      okBelow300(await call('admin', 'DELETE', `${url}/${uuid}`), `DELETE ${url}`);
    }
    const types = await call('administrador', 'GET', 'api/providerTypes');
    list((types.body as { data: Json }).data, 'GET api/providerTypes data');
    okBelow300(
      await call('administrador', 'POST', 'api/providerTypes', { name: 'Jardinería Cliente' }),
      'POST api/providerTypes',
    );
  });

  it('content, contractors, sites and the common-area report read whole', async () => {
    for (const url of ['api/notices', 'api/newsletters', 'api/promotions', 'api/contractors/', 'api/constructions']) {
      const res = await call('administrador', 'GET', url);
      okBelow300(res, `GET ${url}`);
      list(res.body, `GET ${url}`);
    }
    const report = await call(
      'administrador',
      'GET',
      'api/commonAreaVisitants?resident=&invited=&timein=&commonArea=&withQr=&isReport=false',
    );
    okBelow300(report, 'GET api/commonAreaVisitants');
    list(report.body, 'GET api/commonAreaVisitants');
  });

  it('settings: exactly the fields of the settings list', async () => {
    const me = (await call('administrador', 'GET', 'api/users/me')).body as { testFrac: { uuid: string } };
    const res = await call('administrador', 'PUT', `api/fracs/${me.testFrac.uuid}/configure`, {
      uuid: me.testFrac.uuid,
      folioRequired: false,
      visitorSearch: true,
      searchName: true,
      searchAddress: true,
      searchAction: false,
      viewResidentName: true,
      viewVisitAddress: true,
      viewResidentAddress: true,
      viewResidentNumber: true,
      invitationValidity: 12,
      invitationMessage: 'Hola, genera tu código para entrar.',
      frequentInvitationChronoUnit: 'WEEKS',
      frequentInvitationValidity: 1,
    });
    okBelow300(res, 'PUT api/fracs/{uuid}/configure');
  });

  it('an integrator saves an administrator with the user save payload', async () => {
    const [address] = (await call('integrador', 'GET', 'api/addresses/01000')).body as { idAddress: number }[];
    const res = await call('integrador', 'POST', 'api/users', [
      {
        firstName: 'Admin',
        lastName: 'Del Cliente',
        email: 'admin.cliente@porton.mx',
        vigilantCode: '',
        idUsersTypes: 4,
        city: '',
        state: '',
        idAddress: address!.idAddress,
        street: 'Calle Uno',
        extNumber: '1',
        intNumber: '',
        starDate: '',
        endDate: '',
        useApp: false,
        phoneNumber: '',
      },
    ]);
    okBelow300(res, 'POST api/users');
  });
});
