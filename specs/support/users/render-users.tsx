import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/session/session.machine.js';
import type { CurrentUser } from '../../../src/shared/platform/api-types.js';
import type { Role } from '../../../src/shared/platform/roles.js';
import { SessionProvider } from '../../../src/web/views/session/session-context.js';
import { UsersView } from '../../../src/web/views/users/users.view.js';
import { lastAlertDialog } from '../dialogs.js';

const community = { uuid: 'f-1', name: 'Residencial Las Palmas' };
const people: Record<'admin' | 'integrator' | 'generalAdmin', CurrentUser> = {
  admin: {
    uuid: 'self-admin',
    email: 'administrador@porton.mx',
    username: 'Adriana Morales Peña',
    role: 'Administrador de fraccionamiento',
    roleKey: 'admin',
    frac: community.name,
    product: [community],
    logoURL: null,
    idUsersTypes: 4,
    testFrac: community,
    firstName: 'Adriana',
    lastName: 'Morales Peña',
    club: false,
  },
  integrator: {
    uuid: 'self-integrator',
    email: 'integrador@porton.mx',
    username: 'Ignacio Ramírez Soto',
    role: 'Integrador',
    roleKey: 'integrator',
    frac: community.name,
    product: [community],
    logoURL: null,
    idUsersTypes: 14,
    testFrac: community,
    firstName: 'Ignacio',
    lastName: 'Ramírez Soto',
    club: false,
  },
  generalAdmin: {
    uuid: 'self-general',
    email: 'admin@porton.mx',
    username: 'Ana Garza Torres',
    role: 'Administrador general',
    roleKey: 'generalAdmin',
    frac: null,
    product: [],
    logoURL: null,
    idUsersTypes: 1,
    testFrac: null,
    firstName: 'Ana',
    lastName: 'Garza Torres',
    club: false,
  },
};
export const sessionUser = (role: keyof typeof people) => people[role];

/** The real /users view signed in as `role` (the session check answers that user). */
export async function renderUsers(
  role: Extract<Role, 'admin' | 'integrator' | 'generalAdmin'>,
  props: ComponentProps<typeof UsersView> = {},
  token = `token-${role}`,
) {
  localStorage.setItem('porton.token', token);
  const logic = sessionMachine.provide({
    actors: {
      checkSession: fromPromise(async () => people[role]),
      signIn: fromPromise(async (): Promise<{ token: string; user: CurrentUser }> => {
        throw new Error('not used');
      }),
      switchCommunity: fromPromise(async (): Promise<void> => undefined),
      signOut: fromPromise(async (): Promise<void> => undefined),
    },
    actions: { persistToken: () => undefined, clearStorage: () => undefined, reload: () => undefined },
  });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/users']}>
        <SessionProvider logic={logic as never}>
          <UsersView {...props} />
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  await screen.findByRole('heading', { name: 'Usuarios' });
}

export const userDialog = () => within(screen.getByTestId('user-form-dialog'));
export const field = (label: string) =>
  userDialog().getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement | HTMLSelectElement;
export const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
export const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
export const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

/** Checks a Chakra checkbox by its label (its state machine answers a tick later). */
export async function check(label: string) {
  const box = screen.getAllByRole('checkbox').find((c) => c.closest('label')?.textContent?.includes(label));
  if (!box) throw new Error(`no checkbox '${label}'`);
  fireEvent.click(box);
  await waitFor(() => expect(box.closest('label')!.getAttribute('data-state')).toBe('checked'));
}

/** A result dialog shows `title` (and `detail`). */
export async function expectDialog(title: string, detail?: string) {
  await waitFor(() => {
    const dialog = screen.getAllByRole('alertdialog', { hidden: true }).find((d) => within(d).queryByText(title));
    expect(dialog, `dialog '${title}'`).toBeTruthy();
    if (detail) expect(within(dialog!).getByText(detail)).toBeTruthy();
  });
}
/** 'Aceptar' closes the result dialog; the form behind it is usable again. */
export async function accept() {
  fireEvent.click(within(lastAlertDialog()).getByRole('button', { name: 'Aceptar', hidden: true }));
  await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
}
