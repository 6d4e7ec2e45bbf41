import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AnyEventObject } from 'xstate';
import type { Community } from '../../src/shared/communities/community-types.js';
import { CommunityFormView } from '../../src/web/views/communities/community-form.view.js';
import { IntegratorFormView } from '../../src/web/views/integrators/integrator-form.view.js';
import { loadedCommunity, typedCommunity, typedIntegrator } from '../machines/platform/address-pages.model.js';
import { pendingCalls } from './view-paths.js';
import { lastAlertDialog } from './dialogs.js';

export const adminOptions = [
  { idUser: 7, uuid: 'u7', name: 'Adriana Morales Peña' },
  { idUser: 8, uuid: 'u8', name: 'Beatriz Solís' },
];
/** `GET api/fracs/c1` as the server answers it; the form shows `loadedCommunity.values`. */
export const communityC1: Community = {
  uuid: 'c1',
  name: 'Residencial Las Palmas',
  cp: '01000',
  city: 'Álvaro Obregón',
  state: 'Ciudad de México',
  idAddress: 1,
  street: 'Calle Fuego',
  extNumber: '10',
  intNumber: null,
  idUser: 7,
  licenseTotal: 150,
  starDate: '',
  endDate: '',
  idFile: 31,
  user: adminOptions[0],
  file: { publicUrl: '/api/fracs/c1/logo?v=f1', idFile: 31, uuid: 'f1' },
  address: {
    cp: '01000',
    city: 'Álvaro Obregón',
    state: 'Ciudad de México',
    colony: 'San Ángel',
    idAddress: 1,
    uuid: 'a1',
  },
  licenseExpired: false,
  club: false,
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The control labelled `label` (the required mark '*' aside). */
export const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`)) as HTMLInputElement & HTMLSelectElement;
export const labels: Record<string, string> = {
  name: 'Nombre',
  lastName: 'Apellidos',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  cp: 'Código postal',
  idAddress: 'Colonia',
  city: 'Ciudad',
  state: 'Estado',
  street: 'Calle',
  number: 'Número exterior',
  extNumber: 'Número exterior',
  intNumber: 'Número interior',
  licenses: 'Cantidad de licencias',
  licenseTotal: 'Cantidad de licencias',
  idUser: 'Administrador de fraccionamiento',
};
const communityLabels: Record<string, string> = { ...labels, name: 'Nombre del fraccionamiento' };

/**
 * Renders the page a model input stands for (integrator add: /newIntegrator; community add or
 * edit: /newFrac) with fakes whose calls wait for the path; `settle` answers the latest call of
 * the event's actor (a superseded postal-code lookup is never answered).
 */
export function renderAddressForm(inputName: string) {
  const calls = pendingCalls();
  const community = inputName !== 'integrator add';
  const edit = inputName === 'community edit';
  const labelOf = (name: string) => (community ? communityLabels : labels)[name];
  const lookup = calls.fn<unknown>('lookup');
  const saved: unknown[][] = [];
  const save = calls.fn<unknown>('save');
  const record = (...args: unknown[]) => {
    saved.push(args);
    return save(...args);
  };
  const view = community ? (
    <CommunityFormView
      api={{
        fracs: {
          get: edit ? calls.fn<Community>('load') : async () => communityC1,
          administrators: edit ? async () => adminOptions : calls.fn<typeof adminOptions>('load'),
          logo: async () => loadedCommunity.logoPreview,
          create: record as never,
          update: record as never,
        },
        addresses: { lookup: lookup as never },
        readLogo: calls.fn('readLogo') as never,
      }}
    />
  ) : (
    <IntegratorFormView
      api={{
        integrators: { get: calls.fn('load') as never, create: record as never, update: record as never },
        addresses: { lookup: lookup as never },
      }}
    />
  );
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[community ? (edit ? '/newFrac?uuid=c1' : '/newFrac') : '/newIntegrator']}>
        <Routes>
          <Route path={community ? '/newFrac' : '/newIntegrator'} element={view} />
          <Route path={community ? '/fracs' : '/integrators'} element={<p>pantalla lista</p>} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );

  /** What the person typed before the path (the model's starting values). */
  const typePrefill = async () => {
    const typed: Record<string, string> = community ? typedCommunity : typedIntegrator;
    await waitFor(() => field('Código postal'));
    for (const [name, value] of Object.entries(typed)) {
      if (value === '' || ['cp', 'city', 'state', 'idAddress'].includes(name)) continue;
      await act(async () => {
        fireEvent.change(field(labelOf(name)), { target: { value } });
      });
    }
  };
  const idOf = (type: string) => /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(type)![1];

  return {
    calls,
    saved,
    labelOf,
    typePrefill,
    /** The answer of a call the page made: an invoked actor's, or the postal-code lookup's (its child's report). */
    async settle(event: AnyEventObject) {
      if (event.type.startsWith('postalCode.')) {
        const found = event.type === 'postalCode.found';
        event = found
          ? { type: 'xstate.done.actor.lookup', output: event.addresses }
          : { type: 'xstate.error.actor.lookup', error: event.error };
      }
      const id = idOf(event.type);
      const done = event.type.startsWith('xstate.done.');
      const index = calls.queue.findLastIndex((c) => c.name === id);
      if (index < 0) throw new Error(`the view made no ${id} call to settle ${event.type}`);
      const [call] = calls.queue.splice(index, 1);
      let output = event.output;
      if (id === 'load') output = edit ? communityC1 : adminOptions;
      await act(async () => {
        if (done) call.d.resolve(output);
        else call.d.reject(event.error);
        await new Promise((r) => setTimeout(r, 0));
      });
      if (id === 'load' && done && !edit) await typePrefill();
    },
    inDialog: () => within(lastAlertDialog()),
  };
}
