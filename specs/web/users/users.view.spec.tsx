import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserMessages } from '../../../src/shared/users/user.schema.js';
import type { AdministrativeResident } from '../../../src/shared/users/user-management-types.js';
import { fakeUsersServer, managedUser } from '../../support/users/fake-users-server.js';
import {
  accept,
  check,
  click,
  expectDialog,
  field,
  renderUsers,
  rowOf,
  type,
  userDialog,
} from '../../support/users/render-users.js';
import { lastAlertDialog } from '../../support/dialogs.js';

const guard = managedUser({
  uuid: 'g1',
  firstName: 'Víctor',
  lastName: 'López Díaz',
  idUsersTypes: 5,
  vigilantCode: 'AB12',
});
const capturista = managedUser({
  uuid: 'c1',
  firstName: 'Carlos',
  lastName: 'Hernández Ruiz',
  idUsersTypes: 2,
  email: 'capturista@porton.mx',
});
const resident = managedUser({
  uuid: 'r1',
  firstName: 'Rosa',
  lastName: 'Martínez Cruz',
  idUsersTypes: 3,
  email: 'residente@porton.mx',
});
const self = managedUser({
  uuid: 'self-admin',
  firstName: 'Adriana',
  lastName: 'Morales Peña',
  idUsersTypes: 4,
  email: 'administrador@porton.mx',
});

let server: ReturnType<typeof fakeUsersServer>;
function serve(
  users = [guard, capturista, resident, self],
  administrativeResident: AdministrativeResident | null = null,
) {
  server = fakeUsersServer(users, { administrativeResident });
  vi.stubGlobal('fetch', server.fetch);
}
beforeEach(() => serve());
afterEach(() => {
  vi.unstubAllGlobals();
});

const typeOptions = () =>
  [...(field('Tipo de usuario') as HTMLSelectElement).options].filter((o) => o.value).map((o) => o.textContent);
const lastPost = () => server.calls('POST', '/api/users').at(-1)!.body as Record<string, unknown>[];

async function openAdd(role: 'admin' | 'integrator' | 'generalAdmin' = 'admin') {
  await renderUsers(role);
  await screen.findByText('Carlos Hernández Ruiz');
  click('Agregar usuario');
  await screen.findByTestId('user-form-dialog');
}
async function fillCapturista(email = 'laura@porton.mx') {
  type('Tipo de usuario', '2');
  type('Correo electrónico', email);
  type('Nombre', 'Laura');
  type('Apellidos', 'Pérez Gómez');
}

