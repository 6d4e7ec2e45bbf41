import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedFields, pruneAudit, recordAudit } from '../../../src/server/audit/audit.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { communityUuid, form, integratorUuid } from '../../support/community-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
let palmas: string;
let villas: string;
beforeAll(async () => {
  t = await testApp();
  a = await signInActors(t);
  palmas = await communityUuid(t, 'Residencial Las Palmas');
  villas = await communityUuid(t, 'Villas del Sol');
});
afterAll(async () => {
  await t?.close();
});

interface Event {
  uuid: string;
  occurredAt: string;
  actorKind: string;
  actorLabel: string | null;
  action: string;
  recordUuid: string | null;
  address: string | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  community: { uuid: string; name: string } | null;
}
type EventPage = { content: Event[]; totalElements: number; totalPages: number; page: number; size: number };
const trail = async (who: ReturnType<TestApp['as']>, query = '') => {
  const res = await who.get(`/api/audit?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EventPage;
};
const streetId = async (name: string) =>
  (await t.db.one<{ id: number }>('SELECT id FROM streets WHERE name = $1', [name]))!.id;
const rosaUuid = async () =>
  (await t.db.one<{ uuid: string }>("SELECT uuid FROM residents WHERE email IS NOT NULL AND first_name = 'Rosa'"))!
    .uuid;
const signInAttempt = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { authorization: t.basic, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ grant_type: 'password', username, password }),
  });

describe('Sign-ins and their failures are recorded', () => {
  it('a sign-in names the account, its community and the address; the password is nowhere', async () => {
    await t.signIn('capturista@porton.mx');
    const [event] = (await trail(a.admin, 'action=session.signIn&actor=capturista')).content;
    expect(event).toMatchObject({
      actorKind: 'user',
      actorLabel: 'capturista@porton.mx',
      action: 'session.signIn',
      community: { uuid: palmas },
    });
    expect(event.address).toBeTruthy();
    const raw = JSON.stringify(await t.db.query('SELECT * FROM audit_events'));
    expect(raw).not.toContain('Porton2026');
  });

  it('a wrong password is recorded as a failure; an unknown name that is not an email is not kept (it may be a password)', async () => {
    expect((await signInAttempt('administrador@porton.mx', 'Equivocada1')).statusCode).toBe(400);
    expect((await signInAttempt('MiClaveSecreta99', 'x')).statusCode).toBe(400);
    const failures = (await trail(a.generalAdmin, 'action=session.signInFailed')).content;
    expect(failures.map((e) => e.actorLabel)).toContain('administrador@porton.mx');
    expect(failures.some((e) => e.actorKind === 'anonymous' && e.actorLabel === null)).toBe(true);
    expect(JSON.stringify(failures)).not.toContain('MiClaveSecreta99');
    expect(JSON.stringify(failures)).not.toContain('Equivocada1');
  });
});

describe('Changes are recorded with who, what and the changed fields, in the same transaction', () => {
  it('editing a resident records the fields that changed (from and to) and nothing else', async () => {
    const uuid = await rosaUuid();
    const current = (await a.admin.get(`/api/residents/${uuid}`)).json();
    const res = await a.admin.put(`/api/residents/${uuid}`, {
      firstName: 'Rosalía',
      lastName: current.lastName,
      email: current.email,
      idStreet: await streetId('Calle Roble'),
      number: current.number,
      intNumber: current.intNumber ?? '',
      useapp: current.useapp,
      notresident: current.notresident ?? false,
      phones: current.phones.length ? current.phones : [{ phone: '5512345678' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = (await trail(a.admin, 'action=resident.update')).content;
    expect(event).toMatchObject({
      actorLabel: 'administrador@porton.mx',
      recordUuid: uuid,
      community: { uuid: palmas },
    });
    expect(event.changes).toEqual({ first_name: { from: 'Rosa', to: 'Rosalía' } });
  });

  it('user creation and deletion, integrator disable and enable are recorded with the record uuid', async () => {
    const created = await a.admin.post('/api/users', [
      {
        firstName: 'Gabriel',
        lastName: 'Soto Mora',
        email: 'gabriel.soto@porton.mx',
        idUsersTypes: 2,
        vigilantCode: null,
        city: '',
        state: '',
        idAddress: null,
        street: '',
        extNumber: '',
        intNumber: '',
        starDate: '',
        endDate: '',
        useApp: false,
        phoneNumber: '',
      },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const userUuid = created.json()[0].uuid as string;
    expect((await a.admin.del(`/api/users/${userUuid}`)).statusCode).toBe(204);
    const integrator = await integratorUuid(t, 'integrador2@porton.mx');
    expect((await a.generalAdmin.put(`/api/integrator/${integrator}/disable`)).statusCode).toBe(200);
    expect((await a.generalAdmin.put(`/api/integrator/${integrator}/enable`)).statusCode).toBe(200);
    const actions = (await trail(a.generalAdmin, 'size=50')).content.map((e) => `${e.action} ${e.recordUuid ?? ''}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `user.create ${userUuid}`,
        `user.delete ${userUuid}`,
        `integrator.disable ${integrator}`,
        `integrator.enable ${integrator}`,
      ]),
    );
  });

  it('a device link names the device as the actor; the unlink names the administrator', async () => {
    const created = await a.admin.post('/api/devices/', { name: 'Caseta auditoría' });
    expect(created.statusCode, created.body).toBe(201);
    const device = created.json() as { uuid: string; name: string };
    const { code } = (await a.admin.put(`/api/devices/linkCode/${device.uuid}`)).json();
    const linked = await t.app.inject({ method: 'POST', url: '/api/devices/link', payload: { code } });
    expect(linked.statusCode, linked.body).toBe(200);
    const { deviceToken } = (await a.admin.get(`/api/devices/${device.uuid}`)).json();
    expect((await a.admin.put(`/api/devices/unlinkDevice/${device.uuid}`, { deviceToken })).statusCode).toBe(200);
    const events = (await trail(a.admin, 'size=50')).content.filter((e) => e.recordUuid === device.uuid);
    expect(events.map((e) => [e.action, e.actorKind, e.actorLabel])).toEqual([
      ['device.unlink', 'user', 'administrador@porton.mx'],
      ['device.link', 'device', device.name],
      ['device.create', 'user', 'administrador@porton.mx'],
    ]);
    expect(JSON.stringify(events)).not.toContain(code);
  });

  it('an event and its change commit or roll back together', async () => {
    const before = (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_events'))!.n;
    await expect(
      t.db.tx(async (q) => {
        await q.query("UPDATE communities SET name = 'Cambiado' WHERE uuid = $1", [palmas]);
        await recordAudit(q, {
          actorKind: 'anonymous',
          actorUserId: null,
          actorDeviceId: null,
          actorLabel: null,
          communityId: null,
          address: null,
          action: 'community.update',
        });
        throw new Error('la operación falla después de escribir');
      }),
    ).rejects.toThrow('la operación falla');
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_events'))!.n).toBe(before);
    expect((await t.db.one<{ name: string }>('SELECT name FROM communities WHERE uuid = $1', [palmas]))!.name).toBe(
      'Residencial Las Palmas',
    );
  });

  it('changed fields never carry a secret: password hashes, tokens and codes are left out', () => {
    expect(
      changedFields(
        { first_name: 'A', password_hash: 'x', vigilant_code: '1234', token_hash: 'a', updated_at: '1' },
        { first_name: 'B', password_hash: 'y', vigilant_code: '9999', token_hash: 'b', updated_at: '2' },
      ),
    ).toEqual({ first_name: { from: 'A', to: 'B' } });
  });
});

