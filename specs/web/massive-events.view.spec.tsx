import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { InvitationTarget } from '../../machines/invitation-download.machine.js';
import { addHours, localNow } from '../../src/shared/massive-event-rules.js';
import { browserSessionMachine, SessionProvider } from '../../src/web/session/session-context.js';
import { MassiveEventsView } from '../../src/web/views/events/massive-events.view.js';
import { eventActionsModel, eventRows } from '../machines/models/event-actions.model.js';
import { userAs } from '../support/catalogue-screen-harness.js';
import { Where } from '../support/integrators-harness.js';
import { describePath, transitionPaths } from '../support/model-paths.js';
import { pendingCalls, performPath } from '../support/view-paths.js';

// The model's rows (one per display status, spec 2 §4.1) as the server's [event, guest count] pairs.
const now = localNow();
const START: Record<string, string> = {
  'Próximo': addHours(now, 48), Terminado: addHours(now, -48), Cancelado: addHours(now, 24), 'En curso': addHours(now, -1), Incompleto: addHours(now, 72),
};
const STORED: Record<string, string> = { Terminado: 'Próximo', 'En curso': 'Próximo' };
const pairs = Object.values(eventRows).map((row, i) => [{
  uuid: row.uuid, title: row.name, additionalInformation: '', startDate: START[row.status], endDate: addHours(START[row.status]!, 12),
  status: STORED[row.status] ?? row.status, version: 1, commonArea: null, resident: { uuid: 'r', firstName: 'A', lastName: 'B', street: 'C', number: '1' },
  backgroundColor: null, foregroundColor: null, backgroundImage: null, profile: null,
}, i + 1]);
const failure = { kind: 'http', status: 409, body: { error: 'conflict', error_description: 'No es posible descargar las invitaciones de este evento.' } };

function renderList() {
  const calls = pendingCalls();
  const api = {
    list: vi.fn(async () => pairs as never),
    clone: calls.fn<never>('clone'), cancel: calls.fn<never>('cancel'), remove: calls.fn<void>('remove'),
  };
  const downloads: InvitationTarget[] = [];
  // The invitations' fetch: it waits until the path says how it ends (saved, or refused by the server).
  const download = async (target: InvitationTarget, hooks: { report: (e: unknown) => void }) => {
    downloads.push(target);
    await calls.fn<void>('download')(target);
    hooks.report({ type: 'download.headers', fileName: 'invitaciones.zip', count: 8 });
    hooks.report({ type: 'download.progress', received: 2048 });
  };
  localStorage.setItem('porton.token', 'token-de-prueba');
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs('admin')) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/massiveEvents']}>
        <SessionProvider logic={logic as never}>
          <Routes>
            <Route path="/massiveEvents" element={<><MassiveEventsView api={api} download={download as never} /><Where /></>} />
            <Route path="*" element={<Where />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { calls, api, downloads };
}

const dialog = () => screen.queryAllByRole('alertdialog', { hidden: true }).at(-1) ?? null;
const close = () => fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Aceptar' }));
const LABELS: Record<string, string> = { edit: 'Editar', clone: 'Clonar', cancel: 'Cancelar evento', delete: 'Eliminar', download: 'Descargar invitaciones' };
const paths = transitionPaths(eventActionsModel);

describe('/massiveEvents performs the eventActions paths, the invitations download included (spec 2 §2.2, §4.1, §5, §8; issue 13)', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { calls, downloads } = renderList();
    await screen.findByText('Posada anual');
    await performPath(path, {
      calls,
      spec: eventActionsModel,
      probe: (step) => ({ action: [...path.events.slice(0, step)].reverse().find((e) => e.type === 'action')?.action }),
      executors: {
        'select.toggle': (e) => { fireEvent.click(screen.getByLabelText(`Seleccionar ${(e as unknown as { row: { name: string } }).row.name}`)); },
        'select.clear': () => {
          for (const input of screen.getAllByLabelText(/^Seleccionar /)) if ((input as HTMLInputElement).checked) fireEvent.click(input);
        },
        action: (e) => { fireEvent.click(screen.getByRole('button', { name: LABELS[(e as unknown as { action: string }).action] })); },
        confirm: () => { fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: /Eliminar|Cancelar evento/ })); },
        cancel: () => { fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Volver' })); },
        'dialog.close': close,
        // The child's end: the fetch saves (then 'Descarga completada') or the server refuses (then 'Ha ocurrido un error'); the person closes it.
        'xstate.done.actor.invitationDownload': async (e) => {
          const saved = (e as unknown as { output: { saved: boolean } }).output.saved;
          await calls.settle(saved ? { type: 'xstate.done.actor.download', output: undefined } : { type: 'xstate.error.actor.download', error: failure });
          await waitFor(() => expect(dialog()?.textContent ?? '').toContain(saved ? 'Descarga completada' : failure.body.error_description));
          close();
        },
      },
      expectState: async (state, step) => {
        const value = JSON.parse(state) as string;
        await waitFor(() => {
          if (value === 'idle') expect(dialog()).toBeNull();
          if (value === 'downloading') {
            // Spec 2 §2.2: the selected event's invitations, with progress shown while they are prepared.
            expect(screen.getByRole('status').textContent).toContain('Preparando invitaciones');
            expect(downloads.at(-1)).toEqual({ kind: 'event', uuid: path.contexts[step].selected[0].uuid });
          }
        });
        // Spec 2 §2.2: Editar goes to ./create?token={id}; everything else (a failed download too, §8) stays on the events list.
        const edited = step > 0 && path.events[step - 1]!.type === 'action' && (path.events[step - 1] as unknown as { action: string }).action === 'edit' && value === 'idle';
        expect(screen.getByTestId('where').textContent).toBe(edited ? `/create?token=${path.contexts[step].selected[0].uuid}` : '/massiveEvents');
      },
    });
    // Refused statuses (§4.1: Terminado, Incompleto, Cancelado) never reach the server.
    for (const target of downloads) expect(['e1', 'e4']).toContain((target as { uuid: string }).uuid);
  });
});
