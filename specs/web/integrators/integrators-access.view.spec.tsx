import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { integratorAccessModel } from '../../machines/integrators/integrator-access.model.js';
import { renderIntegrators } from '../../support/integrators/integrators-harness.js';
import { describePath, transitionPaths } from '../../support/model-paths.js';
import { performPath } from '../../support/view-paths.js';

const rowOf = (email: string) => screen.getByText(email).closest('tr')!;
const dialog = () => screen.queryByRole('alertdialog', { hidden: true });
const paths = transitionPaths(integratorAccessModel);

describe('/integrators performs the integrator enable/disable paths', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { calls, api, accessCalls } = renderIntegrators();
    await waitFor(() => expect(screen.getByText('integrador@porton.mx')).toBeTruthy());
    // The list starts the action on the row whose button the person pressed: green 'A' (Desactivar)
    // on an enabled integrator, red 'N/A' (Activar) on a disabled one.
    const { row: launched } = path.input as { row: { uuid: string; name: string; lastName: string; enabled: boolean } };
    const target = { ...launched, name: `${launched.name} ${launched.lastName}` };
    const button = within(rowOf(target.uuid === 'i1' ? 'integrador@porton.mx' : 'integrador2@porton.mx')).getByRole(
      'button',
      { name: target.enabled ? 'Desactivar' : 'Activar' },
    );
    expect(button.textContent).toBe(target.enabled ? 'A' : 'N/A');
    fireEvent.click(button);
    await performPath(path, {
      calls,
      executors: {
        'access.confirm': () => {
          fireEvent.click(
            within(dialog()!).getByRole('button', { hidden: true, name: target.enabled ? 'Desactivar' : 'Activar' }),
          );
        },
        'access.cancel': () => {
          fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Cancelar' }));
        },
        'dialog.close': () => {
          fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Aceptar' }));
        },
      },
      expectState: async (state) => {
        const value = JSON.parse(state) as string;
        await waitFor(() => {
          const d = dialog();
          if (value === 'closed') expect(d).toBeNull();
          if (value === 'confirming' || value === 'saving') {
            const text = d!.textContent!;
            if (target.enabled) {
              expect(text).toContain(`¿Estás seguro de deshabilitar el acceso de ${target.name}?`);
              expect(text).toContain(
                'Al deshabilitar este integrador, se deshabilitarán los accesos de sus fraccionamientos',
              );
            } else {
              expect(text).toContain(`¿Estás seguro de habilitar el acceso de ${target.name}?`);
              expect(text).toContain('Al habilitar este integrador, se reanudarán los accesos a sus fraccionamientos');
            }
          }
          if (value === 'saving') expect(calls.queue.length).toBe(1);
          // The spec's empty error dialog: no title; the server's reason below it.
          if (value === 'failed') {
            expect(within(d!).getByRole('heading').textContent).toBe('');
            expect(d!.textContent).toContain('Error interno del servidor');
          }
        });
      },
    });
    // The call asks the opposite of the row's state; a success reloads the list.
    const confirmed = path.events.filter((e) => e.type === 'access.confirm').length;
    const succeeded = path.events.filter((e) => e.type === 'xstate.done.actor.setAccess').length;
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(1 + succeeded));
    expect(accessCalls).toEqual(confirmed ? [[target.uuid, !target.enabled]] : []);
  });
});
