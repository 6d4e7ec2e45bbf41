import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { auditActionNames } from '../../../src/shared/audit/audit-actions.js';
import { asActor, asPlatform } from '../../../src/server/platform/db/row-scope.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { communityUuid } from '../../support/community-fixtures.js';
import { currentDates } from '../../support/content/content-dates.js';
import { pdf, photo, workerSites } from '../../support/contractors/worker-fixtures.js';
import { areaUuid, inHours, residentUuid } from '../../support/massive-events/event-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * The trail the database writes: every write of a community's rows or of the global catalogues
 * leaves an event under the request's actor, whatever route made it.
 */

let t: TestApp;
let a: Actors;
let palmas: string;
let villas: string;
beforeAll(async () => {
  t = await testApp();
  await seedDemoCatalogues(t.db);
  a = await signInActors(t);
  palmas = await communityUuid(t, 'Residencial Las Palmas');
  villas = await communityUuid(t, 'Villas del Sol');
});
afterAll(async () => {
  await t?.close();
});

interface Event {
  actorKind: string;
  actorLabel: string | null;
  action: string;
  recordUuid: string | null;
  address: string | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  community: { uuid: string; name: string } | null;
}
const trail = async (who: Actors[keyof Actors], query: string) => {
  const res = await who.get(`/api/audit?size=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { content: Event[] }).content;
};

/**
 * Every write route of the route table (POST, PUT, PATCH, DELETE) and how it leaves its trace:
 * `tables`: the database's trigger records each row it writes there (routes that name their own
 * event, `recordAudit`, write those tables too and their event stands for the transaction);
 * `none`: why the route leaves no event. A new write route must be added here.
 */
type Trace = { tables: string[] } | { none: string };
const CATALOGUE = (table: string, ...ops: string[]) =>
  Object.fromEntries(ops.map((op) => [op, { tables: [table] }])) as Record<string, Trace>;
const WRITE_ROUTES: Record<string, Trace> = {
  signIn: { tables: ['users'] }, // and the route's own session.signIn event; the session is not a record
  signOut: { none: "ends the caller's session (a session is not a record); the route records session.signOut itself" },
  setActiveCommunity: { tables: ['users'] },
  completeRegistration: { tables: ['users'] },
  requestPasswordReset: {
    none: 'writes only a one-time registration ticket (a secret) and a mail; no record changes',
  },
  ...CATALOGUE('car_brands', 'createCarBrands', 'updateCarBrand', 'deleteCarBrand', 'deleteCarBrandAtCardbrands'),
  ...CATALOGUE('colors', 'createColors', 'updateColor', 'deleteColor'),
  ...CATALOGUE('common_areas', 'createCommonAreas', 'updateCommonArea', 'deleteCommonArea'),
  ...CATALOGUE('gates', 'createGates', 'updateGate', 'deleteGate'),
  ...CATALOGUE('provider_types', 'createProviderType', 'updateProviderType', 'deleteProviderType'),
  ...CATALOGUE('streets', 'createStreets', 'updateStreet', 'deleteStreet'),
  ...CATALOGUE('user_types', 'createUserTypes', 'updateUserType', 'deleteUserType'),
  ...CATALOGUE('zones', 'createZones', 'updateZone', 'deleteZone'),
  ...CATALOGUE(
    'integrators',
    'createIntegrator',
    'updateIntegrator',
    'deleteIntegrator',
    'disableIntegrator',
    'enableIntegrator',
  ),
  ...CATALOGUE(
    'communities',
    'updateCommunity',
    'createCommunity',
    'disableCommunity',
    'enableCommunity',
    'configureCommunity',
  ),
  ...CATALOGUE('users', 'createUsers', 'updateUser', 'deleteUser'),
  ...CATALOGUE(
    'administrative_residents',
    'createAdministrativeResident',
    'createAdministrativeResidentAtTrailingSlash',
    'updateAdministrativeResident',
  ),
  ...CATALOGUE(
    'visits',
    'createVisit',
    'registerVisitExit',
    'checkInMassiveEventGuest',
    'checkOutMassiveEventGuest',
    'syncGateRecords',
  ),
  ...CATALOGUE(
    'residents',
    'createResident',
    'updateResident',
    'deleteResident',
    'enableResident',
    'disableResident',
    'reactivateResidentEmail',
    'reactivateResidentEmailAtTrailingSlash',
    'registerResident',
    'importResidents',
    'importResidentsAtTrailingSlash',
  ),
  validateResidentEmail: { none: 'reads only: answers whether an email is free' },
  validateResidentEmailAtTrailingSlash: { none: 'reads only: answers whether an email is free' },
  resendResidentCode: { tables: ['resident_codes'] },
  deletePhone: { tables: ['resident_phones'] },
  ...CATALOGUE(
    'devices',
    'createDevice',
    'createDeviceAtTrailingSlash',
    'updateDevice',
    'deleteDevice',
    'unlinkDevice',
    'linkDevice',
  ),
  renewDeviceLinkCode: { tables: ['device_link_codes'] },
  deviceHeartbeat: {
    none: "a linked device's presence (last seen, online): bookkeeping of the device, not a change of a record",
  },
  ...CATALOGUE(
    'content_posts',
    'createNotice',
    'updateNotice',
    'deleteNotice',
    'createNewsletter',
    'updateNewsletter',
    'deleteNewsletter',
    'createPromotion',
    'updatePromotion',
    'deletePromotion',
  ),
  registerCommonAreaVisit: { tables: ['common_area_visits'] },
  ...CATALOGUE(
    'massive_events',
    'createMassiveEvent',
    'updateMassiveEvent',
    'deleteMassiveEvent',
    'cloneMassiveEvent',
    'cancelMassiveEvent',
    'restoreMassiveEvent',
    'configureMassiveEvent',
  ),
  ...CATALOGUE(
    'massive_event_guests',
    'createMassiveEventGuest',
    'createMassiveEventGuestAtTrailingSlash',
    'createMassiveEventGuests',
    'updateMassiveEventGuest',
    'deleteMassiveEventGuest',
  ),
  ...CATALOGUE('contractors', 'createContractor', 'updateContractor', 'deleteContractor'),
  ...CATALOGUE('constructions', 'createConstruction', 'updateConstruction', 'deleteConstruction'),
  ...CATALOGUE(
    'construction_workers',
    'deleteWorkerAsAdministrator',
    'updateWorkerAsAdministrator',
    'approveWorker',
    'rejectWorker',
    'createWorkerAsAdministrator',
    'requestWorkers',
  ),
};

describe('Every write route leaves a trace or says why not', () => {
  it('the route table’s write routes are exactly the list, and every table the list names is recorded by the database', async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
    const writes = Object.values(doc.paths).flatMap((ops) =>
      Object.entries(ops)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([, op]) => op.operationId),
    );
    expect(writes.length).toBeGreaterThan(0);
    expect([...writes].sort()).toEqual(Object.keys(WRITE_ROUTES).sort());
    const recorded = new Set(
      (
        await t.db.query<{ table: string }>(
          "SELECT c.relname AS table FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname = 'porton_audit_insert'",
        )
      ).map((r) => r.table),
    );
    const named = new Set(Object.values(WRITE_ROUTES).flatMap((trace) => ('tables' in trace ? trace.tables : [])));
    for (const table of named) expect(recorded.has(table), table).toBe(true);
    for (const trace of Object.values(WRITE_ROUTES)) if ('none' in trace) expect(trace.none.length).toBeGreaterThan(20);
  });

  it('every action the database can write has a Spanish name the filter accepts', async () => {
    const entities = await t.db.query<{ entity: string }>(
      `SELECT DISTINCT (regexp_match(encode(g.tgargs, 'escape'), '^([a-zA-Z]+)'))[1] AS entity
         FROM pg_trigger g WHERE g.tgname = 'porton_audit_insert'`,
    );
    expect(entities.length).toBeGreaterThan(20);
    for (const { entity } of entities)
      for (const op of ['create', 'update', 'delete'])
        expect(auditActionNames as string[], `${entity}.${op}`).toContain(`${entity}.${op}`);
  });
});

describe('Creating a record shows on the trail of its community', () => {
  it('a zone: on the community administrator’s trail, with who, from where and the fields; not on another community’s', async () => {
    const res = await a.admin.post('/api/zones', [{ name: 'Zona Auditada', color: '#123456' }]);
    expect(res.statusCode, res.body).toBe(201);
    const [event] = await trail(a.admin, 'action=zone.create');
    expect(event).toMatchObject({
      actorKind: 'user',
      actorLabel: 'administrador@porton.mx',
      action: 'zone.create',
      community: { uuid: palmas },
      changes: { name: { from: null, to: 'Zona Auditada' }, color: { from: null, to: '#123456' } },
    });
    expect(event.address).toBeTruthy();
    expect(event.recordUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await trail(a.admin2, 'action=zone.create')).some((e) => e.changes?.name?.to === 'Zona Auditada')).toBe(
      false,
    );
  });

  it('an update records the fields that changed; a delete names the record', async () => {
    const [created] = await trail(a.admin, 'action=zone.create');
    const uuid = created.recordUuid!;
    expect((await a.admin.put(`/api/zones/${uuid}`, { name: 'Zona Revisada', color: '#123456' })).statusCode).toBe(200);
    const [updated] = await trail(a.admin, 'action=zone.update');
    expect(updated).toMatchObject({
      recordUuid: uuid,
      changes: { name: { from: 'Zona Auditada', to: 'Zona Revisada' } },
    });
    expect((await a.admin.del(`/api/zones/${uuid}`)).statusCode).toBe(204);
    const [deleted] = await trail(a.admin, 'action=zone.delete');
    expect(deleted).toMatchObject({ recordUuid: uuid, community: { uuid: palmas } });
  });

  it('a zone created in another community lands on that community’s trail', async () => {
    expect((await a.admin2.post('/api/zones', [{ name: 'Zona De Villas', color: '#654321' }])).statusCode).toBe(201);
    const [event] = await trail(a.admin2, 'action=zone.create');
    expect(event).toMatchObject({ actorLabel: 'administrador2@porton.mx', community: { uuid: villas } });
  });

  it('a notice', async () => {
    const res = await a.admin.post('/api/notices', {
      title: 'Aviso auditado',
      description: 'Mantenimiento de la alberca.',
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
    });
    expect(res.statusCode, res.body).toBe(201);
    const [event] = await trail(a.admin, 'action=content.create');
    expect(event).toMatchObject({ actorLabel: 'administrador@porton.mx', community: { uuid: palmas } });
    expect(event.changes?.title).toEqual({ from: null, to: 'Aviso auditado' });
  });

  it('a massive event', async () => {
    const res = await a.admin.post('/api/massiveEvents', {
      title: 'Evento auditado',
      additionalInformation: '',
      startDate: inHours(48),
      commonArea: { uuid: await areaUuid(t, 'Residencial Las Palmas', 'Casa club') },
      resident: { uuid: await residentUuid(t, 'Jorge') },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [event] = await trail(a.admin, 'action=massiveEvent.create');
    expect(event).toMatchObject({ actorLabel: 'administrador@porton.mx', community: { uuid: palmas } });
    expect(event.changes?.title).toEqual({ from: null, to: 'Evento auditado' });
  });

  it('a contractor', async () => {
    const res = await a.admin.post('/api/contractors', {
      firstName: 'Auditado',
      lastName: 'Contratista',
      phone: '8187654321',
      enterprise: 'Obras Auditadas',
      fullAddress: 'Monterrey, Av. Juárez, #455, C.P.:64000',
      email: 'auditado.contratista@correo.mx',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [event] = await trail(a.admin, 'action=contractor.create');
    expect(event).toMatchObject({
      actorLabel: 'administrador@porton.mx',
      community: { uuid: palmas },
      recordUuid: res.json().uuid,
    });
    // The contractor's account and membership are part of the same change, on the same trail.
    expect((await trail(a.admin, 'action=membership.create')).length).toBeGreaterThan(0);
  });

  it('a construction worker', async () => {
    const sites = await workerSites(t);
    const res = await a.admin.post('/api/constructionWorkers/administrator', {
      firstName: 'Obrero',
      lastName: 'Auditado',
      photo: photo(),
      identification: pdf(),
      proofOfAddress: pdf('domicilio.pdf'),
      construction: { uuid: sites.mySite.uuid },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [event] = await trail(a.admin, 'action=worker.create');
    expect(event).toMatchObject({
      actorLabel: 'administrador@porton.mx',
      community: { uuid: palmas },
      recordUuid: res.json().uuid,
    });
  });

  it('a colour, on the general administrator’s trail (a global catalogue has no community)', async () => {
    expect((await a.generalAdmin.post('/api/colors', ['Verde Auditado'])).statusCode).toBe(201);
    const [event] = await trail(a.generalAdmin, 'action=color.create');
    expect(event).toMatchObject({
      actorLabel: 'admin@porton.mx',
      community: null,
      changes: { name: { from: null, to: 'Verde Auditado' } },
    });
    expect((await trail(a.admin, 'action=color.create')).length).toBe(0);
  });
});

describe('What the database records and what it leaves out', () => {
  it('a change of secrets only is an event without their values', async () => {
    const before = (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_events'))!.n;
    await asActor({ kind: 'user', userId: null, deviceId: null, label: 'prueba@porton.mx', address: '127.0.0.1' }, () =>
      asPlatform('a test of the trail', () =>
        t.db.query("UPDATE users SET password_hash = 'secreto-nuevo' WHERE email = 'capturista@porton.mx'"),
      ),
    );
    const rows = await t.db.query<{ action: string; changes: unknown; raw: string }>(
      'SELECT action, changes, e::text AS raw FROM audit_events e ORDER BY id DESC LIMIT 1',
    );
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_events'))!.n).toBe(before + 1);
    expect(rows[0]).toMatchObject({ action: 'user.update', changes: null });
    expect(rows[0].raw).not.toContain('secreto-nuevo');
  });

  it('work with no actor (seeds, scripts) and bookkeeping updates leave no event', async () => {
    const before = (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_events'))!.n;
    await asPlatform('a test of the trail', () =>
      t.db.query("UPDATE colors SET name = 'Verde Sin Actor' WHERE name = 'Verde Auditado'"),
    );
    await asActor({ kind: 'anonymous', userId: null, deviceId: null, label: null, address: null }, () =>
      asPlatform('a test of the trail', async () => {
        await t.db.query('UPDATE devices SET linked_at = now(), updated_at = now()');
        await t.db.query('UPDATE device_presence SET last_seen_at = now(), online = true');
      }),
    );
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_events'))!.n).toBe(before);
  });

  it("the withdrawal of a transaction's row events reaches no committed event", async () => {
    await expect(
      t.db.tx(async (q) => {
        await q.query("SELECT set_config('porton.audit_withdrawing', 'on', true)");
        await q.query('DELETE FROM audit_events WHERE record_table IS NOT NULL');
      }),
    ).rejects.toThrow(/no admite cambios/);
  });

  it('a route that names its own event is recorded once, by its name', async () => {
    const uuid = (await t.db.one<{ uuid: string }>("SELECT uuid FROM residents WHERE first_name = 'Jorge' LIMIT 1"))!
      .uuid;
    expect((await a.admin.put(`/api/residents/disable/${uuid}`)).statusCode).toBe(200);
    const events = (await trail(a.admin, '')).filter((e) => e.recordUuid === uuid);
    expect(events.map((e) => e.action)[0]).toBe('resident.disable');
    expect(events.filter((e) => e.action === 'resident.update')).toHaveLength(0);
  });
});
