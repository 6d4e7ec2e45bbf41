/**
 * /residents rendered with a fake residents API: `list` answers at once from the rows given;
 * enable, disable and resendCode wait until the path settles them (specs/support/view-paths.ts).
 * The routes run inside the shell's list-memory scope hook, as in the app.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Role } from '../../../src/shared/platform/roles.js';
import type { ResidentListQuery, ResidentRow } from '../../../src/web/views/residents/residents.api.js';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { useListMemoryScope } from '../../../src/web/platform/shell/use-list-memory-scope.js';
import { ResidentsView } from '../../../src/web/views/residents/residents.view.js';
import { userAs } from '../catalogues/catalogue-screen-harness.js';
import { pendingCalls } from '../view-paths.js';

/** A listed resident as `GET api/residents/` answers it. */
export function residentRow(over: Partial<ResidentRow> & { uuid: string }): ResidentRow {
  return {
    idResident: 1,
    name: 'Ana López Ruiz',
    firstName: 'Ana',
    lastName: 'López Ruiz',
    email: 'ana.lopez@correo.mx',
    number: '12',
    intNumber: null,
    action: 'A-101',
    useapp: false,
    status: 'ACTIVE',
    notresident: false,
    idFrac: 1,
    idStreet: 1,
    idZone: 1,
    phones: [
      { uuid: 'p1', phone: '5512345678' },
      { uuid: 'p2', phone: '5587654321' },
    ],
    testStreet: {
      uuid: 's1',
      idStreet: 1,
      name: 'Calle Roble',
      idZone: 1,
      testZone: { uuid: 'z1', idZone: 1, name: 'Zona Norte' },
    },
    testResidentRegistration: null,
    ...over,
  } as ResidentRow;
}

const pageOf = (rows: ResidentRow[], q: ResidentListQuery, total = rows.length) => ({
  content: rows,
  totalElements: total,
  totalPages: Math.max(1, Math.ceil(total / 15)),
  page: q.page,
  size: 15,
});

function Where() {
  const l = useLocation();
  return (
    <p data-testid="where">
      {l.pathname}
      {l.search}
    </p>
  );
}
function Scoped({ children }: { children: ReactNode }) {
  useListMemoryScope();
  return <>{children}</>;
}

export async function renderResidents(
  options: { role?: Role; club?: boolean; rows?: ResidentRow[]; total?: number; at?: string } = {},
) {
  const { role = 'admin', club = false, rows = [residentRow({ uuid: 'r1' })], total } = options;
  localStorage.setItem('porton.token', 'token-de-prueba');
  const calls = pendingCalls();
  const list = vi.fn(async (q: ResidentListQuery) => pageOf(rows, q, total));
  const log: unknown[][] = [];
  const pending = (name: string) => {
    const f = calls.fn(name);
    return (...args: unknown[]) => {
      log.push([name, ...args]);
      return f(...args);
    };
  };
  const api = {
    list,
    remove: pending('remove'),
    enable: pending('enable'),
    disable: pending('disable'),
    resendCode: pending('resendCode'),
  } as never;
  const logic = browserSessionMachine.provide({
    actors: { checkSession: fromPromise(async () => ({ ...userAs(role), club })) },
  });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[options.at ?? '/residents']}>
        <SessionProvider logic={logic as never}>
          <Scoped>
            <nav>
              <Link to="/residents">ir a residentes</Link> <Link to="/newResidents">ir al formulario</Link>{' '}
              <Link to="/zones">ir a zonas</Link>
            </nav>
            <Routes>
              <Route path="/residents" element={<ResidentsView api={api} />} />
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
  return { calls, list, log };
}
