import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { LINK_POLL_MS } from '../../../src/shared/devices/device-rules.js';
import { EDITED, PARENT, deviceFormModel, loadedScanner } from '../../machines/devices/device-form.model.js';
import { deviceLinkModel, EXPIRY_EVENT, linkRows, POLL_EVENT, T0 } from '../../machines/devices/device-link.model.js';
import { dialogButton } from '../../support/dialogs.js';
import { deviceRow, renderDevices, STREET, ZONE } from '../../support/devices/devices-harness.js';
import { describePath, transitionPaths } from '../../support/model-paths.js';
import { performPath } from '../../support/view-paths.js';

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name), hidden: true });
const click = (el: HTMLElement) => fireEvent.click(el);
/** A field by its label (a required one ends with '*'). */
const labelled = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement;
const select = (label: string, value: string) => fireEvent.change(labelled(label), { target: { value } });
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('/qrcodes performs the deviceLink paths (link and unlink)', () => {
  const paths = transitionPaths(deviceLinkModel);
  it('a code expires only at the end of a path (the walk moves the clock there without passing a poll)', () => {
    for (const p of paths) expect(p.events.slice(0, -1).some((e) => e.type === EXPIRY_EVENT)).toBe(false);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(T0);
    const { row } = path.input as { row: typeof linkRows.inactive };
    const expires = path.events.at(-1)?.type === EXPIRY_EVENT;
    const { calls, log, push, list, setRows } = await renderDevices({
      rows: [deviceRow({ ...row, uuid: 'dev-1' })],
      pollMs: expires ? 24 * 3_600_000 : LINK_POLL_MS,
    });
    await screen.findByText('Caseta peatonal');
    const within$ = () => within(rowOf('Caseta peatonal'));
    await performPath(path, {
      calls,
      spec: deviceLinkModel,
      executors: {
        'link.open': () => click(within$().getByRole('button', { name: 'Vincular' })),
        'link.close': () => click(dialogButton('Cerrar')),
        'code.renew': () => click(dialogButton('Renovar código')),
        'device.delete': () => click(within$().getByRole('button', { name: 'Eliminar' })),
        'device.linked': () => push.linked('dev-1'),
        'device.status': (e: AnyEventObject) =>
          push.status({ uuid: 'dev-1', fracUuid: 'c1', status: e.status, online: e.online, lastSeenAt: e.lastSeenAt }),
        'unlink.open': () => click(within$().getByRole('button', { name: 'Desvincular' })),
        'unlink.confirm': () => click(dialogButton('Desvincular')),
        'unlink.cancel': () => click(dialogButton('Cancelar')),
        'dialog.close': () => click(dialogButton('Aceptar')),
        [EXPIRY_EVENT]: async () => {
          const code = screen.getByTestId('link-code').textContent!;
          // A millisecond before the expiry the code is still shown; at the expiry a new one is asked.
          await act(async () => {
            vi.advanceTimersByTime(T0 + 10 * 60_000 - Date.now() - 1);
          });
          expect(screen.getByTestId('link-code').textContent).toBe(code);
          await act(async () => {
            vi.advanceTimersByTime(1);
          });
        },
        [POLL_EVENT]: async () => {
          await act(async () => {
            vi.advanceTimersByTime(LINK_POLL_MS);
          });
        },
      },
      expectState: async (state) => {
        const value = JSON.parse(state);
        // The server's list follows the link: a reload shows the device as it now is.
        if (value === 'linked')
          setRows([
            deviceRow({
              ...row,
              uuid: 'dev-1',
              status: 'ACTIVE',
              deviceToken: linkRows.active.deviceToken,
              online: true,
              lastSeenAt: new Date().toISOString(),
            }),
          ]);
        if (value === 'unlinked')
          setRows([deviceRow({ ...row, uuid: 'dev-1', status: 'INACTIVE', deviceToken: null })]);
        if (value === 'issuing' || value === 'renewing')
          await waitFor(() => expect(log.at(-1)).toEqual(['issueCode', 'dev-1']));
        if (value === 'polling' || value === 'confirming')
          await waitFor(() => expect(log.at(-1)).toEqual(['get', 'dev-1']));
        if (value === 'unlinking') await waitFor(() => expect(log.at(-1)?.[0]).toBe('unlink'));
        if (value === 'confirmDelete')
          expect(screen.getByTestId('confirm-dialog').textContent).toContain(
            '¿Seguro que deseas eliminar Caseta peatonal?',
          );
      },
    });
    // The row listens to its own device on the active community's channel.
    expect(log).toContainEqual(['listen', 'c1', 'dev-1']);
    // Acknowledging a link or an unlink reloads the list; delete asks the list's confirmation.
    const last = path.events.at(-1)!;
    if (last.type === 'device.delete') expect(await screen.findByTestId('confirm-dialog')).toBeTruthy();
    const reloads = path.events.filter(
      (e, i) => e.type === 'dialog.close' && ['linked', 'unlinked'].includes(JSON.parse(path.states[i])),
    ).length;
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1 + reloads));
  });
});

