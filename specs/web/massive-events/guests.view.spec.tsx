import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { InvitationTarget } from '../../../machines/massive-events/invitation-download.machine.js';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { GuestsView } from '../../../src/web/views/massive-events/guests.view.js';
import { guestActionsModel, guestRows } from '../../machines/massive-events/guest-actions.model.js';
import { userAs } from '../../support/catalogues/catalogue-screen-harness.js';
import { Where } from '../../support/integrators/integrators-harness.js';
import { describePath, generatePaths } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

const failure = {
  kind: 'http',
  status: 404,
  body: { error: 'not_found', error_description: 'El invitado no existe.' },
};
const event = { uuid: 'e1', title: 'Posada anual', massiveEventGuests: guestRows.map(({ name: _n, ...g }) => g) };

function renderGuests() {
  const calls = pendingCalls();
  const api = {
    get: vi.fn(async () => event as never),
    addGuests: vi.fn(),
    removeGuest: vi.fn(),
    addGuest: vi.fn(async (_event: string, g: Record<string, unknown>) => ({
      ...g,
      id: 9,
      uuid: 'g9',
      massiveEvent: { uuid: 'e1' },
    })),
    updateGuest: vi.fn(async (_event: string, g: Record<string, unknown>) => ({
      ...g,
      id: 1,
      massiveEvent: { uuid: 'e1' },
    })),
  };
  const downloads: InvitationTarget[] = [];
  const download = async (target: InvitationTarget, hooks: { report: (e: unknown) => void }) => {
    downloads.push(target);
    await calls.fn<void>('download')(target);
    hooks.report({ type: 'download.headers', fileName: 'invitaciones.zip', count: 2 });
  };
  localStorage.setItem('porton.token', 'token-de-prueba');
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs('admin')) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/guests?event=e1']}>
        <SessionProvider logic={logic as never}>
          <Routes>
            <Route
              path="/guests"
              element={
                <>
                  <GuestsView api={api as never} download={download as never} />
                  <Where />
                </>
              }
            />
            <Route path="*" element={<Where />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { calls, downloads, api };
}

const dialog = () => screen.queryAllByRole('alertdialog', { hidden: true }).at(-1) ?? null;
const close = () => fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Aceptar' }));
// Every generated path of the selection, its rules and the download (the import, add, edit and delete run the shared list's children, walked elsewhere).
const paths = generatePaths(guestActionsModel).filter((p) =>
  p.events.every(
    (e) =>
      !(
        e.type === 'action' && ['import', 'add', 'edit', 'delete'].includes((e as unknown as { action: string }).action)
      ),
  ),
);

