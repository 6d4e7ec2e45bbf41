import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Role } from '../../../src/shared/platform/roles.js';
import { listMemoryKey } from '../../../src/shared/platform/list-memory-rules.js';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { NewslettersView } from '../../../src/web/views/content/newsletters.view.js';
import { NoticesView } from '../../../src/web/views/content/notices.view.js';
import { userAs } from '../../support/catalogues/catalogue-screen-harness.js';
import { dialogButton } from '../../support/dialogs.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const post = (i: number) => ({
  uuid: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
  title: `Aviso ${i}`,
  description: 'd',
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  contactLink: null,
  startDate: `2030-01-${String(i).padStart(2, '0')}T08:30:00`,
  endDate: '2030-02-01T20:00:00',
  fileId: null,
  file: null,
});
const page = (n: number, pageNo = 0, totalPages = 1) => ({
  content: Array.from({ length: n }, (_, i) => post(i + 1)),
  totalElements: n,
  totalPages,
  page: pageNo,
  size: 15,
});

// biome-ignore lint/suspicious/noExplicitAny: test doubles of the list's API calls
function renderList(role: Role, view: 'notices' | 'newsletters', api: { list: any; remove: any }) {
  localStorage.setItem('porton.token', 'token-de-prueba');
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs(role)) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[`/${view}`]}>
        <SessionProvider logic={logic as never}>
          <Routes>
            <Route path="/notices" element={<NoticesView api={api} />} />
            <Route path="/newsletters" element={<NewslettersView api={api} />} />
            <Route
              path="/newNotice"
              element={<p>formulario de aviso {new URLSearchParams(window.location.search).get('uuid')}</p>}
            />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

describe("'Avisos', 'Boletines' (columns, roles, delete confirmation)", () => {
  it('shows Título, Fecha de inicio, Fecha de término and Acciones; the administrator deletes after the spec confirmation', async () => {
    const list = vi.fn(async () => page(2));
    const remove = vi.fn(async () => undefined);
    renderList('admin', 'notices', { list, remove });
    await screen.findByText('Aviso 1');
    for (const header of ['Título', 'Fecha de inicio', 'Fecha de término', 'Acciones'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getByText('01/01/2030 08:30')).toBeTruthy();
    const row = screen.getByText('Aviso 1').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    await screen.findByText('¿Seguro que deseas eliminar Aviso 1?');
    expect(screen.getByText('No podrás revetir esta acción')).toBeTruthy();
    fireEvent.click(dialogButton('Eliminar'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(post(1).uuid));
  });

  it('a capturista sees no delete button, but edits', async () => {
    renderList('capturista', 'notices', { list: async () => page(2), remove: vi.fn() });
    await screen.findByText('Aviso 1');
    expect(screen.queryAllByRole('button', { name: 'Eliminar' })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Editar' })).toHaveLength(2);
  });

  it('searches on the title from page 1', async () => {
    const list = vi.fn(async () => page(2));
    renderList('admin', 'notices', { list, remove: vi.fn() });
    await screen.findByText('Aviso 1');
    const box = screen.getByPlaceholderText('Buscar aviso');
    fireEvent.change(box, { target: { value: 'corte' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 0, size: 15, search: 'corte' }));
  });

  it('newsletters keep their search and page in local storage', async () => {
    const list = vi.fn(async (q: { page: number }) => page(15, q.page, 3));
    renderList('admin', 'newsletters', { list, remove: vi.fn() });
    await screen.findAllByText('Aviso 1');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(listMemoryKey('newsletters'))!)).toMatchObject({ page: 1 }),
    );
    cleanup();
    renderList('admin', 'newsletters', { list, remove: vi.fn() });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 15, search: '' }));
  });
});
