import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot } from 'xstate';
import { dashboardMachine } from '../../../machines/dashboard/dashboard.machine.js';
import type { VisitHandlers } from '../../../src/web/platform/realtime/socket.js';
import { Dashboard } from '../../../src/web/views/dashboard/dashboard.js';
import { dashboardModel } from '../../machines/dashboard/dashboard.model.js';
import { describePath, transitionPaths, type GeneratedPath } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

// chart.js needs a canvas: the chart shows its 12 values as a list here.
vi.mock('../../../src/web/views/dashboard/visits-chart.js', () => ({
  VisitsChart: ({ label, values }: { label: string; values: number[] }) => (
    <ol aria-label={label}>
      {values.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a chart's values are its months in order; the month is the index.
        <li key={i}>{v}</li>
      ))}
    </ol>
  ),
}));

const paths = transitionPaths(dashboardModel);
const states = (path: GeneratedPath) => {
  let s: AnyMachineSnapshot = getInitialSnapshot(dashboardMachine, path.input as never);
  const out = [s];
  for (const e of path.events) {
    s = getNextSnapshot(dashboardMachine, s, e as never);
    out.push(s);
  }
  return out;
};
const figure = (label: string) => screen.getByTestId(`stat-${label}`).textContent;

describe('/home performs the dashboard paths (Dashboard, live counters, en-US numbers)', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const calls = pendingCalls();
    const sockets: { communityUuid: string; handlers: VisitHandlers; closed: boolean }[] = [];
    const deps = {
      api: { licences: calls.fn<never>('licences'), visitStats: calls.fn<never>('visits') },
      connect: (communityUuid: string, handlers: VisitHandlers) => {
        const socket = { communityUuid, handlers, closed: false };
        sockets.push(socket);
        return () => {
          socket.closed = true;
        };
      },
    };
    render(
      <ChakraProvider value={defaultSystem}>
        <Dashboard input={path.input as never} deps={deps} />
      </ChakraProvider>,
    );
    const snaps = states(path);
    const live = () => sockets.find((s) => !s.closed)!.handlers;
    await performPath(path, {
      calls,
      executors: {
        // The server's events arrive through the socket; the retry is a click.
        'visit.in': (e) => live().onIn(e.event),
        'visit.out': (e) => live().onOut(e.event),
        'live.status': (e) => live().onStatus(e.status),
        'dashboard.reload': () => {
          fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
        },
      },
      expectState: async (_state, step) => {
        const snap = snaps[step];
        const { visits, licences, live: status } = snap.context;
        await waitFor(() => {
          if (snap.matches('failed')) expect(screen.getByText('No fue posible cargar el tablero')).toBeTruthy();
          if (snap.matches('loadingVisits') || snap.matches('loadingLicences'))
            expect(screen.getByLabelText('Cargando')).toBeTruthy();
          if (snap.matches('licences')) {
            expect([
              figure('Total de licencias disponibles'),
              figure('Licencias asignadas'),
              figure('Licencias disponibles'),
            ]).toEqual(licences.map(String));
          }
          if (snap.matches('visits')) {
            // The seven cards and the totals by mode, in en-US thousands.
            expect(figure('Total de licencias')).toBe('150');
            expect(figure('Licencias restantes')).toBe('145');
            expect(figure('Entradas registradas')).toBe(visits.entryCount.toLocaleString('en-US'));
            expect(figure('Salidas registradas')).toBe(visits.exitCount.toLocaleString('en-US'));
            expect(figure('Visitantes activos')).toBe(String(visits.activeCount));
            expect(figure('Visitas por QR')).toBe(String(visits.qrEntryCount));
            expect(figure('Visitas por registro manual')).toBe(String(visits.manualEntryCount));
            expect(screen.getByRole('tab', { name: 'Entradas registradas por día' })).toBeTruthy();
            expect(screen.getByRole('tab', { name: 'Entradas registradas por mes' })).toBeTruthy();
            const badge = screen.queryByTestId('live-status')?.textContent ?? null;
            expect(badge).toBe(
              status === null
                ? null
                : { connecting: 'Conectando…', on: 'En vivo', refused: 'Sin actualización en vivo' }[status as string],
            );
          }
        });
      },
    });
    // Only a community's dashboard opens a socket, to that community.
    const subscribed =
      path.events.some((e) => e.type === 'xstate.done.actor.visits') &&
      (path.input as { communityUuid: string | null }).communityUuid;
    expect(sockets.map((s) => s.communityUuid)).toEqual(subscribed ? [subscribed] : []);
    const last = snaps[snaps.length - 1];
    if (last.matches('visits')) {
      fireEvent.click(screen.getByRole('tab', { name: 'Entradas registradas por mes' }));
      const month = await screen.findByRole('list', { name: 'Entradas por mes' });
      expect([...month.querySelectorAll('li')].map((li) => Number(li.textContent))).toEqual(
        last.context.visits.monthly,
      );
    }
  });
});