describe('/qrcodes performs the device form paths (defaults)', () => {
  const paths = transitionPaths(deviceFormModel);
  const scannerRow = deviceRow({
    uuid: EDITED,
    name: 'Lector casa 12',
    status: 'INACTIVE',
    deviceType: 'SCANNER',
    scannerType: 'HOUSE',
    scannerAccess: 'IN',
    scannerPlace: 'CASA',
    parents: [PARENT],
    zone: { uuid: ZONE.uuid, name: ZONE.name },
    street: { uuid: STREET.uuid, name: STREET.name },
    number: '12',
    idZone: 1,
    idStreet: 11,
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const editing = path.inputName === 'editar';
    const { calls, log } = await renderDevices({ rows: [scannerRow] });
    click(await screen.findByRole('button', { name: editing ? 'Editar' : 'Agregar dispositivo' }));
    const field = labelled;
    await performPath(path, {
      calls,
      spec: deviceFormModel,
      executors: {
        // The edit loads the device and its parent candidates together: the candidates' answer ends the load.
        'xstate.done.actor.load': async () => {
          if (editing) await calls.settle({ type: 'xstate.done.actor.get', output: scannerRow });
          await calls.settle({ type: 'xstate.done.actor.parents', output: [{ ...PARENT, deviceType: 'BOOTH' }] });
        },
        'xstate.error.actor.load': async (e) => {
          await calls.settle({ type: 'xstate.error.actor.get', error: e.error });
        },
        'field.change': async (e) => {
          if (e.name === 'name') fireEvent.change(field('Nombre'), { target: { value: e.value } });
          if (e.name === 'deviceType') select('Tipo de dispositivo', e.value);
          if (e.name === 'scannerAccess') select('Tipo de lectura', e.value);
          if (e.name === 'scannerPlace') select('Ubicación', e.value);
          if (e.name === 'zone') await waitFor(() => select('Zona', e.value.uuid));
          if (e.name === 'street')
            await waitFor(() => {
              select('Calle', e.value.uuid);
              expect(field('Calle').value).toBe(STREET.uuid);
            });
          if (e.name === 'number') fireEvent.change(field('Número'), { target: { value: e.value } });
          if (e.name === 'parents') click(screen.getByText(PARENT.name));
        },
        'form.submit': () => click(screen.getByRole('button', { name: editing ? 'Actualizar' : 'Registrar' })),
        'form.cancel': () => click(screen.getByRole('button', { name: 'Cancelar' })),
        'dialog.close': () => click(dialogButton('Aceptar')),
      },
      expectState: async (state) => {
        if (JSON.parse(state) === 'loading') {
          await waitFor(() => expect(log.some((l) => l[0] === 'parents')).toBe(true));
          // A new device's candidates are asked with the community's uuid; an edited one's with its own.
          expect(log.find((l) => l[0] === 'parents')).toEqual(['parents', editing ? EDITED : 'c1']);
        }
        if (JSON.parse(state) === 'editing' && editing) await waitFor(() => expect(field('Nombre').value).not.toBe(''));
      },
    });
    for (const [name, ...args] of log.filter((l) => l[0] === 'create' || l[0] === 'update')) {
      if (name === 'update') expect(args[0]).toBe(EDITED);
      expect(args.at(-1)).toMatchObject({
        deviceType: expect.any(String),
        scannerAccess: expect.any(String),
        parents: expect.any(Array),
      });
    }
  });
  void loadedScanner;
});

