import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/session/session.machine.js';
import type { CurrentUser } from '../../../src/shared/platform/api-types.js';
import { SignInMessages } from '../../../src/shared/session/sign-in-rules.js';
import { api } from '../../../src/web/platform/api/client.js';
import { AppRoutes } from '../../../src/web/app-routes.js';
import { SessionProvider } from '../../../src/web/views/session/session-context.js';
import { sessionModel } from '../../machines/session/session.model.js';
import { describePath, transitionPaths } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';
import { lastAlertDialog } from '../../support/dialogs.js';

const paths = transitionPaths(sessionModel);
afterEach(() => {
  vi.unstubAllGlobals();
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

/**
 * The screen a session lands on (the dashboard) loads its data through the real client. The shell
 * and the session are under test, not that screen: its server has not answered yet, so no request
 * leaves the test (a request the screen drops ends as a dropped request does).
 */
function serverNotAnsweringYet() {
  vi.stubGlobal(
    'fetch',
    (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }),
  );
}

function renderApp(token: string | null) {
  if (token) localStorage.setItem('porton.token', token);
  serverNotAnsweringYet();
  const calls = pendingCalls();
  const effects = { reloads: 0 };
  const logic = sessionMachine.provide({
    actors: {
      checkSession: fromPromise(() => calls.fn<CurrentUser>('me')()),
      signIn: fromPromise(({ input }) => calls.fn<{ token: string; user: CurrentUser }>('signIn')(input)),
      switchCommunity: fromPromise(({ input }) => calls.fn<void>('switch')(input)),
      signOut: fromPromise(() => calls.fn<void>('signOut')()),
    },
    actions: {
      persistToken: (_, params) => localStorage.setItem('porton.token', params.token),
      clearStorage: () => localStorage.clear(),
      reload: () => {
        effects.reloads++;
      },
    },
  });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/']}>
        <Where />
        <SessionProvider logic={logic as never}>
          <AppRoutes />
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { calls, effects };
}

const where = () => screen.getByTestId('where').textContent;

async function showPortal(portal: 'main' | 'contractor') {
  const onContractor = where()!.includes('contractor');
  if (portal === 'contractor' && !onContractor) fireEvent.click(await screen.findByText('Soy contratista'));
  if (portal === 'main' && onContractor) fireEvent.click(await screen.findByText('Portal inicio'));
  await screen.findByRole('heading', { name: portal === 'contractor' ? 'Portal de contratistas' : 'Iniciar sesión' });
}
const input = (name: 'email' | 'password') => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

async function openUserMenu() {
  fireEvent.click(await screen.findByRole('button', { name: /^Menú de usuario/ }));
  await screen.findByRole('menu');
}

describe('sign-in screens and shell perform the session machine paths', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { calls, effects } = renderApp((path.input as { token: string | null }).token);
    await performPath(path, {
      calls,
      executors: {
        'credentials.change': async (e) => {
          await screen.findByRole('button', { name: 'Ingresar' });
          fireEvent.change(
            e.name === 'email' ? screen.getByLabelText(/Correo electrónico/) : screen.getByLabelText(/^Contraseña/),
            { target: { value: e.value } },
          );
        },
        'session.signIn': async (e) => {
          await showPortal(e.portal);
          fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
        },
        'error.dismiss': () => {
          fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
        },
        'session.switchCommunity': async () => {
          await openUserMenu();
          fireEvent.click(screen.getByRole('menuitem', { name: 'Bosques' }));
        },
        'session.signOut': async () => {
          await openUserMenu();
          fireEvent.click(screen.getByRole('menuitem', { name: 'Cerrar Sesión' }));
        },
        // A call answered 401 reaches the machine through the real transport and bridge.
        'session.expired': async () => {
          vi.stubGlobal(
            'fetch',
            async () =>
              new Response(JSON.stringify({ error: 'unauthorized', error_description: 'x' }), { status: 401 }),
          );
          await api.get('/api/users/me').catch(() => undefined);
        },
      },
      // What the spec says of each state is the model's (its `view` expectations); here only what the screen adds.
      spec: sessionModel,
      probe: () => ({ where, field: input }),
      expectState: async (state) => {
        const value = JSON.parse(state) as string | Record<string, string>;
        await waitFor(() => {
          if (typeof value === 'object' && value.signedOut === 'error') expect(lastAlertDialog()).toBeTruthy();
          if (typeof value === 'object' && value.signedOut === 'idle')
            expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
          if (value === 'restoring') expect(screen.getByLabelText('Cargando')).toBeTruthy();
        });
      },
    });
    const last = path.events.at(-1)!;
    if (last.type === 'xstate.done.actor.switchCommunity') expect(effects.reloads).toBe(1);
    if (['xstate.done.actor.signOut', 'xstate.error.actor.signOut', 'session.expired'].includes(last.type)) {
      expect(localStorage.getItem('porton.token')).toBeNull();
      await waitFor(() => expect(where()).toBe('/'));
    }
    if (last.type === 'xstate.done.actor.revokeRejected')
      expect(screen.getByText(SignInMessages.contractorOnly)).toBeTruthy();
  });
});
