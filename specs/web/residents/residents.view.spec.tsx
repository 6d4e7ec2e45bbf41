import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_LIST_MESSAGE } from '../../../src/web/platform/components/list/list-screen.js';
import {
  type codeRows,
  EXPIRY_EVENT,
  RESENT,
  residentCodeModel,
  T0,
} from '../../machines/residents/resident-code.model.js';
import { residentStatusModel } from '../../machines/residents/resident-status.model.js';
import { dialogButton } from '../../support/dialogs.js';
import { coverage, describePath, generatePaths } from '../../support/model-paths.js';
import { renderResidents, residentRow } from '../../support/residents/residents-harness.js';
import { performPath } from '../../support/view-paths.js';

// Rows are found under open dialogs too (Chakra hides what is behind a modal).
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name), hidden: true });
const click = (el: HTMLElement) => fireEvent.click(el);
afterEach(() => {
  vi.useRealTimers();
});

describe('/residents performs the residentCode paths (code column, resend dialogs)', () => {
  // Small graph: every generated path (the four starting faces and every transition) is walked.
  const paths = generatePaths(residentCodeModel);
  it('the walked paths take every state and transition of the code cell', () => {
    const c = coverage(residentCodeModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    // The clock starts where the model's tokens were issued; timers are the test's to move.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(T0);
    const { row } = path.input as { row: typeof codeRows.valid };
    // The code the row is about: the listed one, or the one a resend answered (the screen never shows either).
    let current = row.testResidentRegistration;
    const { calls, log } = await renderResidents({ rows: [residentRow({ ...row, uuid: 'r1' })] });
    await screen.findByText('ana.lopez@correo.mx');
    await performPath(path, {
      calls,
      spec: residentCodeModel,
      probe: () => ({ row: rowOf('ana.lopez@correo.mx') }),
      executors: {
        [EXPIRY_EVENT]: async (_e) => {
          const exp = Date.parse(current!.expiresAt);
          // A millisecond before the code's expiry it is still 'Código enviado'; at expiry the button appears.
          await act(async () => {
            vi.advanceTimersByTime(exp - Date.now() - 1);
          });
          expect(screen.queryByRole('button', { name: 'Reenviar código' })).toBeNull();
          await act(async () => {
            vi.advanceTimersByTime(1);
          });
        },
        'code.resend': () => {
          current = RESENT;
          click(within(rowOf('ana.lopez@correo.mx')).getByRole('button', { name: 'Reenviar código' }));
        },
        'dialog.close': () => click(dialogButton('Aceptar')),
      },
      expectState: async (state) => {
        if (JSON.parse(state) === 'resending') await waitFor(() => expect(log.at(-1)).toEqual(['resendCode', 'r1']));
      },
    });
  });
});

describe('/residents performs the residentStatus paths (activate/deactivate, titles)', () => {
  const paths = generatePaths(residentStatusModel);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { row } = path.input as { row: { uuid: string; name: string; status: 'ACTIVE' | 'INACTIVE' } };
    const [firstName, ...last] = row.name.split(' ');
    const rows = [
      residentRow({
        uuid: row.uuid,
        name: row.name,
        firstName,
        lastName: last.join(' '),
        status: row.status,
        email: `${row.uuid}@correo.mx`,
      }),
    ];
    const { calls, list, log } = await renderResidents({ rows });
    await screen.findByText(`${row.uuid}@correo.mx`);
    const r = rowOf(row.name);
    // An inactive row says so; its button activates. An active row's button deactivates.
    expect(within(r).queryByText('Inactivo') !== null).toBe(row.status !== 'ACTIVE');
    click(within(r).getByRole('button', { name: row.status === 'ACTIVE' ? 'Desactivar' : 'Activar' }));
    await performPath(path, {
      calls,
      spec: residentStatusModel,
      probe: () => ({ enable: row.status !== 'ACTIVE' }),
      executors: { 'dialog.close': () => click(dialogButton('Aceptar')) },
      expectState: async (state) => {
        if (JSON.parse(state) === 'saving')
          expect(log.at(-1)).toEqual([row.status === 'ACTIVE' ? 'disable' : 'enable', row.uuid]);
      },
    });
    // Only an acknowledged change reloads the list.
    const closed = path.events.at(-1)?.type === 'dialog.close';
    const changed = path.events.some((e) => e.type === 'xstate.done.actor.setStatus');
    await waitFor(() => expect(list).toHaveBeenCalledTimes(closed && changed ? 2 : 1));
    if (closed) await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('Residentes list', () => {
  it('shows the columns of the list, the address as street and number plus zone, and every phone', async () => {
    await renderResidents();
    const table = await screen.findByRole('table', { name: 'Residentes registrados' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Correo', 'Nombre', 'Dirección', 'Teléfonos', 'Código', 'Acciones']);
    const r = rowOf('Ana López Ruiz');
    expect(within(r).getByText('Calle Roble 12, Zona Norte')).toBeTruthy();
    expect(within(r).getByText('5512345678')).toBeTruthy();
    expect(within(r).getByText('5587654321')).toBeTruthy();
    expect(within(r).queryByText('A-101')).toBeNull();
  });

  it("the action number column 'No. acción' shows only in a club community", async () => {
    await renderResidents({ club: true });
    const table = await screen.findByRole('table', { name: 'Residentes registrados' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Correo', 'Nombre', 'Dirección', 'No. acción', 'Teléfonos', 'Código', 'Acciones']);
    expect(within(rowOf('Ana López Ruiz')).getByText('A-101')).toBeTruthy();
  });

  it('a Capturista (user type 2) sees no delete button', async () => {
    await renderResidents({ role: 'capturista' });
    const r = await waitFor(() => rowOf('Ana López Ruiz'));
    expect(within(r).getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(within(r).queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it("the administrator deletes after '¿Seguro que deseas eliminar {name}' / 'No podrás revetir esta acción'; a failure is 'No es posible eliminar'", async () => {
    const { calls, log } = await renderResidents();
    click(within(await waitFor(() => rowOf('Ana López Ruiz'))).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('¿Seguro que deseas eliminar Ana López Ruiz?');
    expect(confirm.textContent).toContain('No podrás revetir esta acción');
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(log.at(-1)).toEqual(['remove', 'r1']));
    await calls.settle({
      type: 'xstate.error.actor.delete',
      error: { kind: 'http', status: 403, body: { error: 'forbidden', error_description: 'No tienes permiso.' } },
    });
    const failed = await screen.findByRole('alertdialog', { name: 'No es posible eliminar', hidden: true });
    expect(failed.textContent).toContain('No tienes permiso.');
  });

  it("'Editar' opens /newResidents with the resident's uuid; 'Alta residente' opens /newResidents", async () => {
    await renderResidents();
    click(within(await waitFor(() => rowOf('Ana López Ruiz'))).getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/newResidents?uuid=r1'));
    click(screen.getByRole('link', { name: 'ir a residentes' }));
    click(await screen.findByRole('button', { name: 'Alta residente' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/newResidents'));
  });

  it("Enter in 'Buscar residente' searches from page 1; 'Residentes activados' asks app users only, from page 1", async () => {
    const { list } = await renderResidents({ total: 40 });
    await waitFor(() => rowOf('Ana López Ruiz'));
    click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 15, search: '', useApp: false }));
    const box = screen.getByRole('textbox', { name: 'Buscar residente' });
    fireEvent.change(box, { target: { value: ' roble ' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 0, size: 15, search: 'roble', useApp: false }));
    click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 15, search: 'roble', useApp: false }));
    click(screen.getByText('Residentes activados'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 0, size: 15, search: 'roble', useApp: true }));
  });

  it('an empty answer shows the shared empty text', async () => {
    await renderResidents({ rows: [] });
    expect(await screen.findByText(EMPTY_LIST_MESSAGE)).toBeTruthy();
  });

  it('page and search survive the move to /newResidents and back, and are cleared on leaving to another route', async () => {
    const { list } = await renderResidents({ total: 40 });
    await waitFor(() => rowOf('Ana López Ruiz'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar residente' }), { target: { value: 'ana' } });
    click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 0, size: 15, search: 'ana', useApp: false }));
    click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 15, search: 'ana', useApp: false }));
    await waitFor(() => expect(screen.getByText(/página 2 de 3/)).toBeTruthy());

    click(screen.getByRole('link', { name: 'ir al formulario' }));
    await screen.findByTestId('where');
    click(screen.getByRole('link', { name: 'ir a residentes' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 15, search: 'ana', useApp: false }));
    expect((screen.getByRole('textbox', { name: 'Buscar residente' }) as HTMLInputElement).value).toBe('ana');

    click(screen.getByRole('link', { name: 'ir a zonas' }));
    await screen.findByTestId('where');
    click(screen.getByRole('link', { name: 'ir a residentes' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 0, size: 15, search: '', useApp: false }));
    expect((screen.getByRole('textbox', { name: 'Buscar residente' }) as HTMLInputElement).value).toBe('');
  });
});
