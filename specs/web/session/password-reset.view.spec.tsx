import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL } from '../../../src/shared/session/auth.schema.js';
import { ResetPasswordView } from '../../../src/web/views/session/reset-password.view.js';
import { passwordResetModel } from '../../machines/session/password-reset.model.js';
import { describePath, transitionPaths } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

const paths = transitionPaths(passwordResetModel);

describe('reset screen performs the password-reset machine paths (/resetPassword)', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const calls = pendingCalls();
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <ResetPasswordView api={{ resetPassword: calls.fn('resetPassword') }} />
        </MemoryRouter>
      </ChakraProvider>,
    );
    await performPath(path, {
      calls,
      executors: {
        'field.change': (e) =>
          fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: e.value } }),
        'form.submit': () => fireEvent.click(screen.getByRole('button', { name: 'Recuperar Contraseña' })),
        'form.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' })),
      },
      expectState: async (state, step) => {
        const value = JSON.parse(state) as string;
        await waitFor(() => {
          if (value === 'sent') expect(screen.getByText(/Te enviamos un correo con las instrucciones/)).toBeTruthy();
          if (value === 'failed') expect(screen.getByText('su solicitud no puede ser procesada')).toBeTruthy();
          if (value === 'editing') expect(screen.getByRole('button', { name: 'Recuperar Contraseña' })).toBeTruthy();
        });
        if (value === 'editing' && step === path.states.length - 1) {
          const shown = screen.queryByText(INVALID_EMAIL) !== null;
          expect(shown).toBe(path.final.context.error === INVALID_EMAIL);
        }
      },
    });
    for (const call of calls.queue) expect(call.args).toEqual(['residente@porton.mx']);
  });
});