describe('Usuarios list', () => {
  it('shows the columns email or code, name, user type and development; guards show their code', async () => {
    await renderUsers('admin');
    const table = await screen.findByRole('table', { name: 'Usuarios registrados' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Correo o código', 'Nombre', 'Tipo de usuario', 'Desarrollo', 'Acciones']);
    expect(within(rowOf('Víctor López Díaz')).getByText('AB12')).toBeTruthy();
    expect(within(rowOf('Carlos Hernández Ruiz')).getByText('capturista@porton.mx')).toBeTruthy();
    expect(within(rowOf('Carlos Hernández Ruiz')).getByText('Residencial Las Palmas')).toBeTruthy();
  });

  it('searches by name, email or user type from page 1', async () => {
    await renderUsers('admin');
    await screen.findByText('Carlos Hernández Ruiz');
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar por nombre, correo o tipo de usuario' }), {
      target: { value: 'Capturista' },
    });
    click('Buscar');
    await waitFor(() => expect(screen.queryByText('Víctor López Díaz')).toBeNull());
    expect(screen.getByText('Carlos Hernández Ruiz')).toBeTruthy();
    expect(server.sent.at(-1)!.path).toBe('/api/users?page=0&size=15&search=Capturista');
  });

  it('pages by 15 with 5 page numbers around the current page and ellipses', async () => {
    serve(
      Array.from({ length: 120 }, (_, i) =>
        managedUser({
          uuid: `u${i}`,
          firstName: `Usuario${i}`,
          lastName: 'Prueba',
          idUsersTypes: 2,
          email: `u${i}@porton.mx`,
        }),
      ),
    );
    await renderUsers('admin');
    await screen.findByText('Usuario0 Prueba');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await screen.findByText('Usuario30 Prueba');
    fireEvent.click(screen.getByRole('button', { name: '5' }));
    await screen.findByText('Usuario60 Prueba');
    const pager = screen.getByRole('navigation', { name: 'Paginación' });
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['‹', '3', '4', '5', '6', '7', '›']);
    expect(within(pager).getAllByText('…')).toHaveLength(2);
    expect(server.sent.at(-1)!.path).toBe('/api/users?page=4&size=15');
  });

  it('offers edit and delete only on users the role manages, and no delete of oneself', async () => {
    await renderUsers('admin');
    await screen.findByText('Rosa Martínez Cruz');
    expect(within(rowOf('Rosa Martínez Cruz')).queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(within(rowOf('Adriana Morales Peña')).getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(within(rowOf('Adriana Morales Peña')).queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(within(rowOf('Carlos Hernández Ruiz')).getByRole('button', { name: 'Eliminar' })).toBeTruthy();
  });

  it('deletes after the confirmation; a refused delete shows "Error al eliminar usuario"', async () => {
    await renderUsers('admin');
    await screen.findByText('Carlos Hernández Ruiz');
    server.answerNext('DELETE', '/api/users/', {
      status: 409,
      body: { error: 'conflict', error_description: 'El usuario tiene registros.' },
    });
    fireEvent.click(within(rowOf('Carlos Hernández Ruiz')).getByRole('button', { name: 'Eliminar' }));
    await screen.findByText('¿Seguro que deseas eliminar Carlos Hernández Ruiz?');
    fireEvent.click(within(lastAlertDialog()).getByRole('button', { hidden: true, name: 'Eliminar' }));
    await expectDialog('Error al eliminar usuario', 'El usuario tiene registros.');
    await accept();
    // The error dialog is gone before the second attempt opens its confirmation.
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    fireEvent.click(within(rowOf('Carlos Hernández Ruiz')).getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(
      within(
        await screen.findByRole('alertdialog', {
          hidden: true,
          name: '¿Seguro que deseas eliminar Carlos Hernández Ruiz?',
        }),
      ).getByRole('button', { name: 'Eliminar' }),
    );
    await expectDialog('¡Correcto!');
    await accept();
    await waitFor(() => expect(screen.queryByText('Carlos Hernández Ruiz')).toBeNull());
    expect(server.calls('DELETE', '/api/users/c1')).toHaveLength(2);
  });
});

describe('Users modal: types each role may create', () => {
  it('an administrator creates administrators, capturistas and guards (type 6 as guard + "Pre-registro"), never contractors', async () => {
    await openAdd('admin');
    expect(typeOptions()).toEqual(['Administrador de fraccionamiento', 'Capturista', 'Vigilante']);
    type('Tipo de usuario', '5');
    type('Código', 'ZX90');
    type('Nombre', 'Gerardo');
    type('Apellidos', 'Ruiz Paz');
    await check('Pre-registro');
    click('Registrar');
    await expectDialog('¡Correcto!', 'El usuario se registró correctamente.');
    expect(lastPost()).toEqual([
      expect.objectContaining({
        idUsersTypes: 6,
        vigilantCode: 'ZX90',
        email: null,
        firstName: 'Gerardo',
        lastName: 'Ruiz Paz',
      }),
    ]);
  });

  it('an integrator creates administrators or integrators', async () => {
    await openAdd('integrator');
    expect(typeOptions()).toEqual(['Administrador de fraccionamiento', 'Integrador']);
  });

  it('the general administrator creates administrators only (they need no community)', async () => {
    await openAdd('generalAdmin');
    expect(typeOptions()).toEqual(['Administrador de fraccionamiento']);
  });

  it.each([
    [true, 'shows'],
    [false, 'hides'],
  ])("chatbot use of one's own user: configured administrative resident %s → %s the option", async (configured) => {
    serve(undefined, configured ? ({ uuid: 'r-1' } as AdministrativeResident) : null);
    await renderUsers('admin');
    await screen.findByText('Adriana Morales Peña');
    fireEvent.click(within(rowOf('Adriana Morales Peña')).getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(field('Nombre').value).toBe('Adriana'));
    expect(userDialog().queryByText('Uso de chatbot') !== null).toBe(configured);
    expect(server.calls('GET', '/api/administrativeVisitUser/administrativeResident')).toHaveLength(1);
  });

  it('a contractor refused by the server shows "Accion no permitida"', async () => {
    await openAdd('admin');
    await fillCapturista();
    server.answerNext('POST', '/api/users', {
      status: 403,
      body: {
        error: 'forbidden',
        error_description: 'Accion no permitida',
        fields: { '0.idUsersTypes': 'No es posible dar de alta un contratista desde esta sección' },
      },
    });
    click('Registrar');
    await expectDialog('Accion no permitida', 'No es posible dar de alta un contratista desde esta sección');
  });
});

describe('Users modal: field rules', () => {
  it('a guard code must have exactly 4 characters: "Código incompleto"', async () => {
    await openAdd();
    type('Tipo de usuario', '5');
    expect(userDialog().queryByLabelText(/^Correo electrónico/)).toBeNull();
    type('Código', 'AB1');
    type('Nombre', 'Gerardo');
    type('Apellidos', 'Ruiz Paz');
    click('Registrar');
    await expectDialog('Código incompleto', 'El código debe tener exactamente 4 caracteres');
    await accept();
    expect(server.calls('POST', '/api/users')).toHaveLength(0);
    type('Código', 'AB12');
    click('Registrar');
    await expectDialog('¡Correcto!');
    expect(lastPost()[0]).toMatchObject({ idUsersTypes: 5, vigilantCode: 'AB12' });
  });

  it('the email must be an email: "Correo no válido"', async () => {
    await openAdd();
    await fillCapturista('laura@porton');
    click('Registrar');
    await expectDialog('Correo no válido', 'El texto ingresado debe ser un correo electrónico');
  });

  it('first name 1 to 64 and surname 3 to 64 characters, and a type chosen', async () => {
    await openAdd();
    type('Apellidos', 'Al');
    click('Registrar');
    await expectDialog('Error', 'Por favor, corrige los campos indicados.');
    await accept();
    for (const message of [UserMessages.typeRequired, UserMessages.firstName, UserMessages.lastName])
      expect(userDialog().getByText(message)).toBeTruthy();
  });

  it('chatbot use needs a phone of 10 digits', async () => {
    await openAdd();
    await fillCapturista();
    await check('Uso de chatbot');
    click('Registrar');
    await expectDialog('Error', 'Por favor, corrige los campos indicados.');
    await accept();
    expect(userDialog().getByText('El número es obligatorio.')).toBeTruthy();
    type('Teléfono', '55123');
    click('Registrar');
    await expectDialog('Error', 'Por favor, corrige los campos indicados.');
    await accept();
    expect(userDialog().getByText('El número debe contener 10 dígitos.')).toBeTruthy();
    type('Teléfono', '5512345678');
    click('Registrar');
    await expectDialog('¡Correcto!');
    expect(lastPost()[0]).toMatchObject({ idUsersTypes: 2, useApp: true, phoneNumber: '5512345678' });
  });

  it('the integrator gives the address: 5 digits look the postal code up, city and state are filled and read-only', async () => {
    await openAdd('integrator');
    type('Tipo de usuario', '4');
    type('Correo electrónico', 'nuevo.admin@porton.mx');
    type('Nombre', 'Mario');
    type('Apellidos', 'Vega Ortiz');
    type('Código postal', '0100');
    expect(server.calls('GET', '/api/addresses/')).toHaveLength(0);
    type('Código postal', '01000');
    await waitFor(() => expect(field('Ciudad').value).toBe('Álvaro Obregón'));
    expect(field('Estado').value).toBe('Ciudad de México');
    expect((field('Ciudad') as HTMLInputElement).readOnly && (field('Estado') as HTMLInputElement).readOnly).toBe(true);
    type('Colonia', '12');
    type('Calle', 'Av. Revolución');
    type('Número exterior', '1500');
    click('Registrar');
    await expectDialog(
      '¡Correcto!',
      'El usuario se registró correctamente. Enviamos a nuevo.admin@porton.mx el enlace para elegir su contraseña.',
    );
    expect(lastPost()[0]).toMatchObject({
      idUsersTypes: 4,
      cp: '01000',
      idAddress: 12,
      street: 'Av. Revolución',
      extNumber: '1500',
      intNumber: null,
    });
  });
});

describe('Users modal: edit and the error catalogue', () => {
  it('on edit the type and the email cannot be changed', async () => {
    await renderUsers('admin');
    await screen.findByText('Carlos Hernández Ruiz');
    fireEvent.click(within(rowOf('Carlos Hernández Ruiz')).getByRole('button', { name: 'Editar' }));
    await screen.findByRole('heading', { name: 'Editar usuario' });
    await waitFor(() => expect(field('Nombre').value).toBe('Carlos'));
    expect(field('Tipo de usuario').disabled).toBe(true);
    expect(field('Correo electrónico').disabled).toBe(true);
    type('Nombre', 'Carlos Alberto');
    click('Actualizar');
    await expectDialog('¡Correcto!', 'El usuario se actualizó correctamente.');
    expect(server.calls('PUT', '/api/users/c1')[0].body).toMatchObject({
      idUsersTypes: 2,
      email: 'capturista@porton.mx',
      firstName: 'Carlos Alberto',
    });
  });

  it('an edit failure shows "Error al editar usuario"', async () => {
    await renderUsers('admin');
    await screen.findByText('Carlos Hernández Ruiz');
    fireEvent.click(within(rowOf('Carlos Hernández Ruiz')).getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(field('Nombre').value).toBe('Carlos'));
    server.answerNext('PUT', '/api/users/', {
      status: 400,
      body: { error: 'invalid_request', error_description: 'No es posible cambiar el correo del usuario.' },
    });
    click('Actualizar');
    await expectDialog('Error al editar usuario', 'No es posible cambiar el correo del usuario.');
  });

  it.each([
    [
      409,
      'El correo ya existe',
      { '0.email': 'El correo ya existe' },
      'El correo ya existe',
      'Es posible que este correo ya esté registrado.',
    ],
    [
      409,
      'El código ya existe',
      { '0.vigilantCode': 'El código ya existe' },
      'El código ya existe',
      'Es posible que este código ya esté registrado.',
    ],
    [
      410,
      'Correo no disponible',
      { '0.email': 'Correo no disponible' },
      'Correo no disponible',
      'Este correo pertenece a un usuario eliminado; usa otro correo.',
    ],
    [
      410,
      'Código no disponible',
      { '0.vigilantCode': 'Código no disponible' },
      'Código no disponible',
      'Este código pertenece a un usuario eliminado; usa otro código.',
    ],
    [500, 'Base de datos no disponible', undefined, 'Error al dar de alta', 'Base de datos no disponible'],
    [500, '', undefined, 'Error al dar de alta', 'Error interno del servidor'],
  ])('create answered %i "%s" shows its dialog', async (status, description, fields, title, detail) => {
    await openAdd();
    await fillCapturista();
    server.answerNext('POST', '/api/users', {
      status,
      body: { error: 'x', error_description: description, ...(fields ? { fields } : {}) },
    });
    click('Registrar');
    await expectDialog(title, detail);
    await accept();
    // Closing the dialog returns to the form with what was typed.
    expect(field('Correo electrónico').value).toBe('laura@porton.mx');
  });
});
