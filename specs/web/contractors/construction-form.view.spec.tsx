import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { siteToday } from '../../../src/shared/contractors/construction-rules.js';
import { addHours } from '../../../src/shared/massive-events/massive-event-rules.js';
import { ConstructionFormView } from '../../../src/web/views/contractors/construction-form.view.js';
import { Where } from '../../support/integrators/integrators-harness.js';

const day = (days: number) => addHours(`${siteToday()}T12:00:00`, days * 24).slice(0, 10);
const MANY = 120;
const site = {
  uuid: 'o1',
  name: 'Casa Treviño',
  contractor: { uuid: 'k1', firstName: 'Constantino', lastName: 'Flores', enterprise: 'CF' },
  street: { uuid: 's1', name: 'Calle Roble', zone: { uuid: 'z', name: 'Z' }, community: { uuid: 'c', name: 'C' } },
  number: 'T-14',
  streetNumber: '214',
  startDate: day(-20),
  endDate: day(100),
  workerCount: 0,
  approved: 0,
  rejected: 0,
  pending: 0,
  rejectedWorker: null,
};

function renderForm(url: string) {
  const api = {
    constructions: { get: vi.fn(async () => site), create: vi.fn(async () => site), update: vi.fn(async () => site) },
    // The whole lists (no page): past 100 rows, as a community with many contractors and streets has.
    contractors: {
      all: vi.fn(async () => [
        {
          uuid: 'k1',
          firstName: 'Constantino',
          lastName: 'Flores',
          enterprise: 'CF',
          phone: '',
          fullAddress: '',
          user: { email: 'c@x.mx' },
        },
        ...Array.from({ length: MANY }, (_, i) => ({
          uuid: `k-extra-${i}`,
          firstName: 'Contratista',
          lastName: `Número ${i + 1}`,
          enterprise: 'Obras',
          phone: '',
          fullAddress: '',
          user: { email: `k${i}@x.mx` },
        })),
      ]),
    },
    streets: {
      all: vi.fn(async () => [
        { uuid: 's1', name: 'Calle Roble' },
        ...Array.from({ length: MANY }, (_, i) => ({ uuid: `s-extra-${i}`, name: `Calle ${i + 1}` })),
        { uuid: 's2', name: 'Calle Pino' },
      ]),
    },
  };
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/createConstruction" element={<ConstructionFormView api={api as never} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return api;
}
const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

describe('/createConstruction (Construction form)', () => {
  it("'Registrar obra': the end picker waits for the start, a past start is refused, then the site is sent", async () => {
    const api = renderForm('/createConstruction');
    await screen.findByRole('heading', { name: 'Registrar obra' });
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Calle Pino' }).length).toBe(1));
    expect(input('Fecha de fin').disabled).toBe(true);
    change('Nombre de la obra', 'Casa Nueva');
    change('Contratista', 'k1');
    change('Calle', 's2');
    change('Número de obra', '88');
    change('Número de terreno', 'T-88');
    change('Fecha de inicio', day(-1));
    expect(input('Fecha de fin').disabled).toBe(false);
    change('Fecha de fin', day(30));
    fireEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    await screen.findByText('La fecha de inicio no puede ser anterior a hoy.');
    fireEvent.click(
      within(screen.getByRole('alertdialog', { hidden: true })).getByRole('button', { hidden: true, name: 'Aceptar' }),
    );
    change('Fecha de inicio', day(1));
    fireEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    await screen.findByText('¡Registro exitoso!');
    expect(api.constructions.create).toHaveBeenCalledWith({
      name: 'Casa Nueva',
      contractor: { uuid: 'k1' },
      street: { uuid: 's2' },
      number: 'T-88',
      streetNumber: '88',
      startDate: day(1),
      endDate: day(30),
    });
  });

  it('the contractor and street selectors offer every contractor and street of the community, past 100', async () => {
    renderForm('/createConstruction');
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Calle Pino' }).length).toBe(1));
    expect(screen.getByRole('option', { name: `Contratista Número ${MANY} (Obras)` })).toBeTruthy();
    expect(screen.getByRole('option', { name: `Calle ${MANY}` })).toBeTruthy();
  });

  it("'Editar obra': the site number is disabled and not sent; a running site's past start is kept", async () => {
    const api = renderForm('/createConstruction?token=o1');
    await screen.findByRole('heading', { name: 'Editar obra' });
    await waitFor(() => expect(input('Nombre de la obra').value).toBe('Casa Treviño'));
    expect(input('Número de obra').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('¡Edición exitosa!');
    expect(api.constructions.update).toHaveBeenCalledWith('o1', {
      name: 'Casa Treviño',
      contractor: { uuid: 'k1' },
      street: { uuid: 's1' },
      number: 'T-14',
      startDate: day(-20),
      endDate: day(100),
    });
  });
});
