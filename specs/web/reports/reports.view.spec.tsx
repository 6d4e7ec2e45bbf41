/**
 * /visitants ('Reportes') performs the report filter machine's paths as a person would, and the
 * report screens show what the specification lists: the filters, the table with 'SIN
 * REGISTRO', the visitor type's label, QR or manual, the photo viewer, the pager, the export.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../../src/shared/platform/api-types.js';
import type { Gate } from '../../../src/shared/catalogues/catalogue-types.js';
import { downloadReport, type DownloadHooks } from '../../../src/web/views/reports/report-export.api.js';
import type { CommonAreaRow, VisitRow } from '../../../src/web/views/reports/reports.api.js';
import { EMPTY_LIST_MESSAGE } from '../../../src/web/platform/components/list/list-screen.js';
import { CommonAreaReportView } from '../../../src/web/views/reports/common-area-report.view.js';
import { VisitReportView, visitReportFields } from '../../../src/web/views/reports/visit-report.view.js';
import { reportFilterModel, TODAY } from '../../machines/reports/report-filter.model.js';
import { dialogButton } from '../../support/dialogs.js';
import { coverage, deferred, describePath, transitionPaths, type Deferred } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

afterEach(() => {
  cleanup();
});

const gate: Gate = {
  uuid: 'g1',
  idGate: 1,
  name: 'Caseta principal',
  idFrac: 1,
  testFrac: { uuid: 'c1', name: 'Residencial Las Palmas' },
};

function visitRow(over: Partial<VisitRow> & { uuid: string }): VisitRow {
  return {
    testResident: { uuid: 'r1', firstName: 'Jorge', lastName: 'Sánchez Ortiz', number: '14', street: 'Calle Roble' },
    firstName: 'José',
    lastName: 'Núñez',
    accredited: null,
    file: null,
    visitantType: 'VISITANT',
    providerTypeId: null,
    providerType: null,
    timein: '2026-03-11T05:30:00.000Z',
    timeout: null,
    testGateArrival: { uuid: 'g1', name: 'Caseta principal' },
    testGateDeparture: null,
    userArrival: { uuid: 'u1', name: 'Víctor López Díaz' },
    userDeparture: null,
    accessMode: 'QR',
    carbrand: 'Nissan',
    color: 'Rojo',
    plate: 'ABC-123',
    comments: null,
    ...over,
  } as VisitRow;
}
const pageOf = <T,>(rows: T[], page: number, total = rows.length): Page<T> => ({
  content: rows,
  totalElements: total,
  totalPages: Math.ceil(total / 15),
  page,
  size: 15,
});

/** /visitants with a fake API: pages answer at once; the gates and the workbook wait for the path. */
function renderVisits(rows: VisitRow[] = [visitRow({ uuid: 'v1' })], total = rows.length) {
  const calls = pendingCalls();
  const visits = vi.fn(async (_filters: Record<string, unknown>, page: number) => pageOf(rows, page, total));
  const exportUrls: string[] = [];
  const saved: string[] = [];
  const fetches: { hooks: DownloadHooks; d: Deferred<Blob> }[] = [];
  const download = downloadReport(
    { url: (q) => `/api/visitants/visitantReportCsv?${q.toString()}`, fileName: 'reporte_visitas.xlsx' },
    (url, hooks) => {
      exportUrls.push(url);
      const d = deferred<Blob>();
      fetches.push({ hooks, d });
      return d.promise;
    },
    (_blob, name) => {
      saved.push(name);
    },
  );
  render(
    <ChakraProvider value={defaultSystem}>
      <VisitReportView api={{ visits, gates: calls.fn<Gate[]>('gates') }} download={download} today={TODAY} />
    </ChakraProvider>,
  );
  return { calls, visits, exportUrls, saved, fetches };
}

const labelOf = (name: string) => visitReportFields.find((f) => f.name === name)!.label;
const click = (el: HTMLElement) => fireEvent.click(el);

