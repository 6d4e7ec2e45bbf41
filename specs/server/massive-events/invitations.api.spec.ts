/**
 * Invitations: a png for one guest, invitaciones.zip for
 * several, each with a signed pass as its QR; refused for Terminado, Incompleto and Cancelado,
 * out of reach answers 404 with nothing rendered, roles, the cap on uuids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { InvitationTexts, MAX_INVITATION_UUIDS } from '../../../src/shared/massive-events/invitation-rules.js';
import { StatusRefusals } from '../../../src/shared/massive-events/massive-event-rules.js';
import { closeRenderPool } from '../../../src/server/massive-events/invitation-renderer.js';
import { passKeysFor, type PassKeys, verifyPass } from '../../../src/server/passes/passes.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import {
  areaUuid,
  inHours,
  pngBase64,
  residentUuid,
  shiftEvent,
  upload,
} from '../../support/massive-events/event-fixtures.js';
import { readInvitation, unzip } from '../../support/massive-events/invitation-files.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
let keys: PassKeys;
beforeAll(async () => {
  t = await testApp();
  keys = await passKeysFor(t.db, t.config);
  await seedDemoCatalogues(t.db);
  a = await signInActors(t);
});
afterAll(async () => {
  await closeRenderPool();
  await t?.close();
});

const communityUuid = async (name: string) =>
  (await t.db.one<{ uuid: string }>('SELECT uuid::text AS uuid FROM communities WHERE name = $1', [name]))!.uuid;

/** A finished (Próximo) event with a design and these guests; answers its uuid and the guests' uuids. */
async function eventWith(guests: [string, string][], actor = a.admin, host = 'Lucía') {
  const uuid = (
    await actor.post('/api/massiveEvents', {
      title: 'Fiesta de invitaciones',
      startDate: inHours(48),
      commonArea: { uuid: await areaUuid(t, 'Residencial Las Palmas', 'Alberca') },
      resident: { uuid: await residentUuid(t, host) },
    })
  ).json() as string;
  const created = (
    await actor.post('/api/massiveEventGuests/multiple', {
      massiveEvent: { uuid },
      guests: guests.map(([firstName, lastName]) => ({ firstName, lastName, email: '', phone: '' })),
    })
  ).json() as { uuid: string }[];
  const configured = await actor.put(`/api/massiveEvents/${uuid}/configure`, {
    backgroundColor: 'fdf2e9',
    foregroundColor: '333333',
    backgroundImage: upload(pngBase64(700, 300)),
    profile: upload(pngBase64(100, 100, [20, 120, 200])),
  });
  expect(configured.statusCode).toBe(200);
  return { uuid, guests: created.map((g) => g.uuid) };
}
const query = (uuids: string[]) => `/api/massiveEventGuests/invitation?${uuids.map((u) => `uuid=${u}`).join('&')}`;

