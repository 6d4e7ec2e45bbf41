/**
 * /qrcodes rendered with fake devices calls: `list`, the zones and the streets answer at once;
 * every other call waits until the path settles it (specs/support/view-paths.ts). The realtime hub
 * is a fake whose listeners the test speaks to (DEVICE_LINKED, DEVICE_STATUS).
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { DeviceStatusEvent } from '../../../src/shared/platform/realtime.js';
import type { DeviceListQuery, DeviceRow } from '../../../src/web/views/devices/devices.api.js';
import type { DeviceListener } from '../../../src/web/views/devices/device-events.js';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { useListMemoryScope } from '../../../src/web/platform/shell/use-list-memory-scope.js';
import { DevicesView } from '../../../src/web/views/devices/devices.view.js';
import { userAs } from '../catalogues/catalogue-screen-harness.js';
import { pendingCalls } from '../view-paths.js';

export const ZONE = { uuid: '00000000-0000-4000-8000-00000000a001', idZone: 1, name: 'Zona Norte' };
export const STREET = { uuid: '00000000-0000-4000-8000-00000000b001', idStreet: 11, name: 'Calle Roble' };

/** A listed device as `GET api/devices/` answers it. */
export function deviceRow(over: Partial<DeviceRow> & { uuid: string }): DeviceRow {
  return {
    name: 'Caseta peatonal',
    status: 'INACTIVE',
    deviceType: 'BOOTH',
    scannerType: null,
    scannerAccess: 'IN',
    scannerPlace: null,
    parents: [],
    zone: null,
    street: null,
    number: null,
    idZone: null,
    idStreet: null,
    code: null,
    deviceToken: null,
    lastSeenAt: null,
    online: false,
    ...over,
  } as DeviceRow;
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname}</p>;
}
function Scoped({ children }: { children: ReactNode }) {
  useListMemoryScope();
  return <>{children}</>;
}

export async function renderDevices(
  options: { rows?: DeviceRow[]; total?: number; club?: boolean; pollMs?: number } = {},
) {
  const { total, club = false } = options;
  let rows = options.rows ?? [deviceRow({ uuid: 'dev-1' })];
  localStorage.setItem('porton.token', 'token-de-prueba');
  const calls = pendingCalls();
  const log: unknown[][] = [];
  const pending = (name: string) => {
    const f = calls.fn(name);
    return (...args: unknown[]) => {
      log.push([name, ...args]);
      return f(...args);
    };
  };
  const list = vi.fn(async (q: DeviceListQuery) => ({
    content: rows,
    totalElements: total ?? rows.length,
    totalPages: Math.max(1, Math.ceil((total ?? rows.length) / 15)),
    page: q.page,
    size: 15,
  }));
  const listeners = new Map<string, DeviceListener>();
  const events = (fracUuid: string, uuid: string, listener: DeviceListener) => {
    log.push(['listen', fracUuid, uuid]);
    listeners.set(uuid, listener);
    return () => {
      if (listeners.get(uuid) === listener) listeners.delete(uuid);
    };
  };
  const api = {
    list,
    get: pending('get'),
    create: pending('create'),
    update: pending('update'),
    remove: pending('remove'),
    parents: pending('parents'),
    issueCode: pending('issueCode'),
    unlink: pending('unlink'),
  } as never;
  const locations = { zones: async () => [ZONE], streets: async () => [STREET] };
  const logic = browserSessionMachine.provide({
    actors: { checkSession: fromPromise(async () => ({ ...userAs('admin'), club })) },
  });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/qrcodes']}>
        <SessionProvider logic={logic as never}>
          <Scoped>
            <nav>
              <Link to="/qrcodes">ir a dispositivos</Link> <Link to="/zones">ir a zonas</Link>
            </nav>
            <Routes>
              <Route
                path="/qrcodes"
                element={<DevicesView deps={{ api, events, locations, pollMs: options.pollMs }} />}
              />
              <Route path="*" element={<Where />} />
            </Routes>
          </Scoped>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  /** What the server pushes about a device. */
  const push = {
    linked: (uuid: string) =>
      act(async () => {
        listeners.get(uuid)?.onLinked({ uuid, fracUuid: 'c1', name: 'x' });
      }),
    status: (event: DeviceStatusEvent) =>
      act(async () => {
        listeners.get(event.uuid)?.onStatus(event);
      }),
  };
  /** What the server's list answers from now on. */
  const setRows = (next: DeviceRow[]) => {
    rows = next;
  };
  return { calls, list, log, push, listeners, setRows };
}
