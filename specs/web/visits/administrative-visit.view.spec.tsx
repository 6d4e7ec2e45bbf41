import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdministrativeResidentMessages as M } from '../../../src/shared/users/administrative-resident.schema.js';
import type { AdministrativeResident } from '../../../src/shared/users/user-management-types.js';
import { fakeUsersServer, managedUser } from '../../support/users/fake-users-server.js';
import { accept, check, click, expectDialog, renderUsers } from '../../support/users/render-users.js';

const BASE = '/api/administrativeVisitUser/administrativeResident';
const LABEL = 'Configuración visitas administrativas';
const stored: AdministrativeResident = {
  uuid: 'r-1',
  firstName: 'Caseta',
  lastName: 'Principal',
  email: 'caseta@porton.mx',
  idFrac: 1,
  fracUuid: 'f-1',
  idStreet: 1,
  idZone: 1,
  number: '10',
  intNumber: null,
  useapp: false,
  action: null,
  notresident: false,
  testStreet: {
    uuid: 's-1',
    idStreet: 1,
    name: 'Calle Roble',
    testZone: { uuid: 'z-1', idZone: 1, name: 'Zona Norte' },
  },
};

let server: ReturnType<typeof fakeUsersServer>;
function serve(resident: AdministrativeResident | null = null) {
  server = fakeUsersServer(
    [
      managedUser({
        uuid: 'c1',
        firstName: 'Carlos',
        lastName: 'Hernández Ruiz',
        idUsersTypes: 2,
        email: 'capturista@porton.mx',
      }),
    ],
    { administrativeResident: resident },
  );
  vi.stubGlobal('fetch', server.fetch);
}
afterEach(() => {
  vi.unstubAllGlobals();
});

const modal = () => within(screen.getByTestId('form-dialog'));
const input = (label: string) =>
  modal().getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement & HTMLSelectElement;
const set = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

async function openModal() {
  await renderUsers('admin');
  await screen.findByText('Carlos Hernández Ruiz');
  click(LABEL);
  await screen.findByRole('heading', { name: LABEL });
  await waitFor(() => expect(input('Zona').disabled).toBe(false));
}

describe("'Configuración visitas administrativas'", () => {
  it.each(['integrator', 'generalAdmin'] as const)(
    'the floating button is only for the community administrator (not %s)',
    async (role) => {
      serve();
      await renderUsers(role);
      await screen.findByText('Carlos Hernández Ruiz');
      expect(screen.queryByRole('button', { name: LABEL })).toBeNull();
    },
  );

  it('the first configuration is checked with the form messages and created with POST', async () => {
    serve();
    await openModal();
    click('Guardar');
    await expectDialog('Error', 'Por favor, corrige los campos indicados.');
    await accept();
    for (const message of [M.firstName, M.lastName, M.emailRequired, M.zone, M.street, M.number])
      expect(modal().getByText(message)).toBeTruthy();
    set('Nombre', 'Caseta');
    set('Apellidos', 'Principal');
    set('Correo electrónico', 'caseta@porton');
    set('Número del domicilio', '10');
    set('Zona', 'z-2');
    await waitFor(() => expect([...input('Calle').options].map((o) => o.textContent)).toContain('Calle Pino'));
    set('Calle', '3');
    await check('Usa la aplicación');
    click('Guardar');
    await expectDialog('Error');
    await accept();
    expect(modal().getByText(M.email)).toBeTruthy();
    set('Correo electrónico', 'caseta@porton.mx');
    click('Guardar');
    await expectDialog('¡Correcto!', M.saved);
    expect(server.calls('POST', BASE)).toEqual([
      {
        method: 'POST',
        path: `${BASE}/`,
        body: expect.objectContaining({
          firstName: 'Caseta',
          lastName: 'Principal',
          email: 'caseta@porton.mx',
          idZone: 2,
          idStreet: 3,
          number: '10',
          intNumber: null,
          useapp: true,
        }),
      },
    ]);
    expect(server.calls('GET', '/api/streets/zones/z-2')).toHaveLength(1);
    await accept();
    expect(screen.queryByTestId('form-dialog')).toBeNull();
  });

  it('a stored configuration opens filled in and is saved with PUT /{fracId}', async () => {
    serve(stored);
    await openModal();
    expect(input('Nombre').value).toBe('Caseta');
    expect(input('Zona').value).toBe('z-1');
    await waitFor(() => expect(input('Calle').value).toBe('1'));
    set('Número del domicilio', '12');
    click('Guardar');
    await expectDialog('¡Correcto!', M.saved);
    expect(server.calls('PUT', BASE)).toEqual([
      { method: 'PUT', path: `${BASE}/1`, body: expect.objectContaining({ idStreet: 1, idZone: 1, number: '12' }) },
    ]);
    expect(server.calls('POST', BASE)).toHaveLength(0);
  });

  it("a failed save shows 'Error' / 'Ocurrió un error.' and keeps what was typed", async () => {
    serve(stored);
    await openModal();
    await waitFor(() => expect(input('Calle').value).toBe('1'));
    server.answerNext('PUT', BASE, {
      status: 500,
      body: { error: 'server_error', error_description: 'Error interno del servidor' },
    });
    click('Guardar');
    await expectDialog(M.failedTitle, M.failed);
    await accept();
    expect(input('Nombre').value).toBe('Caseta');
  });
});
