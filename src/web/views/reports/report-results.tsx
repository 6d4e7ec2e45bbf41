import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { listScreenMachine, ListRow } from '../../../../machines/platform/list-screen.machine.js';
import { DataTable, type Column } from '../../platform/components/list/data-table.js';
import { EMPTY_LIST_MESSAGE } from '../../platform/components/list/list-screen.js';
import { Pager } from '../../platform/components/list/pager.js';

/** A pager window of about 6 page numbers. */
const PAGE_WINDOW = 6;

/** The report's results: the list child's rows, its pager, its empty and error faces. */
export function ReportResults<Row extends ListRow>({
  list,
  caption,
  columns,
}: {
  list: ActorRefFrom<typeof listScreenMachine>;
  caption: string;
  columns: Column<Row>[];
}) {
  const state = useSelector(list, (s) => s);
  const ctx = state.context;
  const busy = state.matches('fetching');
  const rows = ctx.rows as Row[];
  return (
    <Stack gap="3">
      {busy ? <Spinner role="status" size="sm" color="teal.600" aria-label="Cargando" /> : null}
      {state.matches('error') ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>No fue posible cargar el reporte</Alert.Title>
            <Alert.Description>{ctx.error}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => list.send({ type: 'list.reload' })}>
            Reintentar
          </Button>
        </Alert.Root>
      ) : null}
      {state.matches('empty') ? (
        <Text color="gray.600" data-testid="empty-list">
          {EMPTY_LIST_MESSAGE}
        </Text>
      ) : null}
      {rows.length > 0 && !state.matches('empty') && !state.matches('error') ? (
        <Stack gap="3" opacity={busy ? 0.6 : 1}>
          <DataTable caption={caption} rows={rows} columns={columns} />
          <Pager
            page={ctx.page}
            totalPages={ctx.totalPages}
            total={ctx.total}
            window={PAGE_WINDOW}
            onGo={(page) => list.send({ type: 'page.go', page })}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