describe('The trail is append-only in the database', () => {
  it('UPDATE, DELETE and TRUNCATE are refused; the time is the database clock, whatever an insert says', async () => {
    await expect(t.db.query("UPDATE audit_events SET action = 'user.delete'")).rejects.toThrow(/no admite cambios/);
    await expect(t.db.query('DELETE FROM audit_events')).rejects.toThrow(/no admite cambios/);
    // The application role may not truncate at all; the owner is stopped by the trigger.
    await expect(t.db.query('TRUNCATE audit_events')).rejects.toThrow(/permission denied/);
    await expect(
      t.db.tx(async (q) => {
        await q.query('SET LOCAL ROLE NONE');
        await q.query('TRUNCATE audit_events');
      }),
    ).rejects.toThrow(/no admite cambios/);
    const row = await t.db.one<{ recent: boolean }>(
      `INSERT INTO audit_events (actor_kind, action, occurred_at) VALUES ('anonymous', 'session.signOut', '2001-01-01')
       RETURNING occurred_at > now() - interval '1 minute' AS recent`,
    );
    expect(row!.recent).toBe(true);
  });

  it('a delete that announces a prune bound may remove only rows older than it', async () => {
    await expect(
      t.db.tx(async (q) => {
        await q.query("SELECT set_config('porton.audit_prune_before', (now() - interval '1 day')::text, true)");
        await q.query('DELETE FROM audit_events');
      }),
    ).rejects.toThrow(/no admite cambios/);
  });

  it('the retention prune keeps events younger than AUDIT_RETENTION_DAYS and removes older ones', async () => {
    const before = (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_events'))!.n;
    expect(before).toBeGreaterThan(0);
    expect(t.config.auditRetentionDays).toBe(365);
    expect(await pruneAudit(t.db, 365)).toBe(0);
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_events'))!.n).toBe(before);
  });
});

describe('GET api/audit: who reads what', () => {
  it('a community administrator reads only their community; the general administrator reads all and filters by community', async () => {
    await t.signIn('administrador2@porton.mx');
    const own = await trail(a.admin, 'size=100');
    expect(own.content.length).toBeGreaterThan(0);
    expect(own.content.every((e) => e.community?.uuid === palmas)).toBe(true);
    const all = await trail(a.generalAdmin, 'size=100&action=session.signIn');
    expect(all.content.some((e) => e.community?.uuid === villas)).toBe(true);
    const villasOnly = await trail(a.generalAdmin, `community=${villas}`);
    expect(villasOnly.content.every((e) => e.community?.uuid === villas)).toBe(true);
    expect(villasOnly.totalElements).toBeGreaterThan(0);
  });

  it('filters by actor, action and local dates; pages newest first', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
    const page = await trail(a.generalAdmin, `from=${today}&to=${today}&size=2`);
    expect(page.content).toHaveLength(2);
    expect(page.totalElements).toBeGreaterThan(2);
    expect(page.content[0].occurredAt >= page.content[1].occurredAt).toBe(true);
    expect((await trail(a.generalAdmin, 'from=2020-01-01&to=2020-01-31')).totalElements).toBe(0);
    const byActor = await trail(a.generalAdmin, 'actor=ADMINISTRADOR2');
    expect(byActor.content.length).toBeGreaterThan(0);
    expect(byActor.content.every((e) => e.actorLabel === 'administrador2@porton.mx')).toBe(true);
  });

  it('bad filters answer 400 in Spanish; other roles 403; an unknown community 404', async () => {
    const bad = await a.generalAdmin.get('/api/audit?action=borrar.todo');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toBe('La acción no es válida.');
    expect((await a.generalAdmin.get('/api/audit?from=2026-01-01')).json().fields).toEqual({ to: 'Falta una fecha' });
    for (const who of [a.capturista, a.guard, a.resident, a.integrator, a.contractor]) {
      expect((await who.get('/api/audit')).statusCode).toBe(403);
    }
    expect((await a.generalAdmin.get('/api/audit?community=00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('GET api/audit/communities: the general administrator picks from every community by name; nobody else may list them', async () => {
    const res = await a.generalAdmin.get('/api/audit/communities');
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { uuid: string; name: string }[]).map((c) => c.name);
    const all = (await t.db.query<{ name: string }>('SELECT name FROM communities')).map((c) => c.name);
    expect([...names].sort()).toEqual([...all].sort());
    for (const who of [a.admin, a.capturista, a.guard, a.resident, a.integrator, a.contractor]) {
      expect((await who.get('/api/audit/communities')).statusCode).toBe(403);
    }
  });

  it("a community administrator's community filter cannot reach another community", async () => {
    const res = await trail(a.admin, `community=${villas}&size=100`);
    expect(res.content.every((e) => e.community?.uuid === palmas)).toBe(true);
  });
});
