import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Contractor } from '../../../src/shared/contractors/contractor-types.js';
import { ContractorFormView } from '../../../src/web/views/contractors/contractor-form.view.js';
import { Where } from '../../support/integrators/integrators-harness.js';

const stored: Contractor = {
  uuid: 'k1',
  firstName: 'Constantino',
  lastName: 'Flores Vega',
  phone: '8112345678',
  enterprise: 'Constructora Flores',
  fullAddress: 'Av. Revolución, Col. Centro, #1200, CP.64000, Monterrey',
  user: { email: 'contratista@porton.mx' },
};

function renderForm(url: string) {
  const api = {
    contractors: {
      get: vi.fn(async () => stored),
      create: vi.fn(async () => stored),
      update: vi.fn(async () => stored),
    },
    addresses: {
      lookup: vi.fn(async (cp: string) => [
        {
          idAddress: 1,
          uuid: 'a',
          colony: 'Centro',
          state: 'Nuevo León',
          location: cp === '64000' ? 'Monterrey' : 'Otra',
        },
      ]),
    },
  };
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/createContractor" element={<ContractorFormView api={api} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return api;
}
const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

describe('/createContractor (address formats, Contractor form)', () => {
  it("'Registrar contratista': the postal code fills the city; the address is sent in the create format with the email", async () => {
    const api = renderForm('/createContractor');
    await screen.findByRole('heading', { name: 'Registrar contratista' });
    change('Nombre', 'Ramiro');
    change('Apellidos', 'Guzmán');
    change('Correo electrónico', 'ramiro@correo.mx');
    change('Empresa', 'EG');
    change('Calle', 'Av. Juárez');
    change('Número', '455');
    change('Código postal', '64000');
    await waitFor(() => expect(input('Ciudad').value).toBe('Monterrey'));
    fireEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    await screen.findByText('Contratista creado correctamente');
    expect(api.contractors.create).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ramiro@correo.mx', cp: '64000', city: 'Monterrey', street: 'Av. Juárez' }),
    );
  });

  it("'Editar contratista': the stored address (update format) is read back into its parts; the email is read-only", async () => {
    const api = renderForm('/createContractor?token=k1');
    await screen.findByRole('heading', { name: 'Editar contratista' });
    await waitFor(() => expect(input('Calle').value).toBe('Av. Revolución, Col. Centro'));
    expect([input('Número').value, input('Código postal').value, input('Ciudad').value]).toEqual([
      '1200',
      '64000',
      'Monterrey',
    ]);
    expect(input('Correo electrónico').readOnly).toBe(true);
    change('Teléfono', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('El teléfono debe tener 10 dígitos.');
    expect(api.contractors.update).not.toHaveBeenCalled();
  });
});
