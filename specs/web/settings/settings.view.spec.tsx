import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import type { SettingsApi } from '../../../src/web/views/settings/settings.api.js';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { SettingsView } from '../../../src/web/views/settings/settings.view.js';
import { settingsEditModel } from '../../machines/settings/settings-edit.model.js';
import { userAs } from '../../support/catalogues/catalogue-screen-harness.js';
import { dialogButton } from '../../support/dialogs.js';
import { describePath, transitionPaths } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

const paths = transitionPaths(settingsEditModel);
const LABELS: Record<string, string> = {
  searchName: 'Nombre',
  searchAddress: 'Dirección',
  searchAction: 'No. acción',
  searchPlace: 'Lugar',
  searchCommonArea: 'Área común',
  folioRequired: 'Obligatorio',
};
const box = (label: string) => {
  const found = screen
    .getAllByRole('checkbox', { hidden: true })
    .find((c) => c.closest('label')?.textContent?.trim() === label);
  if (!found) throw new Error(`no checkbox '${label}'`);
  return found;
};

function renderSettings() {
  localStorage.setItem('porton.token', 'token-de-prueba');
  const calls = pendingCalls();
  const api = { load: calls.fn('load'), save: calls.fn('save') } as unknown as SettingsApi;
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs('admin')) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <SessionProvider logic={logic as never}>
          <SettingsView api={api} />
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return calls;
}

const button = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe("'Ajustes' performs the settingsEdit paths (Settings)", () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const calls = renderSettings();
    const saves: unknown[][] = [];
    await performPath(path, {
      calls,
      spec: settingsEditModel,
      executors: {
        'xstate.done.actor.save': async (e: AnyEventObject) => {
          saves.push(calls.queue[0]?.args ?? []);
          await calls.settle(e);
        },
        'xstate.error.actor.save': async (e: AnyEventObject) => {
          saves.push(calls.queue[0]?.args ?? []);
          await calls.settle(e);
        },
        'load.retry': () => button('Reintentar'),
        'settings.edit': () => button('Editar'),
        'settings.cancel': () => button('Cancelar'),
        'settings.save': () => button('Guardar'),
        'search.all': () => fireEvent.click(box('Todo')),
        'option.toggle': (e) => fireEvent.click(box(LABELS[e.name as string])),
        'message.change': (e) => fireEvent.change(screen.getByRole('textbox'), { target: { value: e.value } }),
        'validity.choose': (e) =>
          fireEvent.change(document.querySelector('select[name="invitationValidity"]')!, {
            target: { value: String(e.hours) },
          }),
        'frequent.choose': (e) =>
          fireEvent.change(document.querySelector('select[name="frequentValidity"]')!, {
            target: { value: `${e.unit}:${e.amount}` },
          }),
        'dialog.close': () => fireEvent.click(dialogButton('Aceptar')),
      },
      expectState: async (state) => {
        await waitFor(() => {
          const value = JSON.parse(state);
          if (value === 'loading') expect(screen.queryByLabelText('Cargando')).not.toBeNull();
          if (value === 'loadFailed')
            expect(screen.queryByText('No fue posible cargar la configuración')).not.toBeNull();
          if (value === 'editing') expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeNull();
        });
      },
    });
    // What was saved is the PUT of the community shown, with what the screen showed.
    for (const [uuid] of saves) expect(uuid).toBe('00000000-0000-4000-8000-00000000aa01');
  });
});
