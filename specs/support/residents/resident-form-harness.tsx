import { expect } from 'vitest';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { sessionMachine } from '../../../machines/session/session.machine.js';
import type { UploadReport } from '../../../machines/residents/resident-import.machine.js';
import type { CurrentUser } from '../../../src/shared/platform/api-types.js';
import { SessionProvider } from '../../../src/web/views/session/session-context.js';
import { ResidentFormView } from '../../../src/web/views/residents/resident-form.view.js';
import { emailAnswers } from '../../machines/residents/resident-email-check.model.js';
import {
  EDITED_UUID,
  loadedResident,
  reactivatedResident,
  typedResident,
} from '../../machines/residents/resident-form.model.js';
import { pickerStreets, pickerZones } from '../../machines/catalogues/zone-street-picker.model.js';
import { lastAlertDialog } from '../dialogs.js';
import { sessionUser } from '../users/render-users.js';
import { pendingCalls } from '../view-paths.js';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The control labelled `label` (the required mark '*' aside). */
export const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`)) as HTMLInputElement & HTMLSelectElement;
export const labels: Record<string, string> = {
  firstName: 'Nombre',
  lastName: 'Apellidos',
  email: 'Correo electrónico',
  number: 'Número exterior',
  intNumber: 'Número interior',
  action: 'Acción',
};

/** `GET api/residents/{uuid}` of the edited resident (the model's loaded values). */
export const editedAnswer = {
  ...reactivatedResident,
  ...loadedResident.values,
  uuid: EDITED_UUID,
  intNumber: 'B',
  action: null,
  testStreet: {
    uuid: pickerStreets[1].uuid,
    idStreet: 12,
    name: 'Calle Cedro',
    testZone: { uuid: pickerZones[1].uuid, idZone: 2, name: 'Zona Sur' },
  },
};

/**
 * /newResidents with fakes whose calls wait for the path (load, save, email check, reactivation,
 * phone removal, the error workbook); zones and streets answer at once; the upload is a callback
 * whose reports the path sends (`upload`).
 */
export function renderResidentForm(inputName: 'alta' | 'editar', user: CurrentUser = sessionUser('admin')) {
  localStorage.setItem('porton.token', 'token-admin');
  const calls = pendingCalls();
  const saved: unknown[][] = [];
  const save = calls.fn<unknown>('save');
  const record = (...args: unknown[]) => {
    saved.push(args);
    return save(...args);
  };
  const uploads: { file: unknown; sendBack: (e: UploadReport) => void }[] = [];
  const upload = fromCallback<UploadReport, { file: unknown }>(({ input, sendBack }) => {
    uploads.push({ file: input.file, sendBack });
  });
  const logic = sessionMachine.provide({
    actors: {
      checkSession: fromPromise(async () => user),
      signIn: fromPromise(async (): Promise<{ token: string; user: CurrentUser }> => {
        throw new Error('not used');
      }),
      switchCommunity: fromPromise(async (): Promise<void> => undefined),
      signOut: fromPromise(async (): Promise<void> => undefined),
    },
    actions: { persistToken: () => undefined, clearStorage: () => undefined, reload: () => undefined },
  });
  const api = {
    residents: {
      get: calls.fn('load'),
      create: record,
      update: record,
      removePhone: calls.fn('removePhone'),
      validateEmail: calls.fn('validate'),
      reactivateEmail: calls.fn('reactivate'),
    },
    upload,
    saveErrorFile: calls.fn<void>('download'),
  };
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[inputName === 'editar' ? `/newResidents?uuid=${EDITED_UUID}` : '/newResidents']}>
        <SessionProvider logic={logic as never}>
          <Routes>
            <Route
              path="/newResidents"
              element={
                <ResidentFormView
                  api={api as never}
                  locations={{ zones: async () => pickerZones, streets: async () => pickerStreets }}
                />
              }
            />
            <Route path="/residents" element={<p>pantalla lista</p>} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );

  /** What the person typed before the path (the model's starting values of 'Alta residente'). */
  const typePrefill = async () => {
    await waitFor(() => expect(field('Zona').querySelectorAll('option').length).toBeGreaterThan(1));
    for (const name of ['firstName', 'lastName', 'email', 'number'] as const) {
      await act(async () => {
        fireEvent.change(field(labels[name]), { target: { value: typedResident[name] } });
      });
    }
    await act(async () => {
      fireEvent.change(field('Zona'), { target: { value: pickerZones[0].uuid } });
    });
    await waitFor(() => expect(field('Calle').querySelectorAll('option').length).toBeGreaterThan(1));
    await act(async () => {
      fireEvent.change(field('Calle'), { target: { value: String(typedResident.idStreet) } });
    });
    await act(async () => {
      fireEvent.click(screen.getByText('Usa la app'));
    });
    await act(async () => {
      fireEvent.change(field('Teléfono 1'), { target: { value: typedResident.phones[0].phone } });
    });
  };

  /** Settles the latest pending call of that name (a check may still be pending before it). */
  const answer = async (name: string, value: unknown, ok = true) => {
    const index = calls.queue.findLastIndex((c) => c.name === name);
    if (index < 0) throw new Error(`the page made no ${name} call`);
    const [call] = calls.queue.splice(index, 1);
    await act(async () => {
      if (ok) call.d.resolve(value);
      else call.d.reject(value);
      await new Promise((r) => setTimeout(r, 0));
    });
  };
  return {
    calls,
    saved,
    uploads,
    typePrefill,
    /** Answers the page's pending call the path's event stands for. */
    async settle(event: AnyEventObject) {
      const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
      const done = event.type.startsWith('xstate.done.');
      if (id === 'load') return answer('load', done ? editedAnswer : event.error, done);
      if (id === 'reactivate')
        return answer(
          'reactivate',
          done ? { Success: true, Message: '', Data: { resident: event.output } } : event.error,
          done,
        );
      return answer(id!, done ? event.output : event.error, done);
    },
    /** The email check's answer (the path's `part.report` of the check), as the server gives it. */
    async checkAnswers(event: AnyEventObject) {
      const output = {
        free: emailAnswers.available,
        taken: emailAnswers.taken,
        deleted: emailAnswers.deleted,
      }[event.outcome as 'free'];
      const index = calls.queue.findLastIndex((c) => c.name === 'validate');
      if (index < 0) throw new Error('the page did not check the email');
      const [call] = calls.queue.splice(index, 1);
      await act(async () => {
        if (event.outcome === 'failed') call.d.reject({ kind: 'network' });
        else call.d.resolve(output);
        await new Promise((r) => setTimeout(r, 0));
      });
    },
    inDialog: () => within(lastAlertDialog()),
  };
}
