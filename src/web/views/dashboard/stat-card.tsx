import { Card, Stat } from '@chakra-ui/react';
import { formatCount } from '../../../shared/dashboard/dashboard-counters.js';

/** One dashboard figure, in en-US thousands format. */
export function StatCard({ label, value, accent = 'teal.600' }: { label: string; value: number; accent?: string }) {
  return (
    <Card.Root size="sm" borderTopWidth="4px" borderTopColor={accent}>
      <Card.Body>
        <Stat.Root>
          <Stat.Label color="gray.600">{label}</Stat.Label>
          <Stat.ValueText fontSize="2xl" data-testid={`stat-${label}`}>
            {formatCount(value)}
          </Stat.ValueText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
