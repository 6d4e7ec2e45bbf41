/**
 * 'Auditoría': the trail as a readable Spanish list, filtered by who, what and when,
 * on the shared report filter machine (whose paths the reports' view walks take) and list machine.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../../src/shared/platform/api-types.js';
import { describeActor, describeChanges } from '../../../src/shared/audit/audit-actions.js';
import { guardRedirect, menuFor } from '../../../src/shared/platform/menu.js';
import type { AuditRow } from '../../../src/web/views/audit/audit.api.js';
import type { Role } from '../../../src/shared/platform/roles.js';
import { AuditReport } from '../../../src/web/views/audit/audit.view.js';

afterEach(() => {
  cleanup();
});

const TODAY = '2026-11-25';
const event = (over: Partial<AuditRow> & { uuid: string }): AuditRow => ({
  occurredAt: '2026-11-25T15:04:00.000Z',
  actorKind: 'user',
  actorLabel: 'administrador@porton.mx',
  action: 'resident.update',
  recordUuid: 'r1',
  address: '10.0.0.7',
  changes: { first_name: { from: 'Rosa', to: 'Rosalía' } },
  community: { uuid: 'c1', name: 'Residencial Las Palmas' },
  ...over,
});
const pageOf = (rows: AuditRow[], page = 0, total = rows.length): Page<AuditRow> => ({
  content: rows,
  totalElements: total,
  totalPages: Math.ceil(total / 15),
  page,
  size: 15,
});

const COMMUNITIES = [
  { uuid: 'c1', name: 'Residencial Las Palmas' },
  { uuid: 'c2', name: 'Villas del Sol' },
];
function renderAudit(rows: AuditRow[], role: Role = 'admin') {
  const events = vi.fn(async (_filters: Record<string, unknown>, page: number) => pageOf(rows, page));
  const communities = vi.fn(async () => COMMUNITIES);
  render(
    <ChakraProvider value={defaultSystem}>
      <AuditReport role={role} api={{ events, communities }} today={TODAY} />
    </ChakraProvider>,
  );
  return { events, communities };
}

describe('the audit screen renders each action in Spanish', () => {
  it('shows when, who, the Spanish action, the community, the changed fields and the address', async () => {
    renderAudit([
      event({ uuid: 'e1' }),
      event({ uuid: 'e2', action: 'device.link', actorKind: 'device', actorLabel: 'Caseta norte', changes: null }),
      event({
        uuid: 'e3',
        action: 'session.signInFailed',
        actorKind: 'anonymous',
        actorLabel: null,
        changes: null,
        community: null,
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Bitácora de auditoría' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByText('Editó un residente')).toBeTruthy();
    expect(within(rows[1]).getByText('Nombre: Rosa → Rosalía')).toBeTruthy();
    expect(within(rows[1]).getByText('25/11/2026, 09:04')).toBeTruthy();
    expect(within(rows[1]).getByText('10.0.0.7')).toBeTruthy();
    expect(within(rows[2]).getByText('Dispositivo Caseta norte')).toBeTruthy();
    expect(within(rows[2]).getByText('Se vinculó un dispositivo')).toBeTruthy();
    expect(within(rows[3]).getByText('Desconocido')).toBeTruthy();
    expect(within(rows[3]).getByText('Intento de inicio de sesión fallido')).toBeTruthy();
  });

  it('names in Spanish the changes the database records: a zone on its community, a colour on none', async () => {
    renderAudit([
      event({
        uuid: 'e1',
        action: 'zone.create',
        changes: { name: { from: null, to: 'Zona Norte' }, color: { from: null, to: '#123456' } },
      }),
      event({
        uuid: 'e2',
        action: 'color.create',
        actorLabel: 'admin@porton.mx',
        changes: { name: { from: null, to: 'Verde Olivo' } },
        community: null,
      }),
      event({ uuid: 'e3', action: 'worker.create', changes: null }),
      event({ uuid: 'e4', action: 'massiveEvent.create', changes: { title: { from: null, to: 'Posada' } } }),
      event({ uuid: 'e5', action: 'content.create', changes: null }),
      event({ uuid: 'e6', action: 'contractor.create', changes: null }),
    ]);
    const table = await screen.findByRole('table', { name: 'Bitácora de auditoría' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByText('Dio de alta una zona')).toBeTruthy();
    expect(within(rows[1]).getByText('Nombre: (vacío) → Zona Norte')).toBeTruthy();
    expect(within(rows[1]).getByText('Color: (vacío) → #123456')).toBeTruthy();
    expect(within(rows[1]).getByText('Residencial Las Palmas')).toBeTruthy();
    expect(within(rows[2]).getByText('Dio de alta un color')).toBeTruthy();
    expect(within(rows[2]).getByText('—')).toBeTruthy();
    expect(within(rows[3]).getByText('Dio de alta un trabajador')).toBeTruthy();
    expect(within(rows[4]).getByText('Creó un evento masivo')).toBeTruthy();
    expect(within(rows[4]).getByText('Título: (vacío) → Posada')).toBeTruthy();
    expect(within(rows[5]).getByText('Publicó un aviso, boletín o promoción')).toBeTruthy();
    expect(within(rows[6]).getByText('Dio de alta un contratista')).toBeTruthy();
  });

  it('has no export: the trail is read on the screen only', async () => {
    renderAudit([event({ uuid: 'e1' })]);
    await screen.findByRole('table', { name: 'Bitácora de auditoría' });
    expect(screen.queryByRole('button', { name: 'Exportar a Excel' })).toBeNull();
  });
});

describe('filters: who, what and when', () => {
  it('asks the page with the actor, the action and both dates; page 1 again', async () => {
    const r = renderAudit([event({ uuid: 'e1' })]);
    await waitFor(() => expect(r.events).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByLabelText('Usuario o dispositivo'), { target: { value: 'capturista' } });
    fireEvent.change(screen.getByLabelText('Acción'), { target: { value: 'user.delete' } });
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(r.events).toHaveBeenCalledTimes(2));
    expect(r.events.mock.calls[1]).toEqual([
      { actor: 'capturista', action: 'user.delete', from: '2026-11-01', to: '2026-11-25' },
      0,
    ]);
  });

  it('offers the actions the database records by their Spanish names and filters by them', async () => {
    const r = renderAudit([event({ uuid: 'e1' })]);
    await waitFor(() => expect(r.events).toHaveBeenCalledTimes(1));
    const picker = screen.getByLabelText('Acción') as HTMLSelectElement;
    const offered = [...picker.options].map((o) => o.text);
    for (const label of [
      'Dio de alta una zona',
      'Publicó un aviso, boletín o promoción',
      'Creó un evento masivo',
      'Dio de alta un contratista',
      'Dio de alta un trabajador',
      'Dio de alta un color',
    ])
      expect(offered).toContain(label);
    fireEvent.change(picker, { target: { value: 'zone.create' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(r.events).toHaveBeenCalledTimes(2));
    expect(r.events.mock.calls[1]).toEqual([{ action: 'zone.create' }, 0]);
  });

  it("a half date range is refused before asking, with 'Falta una fecha' (the server's rule)", async () => {
    const r = renderAudit([event({ uuid: 'e1' })]);
    await waitFor(() => expect(r.events).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findAllByText('Falta una fecha')).not.toHaveLength(0);
    expect(r.events).toHaveBeenCalledTimes(1);
  });

  it('the general administrator narrows the trail to one community, picked by name from every community', async () => {
    const r = renderAudit([event({ uuid: 'e1' })], 'generalAdmin');
    await waitFor(() => expect(r.events).toHaveBeenCalledTimes(1));
    const picker = screen.getByLabelText('Fraccionamiento') as HTMLSelectElement;
    await waitFor(() =>
      expect([...picker.options].map((o) => o.text)).toEqual(['Todos', 'Residencial Las Palmas', 'Villas del Sol']),
    );
    fireEvent.change(picker, { target: { value: 'c2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(r.events).toHaveBeenCalledTimes(2));
    expect(r.events.mock.calls[1]).toEqual([{ community: 'c2' }, 0]);
  });

  it("a community administrator reads their own community's trail: no community picker, and the list of communities is never asked", async () => {
    const r = renderAudit([event({ uuid: 'e1' })], 'admin');
    await waitFor(() => expect(r.events).toHaveBeenCalledTimes(1));
    expect(screen.queryByLabelText('Fraccionamiento')).toBeNull();
    expect(r.communities).not.toHaveBeenCalled();
  });

  it('an empty trail shows the shared empty message', async () => {
    renderAudit([]);
    expect(await screen.findByTestId('empty-list')).toBeTruthy();
  });
});

describe('who sees it', () => {
  it("'Auditoría' is under Administración for the general administrator and community administrators only", () => {
    for (const role of ['generalAdmin', 'admin'] as const) {
      expect(menuFor(role).find((e) => e.path === '/audit')).toMatchObject({
        label: 'Auditoría',
        group: 'Administración',
      });
      expect(guardRedirect('/audit', role)).toBeNull();
    }
    for (const role of ['integrator', 'capturista', 'guard', 'resident', 'contractor'] as const) {
      expect(menuFor(role).some((e) => e.path === '/audit')).toBe(false);
      expect(guardRedirect('/audit', role)).not.toBeNull();
    }
  });

  it('changes and actors read as sentences', () => {
    expect(
      describeChanges({
        license_total: { from: 100, to: 120 },
        useapp: { from: false, to: true },
        int_number: { from: null, to: 'B' },
      }),
    ).toEqual(['Licencias: 100 → 120', 'Usa la app: no → sí', 'Número interior: (vacío) → B']);
    expect(describeActor({ actorKind: 'anonymous', actorLabel: 'x@y.mx' })).toBe('x@y.mx');
  });
});
