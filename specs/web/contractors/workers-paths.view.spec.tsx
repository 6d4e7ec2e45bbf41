import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import type { ScreenWorker } from '../../../machines/contractors/workers-screen.machine.js';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { WorkersView, type WorkersDeps } from '../../../src/web/views/contractors/workers.view.js';
import { workersScreenModel } from '../../machines/contractors/workers-screen.model.js';
import { userAs } from '../../support/catalogues/catalogue-screen-harness.js';
import { dialogButton } from '../../support/dialogs.js';
import { Where } from '../../support/integrators/integrators-harness.js';
import { transitionPaths, type GeneratedPath } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

const NAMES: Record<string, string> = { a: 'Ana Prueba', p: 'Pepe Prueba' };
const card = (uuid: string) => screen.getByRole('article', { name: NAMES[uuid] });

/*
 * What a person cannot do on this screen, so no view path performs it: the model's own cases for
 * the machine layer (a page 2 of two cards, a download of a pending worker's credential by hand, 101
 * workers, an approved worker's Editar, which its card does not offer), and the ends of the
 * children (approval, download), which their own view walks perform.
 */
const performable = (e: AnyEventObject) => {
  if (
    e.type === 'page.go' ||
    e.type === 'xstate.done.actor.approval' ||
    e.type === 'xstate.done.actor.credentialDownload'
  )
    return false;
  if (e.type === 'credentials.download') return e.uuids.length === 1 && e.uuids[0] === 'a';
  if (e.type === 'xstate.done.actor.loadWorkers') return e.output.length === 2;
  if (e.type === 'worker.edit') return e.uuid === 'p';
  return true;
};
const paths = transitionPaths(workersScreenModel).filter((p) => p.events.every(performable));
const short = (p: GeneratedPath) => p.events.map((e) => `${e.type}${e.uuid ? ` ${e.uuid}` : ''}`).join(' → ');

function renderWorkers() {
  const calls = pendingCalls();
  let live: Parameters<WorkersDeps['listen']>[0] = {};
  const fetchCredentials = vi.fn(() => new Promise<void>(() => {}));
  const deps: WorkersDeps = {
    load: calls.fn<ScreenWorker[]>('load'),
    remove: calls.fn<void>('remove'),
    approve: vi.fn(() => new Promise(() => {})),
    reject: vi.fn(() => new Promise(() => {})),
    listen: (listener) => {
      live = listener;
      return () => {};
    },
    fetchCredentials: fetchCredentials as never,
  };
  localStorage.setItem('porton.token', 'token-de-prueba');
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs('admin')) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/workers']}>
        <SessionProvider logic={logic as never}>
          <WorkersView deps={deps} />
          <Where />
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { calls, deps, fetchCredentials, live: () => live };
}

describe("/workers performs the workersScreen paths (edit, delete, 'Seleccionar todos')", () => {
  it('the walk reaches the new actions', () => {
    const types = new Set(paths.flatMap((p) => p.events.map((e) => e.type)));
    for (const t of [
      'worker.edit',
      'worker.delete',
      'delete.confirm',
      'delete.cancel',
      'xstate.done.actor.deleteWorker',
      'xstate.error.actor.deleteWorker',
      'select.toggle',
      'select.all',
      'selection.download',
    ])
      expect(types).toContain(t);
  });

  it.each(paths.map((p) => [short(p), p] as const))('%s', async (_name, path) => {
    const { calls, deps, fetchCredentials, live } = renderWorkers();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    const inCard = (uuid: string, name: string) => within(card(uuid)).getByRole('button', { name });
    await performPath(path, {
      calls,
      spec: workersScreenModel,
      executors: {
        retry: () => fireEvent.click(screen.getByRole('button', { name: 'Reintentar' })),
        'search.change': (e) =>
          fireEvent.change(screen.getByLabelText('Buscar por trabajador u obra'), { target: { value: e.value } }),
        'info.open': (e) => fireEvent.click(inCard(e.uuid, 'Ver datos')),
        'credential.open': (e) => fireEvent.click(inCard(e.uuid, 'Credencial')),
        'credentials.download': (e) => fireEvent.click(inCard(e.uuids[0], 'Descargar credencial')),
        'modal.close': () =>
          fireEvent.click(
            dialogButton(
              screen.queryAllByRole('button', { name: 'Aceptar', hidden: true }).length ? 'Aceptar' : 'Cerrar',
            ),
          ),
        approve: (e) => fireEvent.click(inCard(e.uuid, 'Aprobar')),
        reject: (e) => fireEvent.click(inCard(e.uuid, 'Rechazar')),
        'live.changed': () =>
          act(() => {
            live().onDecided?.({} as never);
          }),
        'worker.edit': async (e) => fireEvent.click(await waitFor(() => inCard(e.uuid, 'Editar'))),
        'worker.delete': async (e) => fireEvent.click(await waitFor(() => inCard(e.uuid, 'Eliminar'))),
        'delete.confirm': () =>
          fireEvent.click(
            within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Eliminar', hidden: true }),
          ),
        'delete.cancel': () =>
          fireEvent.click(
            within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Cancelar', hidden: true }),
          ),
        'dialog.close': () => fireEvent.click(dialogButton('Aceptar')),
        'select.toggle': async (e) =>
          fireEvent.click(await waitFor(() => screen.getByLabelText(`Seleccionar a ${NAMES[e.uuid]}`))),
        'select.all': () => fireEvent.click(screen.getByRole('button', { name: 'Seleccionar todos' })),
        // 'Descargar credenciales' opens its menu: 'PDF para imprimir' or 'Imágenes (ZIP)'.
        'selection.download': async (e) => {
          fireEvent.click(screen.getByRole('button', { name: /^Descargar credenciales/ }));
          const pdf = (e as { format?: string }).format === 'pdf';
          fireEvent.click(await screen.findByRole('menuitem', { name: pdf ? 'PDF para imprimir' : 'Imágenes (ZIP)' }));
        },
      },
      // What each state shows is the model's view expectations (workersScreenModel), checked at every step.
      expectState: () => undefined,
    });
    const last = path.events.at(-1)!;
    const end = path.states.at(-1);
    // A card's Editar goes to ./createWorker?token={id}.
    if (last.type === 'worker.edit')
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/createWorker?token=p'));
    // DELETE .../{id}/administrator for the confirmed worker only.
    if (last.type === 'delete.confirm')
      await waitFor(() => expect(calls.queue.at(-1)).toMatchObject({ name: 'remove', args: ['p'] }));
    // After 'Trabajador eliminado correctamente' the list is read again.
    if (end === '"loading"' && last.type === 'dialog.close')
      await waitFor(() => expect(calls.queue.at(-1)?.name).toBe('load'));
    // The ticked approved workers' credentials, never a pending one's.
    if (end === '"downloading"' && last.type === 'selection.download') {
      await waitFor(() => expect(fetchCredentials).toHaveBeenCalled());
      const pdf = (last as { format?: string }).format === 'pdf' ? { format: 'pdf' } : {};
      expect((fetchCredentials.mock.calls.at(-1) as unknown[])[0]).toEqual({ kind: 'workers', uuids: ['a'], ...pdf });
    }
    expect(deps.approve).toHaveBeenCalledTimes(path.events.filter((e) => e.type === 'approve').length);
  });
});
