import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import type { ReactNode } from 'react';
import {
  browserSessionMachine,
  SessionProvider,
  useSessionUser,
} from '../../../src/web/views/session/session-context.js';
import { WorkerFileDrop } from '../../../src/web/views/contractors/worker-file-drop.js';
import { WorkerFormView, type WorkerFormDeps } from '../../../src/web/views/contractors/worker-form.view.js';
import {
  OTHER_SITE,
  SITE,
  storedId,
  storedPhoto,
  storedProof,
  WORKER,
  workerRequestModel,
} from '../../machines/contractors/worker-request.model.js';
import { userAs } from '../../support/catalogues/catalogue-screen-harness.js';
import { dialogButton, lastAlertDialog } from '../../support/dialogs.js';
import { Where } from '../../support/integrators/integrators-harness.js';
import { generatePaths, transitionPaths, type GeneratedPath } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

/*
 * The edit's paths (the inputs with a token). A person cannot replace the photo by removing it (the
 * crop has no remove; a new pick replaces it) nor drop a file here: those edges are the model's.
 */
const performable = (e: AnyEventObject) => !(e.type === 'file.remove' && e.slot === 'photo') && e.type !== 'file.set';
const paths = [
  ...transitionPaths(workerRequestModel).filter(
    (p) => p.inputName === 'administrador edita' && p.events.every(performable),
  ),
  // The contractor's one path (its edges are the administrator's too, so the transition walk has none of its own).
  ...generatePaths(workerRequestModel).filter((p) => p.inputName === 'contratista con token'),
];
const short = (p: GeneratedPath) =>
  [
    p.inputName,
    ...p.events.map(
      (e) => `${e.type}${e.output?.status ? ` ${e.output.status}` : ''}${e.status ? ` ${e.status}` : ''}`,
    ),
  ].join(' → ');

/** As the app's guarded routes: a screen is drawn once the session knows the user. */
function SignedIn({ children }: { children: ReactNode }) {
  return useSessionUser() ? children : null;
}

function renderForm(administrator: boolean) {
  const calls = pendingCalls();
  let upload: { progress: (p: number) => void; resolve: (v: unknown) => void; reject: (e: unknown) => void } | null =
    null;
  const send = vi.fn((_method: string, _path: string, _body: unknown, progress: (p: number) => void) => ({
    promise: new Promise((resolve, reject) => {
      upload = { progress, resolve, reject };
    }),
    abort: () => {},
  }));
  const deps: WorkerFormDeps = {
    loadWorker: calls.fn('loadWorker'),
    sites: async () => [
      { uuid: SITE, name: 'Casa Roble 30' },
      { uuid: OTHER_SITE, name: 'Casa Roble 32' },
    ],
    send: send as never,
    // The live room is the contractor's; the edit hears nothing from it.
    listen: () => () => {},
  };
  localStorage.setItem('porton.token', 'token-de-prueba');
  const logic = browserSessionMachine.provide({
    actors: { checkSession: fromPromise(async () => userAs(administrator ? 'admin' : 'contractor')) },
  });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[`/createWorker?token=${WORKER}`]}>
        <SessionProvider logic={logic as never}>
          <SignedIn>
            <WorkerFormView deps={deps} />
          </SignedIn>
          <Where />
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { calls, deps, send, upload: () => upload! };
}

