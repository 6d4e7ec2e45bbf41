import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fromPromise, getInitialSnapshot, getNextSnapshot, type AnyEventObject, type EventFrom } from 'xstate';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { NoticeFormView } from '../../../src/web/views/content/notice-form.view.js';
import type { ContentFormApis } from '../../../src/web/views/content/use-content-form.js';
import { noticeSegmentsModel, segmentStreets, segmentZones } from '../../machines/content/notice-segments.model.js';
import { userAs } from '../../support/catalogues/catalogue-screen-harness.js';
import {
  deferred,
  describePath,
  transitionPaths,
  type Deferred,
  type GeneratedPath,
} from '../../support/model-paths.js';

const paths = transitionPaths(noticeSegmentsModel);
const EDITED = '00000000-0000-4000-8000-0000000000e1';
/** The edited notice: Zona Sur, Calle Cedro (the model's 'aviso editado' input). */
const editedNotice = {
  uuid: EDITED,
  title: 'Poda de árboles',
  description: 'Poda en la calle.',
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  contactLink: null,
  startDate: '2030-02-01T08:00:00',
  endDate: '2030-02-02T08:00:00',
  fileId: null,
  file: null,
  segmented: true,
  zones: [segmentZones[1]],
  streets: [{ ...segmentStreets[1], idZone: 2 }],
  residents: [],
};

/** Fake option loads the path settles; a load the machine abandoned (a newer choice) is dropped, as the machine drops it. */
function fakeCalls() {
  const pending: { name: string; args: unknown[]; d: Deferred<unknown> }[] = [];
  const fn =
    (name: string) =>
    (...args: unknown[]) => {
      const d = deferred<unknown>();
      pending.push({ name, args, d });
      return d.promise as Promise<never>;
    };
  return {
    fn,
    async settle(name: string, event: AnyEventObject) {
      const last = pending.map((p) => p.name).lastIndexOf(name);
      if (last < 0) throw new Error(`the page made no ${name} call`);
      const [call] = pending.splice(last, 1);
      for (let i = pending.length - 1; i >= 0; i--) if (pending[i].name === name) pending.splice(i, 1);
      await act(async () => {
        if (event.type.startsWith('xstate.error')) call.d.reject(event.error);
        else call.d.resolve(event.output);
        await new Promise((r) => setTimeout(r, 0));
      });
      return call;
    },
  };
}

async function openForm(path: GeneratedPath) {
  localStorage.setItem('porton.token', 'token-de-prueba');
  const calls = fakeCalls();
  const editing = path.inputName === 'aviso editado';
  const api: ContentFormApis = {
    content: {
      get: async () => editedNotice,
      create: calls.fn('create'),
      update: calls.fn('update'),
      image: async () => null,
    } as never,
    locations: { zones: calls.fn('zones'), streets: calls.fn('streets'), residents: calls.fn('residents') },
  };
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs('admin')) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[editing ? `/newNotice?uuid=${EDITED}` : '/newNotice']}>
        <SessionProvider logic={logic as never}>
          <Routes>
            <Route path="/newNotice" element={<NoticeFormView api={api} />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  await screen.findByLabelText(/^Zona/);
  return calls;
}

const select = (label: 'Zona' | 'Calle' | 'Residente') =>
  screen.getByLabelText(new RegExp(`^${label}`)) as HTMLSelectElement;
const optionTexts = (s: HTMLSelectElement) => [...s.options].map((o) => o.text);

/** The segmentation cascade on the screen: each selector lists what its parent's choice loaded; Calle waits for a zone and Residente for a street. */
// biome-ignore lint/suspicious/noExplicitAny: the path's context as the model records it
async function expectSelectors(state: string, ctx: any) {
  await waitFor(() => {
    const zone = select('Zona');
    expect(zone.disabled).toBe(state === 'loadingZones');
    expect(optionTexts(zone)).toEqual([
      state === 'loadingZones' ? 'Cargando zonas…' : 'Selecciona una zona',
      ...ctx.zones.map((z: { name: string }) => z.name),
    ]);
    const street = select('Calle');
    expect(optionTexts(street)).toEqual([
      state === 'loadingStreets' ? 'Cargando calles…' : 'Selecciona una calle',
      ...ctx.streets.map((s: { name: string }) => s.name),
    ]);
    if (ctx.zoneUuid === '' && state !== 'loadingZones') expect(street.disabled).toBe(true);
    const resident = select('Residente');
    expect(optionTexts(resident)).toEqual([
      state === 'loadingResidents' ? 'Cargando residentes…' : 'Selecciona un residente',
      ...ctx.residents.map((r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`),
    ]);
    if (ctx.streetUuid === '' && state !== 'loadingZones' && state !== 'loadingStreets')
      expect(resident.disabled).toBe(true);
    const failed = screen.queryByText('No fue posible cargar las opciones');
    if (state === 'failed') expect(screen.getByText('Error interno del servidor')).toBeTruthy();
    else expect(failed).toBeNull();
  });
}

describe("the notice form's zone, street and resident selectors perform the noticeSegments paths ('Nuevo aviso')", () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const calls = await openForm(path);
    let snapshot = getInitialSnapshot(noticeSegmentsModel.machine, path.input as never);
    await expectSelectors(JSON.parse(path.states[0]), snapshot.context);
    for (const [i, event] of path.events.entries()) {
      const [, , , what] = event.type.split('.');
      if (event.type.startsWith('xstate.')) {
        const call = await calls.settle(what, event);
        if (what === 'streets') expect(call.args).toEqual([snapshot.context.zoneUuid]);
        if (what === 'residents') expect(call.args).toEqual([snapshot.context.streetUuid]);
      } else if (event.type === 'zone.choose')
        fireEvent.change(select('Zona'), { target: { value: String(event.idZone) } });
      else if (event.type === 'street.choose')
        fireEvent.change(select('Calle'), { target: { value: String(event.idStreet) } });
      else fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
      snapshot = getNextSnapshot(
        noticeSegmentsModel.machine,
        snapshot,
        event as EventFrom<typeof noticeSegmentsModel.machine>,
      );
      await expectSelectors(JSON.parse(path.states[i + 1]), snapshot.context);
    }
  });
});
