import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { userAs } from '../../support/catalogues/catalogue-screen-harness.js';
import type { ScreenWorker } from '../../../machines/contractors/workers-screen.machine.js';
import { WorkersView, type WorkersDeps } from '../../../src/web/views/contractors/workers.view.js';

const worker = (uuid: string, firstName: string, status: string, site = 'Casa Roble'): ScreenWorker => ({
  uuid,
  firstName,
  lastName: 'Prueba',
  status,
  rejectReason: status === 'Rechazado' ? 'Documentos vencidos' : null,
  photo: null,
  identification: { uuid: `${uuid}-i`, publicUrl: '/doc.pdf', mimeType: 'application/pdf' },
  proofOfAddress: null,
  construction: {
    uuid: 's1',
    name: site,
    number: 'T-1',
    streetNumber: '14',
    street: { name: 'Calle Roble' },
    contractor: { firstName: 'Constantino', lastName: 'Flores', enterprise: 'Constructora Flores' },
  },
});

function renderView(workers: ScreenWorker[], overrides: Partial<WorkersDeps> = {}) {
  const deps: WorkersDeps = {
    load: vi.fn(async () => workers),
    approve: vi.fn(async () => ({})),
    reject: vi.fn(async () => ({})),
    remove: vi.fn(async () => undefined),
    listen: () => () => {},
    ...overrides,
  };
  localStorage.setItem('porton.token', 'token-de-prueba');
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs('admin')) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <SessionProvider logic={logic as never}>
          <WorkersView deps={deps} />
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return deps;
}
const dialogs = () => screen.getAllByRole('alertdialog', { hidden: true });