describe('/visitants performs the report filter paths', () => {
  const paths = transitionPaths(reportFilterModel);
  it('the walked paths take every transition of the report machine', () => {
    const c = coverage(reportFilterModel, paths);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const r = renderVisits();
    await waitFor(() => expect(r.visits).toHaveBeenCalled());
    const fetch = () => r.fetches.at(-1)!;
    await performPath(path, {
      calls: r.calls,
      spec: reportFilterModel,
      probe: () => ({
        asked: () => r.visits.mock.calls.at(-1)?.[0] as Record<string, string> | undefined,
        exportUrl: () => r.exportUrls.at(-1)?.replace(/^[^?]*\??/, '?'),
        saved: () => r.saved,
      }),
      executors: {
        'xstate.done.actor.options': () => r.calls.settle({ type: 'xstate.done.actor.gates', output: [gate] }),
        'xstate.error.actor.options': () =>
          r.calls.settle({ type: 'xstate.error.actor.gates', error: { kind: 'network' } }),
        'filter.edit': (e) => fireEvent.change(screen.getByLabelText(labelOf(e.name)), { target: { value: e.value } }),
        'filters.apply': () => click(screen.getByRole('button', { name: 'Buscar' })),
        'filters.clear': () => click(screen.getByRole('button', { name: 'Limpiar' })),
        'alert.close': () => click(dialogButton('Aceptar')),
        'dialog.close': () => click(dialogButton('Aceptar')),
        'export.start': () => click(screen.getByRole('button', { name: 'Exportar a Excel' })),
        'export.headers': () =>
          act(() => {
            fetch().hooks.onHeaders();
          }),
        'export.progress': (e) =>
          act(() => {
            fetch().hooks.onProgress(e.received);
          }),
        'export.saved': () =>
          act(async () => {
            fetch().d.resolve(new Blob(['PK']));
          }),
        'export.failed': (e) =>
          act(async () => {
            fetch().d.reject(e.error);
          }),
      },
      expectState: async (state) => {
        const v = JSON.parse(state);
        if (typeof v.export === 'object') await waitFor(() => expect(screen.getByRole('progressbar')).toBeTruthy());
        else await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
      },
    });
  });
});

describe("'Reportes' shows a visit's columns and fields", () => {
  it("columns, 'SIN REGISTRO' for a missing exit, the visitor type's label and the provider type, QR or manual, local times", async () => {
    renderVisits([
      visitRow({ uuid: 'v1' }),
      visitRow({
        uuid: 'v2',
        firstName: 'Pedro',
        lastName: 'Gasero',
        visitantType: 'PROVIDER',
        providerType: 'Gas',
        accessMode: 'MANUAL',
        timein: '2026-03-12T15:00:00.000Z',
        timeout: '2026-03-12T16:30:00.000Z',
        testResident: null,
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Visitas registradas' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Entrada',
      'Salida',
      'Visitante',
      'Tipo',
      'Residente',
      'Puerta de entrada',
      'Acceso',
      'Vehículo',
      'Registró',
      'Foto',
    ]);
    const jose = screen.getByRole('row', { name: /José Núñez/ });
    expect(within(jose).getByText('SIN REGISTRO')).toBeTruthy();
    expect(within(jose).getByText('Visitante')).toBeTruthy();
    expect(within(jose).getByText('QR')).toBeTruthy();
    expect(within(jose).getByText('Calle Roble 14')).toBeTruthy();
    // 05:30 UTC on the 11th is 23:30 of the 10th in Mexico City.
    expect(within(jose).getByText(/10\/03\/2026.*23:30/)).toBeTruthy();
    const pedro = screen.getByRole('row', { name: /Pedro Gasero/ });
    expect(within(pedro).getByText('Proveedor · Gas')).toBeTruthy();
    expect(within(pedro).getByText('Manual')).toBeTruthy();
    expect(within(pedro).queryByText('SIN REGISTRO')).toBeNull();
  });

  it('the date pickers offer no day after today', async () => {
    renderVisits();
    for (const name of ['timeInFilter', 'timeInEndFilter', 'timeOutFilter', 'timeOutEndFilter']) {
      const input = screen.getByLabelText(labelOf(name)) as HTMLInputElement;
      expect(input.type).toBe('date');
      expect(input.max).toBe(TODAY);
    }
  });

  it('pages of 15 with the pager; a page asks the same filters', async () => {
    const rows = Array.from({ length: 15 }, (_, i) => visitRow({ uuid: `v${i}`, firstName: `Visitante ${i}` }));
    const r = renderVisits(rows, 40);
    await screen.findByRole('table', { name: 'Visitas registradas' });
    fireEvent.change(screen.getByLabelText('Invitado'), { target: { value: 'José' } });
    click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(r.visits.mock.calls.at(-1)).toEqual([{ nameFilter: 'José' }, 0]));
    expect(screen.getByText('40 registros · página 1 de 3')).toBeTruthy();
    click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(r.visits.mock.calls.at(-1)).toEqual([{ nameFilter: 'José' }, 1]));
  });

  it("an empty report says 'No se encontro algún registro con los datos ingresados.'", async () => {
    renderVisits([]);
    expect(await screen.findByText(EMPTY_LIST_MESSAGE)).toBeTruthy();
  });

  it("'Ver foto' opens the identification photo from its signed link", async () => {
    renderVisits([
      visitRow({
        uuid: 'v1',
        file: { publicUrl: '/api/visitPhotos/f1?exp=1&u=u1&sig=abc', expiresAt: '2026-03-15T00:05:00.000Z' },
      }),
      visitRow({ uuid: 'v2', firstName: 'Sin', lastName: 'Foto' }),
    ]);
    const row = await screen.findByRole('row', { name: /José Núñez/ });
    expect(
      within(screen.getByRole('row', { name: /Sin Foto/ })).queryByRole('button', { name: 'Ver foto' }),
    ).toBeNull();
    click(within(row).getByRole('button', { name: 'Ver foto' }));
    const img = await screen.findByRole('img', { name: 'Foto de identificación de José Núñez' });
    expect(img.getAttribute('src')).toBe('/api/visitPhotos/f1?exp=1&u=u1&sig=abc');
  });
});

