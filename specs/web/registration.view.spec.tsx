import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { RegistrationLookup } from '../../src/shared/api-types.js';
import { RegistrationMessages } from '../../src/shared/registration-rules.js';
import { REGISTRATION_PASSWORD_RULE } from '../../src/shared/schemas/auth.schema.js';
import { RegisterView } from '../../src/web/views/auth/register.view.js';
import { registrationModel } from '../machines/models/registration.model.js';
import { describePath, transitionPaths } from '../support/model-paths.js';
import { pendingCalls, performPath } from '../support/view-paths.js';

const paths = transitionPaths(registrationModel);

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderView(input: { type: string | null; uuid: string | null }) {
  const calls = pendingCalls();
  const api = { findUser: calls.fn<RegistrationLookup | null>('findUser'), newPassword: calls.fn<unknown>('newPassword') };
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

const dialogTitle = (text: string) => screen.queryByRole('alertdialog', { name: text });

describe('registration screen performs the registration machine paths (spec 1 §2, §5, §8)', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const calls = renderView(path.input as { type: string | null; uuid: string | null });
    await performPath(path, {
      calls,
      executors: {
        'field.change': (e) => fireEvent.change(screen.getByLabelText(e.name === 'password' ? /^Contraseña/ : /Confirmar contraseña/), { target: { value: e.value } }),
        'form.submit': () => fireEvent.click(screen.getByRole('button', { name: 'Registrar' })),
        'dialog.close': () => fireEvent.click(screen.getByRole('button', { name: 'Aceptar' })),
      },
      expectState: async (state) => {
        const value = JSON.parse(state) as string;
        await waitFor(() => {
          if (value === 'invalidLink') expect(dialogTitle(RegistrationMessages.noPermission)).not.toBeNull();
          if (value === 'notFound') expect(dialogTitle(RegistrationMessages.notFound)).not.toBeNull();
          if (value === 'completed') expect(dialogTitle(RegistrationMessages.completed)).not.toBeNull();
          if (value === 'failed') {
            expect(dialogTitle(RegistrationMessages.failed)).not.toBeNull();
            expect(screen.getByText('Enlace vencido')).toBeTruthy();
          }
          if (value === 'editing') {
            expect(screen.getByRole('button', { name: 'Registrar' })).toBeTruthy();
            expect(screen.queryByRole('alertdialog')).toBeNull();
          }
          if (value === 'lookingUp') expect(screen.queryByRole('button', { name: 'Registrar' })).toBeNull();
        });
      },
    });
    const last = JSON.parse(path.states.at(-1)!) as string;
    if (last === 'left') {
      const expected = path.inputName === 'no link' ? '/home' : path.events.some((e) => e.type === 'xstate.done.actor.savePassword') ? '/?type=contractor' : '/';
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(expected));
    }
    // Field errors the model holds are the ones the person reads under the fields.
    const errors = path.final.context.errors as Record<string, string>;
    if (last === 'editing' && errors.password) expect(screen.getByText(REGISTRATION_PASSWORD_RULE)).toBeTruthy();
    if (last === 'editing' && !errors.password) expect(screen.queryByText(REGISTRATION_PASSWORD_RULE)).toBeNull();
  });
});
