import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunitySettings } from '../../../src/shared/settings/settings-rules.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { communityUuid } from '../../support/community-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
let palmas: string;
beforeAll(async () => {
  t = await testApp();
  a = await signInActors(t);
  palmas = await communityUuid(t, 'Residencial Las Palmas');
});
afterAll(async () => {
  await t?.close();
});

const settingsOf = async (who: ReturnType<TestApp['as']>) =>
  (await who.get('/api/users/me')).json().testFrac.settings as CommunitySettings;
const body = (overrides: Partial<CommunitySettings> = {}) => ({
  folioRequired: true,
  visitorSearch: true,
  searchName: true,
  searchAddress: false,
  searchAction: true,
  searchPlace: false,
  searchCommonArea: false,
  viewResidentName: true,
  viewVisitAddress: false,
  viewResidentAddress: true,
  viewResidentNumber: false,
  invitationValidity: 24,
  invitationMessage: 'Hola, genera tu código para entrar.',
  frequentInvitationChronoUnit: 'MONTHS',
  frequentInvitationValidity: 3,
  ...overrides,
});

describe('GET api/users/me: the settings of the active community', () => {
  it('a new community has the defaults: 12 hours, 1 week, a greeting of at most 80 characters', async () => {
    const s = await settingsOf(a.admin);
    expect(s).toMatchObject({
      uuid: palmas,
      invitationValidity: 12,
      frequentInvitationChronoUnit: 'WEEKS',
      frequentInvitationValidity: 1,
    });
    expect(s.invitationMessage.length).toBeGreaterThan(0);
    expect(s.invitationMessage.length).toBeLessThanOrEqual(80);
    expect(s.invitationMessage).toMatch(/código/);
  });
});

describe('PUT api/fracs/{uuid}/configure', () => {
  it('the administrator saves every setting; GET api/users/me reads them back, for the guard too', async () => {
    const res = await a.admin.put(`/api/fracs/${palmas}/configure`, body());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uuid: palmas, ...body() });
    expect(await settingsOf(a.admin)).toEqual({ uuid: palmas, ...body() });
    expect(await settingsOf(a.guard)).toMatchObject({ folioRequired: true, invitationValidity: 24 });
  });

  it('the settings body with only the fields of the settings list (no place, no common area) saves, keeping both as stored', async () => {
    expect(
      (await a.admin.put(`/api/fracs/${palmas}/configure`, body({ searchPlace: true, searchCommonArea: true })))
        .statusCode,
    ).toBe(200);
    const { searchPlace: _p, searchCommonArea: _c, ...listed } = body({ folioRequired: false });
    const res = await a.admin.put(`/api/fracs/${palmas}/configure`, listed);
    expect(res.statusCode, res.body).toBe(200);
    expect(await settingsOf(a.admin)).toMatchObject({
      folioRequired: false,
      searchPlace: true,
      searchCommonArea: true,
    });
  });

  it('accepts every validity choice: 8, 12, 24 hours; 1 week, 2 weeks, 1 month, 3 months, 6 months, 1 year', async () => {
    for (const invitationValidity of [8, 12, 24]) {
      expect((await a.admin.put(`/api/fracs/${palmas}/configure`, body({ invitationValidity }))).statusCode).toBe(200);
    }
    for (const [frequentInvitationChronoUnit, frequentInvitationValidity] of [
      ['WEEKS', 1],
      ['WEEKS', 2],
      ['MONTHS', 1],
      ['MONTHS', 3],
      ['MONTHS', 6],
      ['YEARS', 1],
    ] as const) {
      const res = await a.admin.put(
        `/api/fracs/${palmas}/configure`,
        body({ frequentInvitationChronoUnit, frequentInvitationValidity }),
      );
      expect(res.statusCode, `${frequentInvitationChronoUnit} ${frequentInvitationValidity}`).toBe(200);
    }
  });

  describe('Bad input: 400 with the Spanish message, nothing changed', () => {
    const cases: [string, Partial<CommunitySettings> | Record<string, unknown>, string, string][] = [
      [
        'an 81-character message',
        { invitationMessage: 'a'.repeat(81) },
        'invitationMessage',
        'El mensaje admite como máximo 80 caracteres.',
      ],
      [
        'a message of spaces',
        { invitationMessage: '     ' },
        'invitationMessage',
        'El mensaje no puede ser vacío, por favor establece un mensaje para tus invitaciones',
      ],
      [
        'an empty message',
        { invitationMessage: '' },
        'invitationMessage',
        'El mensaje no puede ser vacío, por favor establece un mensaje para tus invitaciones',
      ],
      [
        'a 10-hour validity',
        { invitationValidity: 10 },
        'invitationValidity',
        'Selecciona una vigencia de 8, 12 o 24 horas.',
      ],
      [
        '3 weeks',
        { frequentInvitationChronoUnit: 'WEEKS', frequentInvitationValidity: 3 },
        'frequentInvitationValidity',
        'Selecciona una vigencia de 1 semana, 2 semanas, 1 mes, 3 meses, 6 meses o 1 año.',
      ],
      [
        'days',
        { frequentInvitationChronoUnit: 'DAYS' as never, frequentInvitationValidity: 1 },
        'frequentInvitationChronoUnit',
        'Selecciona una vigencia de 1 semana, 2 semanas, 1 mes, 3 meses, 6 meses o 1 año.',
      ],
      [
        'an option that is not a flag',
        { searchName: 'sí' as never },
        'searchName',
        'searchName: se esperaba verdadero o falso.',
      ],
    ];
    for (const [what, overrides, field, message] of cases) {
      it(`refuses ${what}`, async () => {
        const before = await settingsOf(a.admin);
        const res = await a.admin.put(`/api/fracs/${palmas}/configure`, body(overrides as Partial<CommunitySettings>));
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field]).toBe(message);
        expect(await settingsOf(a.admin)).toEqual(before);
      });
    }
    it('accepts exactly 80 characters', async () => {
      expect(
        (await a.admin.put(`/api/fracs/${palmas}/configure`, body({ invitationMessage: 'm'.repeat(80) }))).statusCode,
      ).toBe(200);
    });
  });

  it('a capturista or a guard saving settings gets 403 and changes nothing', async () => {
    const before = await settingsOf(a.admin);
    for (const who of [a.capturista, a.guard, a.resident]) {
      expect((await who.put(`/api/fracs/${palmas}/configure`, body({ invitationValidity: 8 }))).statusCode).toBe(403);
    }
    expect(await settingsOf(a.admin)).toEqual(before);
  });

  it("another community's uuid answers 404 and that community keeps its settings", async () => {
    const villas = await communityUuid(t, 'Villas del Sol');
    const before = await settingsOf(a.admin2);
    expect((await a.admin.put(`/api/fracs/${villas}/configure`, body({ invitationValidity: 8 }))).statusCode).toBe(404);
    expect(await settingsOf(a.admin2)).toEqual(before);
  });
});
