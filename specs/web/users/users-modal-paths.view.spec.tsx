import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserFormValues } from '../../../src/shared/users/user-form.js';
import { userInvalidDialog } from '../../../src/shared/users/user-save-errors.js';
import { usersApi, type UserRow, type UsersApi } from '../../../src/web/views/users/users.api.js';
import { typedAdministrator, userModalModel } from '../../machines/users/user-modal.model.js';
import { managedUser } from '../../support/users/fake-users-server.js';
import { describePath, transitionPaths, type GeneratedPath } from '../../support/model-paths.js';
import { click, field, renderUsers, rowOf, type, userDialog } from '../../support/users/render-users.js';
import { dialogButton } from '../../support/dialogs.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';
import { lastAlertDialog } from '../../support/dialogs.js';

const paths = transitionPaths(userModalModel);
const laura = {
  ...managedUser({
    uuid: 'u1',
    firstName: 'Laura',
    lastName: 'Pérez Gómez',
    idUsersTypes: 4,
    email: 'laura@porton.mx',
  }),
  name: 'Laura Pérez Gómez',
} as UserRow;

/** The users API with the modal's calls waiting for the path; the list answers at once. */
function pathApi() {
  const calls = pendingCalls();
  const saved: unknown[] = [];
  const edited: string[] = [];
  let lists = 0;
  const api: UsersApi = {
    ...usersApi,
    list: async (q) => {
      lists += 1;
      return { content: q.search ? [] : [laura], totalElements: 1, totalPages: 1, page: 0, size: 15 };
    },
    remove: async () => undefined,
    editValues: (row, caller) => {
      edited.push(row.uuid);
      return calls.fn<never>('editValues')(row, caller);
    },
    addresses: calls.fn('addresses'),
    create: (user) => {
      saved.push(user);
      return calls.fn<never>('create')(user);
    },
    update: (uuid, user) => {
      saved.push(user);
      return calls.fn<never>('update')(uuid, user);
    },
  };
  return { api, calls, saved, edited, lists: () => lists };
}

/** The 'add' input starts from what an integrator typed: type, names, email and street. */
async function typeTheAddInput() {
  click('Agregar usuario');
  await screen.findByTestId('user-form-dialog');
  type('Tipo de usuario', typedAdministrator.idUsersTypes);
  for (const [label, name] of [
    ['Correo electrónico', 'email'],
    ['Nombre', 'firstName'],
    ['Apellidos', 'lastName'],
    ['Calle', 'street'],
    ['Número exterior', 'extNumber'],
  ] as const) {
    type(label, String(typedAdministrator[name]));
  }
}

function expectShows(path: GeneratedPath, step: number, value: string) {
  const ctx = path.contexts[step];
  const values = ctx.values as UserFormValues;
  if (value === 'editing') {
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
    expect(screen.queryByText('Buscando colonias…') !== null).toBe(ctx.lookingUp);
    expect(field('Apellidos').value).toBe(values.lastName);
    expect([field('Código postal').value, field('Ciudad').value, field('Estado').value]).toEqual([
      values.cp,
      values.city,
      values.state,
    ]);
    const colonies = [...(field('Colonia') as HTMLSelectElement).options]
      .filter((o) => o.value !== '')
      .map((o) => o.textContent);
    expect(colonies).toEqual(ctx.colonies.map((a: { colony: string }) => a.colony));
    return;
  }
  switch (value) {
    case 'loading':
      expect(userDialog().getByLabelText('Cargando')).toBeTruthy();
      break;
    case 'invalid': {
      const dialog = userInvalidDialog(ctx.errors);
      expect(lastAlertDialog().textContent).toContain(dialog.title);
      for (const message of Object.values(ctx.errors) as string[])
        expect(userDialog().getAllByText(message).length).toBeGreaterThan(0);
      break;
    }
    case 'submitting':
      expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
      break;
    case 'succeeded':
      expect(lastAlertDialog().textContent).toContain('¡Correcto!');
      break;
    case 'failed':
      expect(lastAlertDialog().textContent).toContain('El correo ya existe');
      break;
    case 'loadFailed':
      expect(lastAlertDialog().textContent).toContain('No fue posible cargar el registro');
      break;
    case 'closed':
      expect(screen.queryByTestId('user-form-dialog')).toBeNull();
      expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
      break;
    default:
      throw new Error(`unexpected state ${value}`);
  }
}

describe('the users modal performs every userModal path on the real /users view', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { api, calls, saved, edited, lists } = pathApi();
    await renderUsers('integrator', { api });
    await screen.findByText('Laura Pérez Gómez');
    if (path.inputName === 'add') await typeTheAddInput();
    else fireEvent.click(within(rowOf('Laura Pérez Gómez')).getByRole('button', { name: 'Editar' }));
    await performPath(path, {
      calls,
      executors: {
        'field.change': (e) => {
          type({ cp: 'Código postal', idAddress: 'Colonia' }[e.name as string]!, String(e.value));
        },
        'form.submit': () => {
          click(path.inputName === 'add' ? 'Registrar' : 'Actualizar');
        },
        'form.cancel': () => {
          click('Cancelar');
        },
        'dialog.close': () => {
          fireEvent.click(dialogButton('Aceptar'));
        },
        // The users API answers the user's form values; the modal's load wraps them.
        'xstate.done.actor.load': (e) => calls.settle({ ...e, output: e.output.values }),
        // The lookup child's answers: the postal-code call the modal made is answered.
        'postalCode.found': (e) => calls.settle({ type: 'xstate.done.actor.lookup', output: e.addresses }),
        'postalCode.failed': (e) => calls.settle({ type: 'xstate.error.actor.lookup', error: e.error }),
      },
      spec: userModalModel,
      probe: () => ({ field }),
      expectState: async (state, step) => {
        if (path.inputName === 'add' && step === 0) return; // the typing above is the input
        await waitFor(() => expectShows(path, step, JSON.parse(state)));
      },
    });
    // The edit opens the listed row; what is sent is the administrator with the address.
    expect(edited).toEqual(path.inputName === 'edit' ? ['u1'] : []);
    for (const user of saved) {
      expect(user).toMatchObject({
        idUsersTypes: 4,
        email: 'laura@porton.mx',
        cp: '01000',
        idAddress: 11,
        street: 'Av. Revolución',
        extNumber: '1500',
      });
    }
    const savedOk = path.events.some((e) => e.type === 'xstate.done.actor.save');
    if (path.final.status === 'done') await waitFor(() => expect(lists()).toBe(savedOk ? 2 : 1));
  });
});
