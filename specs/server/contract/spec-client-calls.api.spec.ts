import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { seedDemoContractors } from '../../../src/server/contractors/seed-contractors.js';
import { seedDemoWorkers } from '../../../src/server/contractors/seed-workers.js';
import { localToday } from '../../../src/shared/reports/report-rules.js';
import { pngBase64, shiftEvent } from '../../support/massive-events/event-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * The call lists, call by call, as a client written only from them sends each one: plain paths
 * and JSON built from the field names the lists give, no product types, `Content-Type:
 * application/json` on every JSON call (also on calls that send nothing). Each call answers 2xx,
 * in the shape the list names where it names one; a call whose rule refuses what the list allows
 * to be sent (an unknown registration link) answers that rule's 4xx, never 5xx.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const JSON_TYPE = { 'content-type': 'application/json' };
const CLIENT = `Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}`;
const NOBODY = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await testApp();
  // The demo's catalogues, contractors, sites and workers, as `npm start` has them.
  await seedDemoCatalogues(t.db);
  await seedDemoContractors(t.db);
  await seedDemoWorkers(t.db, t.config);
  for (const who of ['administrador', 'admin', 'integrador', 'capturista', 'contratista', 'residente'])
    tokens[who] = await t.signIn(`${who}@porton.mx`);
  // The administrator of two communities works in Residencial Las Palmas (where the demo's sites are).
  const me = (await call('administrador', 'GET', 'api/users/me')).body as { product: { name: string; uuid: string }[] };
  const palmas = me.product.find((p) => p.name === 'Residencial Las Palmas')!;
  await call('administrador', 'PUT', `api/users/setUpdateFrac/${palmas.uuid}`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Json = unknown;
type Row = Record<string, Json>;
interface Answer {
  status: number;
  body: Json;
  text: string;
  type: string;
}
/** One call as a client of the list makes it. */
async function call(who: string, method: string, url: string, body?: Json): Promise<Answer> {
  const res = await t.app.inject({
    method: method as 'GET',
    url: `/${url.replace(/^\//, '')}`,
    headers: { ...JSON_TYPE, authorization: `Bearer ${tokens[who]}` },
    payload: body === undefined ? '' : JSON.stringify(body),
  });
  const type = String(res.headers['content-type'] ?? '');
  const text = type.includes('json') ? res.body : '';
  return { status: res.statusCode, body: text ? (JSON.parse(text) as Json) : null, text, type };
}
/** A call with a text/plain body (a reason, an email, a device token). */
async function callText(who: string | null, method: string, url: string, text: string): Promise<Answer> {
  const res = await t.app.inject({
    method: method as 'PUT',
    url: `/${url.replace(/^\//, '')}`,
    headers: { 'content-type': 'text/plain', authorization: who ? `Bearer ${tokens[who]}` : CLIENT },
    payload: text,
  });
  return { status: res.statusCode, body: null, text: res.body, type: String(res.headers['content-type'] ?? '') };
}
const done = (res: Answer, what: string) => {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
  return res;
};
const refused = (res: Answer, what: string) => {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
};
const asList = (res: Answer, what: string): Row[] => {
  done(res, what);
  expect(Array.isArray(res.body), `${what} answers a list`).toBe(true);
  return res.body as Row[];
};
/** A list the lists show paged: its rows, under whichever of the usual keys the answer uses. */
const rowsOf = (res: Answer): Row[] => {
  const body = res.body as Row | Row[];
  if (Array.isArray(body)) return body;
  return (body.content ?? body.data ?? []) as Row[];
};
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const image = (name: string, content = PNG) => ({ name, extension: 'png', mimeType: 'image/png', content });
/** A worker's photo is 100x100 (the workers' rule). */
const PHOTO = pngBase64(100, 100);
/** A local date-time `days` from now, as the lists' date fields carry it. */
const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T10:00:00`;
};

describe('access, shell, communities and users: each call of the list', () => {
  it('sign-in, the shell and the registration calls', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        username: 'administrador@porton.mx',
        password: 'Porton2026',
        grant_type: 'password',
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    expect(token.json().access_token).toEqual(expect.any(String));
    done(await call('administrador', 'GET', 'api/users/whoami'), 'GET api/users/whoami');
    const me = done(await call('administrador', 'GET', 'api/users/me'), 'GET api/users/me').body as Row;
    // An unknown registration link: an empty answer means the user was not found.
    const found = await call('administrador', 'GET', `api/users/findUser/${NOBODY}`);
    expect(found.status, found.text).toBeLessThan(500);
    refused(
      await call('administrador', 'POST', 'api/users/newPassword', { uuid: NOBODY, password: 'Secreta2026' }),
      'POST api/users/newPassword',
    );
    done(
      await callText(null, 'POST', 'api/users/resetPassword', 'residente@porton.mx'),
      'POST api/users/resetPassword',
    );
    const frac = (me.testFrac as Row).uuid as string;
    done(await call('administrador', 'PUT', `api/users/setUpdateFrac/${frac}`), 'PUT api/users/setUpdateFrac');
    asList(await call('integrador', 'GET', 'api/addresses/01000'), 'GET api/addresses/{postalCode}');
  });

  it('users: options, list, save, update and delete', async () => {
    asList(await call('integrador', 'GET', 'api/users/integrator'), 'GET api/users/integrator');
    done(await call('administrador', 'GET', 'api/users/'), 'GET api/users/');
    const user = {
      firstName: 'Vigilante',
      lastName: 'De Lista',
      email: 'vigilante.lista@porton.mx',
      vigilantCode: '7391',
      idUsersTypes: 5,
      starDate: '',
      endDate: '',
      useApp: false,
      phoneNumber: '5511112222',
    };
    const saved = done(await call('administrador', 'POST', 'api/users', [user]), 'POST api/users').body as Row[];
    const uuid = (Array.isArray(saved) ? saved[0]!.uuid : (saved as Row).uuid) as string;
    done(
      await call('administrador', 'PUT', `api/users/${uuid}`, { ...user, lastName: 'De Lista Dos' }),
      'PUT api/users/{id}',
    );
    done(await call('administrador', 'DELETE', `api/users/${uuid}`), 'DELETE api/users/{id}');
  });

  it('communities and integrators', async () => {
    const communities = rowsOf(done(await call('integrador', 'GET', 'api/fracs'), 'GET api/fracs'));
    const palmas = communities.find((c) => c.name === 'Residencial Las Palmas')!;
    const detail = done(await call('integrador', 'GET', `api/fracs/${palmas.uuid}`), 'GET api/fracs/{uuid}')
      .body as Row;
    const [address] = asList(await call('integrador', 'GET', 'api/addresses/01000'), 'addresses');
    const admins = asList(await call('integrador', 'GET', 'api/users/integrator'), 'administrators');
    const body = {
      name: 'Fraccionamiento de Lista',
      cp: '01000',
      city: address!.city,
      state: address!.state,
      idAddress: address!.idAddress,
      street: 'Calle Lista',
      extNumber: '10',
      intNumber: '',
      idUser: admins[0]!.idUser,
      licenseTotal: 5,
      starDate: '',
      endDate: '',
      user: { idUser: admins[0]!.idUser },
    };
    const created = done(await call('integrador', 'POST', 'api/fracs/admin', body), 'POST api/fracs/admin').body as Row;
    done(
      await call('integrador', 'PUT', `api/fracs/${created.uuid}`, { ...body, licenseTotal: 6, idFile: null }),
      'PUT api/fracs/{uuid}',
    );
    expect(detail.uuid).toBe(palmas.uuid);

    const dashboard = asList(
      await call('integrador', 'GET', 'api/integrator/dashboard'),
      'GET api/integrator/dashboard',
    );
    expect(dashboard).toHaveLength(3);
    done(await call('admin', 'GET', 'api/integrator/'), 'GET api/integrator/');
    const integrator = {
      name: 'Integra',
      lastName: 'De Lista',
      number: '20',
      licenses: 10,
      idAddress: address!.idAddress,
      street: 'Calle Integra',
      intNumber: '',
      phone: '5512349876',
      user: { email: 'integra.lista@porton.mx' },
    };
    const made = done(await call('admin', 'POST', 'api/integrator', integrator), 'POST api/integrator').body as Row;
    const uuid = made.uuid as string;
    done(
      await call('admin', 'PUT', `api/integrator/${uuid}`, { ...integrator, licenses: 12 }),
      'PUT api/integrator/{uuid}',
    );
    done(await call('admin', 'PUT', `api/integrator/${uuid}/disable`), 'PUT api/integrator/{uuid}/disable');
    done(await call('admin', 'PUT', `api/integrator/${uuid}/enable`), 'PUT api/integrator/{uuid}/enable');
    done(await call('admin', 'DELETE', `api/integrator/${uuid}`), 'DELETE api/integrator/{uuid}');
  });

  it('the dashboard and the guard-app configuration', async () => {
    for (const url of [
      'api/visitantDashBoard/dailyVisits/',
      'api/visitantDashBoard/monthlyVisits/',
      'api/visitantDashBoard/residentSummary',
      'api/visitants/entriesQR/',
      'api/visitants/entriesManual/',
    ])
      done(await call('administrador', 'GET', url), `GET ${url}`);
    const current = done(
      await call('administrador', 'GET', 'api/administrativeVisitUser/administrativeResident'),
      'GET api/administrativeVisitUser/administrativeResident',
    );
    expect(current.status).toBeLessThan(300);
  });
});

describe('events, contractors and workers: each call of the list', () => {
  it('massive events and their guests', async () => {
    const areas = asList(await call('administrador', 'GET', 'api/commonareas/byfrac'), 'GET api/commonareas/byfrac');
    const residents = asList(await call('administrador', 'GET', 'api/residents/all'), 'GET api/residents/all');
    // The list shows no query; the route takes the resident's uuid (or email).
    done(
      await call('administrador', 'GET', `api/residents/findOne?uuid=${residents[0]!.uuid}`),
      'GET api/residents/findOne',
    );
    asList(await call('administrador', 'GET', 'api/massiveEvents/'), 'GET api/massiveEvents/');
    const event = {
      title: 'Evento de la lista',
      additionalInformation: 'Traer identificación.',
      startDate: inDays(10),
      commonArea: { uuid: areas[0]!.uuid },
      resident: { uuid: residents[0]!.uuid },
    };
    const uuid = done(await call('administrador', 'POST', 'api/massiveEvents', event), 'POST api/massiveEvents')
      .body as string;
    expect(uuid).toEqual(expect.any(String));
    done(
      await call('administrador', 'PUT', `api/massiveEvents/${uuid}`, { ...event, title: 'Evento de la lista 2' }),
      'PUT api/massiveEvents/{id}',
    );
    const guest = done(
      await call('administrador', 'POST', 'api/massiveEventGuests/', {
        massiveEvent: { uuid },
        uuid: '',
        firstName: 'Ana',
        lastName: 'Luna',
        email: 'ana.luna@correo.mx',
        phone: '5512345678',
      }),
      'POST api/massiveEventGuests/',
    ).body as Row;
    const many = asList(
      await call('administrador', 'POST', 'api/massiveEventGuests/multiple', {
        massiveEvent: { uuid },
        guests: [
          { firstName: 'Beto', lastName: 'Sol', email: '', phone: '' },
          { firstName: 'Ceci', lastName: 'Mar', email: '', phone: '' },
        ],
      }),
      'POST api/massiveEventGuests/multiple',
    );
    expect(many).toHaveLength(2);
    done(
      await call('administrador', 'PUT', `api/massiveEventGuests/${guest.uuid}`, {
        uuid: guest.uuid,
        firstName: 'Ana María',
        lastName: 'Luna',
        email: 'ana.luna@correo.mx',
        phone: '5512345678',
        massiveEvent: { uuid },
      }),
      'PUT api/massiveEventGuests/{id}',
    );
    done(
      await call('administrador', 'DELETE', `api/massiveEventGuests/${many[1]!.uuid}`),
      'DELETE api/massiveEventGuests/{id}',
    );
    done(
      await call('administrador', 'PUT', `api/massiveEvents/${uuid}/configure`, {
        profile: null,
        backgroundImage: null,
      }),
      'PUT api/massiveEvents/{id}/configure',
    );
    const read = done(await call('administrador', 'GET', `api/massiveEvents/${uuid}`), 'GET api/massiveEvents/{id}')
      .body as Row;
    expect(Array.isArray(read.massiveEventGuests)).toBe(true);
    const invitation = await call('administrador', 'GET', `api/massiveEvents/${uuid}/invitation`);
    done(invitation, 'GET api/massiveEvents/{id}/invitation');
    expect(invitation.type).toMatch(/image\/png|application\/zip/);
    const one = await call('administrador', 'GET', `api/massiveEventGuests/invitation?uuid=${guest.uuid}`);
    done(one, 'GET api/massiveEventGuests/invitation (one)');
    expect(one.type).toContain('image/png');
    const several = await call(
      'administrador',
      'GET',
      `api/massiveEventGuests/invitation?uuid=${guest.uuid}&uuid=${many[0]!.uuid}`,
    );
    done(several, 'GET api/massiveEventGuests/invitation (several)');
    expect(several.type).toContain('application/zip');
    // Time passes (the test moves the dates, as the clock would): a finished event is cloned with no body.
    const finished = done(
      await call('administrador', 'POST', 'api/massiveEvents', { ...event, title: 'Evento terminado' }),
      'POST api/massiveEvents',
    ).body as string;
    await shiftEvent(t, finished, -48, 'Próximo');
    const clone = done(
      await call('administrador', 'POST', `api/massiveEvents/${finished}/clone`),
      'POST api/massiveEvents/{id}/clone',
    );
    expect(clone.body).toEqual(expect.any(String));
    done(await call('administrador', 'PUT', `api/massiveEvents/${uuid}/cancel`), 'PUT api/massiveEvents/{id}/cancel');
    done(await call('administrador', 'DELETE', `api/massiveEvents/${uuid}`), 'DELETE api/massiveEvents/{id}');
  });

  it('contractors, sites and workers', async () => {
    const contractors = asList(await call('administrador', 'GET', 'api/contractors/'), 'GET api/contractors/');
    done(await call('administrador', 'GET', `api/contractors/${contractors[0]!.uuid}`), 'GET api/contractors/{id}');
    done(await call('contratista', 'GET', 'api/contractors/user'), 'GET api/contractors/user');
    const contractor = done(
      await call('administrador', 'POST', 'api/contractors', {
        firstName: 'Carlos',
        lastName: 'De Lista',
        phone: '5512340000',
        enterprise: 'Obras de Lista',
        fullAddress: 'Monterrey, Calle Uno, #1, C.P.:64000',
        email: 'carlos.lista@porton.mx',
      }),
      'POST api/contractors',
    ).body as Row;
    done(
      await call('administrador', 'PUT', `api/contractors/${contractor.uuid}`, {
        firstName: 'Carlos',
        lastName: 'De Lista',
        phone: '5512340001',
        enterprise: 'Obras de Lista',
        fullAddress: 'Monterrey, Calle Uno, #1, C.P.:64000',
      }),
      'PUT api/contractors/{id}',
    );
    const streets = asList(await call('administrador', 'GET', 'api/streets'), 'GET api/streets');
    const sites = asList(await call('administrador', 'GET', 'api/constructions'), 'GET api/constructions');
    done(await call('administrador', 'GET', `api/constructions/${sites[0]!.uuid}`), 'GET api/constructions/{id}');
    done(
      await call('administrador', 'GET', `api/constructions/contractor/?contractor=${contractors[0]!.uuid}`),
      'GET api/constructions/contractor/',
    );
    const site = {
      name: 'Obra de la lista',
      contractor: { uuid: contractor.uuid },
      number: '12',
      streetNumber: '12',
      street: { uuid: streets[0]!.uuid },
      startDate: inDays(1).slice(0, 10),
      endDate: inDays(60).slice(0, 10),
    };
    const created = done(await call('administrador', 'POST', 'api/constructions', site), 'POST api/constructions')
      .body as Row;
    done(
      await call('administrador', 'PUT', `api/constructions/${created.uuid}`, {
        name: 'Obra de la lista 2',
        contractor: site.contractor,
        street: site.street,
        startDate: site.startDate,
        endDate: site.endDate,
      }),
      'PUT api/constructions/{id}',
    );

    const workers = asList(
      await call('administrador', 'GET', 'api/constructionWorkers/frac'),
      'GET api/constructionWorkers/frac',
    );
    done(
      await call('administrador', 'GET', `api/constructionWorkers/contractor?contractor=${contractors[0]!.uuid}`),
      'GET api/constructionWorkers/contractor',
    );
    done(
      await call('administrador', 'GET', `api/constructionWorkers/construction?construction=${sites[0]!.uuid}`),
      'GET api/constructionWorkers/construction',
    );
    done(
      await call('administrador', 'GET', `api/constructionWorkers/${workers[0]!.uuid}`),
      'GET api/constructionWorkers/{id}',
    );
    // Credentials exist for approved workers only (the rule's 409 otherwise).
    const approved = workers.filter((w) => /aprob|approv/i.test(String(w.status)));
    expect(approved.length, JSON.stringify(workers.map((w) => w.status))).toBeGreaterThan(1);
    const license = await call(
      'administrador',
      'GET',
      `api/constructionWorkers/workerLicense?uuid=${approved[0]!.uuid}`,
    );
    done(license, 'GET api/constructionWorkers/workerLicense');
    expect(license.type).toContain('application/zip');
    const licenses = await call(
      'administrador',
      'GET',
      `api/constructionWorkers/workerLicense?uuid=${approved[0]!.uuid}&uuid=${approved[1]!.uuid}`,
    );
    done(licenses, 'GET api/constructionWorkers/workerLicense (several)');
    expect(licenses.type).toContain('application/zip');
    const worker = done(
      await call('administrador', 'POST', 'api/constructionWorkers/administrator', {
        firstName: 'Pedro',
        lastName: 'De Lista',
        construction: { uuid: created.uuid },
        identification: image('ine.png'),
        photo: image('foto.png', PHOTO),
        proofOfAddress: image('domicilio.png'),
      }),
      'POST api/constructionWorkers/administrator',
    ).body as Row;
    // The contractor asks for two workers; they wait for the administrator's decision.
    const requestSite = (asList(await call('contratista', 'GET', 'api/constructions'), 'sites')[0] as Row).uuid;
    const requested = (firstName: string) => ({
      firstName,
      lastName: 'Solicitado',
      identification: image('ine.png'),
      photo: image('foto.png', PHOTO),
      proofOfAddress: image('domicilio.png'),
    });
    done(
      await call('contratista', 'POST', 'api/constructionWorkerRequests', {
        construction: { uuid: requestSite },
        workers: [requested('Luis'), requested('Raúl')],
      }),
      'POST api/constructionWorkerRequests',
    );
    done(
      await call('administrador', 'GET', 'api/constructionWorkerRequests/byAdministrator'),
      'GET api/constructionWorkerRequests/byAdministrator',
    );
    const pending = asList(await call('administrador', 'GET', 'api/constructionWorkers/frac'), 'workers').filter(
      (w) => w.lastName === 'Solicitado',
    );
    expect(pending).toHaveLength(2);
    const [luis, raul] = ['Luis', 'Raúl'].map((name) => pending.find((w) => w.firstName === name)!);
    // A pending worker is edited with its unchanged files sent as { uuid }.
    const full = done(await call('administrador', 'GET', `api/constructionWorkers/${luis!.uuid}`), 'worker')
      .body as Row;
    const stored = (slot: string) => ({ uuid: (full[slot] as Row).uuid });
    done(
      await call('administrador', 'PUT', `api/constructionWorkers/${luis!.uuid}/administrator`, {
        firstName: 'Luis',
        lastName: 'Solicitado Dos',
        construction: { uuid: requestSite },
        identification: stored('identification'),
        photo: stored('photo'),
        proofOfAddress: stored('proofOfAddress'),
      }),
      'PUT api/constructionWorkers/{id}/administrator',
    );
    done(
      await call('administrador', 'PUT', `api/constructionWorkers/${luis!.uuid}/approve`),
      'PUT api/constructionWorkers/{id}/approve',
    );
    done(
      await callText('administrador', 'PUT', `api/constructionWorkers/${raul!.uuid}/reject`, 'Documentos vencidos'),
      'PUT api/constructionWorkers/{id}/reject',
    );
    done(
      await call('administrador', 'DELETE', `api/constructionWorkers/${worker.uuid}/administrator`),
      'DELETE api/constructionWorkers/{id}/administrator',
    );
    done(await call('administrador', 'DELETE', `api/constructions/${created.uuid}`), 'DELETE api/constructions/{id}');
    done(await call('administrador', 'DELETE', `api/contractors/${contractor.uuid}`), 'DELETE api/contractors/{id}');
  });
});

describe('residents, devices, catalogues, reports, content and settings: each call of the list', () => {
  it('residents: the paged list, create, update, enable, disable, resend, e-mail checks, phones, street residents, delete', async () => {
    const page = done(
      await call('administrador', 'GET', 'api/residents/?page=0&size=10&search=&useApp='),
      'GET api/residents/',
    );
    expect(rowsOf(page).length).toBeGreaterThan(0);
    const zones = asList(await call('administrador', 'GET', 'api/zones'), 'GET api/zones');
    const streets = asList(
      await call('administrador', 'GET', `api/streets/zones/${zones[0]!.uuid}`),
      'GET api/streets/zones/{zoneUuid}',
    );
    const street = streets[0]!;
    const created = asList(
      await call('administrador', 'POST', 'api/residents', [
        {
          firstName: 'Teresa',
          lastName: 'De Lista',
          idFrac: 1,
          idStreet: street.idStreet,
          number: '45',
          intNumber: '',
          useapp: true,
          action: '',
          notresident: false,
          email: 'teresa.lista@correo.mx',
          phones: [{ phone: '5512345678' }],
        },
      ]),
      'POST api/residents',
    );
    const resident = created[0]!;
    const phones = resident.phones as Row[];
    done(
      await call('administrador', 'PUT', `api/residents/${resident.uuid}`, {
        firstName: 'Teresa',
        lastName: 'De Lista Dos',
        idZone: zones[0]!.idZone,
        idStreet: street.idStreet,
        number: '45',
        intNumber: '',
        useapp: true,
        action: '',
        email: 'teresa.lista@correo.mx',
        notresident: false,
        phones: [{ phone: '5512345678', uuid: phones[0]!.uuid }, { phone: '5587654321' }],
      }),
      'PUT api/residents/{uuid}',
    );
    const validated = done(
      await call('administrador', 'POST', 'api/residents/validateEmail/', { email: 'nadie.lista@correo.mx' }),
      'POST api/residents/validateEmail/',
    ).body as Row;
    expect(Object.keys(validated)).toEqual(expect.arrayContaining(['Success', 'Message', 'Data']));
    done(
      await call('administrador', 'PUT', `api/residents/resendRegistrationEmail/${resident.uuid}`),
      'PUT api/residents/resendRegistrationEmail/{id}',
    );
    done(
      await call('administrador', 'PUT', `api/residents/disable/${resident.uuid}`),
      'PUT api/residents/disable/{id}',
    );
    done(await call('administrador', 'PUT', `api/residents/enable/${resident.uuid}`), 'PUT api/residents/enable/{id}');
    const read = done(
      await call('administrador', 'GET', `api/residents/findOne?uuid=${resident.uuid}`),
      'GET api/residents/findOne',
    ).body as Row;
    const second = (read.phones as Row[]).find((p) => p.phone === '5587654321')!;
    done(await call('administrador', 'DELETE', `api/phones/${second.uuid}`), 'DELETE api/phones/{uuid}');
    asList(
      await call('administrador', 'GET', `api/residents/streets/${street.uuid}`),
      'GET api/residents/streets/{streetUuid}',
    );
    done(await call('administrador', 'DELETE', `api/residents/${resident.uuid}`), 'DELETE api/residents/{uuid}');
    // Reactivating the deleted resident's e-mail answers the resident under Data.
    const reactivated = await call('administrador', 'POST', 'api/residents/reactivateEmail/', {
      email: 'teresa.lista@correo.mx',
    });
    expect(reactivated.status, reactivated.text).toBeLessThan(500);
  });

  it('devices: list, create, read, parents, update, delete', async () => {
    // The list names no shape for the devices' list.
    done(await call('administrador', 'GET', 'api/devices/'), 'GET api/devices/');
    const device = done(
      await call('administrador', 'POST', 'api/devices/', { name: 'Caseta de la lista', deviceType: 'BOOTH' }),
      'POST api/devices/',
    ).body as Row;
    done(await call('administrador', 'GET', `api/devices/${device.uuid}`), 'GET api/devices/{id}');
    done(
      await call('administrador', 'GET', `api/devices/searchParentDevice/${device.uuid}`),
      'GET api/devices/searchParentDevice/{id}',
    );
    done(
      await call('administrador', 'PUT', `api/devices/${device.uuid}`, {
        name: 'Caseta de la lista 2',
        deviceType: 'BOOTH',
      }),
      'PUT api/devices/{uuid}',
    );
    // Unlinking sends the device's token as the body; a device never linked is refused by the rule, not by the call.
    const unlinked = await callText(
      'administrador',
      'PUT',
      `api/devices/unlinkDevice/${device.uuid}`,
      'token-de-un-dispositivo',
    );
    expect(unlinked.status, unlinked.text).toBeLessThan(500);
    done(await call('administrador', 'DELETE', `api/devices/${device.uuid}`), 'DELETE api/devices/{id}');
  });

  it('location catalogues and the global catalogues, as the lists write them', async () => {
    const streets = asList(await call('administrador', 'GET', 'api/streets'), 'GET api/streets');
    const street = streets[0]!;
    const areas = asList(
      await call('administrador', 'POST', 'api/commonareas', [
        { name: 'Asador de la lista', number: '3', idStreet: street.idStreet },
      ]),
      'POST api/commonareas',
    );
    done(
      await call('administrador', 'PUT', `api/commonareas/${areas[0]!.uuid}`, {
        name: 'Asador de la lista 2',
        idStreet: street.idStreet,
        number: '3',
      }),
      'PUT api/commonareas/{uuid}',
    );
    done(await call('administrador', 'DELETE', `api/commonareas/${areas[0]!.uuid}`), 'DELETE api/commonareas/{uuid}');
    const gates = asList(
      await call('administrador', 'POST', 'api/gates', [{ name: 'Puerta de la lista', idFrac: 1 }]),
      'POST api/gates',
    );
    done(
      await call('administrador', 'PUT', `api/gates/${gates[0]!.uuid}`, {
        uuid: gates[0]!.uuid,
        name: 'Puerta de la lista 2',
        idFrac: 1,
      }),
      'PUT api/gates/{uuid}',
    );
    done(await call('administrador', 'DELETE', `api/gates/${gates[0]!.uuid}`), 'DELETE api/gates/{uuid}');
    done(
      await call('administrador', 'PUT', `api/streets/${street.uuid}`, { name: street.name, idZone: street.idZone }),
      'PUT api/streets/{uuid}',
    );
    const types = (
      done(await call('administrador', 'GET', 'api/providerTypes'), 'GET api/providerTypes').body as { data: Row[] }
    ).data;
    const type = types[0]!;
    done(
      await call('administrador', 'PUT', `api/providerTypes/${type.uuid}`, { name: `${type.name} (lista)` }),
      'PUT api/providerTypes/{uuid}',
    );
    const extra = done(
      await call('administrador', 'POST', 'api/providerTypes', { name: 'Tipo de la lista' }),
      'POST api/providerTypes',
    ).body as Row;
    done(await call('administrador', 'DELETE', `api/providerTypes/${extra.uuid}`), 'DELETE api/providerTypes/{uuid}');
    done(await call('admin', 'GET', 'api/userstypes/'), 'GET api/userstypes/');
    // The car-brand delete, on the path spelled with a d in the brand segment.
    const [brand] = asList(await call('admin', 'POST', 'api/carbrands', ['Marca de la lista']), 'POST api/carbrands');
    done(await call('admin', 'DELETE', `api/cardbrands/${brand!.uuid}`), 'DELETE api/cardbrands/{uuid}');
  });

  it('reports: the visit report, its export, the schedule, the common-area report', async () => {
    const report = done(
      await call('administrador', 'GET', 'api/visitants/visitantReport?page=0'),
      'GET api/visitants/visitantReport',
    ).body as Row;
    expect(Object.keys(report)).toEqual(expect.arrayContaining(['data', 'totalPages', 'totalElements']));
    done(await call('administrador', 'GET', 'api/visitants/visitantReportCsv'), 'GET api/visitants/visitantReportCsv');
    // The schedule refuses dates after today on the communities' clock, which is behind UTC.
    const today = localToday();
    const monthAgo = inDays(-30).slice(0, 10);
    done(
      await call('administrador', 'GET', `api/visitants/schedule/${monthAgo}/${today}/?limit=1500&page=0`),
      'GET api/visitants/schedule/{date1}/{date2}/',
    );
    for (const withQr of ['qr', 'manual', ''])
      asList(
        await call(
          'administrador',
          'GET',
          `api/commonAreaVisitants?resident=&invited=&timein=&commonArea=&withQr=${withQr}&isReport=true`,
        ),
        `GET api/commonAreaVisitants (withQr=${withQr})`,
      );
  });

  it('content: notices, newsletters and promotions read, written and deleted as the lists show them', async () => {
    const now = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Mexico_City',
      dateStyle: 'short',
      timeStyle: 'medium',
    })
      .format(new Date(Date.now() - 2 * 60_000))
      .replace(' ', 'T');
    const post = {
      title: 'Publicación de la lista',
      description: 'Texto de la publicación.',
      contactName: 'Administración',
      contactPhone: '5512345678',
      contactEmail: 'admin@porton.mx',
      contactLink: '',
      startDate: now,
      endDate: '2099-12-31T20:00:00',
    };
    const bodies: Record<string, Row> = {
      notices: { ...post, segmented: false, zones: null, streets: null, residents: null },
      newsletters: { ...post, type: 'Deportes' },
      promotions: { ...post, file: image('promo.png') },
    };
    for (const [kind, body] of Object.entries(bodies)) {
      asList(await call('administrador', 'GET', `api/${kind}`), `GET api/${kind}`);
      const created = done(await call('administrador', 'POST', `api/${kind}`, body), `POST api/${kind}`).body as Row;
      done(await call('administrador', 'GET', `api/${kind}/${created.uuid}`), `GET api/${kind}/{id}`);
      done(
        await call('administrador', 'PUT', `api/${kind}/${created.uuid}`, { ...body, title: 'Publicación editada' }),
        `PUT api/${kind}/{uuid}`,
      );
      done(await call('administrador', 'DELETE', `api/${kind}/${created.uuid}`), `DELETE api/${kind}/{uuid}`);
    }
  });

  it("settings and the guard app's administrative resident", async () => {
    const zones = asList(await call('administrador', 'GET', 'api/zones'), 'zones');
    const [street] = asList(await call('administrador', 'GET', `api/streets/zones/${zones[0]!.uuid}`), 'streets');
    const body = {
      firstName: 'Caseta',
      lastName: 'Administrativa',
      idFrac: 1,
      idStreet: street!.idStreet,
      number: '1',
      intNumber: '',
      useapp: false,
      action: '',
      notresident: true,
      email: 'caseta.lista@porton.mx',
    };
    const current = await call('administrador', 'GET', 'api/administrativeVisitUser/administrativeResident');
    done(current, 'GET api/administrativeVisitUser/administrativeResident');
    const me = done(await call('administrador', 'GET', 'api/users/me'), 'me').body as { testFrac: Row };
    if (!current.body || (current.body as Row).uuid === undefined) {
      const created = await call('administrador', 'POST', 'api/administrativeVisitUser/administrativeResident/', body);
      expect(created.status, created.text).toBe(201);
    }
    const updated = await call(
      'administrador',
      'PUT',
      `api/administrativeVisitUser/administrativeResident/${me.testFrac.uuid}`,
      { ...body, firstName: 'Caseta Dos' },
    );
    expect(updated.status, updated.text).toBe(200);
  });
});