describe("'Reporte áreas comunes'", () => {
  function renderAreas(rows: CommonAreaRow[]) {
    const calls = pendingCalls();
    const commonAreaVisits = vi.fn(async (_f: Record<string, unknown>, page: number) => pageOf(rows, page));
    render(
      <ChakraProvider value={defaultSystem}>
        <CommonAreaReportView
          today={TODAY}
          download={downloadReport(
            { url: () => '', fileName: 'reporte_areas_comunes.xlsx' },
            async () => new Blob([]),
            () => undefined,
          )}
          api={{ commonAreaVisits, commonAreas: calls.fn('commonAreas') }}
        />
      </ChakraProvider>,
    );
    return { calls, commonAreaVisits };
  }
  const area: CommonAreaRow = {
    uuid: 'a1',
    resident: { uuid: 'r1', firstName: 'Rosa', lastName: 'Martínez', number: '12', street: 'Calle Roble' },
    firstName: 'Ángela',
    lastName: 'Ríos',
    file: null,
    timein: '2026-03-05T03:00:00.000Z',
    estimatedTimeIn: null,
    commonArea: 'Casa club',
    commonAreaUuid: 'ca1',
    createdWithQR: true,
    userArrival: null,
  } as CommonAreaRow;

  it('filters by resident, guest, entry date, common area and entry mode (QR, manual or all)', async () => {
    const r = renderAreas([area]);
    await r.calls.settle({ type: 'xstate.done.actor.x', output: [{ uuid: 'ca1', name: 'Casa club' }] });
    const table = await screen.findByRole('table', { name: 'Visitas a áreas comunes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Entrada',
      'Hora estimada',
      'Invitado',
      'Residente',
      'Área común',
      'Modo de entrada',
      'Registró',
      'Foto',
    ]);
    const mode = screen.getByLabelText('Modo de entrada') as HTMLSelectElement;
    expect([...mode.options].map((o) => o.textContent)).toEqual(['Todos', 'QR', 'Manual']);
    fireEvent.change(screen.getByLabelText('Residente'), { target: { value: 'Rosa' } });
    fireEvent.change(screen.getByLabelText('Fecha de entrada'), { target: { value: '2026-03-04' } });
    fireEvent.change(screen.getByLabelText('Área común'), { target: { value: 'ca1' } });
    fireEvent.change(mode, { target: { value: 'qr' } });
    click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(r.commonAreaVisits.mock.calls.at(-1)).toEqual([
        { resident: 'Rosa', timein: '2026-03-04', commonArea: 'ca1', withQr: 'qr' },
        0,
      ]),
    );
    expect((screen.getByLabelText('Fecha de entrada') as HTMLInputElement).max).toBe(TODAY);
  });

  it('a future entry date is alerted before any query', async () => {
    const r = renderAreas([area]);
    await waitFor(() => expect(r.commonAreaVisits).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByLabelText('Fecha de entrada'), { target: { value: '2026-03-16' } });
    click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('No se permiten fechas futuras.', { selector: 'h2' })).toBeTruthy();
    expect(r.commonAreaVisits).toHaveBeenCalledTimes(1);
  });
});
