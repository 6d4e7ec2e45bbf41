import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { RegistrationLookup } from '../../../src/shared/platform/api-types.js';
import { RegistrationMessages } from '../../../src/shared/session/registration-rules.js';
import { REGISTRATION_PASSWORD_RULE } from '../../../src/shared/session/auth.schema.js';
import { RegisterView } from '../../../src/web/views/session/register.view.js';
import { registrationFormModel } from '../../machines/session/registration.model.js';
import { describePath, transitionPaths } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderView(input: { type: string | null; uuid: string | null }) {
  const calls = pendingCalls();
  const api = {
    findUser: calls.fn<RegistrationLookup | null>('findUser'),
    newPassword: calls.fn<unknown>('newPassword'),
  };
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/start']}>
        <Where />
        <Routes>
          <Route path="/start" element={<RegisterView type={input.type} uuid={input.uuid} api={api} />} />
          <Route path="/home" element={<p>pantalla inicio</p>} />
          <Route path="*" element={<p>otra pantalla</p>} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return calls;
}

const dialogTitle = (text: string) => screen.queryByRole('alertdialog', { name: text, hidden: true });

describe('registration screen performs the password form paths (complete registration, password rules, messages)', () => {
  const paths = transitionPaths(registrationFormModel);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const calls = renderView({ type: 'register', uuid: 't-1' });
    await performPath(path, {
      calls,
      executors: {
        'field.change': (e) =>
          fireEvent.change(screen.getByLabelText(e.name === 'password' ? /^Contraseña/ : /Confirmar contraseña/), {
            target: { value: e.value },
          }),
        'form.submit': () => fireEvent.click(screen.getByRole('button', { name: 'Registrar' })),
        'dialog.close': () => fireEvent.click(screen.getByRole('button', { name: 'Aceptar' })),
        // findUser answers the user behind the link; an unknown uuid answers null (not an error).
        'xstate.done.actor.load': (e) => calls.settle({ ...e, output: e.output.record }),
        'xstate.error.actor.load': () => calls.settle({ type: 'xstate.done.actor.load', output: null }),
      },
      expectState: async (state, step) => {
        const value = JSON.parse(state) as string;
        const ctx = path.contexts[step];
        await waitFor(() => {
          if (value === 'loading') expect(screen.getByLabelText('Buscando registro')).toBeTruthy();
          if (value === 'loadFailed') expect(dialogTitle(RegistrationMessages.notFound)).not.toBeNull();
          if (value === 'succeeded') expect(dialogTitle(RegistrationMessages.completed)).not.toBeNull();
          if (value === 'failed') {
            expect(dialogTitle(RegistrationMessages.failed)).not.toBeNull();
            expect(screen.getByText('Enlace vencido')).toBeTruthy();
          }
          if (value === 'invalid') expect(dialogTitle('Error')).not.toBeNull();
          if (value === 'editing') {
            expect(screen.getByText('Hola C, elige tu contraseña para c@porton.mx.')).toBeTruthy();
            expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
            // Field errors the model holds are the ones the person reads under the fields.
            expect(screen.queryByText(REGISTRATION_PASSWORD_RULE) !== null).toBe(Boolean(ctx.errors.password));
          }
        });
      },
    });
    if (path.final.status === 'done') {
      const expected = path.final.output.saved ? '/?type=contractor' : '/';
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(expected));
    }
  });

  it("a link without type=register and a uuid: 'No tienes permiso para acceder a este recurso', then /home, and nobody is looked up", async () => {
    const calls = renderView({ type: null, uuid: 't-1' });
    await waitFor(() => expect(dialogTitle(RegistrationMessages.noPermission)).not.toBeNull());
    expect(calls.queue).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
  });
});
