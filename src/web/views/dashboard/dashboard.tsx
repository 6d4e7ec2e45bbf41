import { Alert, Button, Heading, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { dashboardMachine, type DashboardInput } from '../../../../machines/dashboard/dashboard.machine.js';
import { licenceCardsOf } from '../../../shared/dashboard/dashboard-counters.js';
import { dashboardApi } from './dashboard.api.js';
import { connectVisits } from '../../platform/realtime/socket.js';
import { StatCard } from './stat-card.js';
import { VisitStats } from './visit-stats.js';
import { inspected } from '../../inspector.js';

export interface DashboardDeps {
  api: Pick<typeof dashboardApi, 'visitStats' | 'licences'>;
  connect: typeof connectVisits;
}
const browserDeps: DashboardDeps = { api: dashboardApi, connect: connectVisits };

/** The dashboard machine with its effects: the API calls and the live socket (fakes in tests). */
export function Dashboard({ input, deps = browserDeps }: { input: DashboardInput; deps?: DashboardDeps }) {
  const [state, send] = useMachine(
    dashboardMachine.provide({
      actors: {
        loadLicences: fromPromise(() => deps.api.licences()),
        loadVisitStats: fromPromise(() => deps.api.visitStats()),
        liveVisits: fromCallback<EventObject, { communityUuid: string }>(({ input: live, sendBack }) =>
          deps.connect(live.communityUuid, {
            onIn: (event) => sendBack({ type: 'visit.in', event }),
            onOut: (event) => sendBack({ type: 'visit.out', event }),
            onStatus: (status) => sendBack({ type: 'live.status', status }),
          }),
        ),
      },
    }),
    inspected({ input }),
  );
  const { licences, visits, live, error } = state.context;

  if (state.matches('failed')) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>No fue posible cargar el tablero</Alert.Title>
          <Alert.Description>{error}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => send({ type: 'dashboard.reload' })}>
          Reintentar
        </Button>
      </Alert.Root>
    );
  }
  if (state.matches('licences') && licences) {
    return (
      <Stack gap="6">
        <Heading as="h1" size="xl">
          Inicio
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {licenceCardsOf(licences).map((card) => (
            <StatCard key={card.label} label={card.label} value={card.value} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (state.matches('visits') && visits) return <VisitStats data={visits} live={live} />;
  return <Spinner role="status" color="teal.600" aria-label="Cargando" />;
}
