import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { InvitationTarget } from '../../../machines/massive-events/invitation-download.machine.js';
import { addHours, localNow } from '../../../src/shared/massive-events/massive-event-rules.js';
import type { Role } from '../../../src/shared/platform/roles.js';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { MassiveEventsView } from '../../../src/web/views/massive-events/massive-events.view.js';
import { eventActionsModel, eventRows } from '../../machines/massive-events/event-actions.model.js';
import { userAs } from '../../support/catalogues/catalogue-screen-harness.js';
import { dialogButton } from '../../support/dialogs.js';
import { describePath, transitionPaths } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

const at = (hours: number) => addHours(localNow(), hours);
/** Stored events whose display status is the model row's. */
const STORED: Record<string, { start: string; status: string }> = {
  Próximo: { start: at(48), status: 'Próximo' },
  Terminado: { start: at(-48), status: 'Próximo' },
  Cancelado: { start: at(48), status: 'Cancelado' },
  'En curso': { start: at(-1), status: 'Próximo' },
  Incompleto: { start: at(48), status: 'Incompleto' },
};
const pairs = Object.values(eventRows).map((r, i) => [
  {
    uuid: r.uuid,
    title: r.name,
    additionalInformation: '',
    startDate: STORED[r.status]!.start,
    endDate: addHours(STORED[r.status]!.start, 12),
    status: STORED[r.status]!.status,
    version: 1,
    commonArea: null,
    resident: { uuid: 'r1', firstName: 'Rosa', lastName: 'Cruz', street: 'Roble', number: '1' },
    backgroundColor: null,
    foregroundColor: null,
    backgroundImage: null,
    profile: null,
  },
  i + 2,
]);

const failure = {
  kind: 'http',
  status: 409,
  body: { error: 'conflict', error_description: 'No es posible descargar las invitaciones de este evento.' },
};

function Where() {
  const l = useLocation();
  return (
    <p data-testid="where">
      {l.pathname}
      {l.search}
    </p>
  );
}

async function renderList(role: Role = 'admin') {
  localStorage.setItem('porton.token', 'token-de-prueba');
  const calls = pendingCalls();
  const list = vi.fn(async () => pairs);
  const api = { list, clone: calls.fn('clone'), cancel: calls.fn('cancel'), remove: calls.fn('remove') } as never;
  // The invitations' fetch: it waits until the path says how it ends (saved, or refused by the server).
  const downloads: InvitationTarget[] = [];
  const download = async (target: InvitationTarget, hooks: { report: (e: unknown) => void }) => {
    downloads.push(target);
    await calls.fn<void>('download')(target);
    hooks.report({ type: 'download.headers', fileName: 'invitaciones.zip', count: 8 });
    hooks.report({ type: 'download.progress', received: 2048 });
  };
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs(role)) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/massiveEvents']}>
        <SessionProvider logic={logic as never}>
          <Routes>
            <Route path="/massiveEvents" element={<MassiveEventsView api={api} download={download as never} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  await screen.findByRole('table', { name: 'Eventos registrados' });
  return { calls, list, downloads };
}

const LABELS: Record<string, string> = {
  edit: 'Editar',
  clone: 'Clonar',
  cancel: 'Cancelar evento',
  delete: 'Eliminar',
  download: 'Descargar invitaciones',
};
const toolbarButton = (action: string) => screen.getAllByRole('button', { name: LABELS[action] })[0]!;
const click = (el: HTMLElement) => fireEvent.click(el);

const lastDialog = () => screen.queryAllByRole('alertdialog', { hidden: true }).at(-1) ?? null;

describe('/massiveEvents performs the eventActions paths, the invitations download included', () => {
  const paths = transitionPaths(eventActionsModel);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { calls, list, downloads } = await renderList();
    let lastAction = '';
    await performPath(path, {
      calls,
      spec: eventActionsModel,
      probe: () => ({ action: lastAction }),
      executors: {
        'select.toggle': (e) =>
          click(screen.getByLabelText(`Seleccionar ${(e as unknown as { row: { name: string } }).row.name}`)),
        'select.clear': () => {
          for (const box of screen.getAllByRole('checkbox', { hidden: true }) as HTMLInputElement[])
            if (box.checked) click(box);
        },
        action: (e) => {
          lastAction = (e as unknown as { action: string }).action;
          click(toolbarButton(lastAction));
        },
        confirm: () => click(dialogButton(lastAction === 'delete' ? 'Eliminar' : 'Cancelar evento')),
        cancel: () => click(dialogButton('Volver')),
        'dialog.close': () => click(dialogButton('Aceptar')),
        // The child's end: the fetch saves ('Descarga completada') or the server refuses ('Ha ocurrido un error'); the person closes it.
        'xstate.done.actor.invitationDownload': async (e) => {
          const saved = (e as unknown as { output: { saved: boolean } }).output.saved;
          await calls.settle(
            saved
              ? { type: 'xstate.done.actor.download', output: undefined }
              : { type: 'xstate.error.actor.download', error: failure },
          );
          await waitFor(() =>
            expect(lastDialog()?.textContent ?? '').toContain(
              saved ? 'Descarga completada' : failure.body.error_description,
            ),
          );
          click(dialogButton('Aceptar'));
        },
      },
      expectState: async (state, step) => {
        const value = JSON.parse(state);
        if (value === 'downloading') {
          // The selected event's invitations, with progress shown while they are prepared.
          await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Preparando invitaciones'));
          expect(downloads.at(-1)).toEqual({ kind: 'event', uuid: path.contexts[step].selected[0].uuid });
        }
        // A download, saved or failed, ends on the events list (the route /massiveEvents, no other).
        if (path.events.slice(0, step).some((e) => e.type === 'xstate.done.actor.invitationDownload')) {
          expect(screen.queryByTestId('where')).toBeNull();
          await screen.findByRole('table', { name: 'Eventos registrados' });
        }
        if (value === 'confirming') screen.getByText('No podrás revertir esta acción');
        if (
          value === 'idle' &&
          path.events.at(-1)?.type === 'action' &&
          (path.events.at(-1) as unknown as { action: string }).action === 'edit' &&
          screen.queryByTestId('where')
        ) {
          expect(screen.getByTestId('where').textContent).toMatch(/^\/create\?token=e[15]$/);
        }
      },
    });
    // After an acknowledged success the list is asked again.
    const acknowledged = path.events.some(
      (e, i) => e.type === 'xstate.done.actor.runAction' && path.events[i + 1]?.type === 'dialog.close',
    );
    if (acknowledged) expect(list.mock.calls.length).toBeGreaterThan(1);
    // Refused statuses (Terminado, Incompleto, Cancelado) never reach the server.
    for (const target of downloads) expect(['e1', 'e4']).toContain((target as { uuid: string }).uuid);
  });

  it('a capturista sees only the download', async () => {
    await renderList('capturista');
    expect(screen.getByRole('button', { name: 'Descargar invitaciones' })).toBeTruthy();
    for (const label of ['Clonar', 'Editar', 'Cancelar evento', 'Eliminar', 'Crear evento masivo'])
      expect(screen.queryByRole('button', { name: label })).toBeNull();
  });

  it('the guest count links to the guests only for events not finished, cancelled or incomplete', async () => {
    await renderList();
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links.sort()).toEqual(['/guests?event=e1', '/guests?event=e4']);
    await act(async () => undefined);
  });
});
