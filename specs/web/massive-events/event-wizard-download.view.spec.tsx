import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, getInitialSnapshot } from 'xstate';
import { eventWizardMachine, type EventWizardContext } from '../../../machines/massive-events/event-wizard.machine.js';
import type { InvitationTarget } from '../../../machines/massive-events/invitation-download.machine.js';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { EventWizardView } from '../../../src/web/views/massive-events/event-wizard.view.js';
import { userAs } from '../../support/catalogues/catalogue-screen-harness.js';
import { Where } from '../../support/integrators/integrators-harness.js';
import { pendingCalls } from '../../support/view-paths.js';

const failure = {
  kind: 'http',
  status: 409,
  body: {
    error: 'conflict',
    error_description: 'No es posible descargar invitaciones de eventos terminados, incompletos o cancelados.',
  },
};

/** /create with a session of event 'ev1' kept at step 3 (resumed), configure answering at once, the invitations' fetch pending. */
function renderWizard() {
  const context = getInitialSnapshot(eventWizardMachine, { token: null, role: 'admin' }).context as EventWizardContext;
  localStorage.setItem(
    'porton.eventWizard',
    JSON.stringify({ step: 'step3', context: { ...context, eventId: 'ev1', active: true } }),
  );
  localStorage.setItem('porton.token', 'token-de-prueba');
  const calls = pendingCalls();
  const targets: InvitationTarget[] = [];
  const download = async (target: InvitationTarget, hooks: { report: (e: unknown) => void }) => {
    targets.push(target);
    await calls.fn<void>('download')(target);
    hooks.report({ type: 'download.headers', fileName: 'invitaciones.zip', count: 3 });
  };
  const api = { configure: vi.fn(async () => ({})) };
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs('admin')) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/create']}>
        <SessionProvider logic={logic as never}>
          <Routes>
            <Route path="/create" element={<EventWizardView api={api as never} download={download as never} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { calls, targets, api };
}
const dialog = () => screen.queryAllByRole('alertdialog', { hidden: true }).at(-1) ?? null;
const press = (name: string) => fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name }));

async function finish() {
  const run = renderWizard();
  await waitFor(() => expect(dialog()?.textContent).toContain('Continuar'));
  press('Continuar');
  fireEvent.click(await screen.findByRole('button', { name: 'Finalizar' }));
  await waitFor(() => expect(dialog()?.textContent).toContain('Tu evento quedó listo'));
  return run;
}

describe("the wizard's Finalizar offers the event's invitations (step 3)", () => {
  it("'Descargar invitaciones' downloads the event's invitations with progress, then 'Descarga completada' and the offer again", async () => {
    const { calls, targets, api } = await finish();
    expect(api.configure).toHaveBeenCalledTimes(1);
    press('Descargar invitaciones');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' }).textContent).toContain('Preparando invitaciones'),
    );
    expect(targets).toEqual([{ kind: 'event', uuid: 'ev1' }]);
    await calls.settle({ type: 'xstate.done.actor.download', output: undefined });
    await waitFor(() => expect(dialog()?.textContent).toContain('Descarga completada'));
    press('Aceptar');
    await waitFor(() => expect(dialog()?.textContent).toContain('Tu evento quedó listo'));
    press('Ir a eventos masivos');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/massiveEvents'));
  });

  it("a refused download shows 'Ha ocurrido un error' with the server's text and returns to /massiveEvents", async () => {
    const { calls } = await finish();
    press('Descargar invitaciones');
    await calls.settle({ type: 'xstate.error.actor.download', error: failure });
    await waitFor(() => expect(dialog()?.textContent).toContain(failure.body.error_description));
    expect(dialog()?.textContent).toContain('Ha ocurrido un error');
    press('Aceptar');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/massiveEvents'));
  });
});
