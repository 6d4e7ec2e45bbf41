/**
 * Renders a real catalogue screen (Zonas) signed in as a role, with a fake zones API whose
 * calls wait until the test settles them (specs/support/view-paths.ts).
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AnyEventObject } from 'xstate';
import { fromPromise } from 'xstate';
import { dialogButton } from '../dialogs.js';
import type { CurrentUser } from '../../../src/shared/platform/api-types.js';
import type { Zone } from '../../../src/shared/catalogues/catalogue-types.js';
import { UserType, type Role } from '../../../src/shared/platform/roles.js';
import type { zonesApi } from '../../../src/web/views/catalogues/zones.api.js';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { ZonesView } from '../../../src/web/views/catalogues/zones.view.js';
import { pendingCalls } from '../view-paths.js';

export const COMMUNITY = 'Residencial Las Palmas';

const typeOf: Record<Role, number> = {
  admin: UserType.admin,
  capturista: UserType.capturista,
  generalAdmin: UserType.generalAdmin,
  guard: UserType.guard,
  resident: UserType.resident,
  integrator: UserType.integrator,
  contractor: UserType.contractor,
};

export const userAs = (role: Role): CurrentUser => ({
  uuid: '00000000-0000-4000-8000-0000000000ff',
  email: `${role}@porton.mx`,
  username: `${role}@porton.mx`,
  role,
  roleKey: role,
  frac: COMMUNITY,
  product: [{ name: COMMUNITY, uuid: 'c1' }],
  logoURL: null,
  idUsersTypes: typeOf[role],
  testFrac: { uuid: 'c1', name: COMMUNITY },
  firstName: 'Ana',
  lastName: 'Prueba',
  club: false,
});

/** A row of the list models (uuid, name) as `GET api/zones` answers it. */
export const asZone = (row: { uuid: string; name: string }, i = 0): Zone => ({
  uuid: row.uuid,
  idZone: i + 1,
  name: row.name,
  color: '#000000',
  idFrac: 1,
  testFrac: { uuid: 'c1', name: COMMUNITY },
});

/** The model's outputs as the zones API gives them (pages of zones, a loaded zone). */
export function asZonesEvent(event: AnyEventObject): AnyEventObject {
  const output = event.output as { content?: { uuid: string; name: string }[]; values?: { name?: string } } | undefined;
  if (output?.content) return { ...event, output: { ...output, content: output.content.map(asZone) } };
  if (event.type === 'xstate.done.actor.load' && output?.values?.name)
    return { ...event, output: asZone({ uuid: 'a', name: output.values.name }) };
  return event;
}

export async function renderZones(role: Role) {
  localStorage.setItem('porton.token', 'token-de-prueba');
  const calls = pendingCalls();
  const log: { name: string; args: unknown[] }[] = [];
  const fake = <T,>(name: string) => {
    const f = calls.fn<T>(name);
    return (...args: unknown[]) => {
      log.push({ name, args });
      return f(...args);
    };
  };
  const api = {
    list: fake('list'),
    get: fake('get'),
    create: fake('create'),
    update: fake('update'),
    remove: fake('remove'),
    all: fake('all'),
  } as unknown as typeof zonesApi;
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs(role)) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <SessionProvider logic={logic as never}>
          <ZonesView api={api} />
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return { calls, log };
}

export const formDialog = () => screen.queryByTestId('form-dialog');
export const resultDialog = (title: string) => screen.queryByRole('alertdialog', { name: title, hidden: true });
export const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

export const ui = {
  search: (value: string) => fireEvent.change(screen.getByLabelText('Buscar zona'), { target: { value } }),
  submitSearch: () => fireEvent.click(screen.getByRole('button', { name: 'Buscar' })),
  goToPage: (page: number) => fireEvent.click(screen.getByRole('button', { name: String(page + 1) })),
  add: () => fireEvent.click(screen.getByRole('button', { name: 'Agregar zona' })),
  edit: (name: string) => fireEvent.click(within(rowOf(name)).getByRole('button', { name: 'Editar' })),
  remove: (name: string) => fireEvent.click(within(rowOf(name)).getByRole('button', { name: 'Eliminar' })),
  confirm: (button: 'Eliminar' | 'Cancelar') =>
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: button })),
  typeName: (value: string) => fireEvent.change(within(formDialog()!).getByLabelText(/Nombre/), { target: { value } }),
  submitForm: () =>
    fireEvent.click(within(formDialog()!).getByRole('button', { name: /^(Registrar|Actualizar)$/, hidden: true })),
  cancelForm: () => fireEvent.click(within(formDialog()!).getByRole('button', { name: 'Cancelar', hidden: true })),
  /** The result dialog's only button; it may take a render to become reachable after the dialog opens. */
  accept: () => waitFor(() => fireEvent.click(dialogButton('Aceptar'))),
  retry: () => fireEvent.click(screen.getByRole('button', { name: 'Reintentar' })),
  refresh: () => fireEvent.click(screen.getByRole('button', { name: 'Recargar' })),
};

/** Waits until no dialog of the form, confirmation or result is on the page. */
export const noDialogs = () =>
  waitFor(() => {
    if (formDialog() || screen.queryByRole('alertdialog', { hidden: true })) throw new Error('a dialog is still open');
  });
