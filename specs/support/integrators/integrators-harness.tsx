import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { Integrator } from '../../../src/shared/integrators/integrator-types.js';
import { IntegratorsView } from '../../../src/web/views/integrators/integrators.view.js';
import { pendingCalls } from '../view-paths.js';

/** /integrators rendered with in-memory fakes: `list` answers at once, `setAccess` waits for the path. */
const address = (colony: string) => ({
  cp: '03100',
  city: 'Benito Juárez',
  state: 'Ciudad de México',
  colony,
  idAddress: 4,
  uuid: 'ad',
});
export const integrators: Integrator[] = [
  {
    uuid: 'i1',
    name: 'Ignacio',
    lastName: 'Ramírez Soto',
    number: '1450',
    intNumber: '3',
    street: 'Av. Insurgentes Sur',
    phone: '5512345678',
    licenses: 400,
    enabled: true,
    address: address('Del Valle Centro'),
    testUser: { email: 'integrador@porton.mx', firstName: 'Ignacio', lastName: 'Ramírez Soto' },
  },
  {
    uuid: 'i2',
    name: 'Isabel',
    lastName: 'Navarro Luna',
    number: '2085',
    intNumber: null,
    street: 'Av. Patria',
    phone: null,
    licenses: 120,
    enabled: false,
    address: address('Jardines Universidad'),
    testUser: { email: 'integrador2@porton.mx', firstName: 'Isabel', lastName: 'Navarro Luna' },
  },
];
export const page = (content: Integrator[], totalPages = 1, p = 0) => ({
  content,
  totalElements: content.length + (totalPages - 1) * 15,
  totalPages,
  page: p,
  size: 15,
});

export function Where() {
  const l = useLocation();
  return (
    <p data-testid="where">
      {l.pathname}
      {l.search}
    </p>
  );
}

type ListQuery = { page: number; size: number; search: string };
export function renderIntegrators(
  list: (q: ListQuery) => Promise<ReturnType<typeof page>> = vi.fn(async (_q: ListQuery) => page(integrators)),
) {
  const calls = pendingCalls();
  const accessCalls: unknown[][] = [];
  const pendingAccess = calls.fn<Integrator>('setAccess');
  const api = {
    list,
    remove: vi.fn(async (_uuid: string) => undefined),
    setAccess: (...args: unknown[]) => {
      accessCalls.push(args);
      return pendingAccess(...args);
    },
  };
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/integrators']}>
        <Routes>
          <Route path="/integrators" element={<IntegratorsView api={api} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { calls, api, accessCalls };
}