describe('Dispositivos list (columns, search, memory; live status)', () => {
  it('shows the status dot, name, type and location; the live status follows DEVICE_STATUS', async () => {
    const { push } = await renderDevices({
      rows: [
        deviceRow({ uuid: 'b1', name: 'Caseta principal', status: 'ACTIVE', deviceToken: 'x', online: false }),
        deviceRow({
          uuid: 's1',
          name: 'Barrera de entrada',
          deviceType: 'SCANNER',
          scannerType: 'ZONE',
          scannerPlace: 'BARRERA',
          zone: { uuid: ZONE.uuid, name: 'Zona Norte' },
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Dispositivos del fraccionamiento' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Estado', 'Nombre', 'Tipo', 'Ubicación', 'Acciones']);
    const booth = rowOf('Caseta principal');
    expect(within(booth).getByRole('img', { name: 'Activo' })).toBeTruthy();
    expect(within(booth).getByText('Caseta')).toBeTruthy();
    expect(within(booth).getByText('Fuera de línea')).toBeTruthy();
    expect(within(booth).queryByRole('button', { name: 'Eliminar' })).toBeNull();
    const scanner = rowOf('Barrera de entrada');
    expect(within(scanner).getByRole('img', { name: 'Inactivo' })).toBeTruthy();
    expect(within(scanner).getByText('Escáner')).toBeTruthy();
    expect(within(scanner).getByText('Barrera · Zona Norte')).toBeTruthy();
    await push.status({
      uuid: 'b1',
      fracUuid: 'c1',
      status: 'ACTIVE',
      online: true,
      lastSeenAt: new Date().toISOString(),
    });
    await waitFor(() => expect(within(rowOf('Caseta principal')).getByText('En línea')).toBeTruthy());
  });

  it("searches by name, zone or address; 'No. acción' and Hostess only in the club community; status and type filters ask page 1", async () => {
    const { list } = await renderDevices({ total: 40 });
    await screen.findByText('Caseta peatonal');
    expect(screen.queryByRole('option', { name: 'No. acción' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Hostess' })).toBeNull();
    click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 })));
    select('Buscar por', 'ZONE');
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({
        page: 0,
        size: 15,
        search: '',
        searchBy: 'ZONE',
        status: '',
        deviceType: '',
      }),
    );
    // The list takes a filter while it shows a page (not while one is being asked).
    select('Estado', 'ACTIVE');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'ACTIVE', page: 0 })));
    await screen.findByText('Caseta peatonal');
    select('Tipo', 'SCANNER');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ deviceType: 'SCANNER' })));
    await screen.findByRole('button', { name: 'Recargar' });
    const box = screen.getByRole('textbox', { name: 'Buscar dispositivo' });
    fireEvent.change(box, { target: { value: 'norte' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({
        page: 0,
        size: 15,
        search: 'norte',
        searchBy: 'ZONE',
        status: 'ACTIVE',
        deviceType: 'SCANNER',
      }),
    );
  });

  it('the club community also searches by action number and offers Hostess', async () => {
    await renderDevices({ club: true });
    await screen.findByText('Caseta peatonal');
    expect(screen.getByRole('option', { name: 'No. acción' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Hostess' })).toBeTruthy();
  });

  it('page and search are kept in local storage and cleared on leaving', async () => {
    const { list } = await renderDevices({ total: 40 });
    await screen.findByText('Caseta peatonal');
    const box = screen.getByRole('textbox', { name: 'Buscar dispositivo' });
    fireEvent.change(box, { target: { value: 'caseta' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'caseta', page: 0 })));
    click(screen.getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('porton.list.devices')!)).toMatchObject({ page: 1, search: 'caseta' }),
    );
    click(screen.getByRole('link', { name: 'ir a zonas' }));
    await screen.findByTestId('where');
    expect(localStorage.getItem('porton.list.devices')).toBeNull();
    click(screen.getByRole('link', { name: 'ir a dispositivos' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 0, search: '' })));
  });
});
