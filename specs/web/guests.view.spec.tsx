import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { InvitationTarget } from '../../machines/invitation-download.machine.js';
import { browserSessionMachine, SessionProvider } from '../../src/web/session/session-context.js';
import { GuestsView } from '../../src/web/views/events/guests.view.js';
import { guestActionsModel, guestRows } from '../machines/models/guest-actions.model.js';
import { userAs } from '../support/catalogue-screen-harness.js';
import { Where } from '../support/integrators-harness.js';
import { describePath, generatePaths } from '../support/model-paths.js';
import { pendingCalls, performPath } from '../support/view-paths.js';

const failure = { kind: 'http', status: 404, body: { error: 'not_found', error_description: 'El invitado no existe.' } };
const event = { uuid: 'e1', title: 'Posada anual', massiveEventGuests: guestRows.map(({ name: _n, ...g }) => g) };

function renderGuests() {
  const calls = pendingCalls();
  const api = {
    get: vi.fn(async () => event as never), addGuest: vi.fn(), addGuests: vi.fn(), updateGuest: vi.fn(), removeGuest: vi.fn(),
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
            <Route path="/guests" element={<><GuestsView api={api as never} download={download as never} /><Where /></>} />
            <Route path="*" element={<Where />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { calls, downloads };
}

const dialog = () => screen.queryAllByRole('alertdialog', { hidden: true }).at(-1) ?? null;
const close = () => fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Aceptar' }));
// Every generated path of the selection, its rules and the download (the import, add, edit and delete run the shared list's children, walked elsewhere).
const paths = generatePaths(guestActionsModel).filter((p) => p.events.every((e) => !(e.type === 'action' && ['import', 'add', 'edit', 'delete'].includes((e as unknown as { action: string }).action))));

describe("/guests: 'Descargar invitación' with one or several guests ticked (spec 2 §2.3, §5, §8; issue 13)", () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { calls, downloads } = renderGuests();
    await screen.findByText('Ana López');
    await performPath(path, {
      calls,
      spec: guestActionsModel,
      executors: {
        'select.toggle': (e) => { fireEvent.click(screen.getByText((e as unknown as { row: { name: string } }).row.name)); },
        'select.all': () => { fireEvent.click(screen.getByRole('button', { name: 'Seleccionar todos' })); },
        'select.clear': () => {
          for (const name of guestRows.map((g) => g.name)) {
            const input = screen.getByLabelText(`Seleccionar a ${name}`) as HTMLInputElement;
            if (input.checked) fireEvent.click(screen.getByText(name));
          }
        },
        action: () => { fireEvent.click(screen.getByRole('button', { name: 'Descargar invitación' })); },
        'dialog.close': close,
        'xstate.done.actor.invitationDownload': async (e) => {
          const saved = (e as unknown as { output: { saved: boolean } }).output.saved;
          await calls.settle(saved ? { type: 'xstate.done.actor.download', output: undefined } : { type: 'xstate.error.actor.download', error: failure });
          await waitFor(() => expect(dialog()?.textContent ?? '').toContain(saved ? 'Descarga completada' : failure.body.error_description));
          close();
        },
      },
      expectState: async (state, step) => {
        const value = JSON.parse(state) as string;
        const failed = path.events.slice(0, step).some((e) => e.type === 'xstate.done.actor.invitationDownload' && (e as unknown as { output: { saved: boolean } }).output.saved === false);
        await waitFor(() => {
          // Spec 2 §8: a failed download returns to /massiveEvents; otherwise the guests stay.
          expect(screen.getByTestId('where').textContent).toBe(failed ? '/massiveEvents' : '/guests?event=e1');
          if (value === 'idle' && !failed) expect(dialog()).toBeNull();
          if (value === 'downloading') {
            expect(screen.getByRole('status').textContent).toContain('Preparando invitaciones');
            expect(downloads.at(-1)).toEqual({ kind: 'guests', uuids: path.contexts[step].selected.map((g: { uuid: string }) => g.uuid) });
          }
        });
      },
    });
  });
});
