import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import type { Construction } from '../../../src/shared/contractors/contractor-types.js';
import { ContractorSitesView } from '../../../src/web/views/contractors/contractor-sites.view.js';

const site = (uuid: string, name: string, counts: Partial<Construction>): Construction => ({
  uuid,
  name,
  contractor: { uuid: 'k1', firstName: 'Constantino', lastName: 'Flores Vega', enterprise: 'Constructora Flores' },
  street: {
    uuid: 's1',
    name: 'Calle Roble',
    zone: { uuid: 'z1', name: 'Zona Norte' },
    community: { uuid: 'c1', name: 'Residencial Las Palmas' },
  },
  number: 'T-1',
  streetNumber: '1',
  startDate: '2026-11-25',
  endDate: '2027-01-25',
  workerCount: 0,
  approved: 0,
  rejected: 0,
  pending: 0,
  rejectedWorker: null,
  ...counts,
});
const sites = [
  site('a', 'Obra Aprobada', { workerCount: 2, approved: 2 }),
  site('b', 'Obra Rechazada', { workerCount: 3, approved: 1, rejected: 1, pending: 1, rejectedWorker: 'Beto Ruiz' }),
  site('c', 'Obra Pendiente', { workerCount: 2, approved: 1, pending: 1 }),
  site('d', 'Obra Nueva', {}),
];

describe("/constructions_contractor, the contractor's home", () => {
  it('shows each site with its worker count linking to its workers (or to add one) and its request status', async () => {
    const mine = vi.fn(async (q: { page: number; size: number }) => ({
      content: sites,
      totalElements: 4,
      totalPages: 1,
      page: q.page,
      size: q.size,
    }));
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <ContractorSitesView api={{ mine }} live={null} />
        </MemoryRouter>
      </ChakraProvider>,
    );
    await screen.findByText('Obra Aprobada');
    expect(mine).toHaveBeenCalledWith(expect.objectContaining({ page: 0, size: 10 }));
    const row = (name: string) => within(screen.getByText(name).closest('tr')!);
    await waitFor(() => expect(row('Obra Aprobada').getByText('Solicitud aprobada')).toBeTruthy());
    expect(row('Obra Aprobada').getByRole('link', { name: '2 trabajadores' }).getAttribute('href')).toBe(
      '/workers?construction=a',
    );
    expect(row('Obra Rechazada').getByText('Solicitud rechazada: Beto Ruiz')).toBeTruthy();
    expect(row('Obra Pendiente').getByText('Solicitud pendiente')).toBeTruthy();
    expect(row('Obra Nueva').getByRole('link', { name: 'Agregar trabajador' }).getAttribute('href')).toBe(
      '/createWorker?construction=d',
    );
  });

  it("the administrator's decision changes the status live, without reloading the page", async () => {
    let decided: () => void = () => {};
    const live = fromCallback<{ type: 'list.reload' }>(({ sendBack }) => {
      decided = () => sendBack({ type: 'list.reload' });
      return () => {};
    });
    const before = site('p', 'Obra Viva', { workerCount: 1, pending: 1 });
    const after = site('p', 'Obra Viva', { workerCount: 1, rejected: 1, rejectedWorker: 'Rocío Navegador' });
    const mine = vi
      .fn()
      .mockResolvedValueOnce({ content: [before], totalElements: 1, totalPages: 1, page: 0, size: 10 })
      .mockResolvedValue({ content: [after], totalElements: 1, totalPages: 1, page: 0, size: 10 });
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <ContractorSitesView api={{ mine }} live={live} />
        </MemoryRouter>
      </ChakraProvider>,
    );
    await screen.findByText('Solicitud pendiente');
    decided();
    await screen.findByText('Solicitud rechazada: Rocío Navegador');
    expect(mine).toHaveBeenCalledTimes(2);
  });
});
