/**
 * /fracs offers enabling and disabling a community ('licenseExpired true means disabled'):
 * a green 'A' on an active community, a red 'N/A' on a disabled one, a confirmation
 * naming it, the call, the list reloaded; a failure shows the empty error dialog with the reason.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Community } from '../../../src/shared/communities/community-types.js';
import { CommunitiesView } from '../../../src/web/views/communities/communities.view.js';

afterEach(() => {
  cleanup();
});

const community = (uuid: string, name: string, licenseExpired: boolean): Community => ({
  uuid,
  name,
  cp: '01000',
  city: 'Álvaro Obregón',
  state: 'Ciudad de México',
  idAddress: 1,
  street: 'Av. de las Palmas',
  extNumber: '100',
  intNumber: null,
  idUser: 3,
  licenseTotal: 150,
  starDate: '',
  endDate: '',
  idFile: null,
  user: { idUser: 3, uuid: 'u3', name: 'Adriana Morales Peña' },
  file: null,
  address: {
    cp: '01000',
    city: 'Álvaro Obregón',
    state: 'Ciudad de México',
    idAddress: 1,
    uuid: 'a1',
    colony: 'San Ángel',
  },
  licenseExpired,
  club: false,
});

function renderCommunities(setAccess: (uuid: string, enable: boolean) => Promise<Community>) {
  let rows = [community('c1', 'Residencial Las Palmas', false), community('c2', 'Bosques del Valle', true)];
  const list = vi.fn(async () => ({ content: rows, totalElements: rows.length, totalPages: 1, page: 0, size: 15 }));
  const access = vi.fn(async (uuid: string, enable: boolean) => {
    const changed = await setAccess(uuid, enable);
    rows = rows.map((r) => (r.uuid === uuid ? { ...r, licenseExpired: !enable } : r));
    return changed;
  });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <CommunitiesView api={{ list, setAccess: access }} />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { list, access };
}
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const dialog = () => screen.queryByRole('alertdialog', { hidden: true });

describe('/fracs: enabling and disabling a community', () => {
  it("disabling an active community asks first, then calls disable and shows it 'Deshabilitado'", async () => {
    const r = renderCommunities(async (uuid) => community(uuid, 'Residencial Las Palmas', true));
    await screen.findByText('Residencial Las Palmas');
    const button = within(rowOf('Residencial Las Palmas')).getByRole('button', { name: 'Desactivar' });
    expect(button.textContent).toBe('A');
    fireEvent.click(button);
    await waitFor(() =>
      expect(dialog()?.textContent).toContain('¿Estás seguro de deshabilitar Residencial Las Palmas?'),
    );
    expect(dialog()!.textContent).toContain('sus residentes y su personal no podrán iniciar sesión');
    expect(r.access).not.toHaveBeenCalled();
    fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Desactivar' }));
    await waitFor(() => expect(r.list).toHaveBeenCalledTimes(2));
    expect(r.access).toHaveBeenCalledWith('c1', false);
    await waitFor(() => expect(within(rowOf('Residencial Las Palmas')).getByText('Deshabilitado')).toBeTruthy());
    expect(within(rowOf('Residencial Las Palmas')).getByRole('button', { name: 'Activar' }).textContent).toBe('N/A');
  });

  it("enabling a disabled community ('N/A') asks first and calls enable", async () => {
    const r = renderCommunities(async (uuid) => community(uuid, 'Bosques del Valle', false));
    await screen.findByText('Bosques del Valle');
    fireEvent.click(within(rowOf('Bosques del Valle')).getByRole('button', { name: 'Activar' }));
    await waitFor(() => expect(dialog()?.textContent).toContain('¿Estás seguro de habilitar Bosques del Valle?'));
    fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Activar' }));
    await waitFor(() => expect(r.access).toHaveBeenCalledWith('c2', true));
    await waitFor(() => expect(within(rowOf('Bosques del Valle')).getByText('Activo')).toBeTruthy());
  });

  it('cancelling sends nothing and leaves the list as it was', async () => {
    const r = renderCommunities(async (uuid) => community(uuid, 'x', true));
    await screen.findByText('Residencial Las Palmas');
    fireEvent.click(within(rowOf('Residencial Las Palmas')).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Cancelar' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(r.access).not.toHaveBeenCalled();
    expect(r.list).toHaveBeenCalledTimes(1);
  });

  it("a failure shows the spec's empty error dialog with the server's reason; nothing reloads", async () => {
    const r = renderCommunities(async () => {
      throw {
        kind: 'http',
        status: 404,
        body: { error: 'not_found', error_description: 'El fraccionamiento no existe.' },
      };
    });
    await screen.findByText('Residencial Las Palmas');
    fireEvent.click(within(rowOf('Residencial Las Palmas')).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Desactivar' }));
    await waitFor(() => expect(dialog()?.textContent).toContain('El fraccionamiento no existe.'));
    fireEvent.click(within(dialog()!).getByRole('button', { hidden: true, name: 'Aceptar' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(r.list).toHaveBeenCalledTimes(1);
  });
});
