import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fromPromise, getInitialSnapshot, getNextSnapshot, type AnyEventObject, type EventFrom } from 'xstate';
import type { CommonArea, Street } from '../../../src/shared/catalogues/catalogue-types.js';
import type { commonAreasApi } from '../../../src/web/views/catalogues/common-areas.api.js';
import type { streetsApi } from '../../../src/web/views/catalogues/streets.api.js';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { CommonAreasView } from '../../../src/web/views/catalogues/common-areas.view.js';
import { StreetsView } from '../../../src/web/views/catalogues/streets.view.js';
import type { LocationOptionsApi } from '../../../src/web/views/catalogues/zone-street-fields.js';
import { pickerZones, zoneStreetPickerModel } from '../../machines/catalogues/zone-street-picker.model.js';
import { COMMUNITY, userAs } from '../../support/catalogues/catalogue-screen-harness.js';
import {
  deferred,
  describePath,
  transitionPaths,
  type Deferred,
  type GeneratedPath,
} from '../../support/model-paths.js';

const paths = transitionPaths(zoneStreetPickerModel);
const frac = { uuid: 'c1', name: COMMUNITY };
const south = pickerZones[1];
const area: CommonArea = {
  uuid: 'ar1',
  idCommonArea: 1,
  name: 'Alberca',
  number: '3',
  idStreet: 12,
  testStreet: {
    uuid: 's2',
    idStreet: 12,
    name: 'Calle Cedro',
    testZone: { uuid: south.uuid, idZone: south.idZone, name: south.name, testFrac: frac },
  },
};
const page = <T,>(content: T[]) => ({ content, totalElements: content.length, totalPages: 1, page: 0, size: 15 });

/** Fake calls the path settles; an abandoned street load (another zone chosen) is dropped, as the machine drops it. */
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
    pending,
    fn,
    async settle(name: string, event: AnyEventObject | { output: unknown }) {
      const last = pending.map((p) => p.name).lastIndexOf(name);
      if (last < 0) throw new Error(`the view made no ${name} call`);
      const [call] = pending.splice(last, 1);
      for (let i = pending.length - 1; i >= 0; i--) if (pending[i].name === name) pending.splice(i, 1);
      await act(async () => {
        if ('type' in event && event.type.startsWith('xstate.error')) call.d.reject(event.error);
        else call.d.resolve(event.output);
        await new Promise((r) => setTimeout(r, 0));
      });
      return call;
    },
  };
}

async function openModal(path: GeneratedPath) {
  localStorage.setItem('porton.token', 'token-de-prueba');
  const calls = fakeCalls();
  const options: LocationOptionsApi = { zones: calls.fn('zones'), streets: calls.fn('streets') };
  const api = {
    list: calls.fn('list'),
    get: calls.fn('get'),
    create: calls.fn('create'),
    update: calls.fn('update'),
    remove: calls.fn('remove'),
  };
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs('admin')) } });
  const streetsScreen = path.inputName === 'street form';
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <SessionProvider logic={logic as never}>
          {streetsScreen ? (
            <StreetsView api={api as unknown as typeof streetsApi} options={options} />
          ) : (
            <CommonAreasView api={api as unknown as typeof commonAreasApi} options={options} />
          )}
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  await calls.settle('list', { output: page<CommonArea | Street>(streetsScreen ? [] : [area]) });
  if (path.inputName === 'common area edit') {
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await calls.settle('get', { output: area });
  } else {
    fireEvent.click(
      await screen.findByRole('button', { name: streetsScreen ? 'Agregar calle' : 'Agregar área común' }),
    );
  }
  await waitFor(() => expect(calls.pending.at(-1)?.name).toBe('zones'));
  return calls;
}

const select = (label: 'Zona' | 'Calle') =>
  within(screen.getByTestId('form-dialog')).getByLabelText(new RegExp(`^${label}`)) as HTMLSelectElement;
const optionTexts = (s: HTMLSelectElement) => [...s.options].map((o) => o.text);

async function expectPicker(path: GeneratedPath, state: string, ctx: GeneratedPath['contexts'][number]) {
  await waitFor(() => {
    const zone = select('Zona');
    expect(zone.disabled).toBe(state === 'loadingZones');
    const first = state === 'loadingZones' ? 'Cargando zonas…' : 'Selecciona una zona';
    expect(optionTexts(zone)).toEqual([first, ...ctx.zones.map((z: { name: string }) => z.name)]);
    expect(zone.value).toBe(ctx.zoneUuid);
    const failed = screen.queryByText('No fue posible cargar las opciones');
    if (state === 'failed') {
      expect(failed).not.toBeNull();
      expect(screen.getByText('Error interno del servidor')).toBeTruthy();
    } else expect(failed).toBeNull();
    if (path.inputName === 'street form') {
      expect(within(screen.getByTestId('form-dialog')).queryByLabelText(/^Calle/)).toBeNull();
      return;
    }
    const street = select('Calle');
    expect(street.disabled).toBe(ctx.zoneUuid === '' || state === 'loadingStreets');
    const placeholder = state === 'loadingStreets' ? 'Cargando calles…' : 'Selecciona una calle';
    expect(optionTexts(street)).toEqual([placeholder, ...ctx.streets.map((s: { name: string }) => s.name)]);
  });
}

describe('the zone and street selectors perform the zoneStreetPicker paths (Calles, Áreas comunes; choosing a zone loads its streets)', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const calls = await openModal(path);
    let snapshot = getInitialSnapshot(zoneStreetPickerModel.machine, path.input as never);
    await expectPicker(path, JSON.parse(path.states[0]), snapshot.context);
    for (const [i, event] of path.events.entries()) {
      if (event.type.endsWith('.zones')) await calls.settle('zones', event);
      else if (event.type.endsWith('.streets')) {
        const call = await calls.settle('streets', event);
        expect(call.args).toEqual([snapshot.context.zoneUuid]);
      } else if (event.type === 'zone.choose') fireEvent.change(select('Zona'), { target: { value: event.uuid } });
      else fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
      snapshot = getNextSnapshot(
        zoneStreetPickerModel.machine,
        snapshot,
        event as EventFrom<typeof zoneStreetPickerModel.machine>,
      );
      await expectPicker(path, JSON.parse(path.states[i + 1]), snapshot.context);
    }
  });
});
