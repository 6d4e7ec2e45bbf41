import { Badge, Box, Card, Flex, Heading, SimpleGrid, Spinner, Stack, Tabs } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { LiveStatus } from '../../../../machines/dashboard/dashboard.machine.js';
import { dailyAverages, visitCardsOf, type VisitDashboard } from '../../../shared/dashboard/dashboard-counters.js';
import { StatCard } from './stat-card.js';

const VisitsChart = lazy(async () => ({ default: (await import('./visits-chart.js')).VisitsChart }));

const liveBadge: Record<LiveStatus, { text: string; color: string }> = {
  on: { text: 'En vivo', color: 'green' },
  connecting: { text: 'Conectando…', color: 'gray' },
  refused: { text: 'Sin actualización en vivo', color: 'orange' },
};

function ChartBox({ label, values, integers }: { label: string; values: number[]; integers?: boolean }) {
  return (
    <Box h="72" position="relative">
      <Suspense fallback={<Spinner role="status" color="teal.600" aria-label="Cargando gráfica" />}>
        <VisitsChart label={label} values={values} integers={integers} />
      </Suspense>
    </Box>
  );
}

/** Non-integrators' /home: seven cards, entries per day and per month, QR and manual totals. */
export function VisitStats({ data, live }: { data: VisitDashboard; live: LiveStatus | null }) {
  const badge = live ? liveBadge[live] : null;
  return (
    <Stack gap="6">
      <Flex align="center" gap="3">
        <Heading as="h1" size="xl">
          Inicio
        </Heading>
        {badge ? (
          <Badge colorPalette={badge.color} data-testid="live-status">
            {badge.text}
          </Badge>
        ) : null}
      </Flex>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        {visitCardsOf(data).map((card, i) => (
          <StatCard key={card.label} label={card.label} value={card.value} accent={i < 3 ? 'blue.500' : 'teal.600'} />
        ))}
      </SimpleGrid>
      <Card.Root>
        <Card.Body>
          <Tabs.Root defaultValue="day" variant="line" colorPalette="teal" lazyMount>
            <Tabs.List>
              <Tabs.Trigger value="day">Entradas registradas por día</Tabs.Trigger>
              <Tabs.Trigger value="month">Entradas registradas por mes</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="day">
              <ChartBox label="Entradas por día (promedio)" values={dailyAverages(data)} />
            </Tabs.Content>
            <Tabs.Content value="month">
              <ChartBox label="Entradas por mes" values={data.monthly} integers />
            </Tabs.Content>
          </Tabs.Root>
        </Card.Body>
      </Card.Root>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <StatCard label="Visitas por QR" value={data.qrEntryCount} accent="purple.500" />
        <StatCard label="Visitas por registro manual" value={data.manualEntryCount} accent="orange.400" />
      </SimpleGrid>
    </Stack>
  );
}
