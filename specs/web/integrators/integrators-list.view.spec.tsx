import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { integrators, page, renderIntegrators } from '../../support/integrators/integrators-harness.js';

const table = () => screen.getByRole('table', { name: 'Integradores registrados' });
const where = () => screen.getByTestId('where').textContent;

describe('/integrators list (Integrators list)', () => {
  it('shows title, the table Integradores registrados with its columns, the address and Sin teléfono', async () => {
    renderIntegrators();
    await waitFor(() => expect(screen.getByText('integrador@porton.mx')).toBeTruthy());
    expect(screen.getByRole('heading', { name: 'Integradores' })).toBeTruthy();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Correo', 'Nombre', 'Dirección', 'Teléfono', 'Cantidad de licencias', 'Acciones']);
    const first = within(table()).getByText('integrador@porton.mx').closest('tr')!;
    expect(first.textContent).toContain('Ignacio Ramírez Soto');
    expect(first.textContent).toContain(
      'Av. Insurgentes Sur #1450 int. 3, Del Valle Centro, Benito Juárez, Ciudad de México',
    );
    expect(first.textContent).toContain('400');
    const second = within(table()).getByText('integrador2@porton.mx').closest('tr')!;
    expect(second.textContent).toContain('Sin teléfono');
  });

  it('Enter in Buscar integrador does not search; Buscar searches from page 1', async () => {
    const list = vi.fn(async (_q: { page: number; size: number; search: string }) => page(integrators, 3, 0));
    renderIntegrators(list);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 15, search: '' }));
    const box = screen.getByPlaceholderText('Buscar integrador');
    fireEvent.change(box, { target: { value: 'Isa' } });
    // Enter is blocked (its default, the form's submission, is prevented).
    expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(false);
    expect(list).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 0, size: 15, search: 'Isa' }));
  });

  it('pages of 15 with previous/next arrows and a window of 6 page numbers', async () => {
    const list = vi.fn(async (q: { page: number }) => page(integrators, 10, q.page));
    renderIntegrators(list);
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Paginación' })).toBeTruthy());
    const numbers = () =>
      within(screen.getByRole('navigation', { name: 'Paginación' }))
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter((t) => /^\d+$/.test(t!));
    expect(numbers()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(list).toHaveBeenCalledWith({ page: 0, size: 15, search: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 15, search: '' }));
  });

  it('Editar opens /newIntegrator in edit mode (?uuid=)', async () => {
    renderIntegrators();
    await waitFor(() => expect(screen.getByText('integrador@porton.mx')).toBeTruthy());
    fireEvent.click(
      within(screen.getByText('integrador2@porton.mx').closest('tr')!).getByRole('button', { name: 'Editar' }),
    );
    await waitFor(() => expect(where()).toBe('/newIntegrator?uuid=i2'));
  });

  it('the add button (tooltip Alta integrador) opens /newIntegrator', async () => {
    renderIntegrators();
    await waitFor(() => expect(screen.getByText('integrador@porton.mx')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Alta integrador' }));
    await waitFor(() => expect(where()).toBe('/newIntegrator'));
  });

  it('Eliminar asks ¿Seguro que deseas eliminar {name}? / No podrás revetir esta acción, then deletes', async () => {
    const { api } = renderIntegrators();
    await waitFor(() => expect(screen.getByText('integrador@porton.mx')).toBeTruthy());
    fireEvent.click(
      within(screen.getByText('integrador@porton.mx').closest('tr')!).getByRole('button', { name: 'Eliminar' }),
    );
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(dialog.textContent).toContain('¿Seguro que deseas eliminar Ignacio Ramírez Soto?');
    expect(dialog.textContent).toContain('No podrás revetir esta acción');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('i1'));
  });
});