describe('GET api/massiveEventGuests/invitation', () => {
  it('one uuid gives image/png: the invitation (700 wide) whose QR is a pass signed for that guest, of the community, valid now', async () => {
    const { guests } = await eventWith([['José', 'Peña']]);
    const res = await a.admin.get(query(guests));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain('Jose_Pena.png');
    const read = readInvitation(res.rawPayload);
    expect(read.width).toBe(700);
    const check = verifyPass(keys, read.qr!, {
      kind: 'massiveEventGuest',
      community: await communityUuid('Residencial Las Palmas'),
      at: Date.now() / 1000 + 47 * 3600,
    });
    expect(check).toMatchObject({ ok: true, claims: { subject: guests[0] } });
  });

  it('several give invitaciones.zip: one png per guest, named after the guest without accents, repeated names numbered', async () => {
    const { guests } = await eventWith([
      ['José', 'Peña'],
      ['Jose', 'Pena'],
      ['Ñoño', 'Álvarez'],
    ]);
    const res = await a.capturista.get(query(guests));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('invitaciones.zip');
    expect(res.headers['x-invitation-count']).toBe('3');
    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual(['Jose_Pena.png', 'Jose_Pena_2.png', 'Nono_Alvarez.png']);
    const passes = [...files.values()].map((png) => decodePassSubject(readInvitation(png).qr));
    expect(passes).toEqual(guests);
  });

  it("another community's guest mixed with one's own answers 404 and renders nothing; so does an unknown uuid", async () => {
    const { guests } = await eventWith([['Ana', 'Luna']]);
    const host = (await t.db.one<{ uuid: string }>(
      `SELECT r.uuid::text AS uuid FROM residents r JOIN communities c ON c.id = r.community_id
        WHERE c.name = 'Villas del Sol' AND r.deleted_at IS NULL ORDER BY r.id LIMIT 1`,
    ))!.uuid;
    const other = await a.admin2.post('/api/massiveEvents', {
      title: 'Ajena',
      startDate: inHours(48),
      commonArea: null,
      resident: { uuid: host },
    });
    expect(other.statusCode).toBe(201);
    const foreign = (
      await a.admin2.post('/api/massiveEventGuests/', {
        massiveEvent: { uuid: other.json() },
        firstName: 'Otra',
        lastName: 'Persona',
      })
    ).json().uuid as string;
    const res = await a.admin.get(query([guests[0], foreign]));
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    const unknown = await a.admin.get(query([guests[0], '00000000-0000-4000-8000-000000000000']));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_description).toBe(InvitationTexts.guestNotFound);
  });

  it(`caps the uuids at ${MAX_INVITATION_UUIDS} per request (10,000 refused with a Spanish message, nothing rendered)`, async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const res = await a.admin.get(query(many));
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toContain(InvitationTexts.tooMany);
    expect((await a.admin.get('/api/massiveEventGuests/invitation')).statusCode).toBe(400);
    expect((await a.admin.get(query(['no-es-uuid']))).statusCode).toBe(400);
  });

  it('is refused for Terminado, Incompleto and Cancelado with the reason', async () => {
    for (const [hours, status] of [
      [-24 * 3, 'Próximo'],
      [48, 'Incompleto'],
      [48, 'Cancelado'],
    ] as const) {
      const { uuid, guests } = await eventWith([['Ana', 'Luna']]);
      await shiftEvent(t, uuid, hours, status);
      const res = await a.admin.get(query(guests));
      expect(res.statusCode).toBe(409);
      expect(res.json().error_description).toBe(StatusRefusals.download);
      expect((await a.admin.get(`/api/massiveEvents/${uuid}/invitation`)).statusCode).toBe(409);
    }
  });

  it('roles: administrator and capturista of the community, the owner resident; a guard 403, another community 404, another resident 404', async () => {
    const { uuid, guests } = await eventWith([['Ana', 'Luna']]);
    expect((await a.guard.get(query(guests))).statusCode).toBe(403);
    expect((await a.contractor.get(query(guests))).statusCode).toBe(403);
    expect((await a.admin2.get(query(guests))).statusCode).toBe(404);
    expect((await a.resident.get(query(guests))).statusCode).toBe(404);
    expect((await a.resident.get(`/api/massiveEvents/${uuid}/invitation`)).statusCode).toBe(404);
    const own = await t.db.one<{ first_name: string }>(
      `SELECT r.first_name FROM residents r JOIN users u ON u.id = r.user_id WHERE u.email = 'residente@porton.mx' ORDER BY r.id LIMIT 1`,
    );
    const mine = await eventWith([['Ana', 'Luna']], a.resident, own!.first_name);
    expect((await a.resident.get(query(mine.guests))).statusCode).toBe(200);
  });
});

describe('GET api/massiveEvents/{id}/invitation', () => {
  it('a png when the event has one guest, a zip of all its guests otherwise', async () => {
    const one = await eventWith([['Ana', 'Luna']]);
    const png = await a.admin.get(`/api/massiveEvents/${one.uuid}/invitation`);
    expect(png.headers['content-type']).toBe('image/png');
    const two = await eventWith([
      ['Ana', 'Luna'],
      ['Beto', 'Sol'],
    ]);
    const zip = await a.admin.get(`/api/massiveEvents/${two.uuid}/invitation`);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect([...(await unzip(zip.rawPayload)).keys()]).toEqual(['Ana_Luna.png', 'Beto_Sol.png']);
  });
});

function decodePassSubject(text: string | null) {
  const check = verifyPass(keys, text ?? '', { kind: 'massiveEventGuest', community: '', at: 0 });
  return check.ok ? check.claims.subject : check.claims?.subject;
}