describe("/workers 'Trabajadores de obra'", () => {
  it("searches by worker or site ('Buscar por trabajador u obra') and pages 10 cards", async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      worker(`w${i}`, `Nombre${i}`, 'Pendiente', i < 6 ? 'Casa Roble' : 'Casa Pino'),
    );
    renderView(many);
    await screen.findByRole('article', { name: 'Nombre0 Prueba' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    fireEvent.change(screen.getByLabelText('Buscar por trabajador u obra'), { target: { value: 'pino' } });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
  });

  it('an approved worker cannot be rejected: its card offers no Rechazar; a pending one is rejected with a reason', async () => {
    const deps = renderView([worker('a', 'Ana', 'Aprobado'), worker('p', 'Pepe', 'Pendiente')]);
    const pending = await within(await screen.findByRole('article', { name: 'Pepe Prueba' })).findByRole('button', {
      name: 'Rechazar',
    });
    expect(
      within(screen.getByRole('article', { name: 'Ana Prueba' })).queryByRole('button', { name: 'Rechazar' }),
    ).toBeNull();
    fireEvent.click(pending);
    const reason = await screen.findByLabelText(/Motivo del rechazo/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Rechazar', hidden: true }).at(-1)!);
    await screen.findByText('Escribe el motivo del rechazo.');
    expect(deps.reject).not.toHaveBeenCalled();
    fireEvent.change(reason, { target: { value: 'Comprobante vencido' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Rechazar', hidden: true }).at(-1)!);
    await waitFor(() => expect(dialogs().some((d) => d.textContent?.includes('¡Solicitud rechazada!'))).toBe(true));
    expect(deps.reject).toHaveBeenCalledWith('p', 'Comprobante vencido');
  });

  it("a credential of a non-approved worker is refused with 'Solo es posible visualizar credenciales de trabajadores aprobados.'", async () => {
    renderView([worker('p', 'Pepe', 'Pendiente')]);
    const card = await screen.findByRole('article', { name: 'Pepe Prueba' });
    fireEvent.click(await within(card).findByRole('button', { name: 'Credencial' }));
    await waitFor(() =>
      expect(
        dialogs().some((d) =>
          d.textContent?.includes('Solo es posible visualizar credenciales de trabajadores aprobados.'),
        ),
      ).toBe(true),
    );
  });

  it('the information modal shows the rejection reason and the documents in frames (a PDF as a download link, never inline)', async () => {
    renderView([worker('r', 'Rita', 'Rechazado')]);
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Rita Prueba' })).getByRole('button', { name: 'Ver datos' }),
    );
    await screen.findByText('Documentos vencidos');
    const pdf = screen.getByRole('link', { name: 'Descargar identificación oficial (PDF)' });
    expect(pdf.getAttribute('href')).toBe('/doc.pdf');
    expect(pdf.hasAttribute('download')).toBe(true);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it("an approved worker's credential: the preview drawn by the shared module, and 'Descargar credencial' ends with 'Descarga completada'", async () => {
    const fetchCredentials = vi.fn<NonNullable<WorkersDeps['fetchCredentials']>>(async (_target, { report }) => {
      report({ type: 'download.headers', fileName: 'credencial_Ana_Prueba.png', count: 1 });
      report({ type: 'download.progress', received: 2048 });
    });
    renderView([worker('a', 'Ana', 'Aprobado'), worker('p', 'Pepe', 'Pendiente')], { fetchCredentials });
    const ana = await screen.findByRole('article', { name: 'Ana Prueba' });
    expect(
      within(screen.getByRole('article', { name: 'Pepe Prueba' })).queryByRole('button', {
        name: 'Descargar credencial',
      }),
    ).toBeNull();
    fireEvent.click(within(ana).getByRole('button', { name: 'Credencial' }));
    const preview = await screen.findByRole('img', { name: /Credencial de Ana Prueba/, hidden: true });
    expect(preview.getAttribute('aria-label')).toContain(
      'Trabajador de obra; Responsable de la obra Constantino Flores; Obra 14, Calle Roble T-1; Constructora Constructora Flores',
    );
    fireEvent.click(screen.getAllByRole('button', { name: /Cerrar/, hidden: true })[0]!);
    fireEvent.click(within(ana).getByRole('button', { name: 'Descargar credencial' }));
    await waitFor(() => expect(dialogs().some((d) => d.textContent?.includes('Descarga completada'))).toBe(true));
    expect(fetchCredentials.mock.calls[0]![0]).toEqual({ kind: 'workers', uuids: ['a'] });
  });

  it("'Seleccionar todos' then 'Descargar credenciales' downloads the approved workers ticked, in one zip", async () => {
    const fetchCredentials = vi.fn<NonNullable<WorkersDeps['fetchCredentials']>>(async () => undefined);
    renderView([worker('a', 'Ana', 'Aprobado'), worker('b', 'Beto', 'Aprobado'), worker('p', 'Pepe', 'Pendiente')], {
      fetchCredentials,
    });
    await screen.findByLabelText('Seleccionar a Pepe Prueba');
    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar todos' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar credenciales (3)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Imágenes (ZIP)' }));
    await waitFor(() => expect(fetchCredentials).toHaveBeenCalled());
    expect(fetchCredentials.mock.calls[0]![0]).toEqual({ kind: 'workers', uuids: ['a', 'b'] });
  });

  it("'Descargar credenciales' → 'PDF para imprimir' asks for the ticked approved workers' credentials as a PDF", async () => {
    const fetchCredentials = vi.fn<NonNullable<WorkersDeps['fetchCredentials']>>(async () => undefined);
    renderView([worker('a', 'Ana', 'Aprobado'), worker('b', 'Beto', 'Aprobado'), worker('p', 'Pepe', 'Pendiente')], {
      fetchCredentials,
    });
    await screen.findByLabelText('Seleccionar a Pepe Prueba');
    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar todos' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar credenciales (3)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'PDF para imprimir' }));
    await waitFor(() => expect(fetchCredentials).toHaveBeenCalled());
    expect(fetchCredentials.mock.calls[0]![0]).toEqual({ kind: 'workers', uuids: ['a', 'b'], format: 'pdf' });
  });
});
