import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { addHours, localNow } from '../../src/shared/massive-event-rules.js';
import type { Role } from '../../src/shared/roles.js';
import { browserSessionMachine, SessionProvider } from '../../src/web/session/session-context.js';
import { MassiveEventsView } from '../../src/web/views/events/massive-events.view.js';
import { eventActionsModel, eventRows } from '../machines/models/event-actions.model.js';
import { userAs } from '../support/catalogue-screen-harness.js';
import { dialogButton } from '../support/dialogs.js';
import { describePath, transitionPaths } from '../support/model-paths.js';
import { pendingCalls, performPath } from '../support/view-paths.js';

const at = (hours: number) => addHours(localNow(), hours);
/** Stored events whose display status is the model row's (spec 2 §4.1). */
const STORED: Record<string, { start: string; status: string }> = {
  Próximo: { start: at(48), status: 'Próximo' },
  Terminado: { start: at(-48), status: 'Próximo' },
  Cancelado: { start: at(48), status: 'Cancelado' },
  'En curso': { start: at(-1), status: 'Próximo' },
  Incompleto: { start: at(48), status: 'Incompleto' },
};
const pairs = Object.values(eventRows).map((r, i) => [{
  uuid: r.uuid, title: r.name, additionalInformation: '', startDate: STORED[r.status]!.start, endDate: addHours(STORED[r.status]!.start, 12),
  status: STORED[r.status]!.status, version: 1, commonArea: null, resident: { uuid: 'r1', firstName: 'Rosa', lastName: 'Cruz', street: 'Roble', number: '1' },
  backgroundColor: null, foregroundColor: null, backgroundImage: null, profile: null,
}, i + 2]);

function Where() { const l = useLocation(); return <p data-testid="where">{l.pathname}{l.search}</p>; }

async function renderList(role: Role = 'admin') {
  localStorage.setItem('porton.token', 'token-de-prueba');
  const calls = pendingCalls();
  const list = vi.fn(async () => pairs);
  const api = { list, clone: calls.fn('clone'), cancel: calls.fn('cancel'), remove: calls.fn('remove') } as never;
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs(role)) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/massiveEvents']}>
        <SessionProvider logic={logic as never}>
          <Routes>
            <Route path="/massiveEvents" element={<MassiveEventsView api={api} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  await screen.findByRole('table', { name: 'Eventos registrados' });
  return { calls, list };
}

const LABELS: Record<string, string> = { edit: 'Editar', clone: 'Clonar', cancel: 'Cancelar evento', delete: 'Eliminar', download: 'Descargar invitaciones' };
const toolbarButton = (action: string) => screen.getAllByRole('button', { name: LABELS[action] })[0]!;
const click = (el: HTMLElement) => fireEvent.click(el);

describe('/massiveEvents performs the eventActions paths (spec 2 §4.1, §5, §8)', () => {
  const paths = transitionPaths(eventActionsModel);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { calls, list } = await renderList();
    let lastAction = '';
    await performPath(path, {
      calls, spec: eventActionsModel,
      probe: () => ({ action: lastAction }),
      executors: {
        'select.toggle': (e) => click(screen.getByLabelText(`Seleccionar ${(e as unknown as { row: { name: string } }).row.name}`)),
        'select.clear': () => { for (const box of screen.getAllByRole('checkbox', { hidden: true }) as HTMLInputElement[]) if (box.checked) click(box); },
        action: (e) => { lastAction = (e as unknown as { action: string }).action; click(toolbarButton(lastAction)); },
        confirm: () => click(dialogButton(lastAction === 'delete' ? 'Eliminar' : 'Cancelar evento')),
        cancel: () => click(dialogButton('Volver')),
        'dialog.close': () => click(dialogButton('Aceptar')),
      },
      expectState: (state) => {
        const value = JSON.parse(state);
        if (value === 'confirming') screen.getByText('No podrás revertir esta acción');
        if (value === 'idle' && path.events.at(-1)?.type === 'action' && (path.events.at(-1) as unknown as { action: string }).action === 'edit' && screen.queryByTestId('where')) {
          expect(screen.getByTestId('where').textContent).toMatch(/^\/create\?token=e[15]$/);
        }
      },
    });
    // After an acknowledged success the list is asked again.
    const acknowledged = path.events.some((e, i) => e.type === 'xstate.done.actor.runAction' && path.events[i + 1]?.type === 'dialog.close');
    if (acknowledged) expect(list.mock.calls.length).toBeGreaterThan(1);
  });

  it('a capturista sees only the download (spec 2 §2.2, §6)', async () => {
    await renderList('capturista');
    expect(screen.getByRole('button', { name: 'Descargar invitaciones' })).toBeTruthy();
    for (const label of ['Clonar', 'Editar', 'Cancelar evento', 'Eliminar', 'Crear evento masivo']) expect(screen.queryByRole('button', { name: label })).toBeNull();
  });

  it('the guest count links to the guests only for events not finished, cancelled or incomplete (spec 2 §2.2)', async () => {
    await renderList();
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links.sort()).toEqual(['/guests?event=e1', '/guests?event=e4']);
    await act(async () => undefined);
  });
});
