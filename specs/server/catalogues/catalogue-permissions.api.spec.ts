import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueActions, type CatalogueKind } from '../../../src/shared/catalogues/catalogue-permissions.js';
import type { Role } from '../../../src/shared/platform/roles.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await testApp();
  a = await signInActors(t);
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const roleOf: Record<keyof Actors, Role> = {
  admin: 'admin',
  capturista: 'capturista',
  guard: 'guard',
  resident: 'resident',
  contractor: 'contractor',
  integrator: 'integrator',
  generalAdmin: 'generalAdmin',
  admin2: 'admin',
};

/** One resource of each catalogue kind the web screens show buttons for, with a valid create body. */
const resources: { kind: CatalogueKind; base: string; create: (name: string) => unknown }[] = [
  { kind: 'location', base: '/api/gates', create: (name) => [{ name }] },
  { kind: 'location', base: '/api/zones', create: (name) => [{ name, color: '#000000' }] },
  { kind: 'location', base: '/api/streets', create: () => undefined },
  { kind: 'location', base: '/api/commonareas', create: () => undefined },
  { kind: 'providerType', base: '/api/providerTypes', create: (name) => ({ name }) },
  { kind: 'global', base: '/api/colors', create: (name) => [{ name }] },
  { kind: 'global', base: '/api/carbrands', create: (name) => [{ name }] },
  { kind: 'global', base: '/api/userstypes', create: (name) => [{ name }] },
];

/** Allowed: the call reaches the record lookup (404 for an unknown uuid); refused: 403 before anything runs. */
const expected = (allowed: boolean) => (allowed ? 404 : 403);

describe('the buttons the web shows (src/shared/catalogues/catalogue-permissions.ts) are exactly the calls the server accepts', () => {
  for (const [actor, role] of Object.entries(roleOf) as [keyof Actors, Role][]) {
    it(`${actor}: Eliminar, Editar and Agregar match the server's answers on every catalogue`, async () => {
      for (const [i, r] of resources.entries()) {
        const can = catalogueActions(r.kind, role);
        const unknown = `${r.base}/${randomUUID()}`;
        expect((await a[actor].del(unknown)).statusCode, `DELETE ${r.base} as ${actor}`).toBe(expected(can.canDelete));
        const body =
          r.base === '/api/streets'
            ? { name: 'Calle Prueba', idZone: 1 }
            : r.base === '/api/commonareas'
              ? { name: 'Area Prueba', number: '1', idStreet: 1 }
              : { name: 'Nombre Prueba' };
        expect((await a[actor].put(unknown, body)).statusCode, `PUT ${r.base} as ${actor}`).toBe(expected(can.canEdit));
        const create = r.create(`Prueba ${actor} ${i}`);
        if (create === undefined) continue; // streets and areas need a zone or street of the caller's community
        const res = await a[actor].post(r.base, create);
        expect(res.statusCode, `POST ${r.base} as ${actor}: ${res.body}`).toBe(can.canAdd ? 201 : 403);
      }
    });
  }

  it('a Capturista is offered add and edit but no delete on gates, zones, streets and common areas', () => {
    expect(catalogueActions('location', 'capturista')).toEqual({ canAdd: true, canEdit: true, canDelete: false });
    expect(catalogueActions('location', 'admin')).toEqual({ canAdd: true, canEdit: true, canDelete: true });
    expect(catalogueActions('global', 'admin')).toEqual({ canAdd: false, canEdit: false, canDelete: false });
    expect(catalogueActions('global', 'generalAdmin')).toEqual({ canAdd: true, canEdit: true, canDelete: true });
    expect(catalogueActions('location', null)).toEqual({ canAdd: false, canEdit: false, canDelete: false });
  });
});