describe("/createWorker?token performs the edit's workerRequest paths ('Editar trabajador')", () => {
  it('the walk takes the edit', () => {
    const types = new Set(paths.flatMap((p) => p.events.map((e) => e.type)));
    for (const t of [
      'xstate.done.actor.loadWorker',
      'xstate.error.actor.loadWorker',
      'form.submit',
      'upload.done',
      'upload.failed',
      'dialog.close',
    ])
      expect(types).toContain(t);
  });

  it.each(paths.map((p) => [short(p), p] as const))('%s', async (_name, path) => {
    const administrator = (path.input as { administrator: boolean }).administrator;
    const { calls, send, upload } = renderForm(administrator);
    // The session answers first; the form starts with the user's role.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    await performPath(path, {
      calls,
      spec: workerRequestModel,
      executors: {
        'field.change': (e) => fireEvent.change(screen.getByRole('combobox'), { target: { value: e.value } }),
        'file.remove': (e) => {
          const label = e.slot === 'identification' ? 'Identificación oficial' : 'Comprobante de domicilio';
          const buttons = screen.getAllByRole('button', { name: 'Quitar' });
          fireEvent.click(buttons[label === 'Identificación oficial' ? 0 : buttons.length - 1]!);
        },
        'form.submit': () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' })),
        'upload.progress': (e) => act(() => upload().progress(e.percent)),
        'upload.done': () =>
          act(() =>
            upload().resolve({
              uuid: WORKER,
              firstName: 'Rita',
              lastName: 'Rojas',
              status: 'Pendiente',
              rejectReason: null,
            }),
          ),
        'upload.failed': (e) =>
          act(() =>
            upload().reject({
              kind: 'http',
              status: e.status ?? 404,
              body: { error: 'conflict', error_description: e.error },
            }),
          ),
        'dialog.close': () => fireEvent.click(dialogButton('Aceptar')),
      },
      expectState: async (state, step) => {
        const ctx = path.contexts[step];
        await waitFor(() => {
          expect(screen.getByRole('heading', { name: 'Editar trabajador', hidden: true })).toBeTruthy();
          if (state === '"loading"') expect(screen.getByRole('status', { name: 'Cargando trabajador' })).toBeTruthy();
          if (state === '"refused"') {
            expect(lastAlertDialog().textContent).toContain('No se puede realizar la siguiente acción');
            expect(lastAlertDialog().textContent).toContain(ctx.error);
          }
          if (state === '"loadFailed"') expect(lastAlertDialog().textContent).toContain('El trabajador no existe.');
          if (state === '"failed"') expect(lastAlertDialog().textContent).toContain('Ha ocurrido un error');
          if (state === '"submitted"')
            expect(lastAlertDialog().textContent).toContain('¡Trabajador actualizado exitosamente!');
          if (state === '"filling"' || state === '"uploading"') {
            // The worker's own values, and its stored files shown by their links.
            expect((screen.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Rita');
            expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe(ctx.values.construction);
            expect(screen.getByAltText('Foto recortada').getAttribute('src')).toBe(storedPhoto.publicUrl);
          }
          if (state === '"uploading"') expect(screen.getByText(/Subiendo archivos/)).toBeTruthy();
          // Leaving (saved, refused or unreadable) returns to /workers.
          expect(screen.getByTestId('where').textContent).toBe(
            state === '"closed"' ? '/workers' : `/createWorker?token=${WORKER}`,
          );
        });
      },
    });
    // A contractor never reads the worker to edit it.
    if (!administrator) expect(calls.queue).toEqual([]);
    // PUT .../{id}/administrator; the files not replaced go back as {uuid}.
    const submits = path.events.filter((e) => e.type === 'form.submit').length;
    if (submits && path.states.includes('"uploading"')) {
      const [method, url, body] = send.mock.calls[0]!;
      expect([method, url]).toEqual(['PUT', `/api/constructionWorkers/${WORKER}/administrator`]);
      expect(body).toMatchObject({ firstName: 'Rita', lastName: 'Rojas', photo: { uuid: storedPhoto.uuid } });
      const removed = new Set(path.events.filter((e) => e.type === 'file.remove').map((e) => e.slot));
      if (!removed.has('identification'))
        expect((body as { identification: unknown }).identification).toEqual({ uuid: storedId.uuid });
      if (!removed.has('proofOfAddress'))
        expect((body as { proofOfAddress: unknown }).proofOfAddress).toEqual({ uuid: storedProof.uuid });
    } else expect(send).not.toHaveBeenCalled();
  });
});

describe('a stored document in the edit (its link from the server)', () => {
  it('a stored PDF is offered as a download link, never in a frame (the server sends PDFs as attachments)', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <WorkerFileDrop label="Identificación oficial" value={storedId} onPick={() => {}} onRemove={() => {}} />
      </ChakraProvider>,
    );
    const link = screen.getByRole('link', { name: 'Descargar identificación oficial (PDF)' });
    expect(link.getAttribute('href')).toBe(storedId.publicUrl);
    expect(link.hasAttribute('download')).toBe(true);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