describe("/guests: 'Descargar invitación' and 'Compartir' with one or several guests ticked, and a card's 'Compartir'", () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { calls, downloads } = renderGuests();
    await screen.findByText('Ana López');
    await performPath(path, {
      calls,
      spec: guestActionsModel,
      executors: {
        'select.toggle': (e) => {
          fireEvent.click(screen.getByText((e as unknown as { row: { name: string } }).row.name));
        },
        'select.all': () => {
          fireEvent.click(screen.getByRole('button', { name: 'Seleccionar todos' }));
        },
        'select.clear': () => {
          for (const name of guestRows.map((g) => g.name)) {
            const input = screen.getByLabelText(`Seleccionar a ${name}`) as HTMLInputElement;
            if (input.checked) fireEvent.click(screen.getByText(name));
          }
        },
        action: (e) => {
          const share = (e as unknown as { action: string }).action === 'share';
          fireEvent.click(screen.getByRole('button', { name: share ? 'Compartir' : 'Descargar invitación' }));
        },
        // A card's 'Compartir' (jsdom has no navigator.share: the invitation is downloaded).
        'share.guest': (e) => {
          const name = (e as unknown as { row: { name: string } }).row.name;
          fireEvent.click(screen.getByRole('button', { name: `Compartir la invitación de ${name}` }));
        },
        'dialog.close': close,
        'xstate.done.actor.invitationDownload': async (e) => {
          const saved = (e as unknown as { output: { saved: boolean } }).output.saved;
          await calls.settle(
            saved
              ? { type: 'xstate.done.actor.download', output: undefined }
              : { type: 'xstate.error.actor.download', error: failure },
          );
          await waitFor(() =>
            expect(dialog()?.textContent ?? '').toContain(
              saved ? 'Descarga completada' : failure.body.error_description,
            ),
          );
          close();
        },
        'xstate.done.actor.invitationShare': async (e) => {
          const saved = (e as unknown as { output: { returnTo: string | null } }).output.returnTo === null;
          await calls.settle(
            saved
              ? { type: 'xstate.done.actor.download', output: undefined }
              : { type: 'xstate.error.actor.download', error: failure },
          );
          await waitFor(() =>
            expect(dialog()?.textContent ?? '').toContain(
              saved ? 'Descarga completada' : failure.body.error_description,
            ),
          );
          close();
        },
      },
      expectState: async (state, step) => {
        const value = JSON.parse(state) as string;
        const failed = path.events
          .slice(0, step)
          .some(
            (e) =>
              (e.type === 'xstate.done.actor.invitationDownload' &&
                (e as unknown as { output: { saved: boolean } }).output.saved === false) ||
              (e.type === 'xstate.done.actor.invitationShare' &&
                (e as unknown as { output: { returnTo: string | null } }).output.returnTo !== null),
          );
        await waitFor(() => {
          // A failed download returns to /massiveEvents; otherwise the guests stay.
          expect(screen.getByTestId('where').textContent).toBe(failed ? '/massiveEvents' : '/guests?event=e1');
          if (value === 'idle' && !failed) expect(dialog()).toBeNull();
          if (value === 'sharing') {
            // Without file sharing, 'Compartir' downloads the guests it shares: the card's one or the ticked ones.
            expect(screen.getByRole('status').textContent).toContain('Preparando invitaciones');
            expect(downloads.at(-1)).toEqual({
              kind: 'guests',
              uuids: path.contexts[step].sharing.map((g: { uuid: string }) => g.uuid),
            });
          }
          if (value === 'downloading') {
            expect(screen.getByRole('status').textContent).toContain('Preparando invitaciones');
            expect(downloads.at(-1)).toEqual({
              kind: 'guests',
              uuids: path.contexts[step].selected.map((g: { uuid: string }) => g.uuid),
            });
          }
        });
      },
    });
  });
});

describe("/guests: a guest whose name is already on the list asks first (Guest: 'Estas seguro de agregar a este invitado nuevamente?' / 'Si, agregar')", () => {
  const form = () => screen.getByTestId('form-dialog');
  const question = () => screen.queryByTestId('confirm-dialog');
  async function fill(firstName: string, lastName: string) {
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar invitado' }));
    await waitFor(() => expect(within(form()).getByLabelText(/Nombre/)).toBeTruthy());
    fireEvent.change(within(form()).getByLabelText(/^Nombre/), { target: { value: firstName } });
    fireEvent.change(within(form()).getByLabelText(/Apellidos/), { target: { value: lastName } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Guardar', hidden: true }));
  }

  it("a repeated name (accents and case aside) is sent only after 'Si, agregar'", async () => {
    const { api } = renderGuests();
    await screen.findByText('Ana López');
    await fill('ana', 'LOPEZ');
    await waitFor(() =>
      expect(question()?.textContent).toContain('Estas seguro de agregar a este invitado nuevamente?'),
    );
    expect(api.addGuest).not.toHaveBeenCalled();
    fireEvent.click(within(question()!).getByRole('button', { name: 'Si, agregar' }));
    await waitFor(() => expect(api.addGuest).toHaveBeenCalledTimes(1));
    expect(api.addGuest.mock.calls[0]![1]).toMatchObject({ firstName: 'ana', lastName: 'LOPEZ' });
  });

  it('declining keeps the form with what was typed and sends nothing', async () => {
    const { api } = renderGuests();
    await screen.findByText('Ana López');
    await fill('Luis', 'Pérez');
    await waitFor(() => expect(question()).not.toBeNull());
    fireEvent.click(within(question()!).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(question()).toBeNull());
    expect((within(form()).getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Luis');
    expect(api.addGuest).not.toHaveBeenCalled();
  });

  it('a new name is sent at once, without the question', async () => {
    const { api } = renderGuests();
    await screen.findByText('Ana López');
    await fill('Eva', 'Paz');
    await waitFor(() => expect(api.addGuest).toHaveBeenCalledTimes(1));
    expect(question()).toBeNull();
  });
});
