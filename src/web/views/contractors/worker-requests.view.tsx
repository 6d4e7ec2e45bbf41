import { Badge, Button, HStack, Heading, Link, Spinner, Stack, Table, Alert } from '@chakra-ui/react';
import { useMachine, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { fromCallback, fromPromise } from 'xstate';
import {
  workerRequestsScreenMachine,
  type RequestRow,
  type RequestsScreenEvent,
} from '../../../../machines/contractors/worker-requests-screen.machine.js';
import type { WorkerRef } from '../../../../machines/contractors/worker-approval.machine.js';
import { WORKER_REQUESTS_PAGE_SIZE } from '../../../shared/contractors/worker-rules.js';
import { pageOfWorkers } from '../../../shared/contractors/worker-list-rules.js';
import { workersApi } from './workers.api.js';
import { APPROVE_CONTRAST } from './approval-dialogs.js';
import { Pager } from '../../platform/components/list/pager.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { listenToWorkers } from './worker-events.js';
import { ApprovalDialogs } from './approval-dialogs.js';
import { approvalWith, type WorkersDeps } from './workers.view.js';

export interface RequestsDeps extends Pick<WorkersDeps, 'approve' | 'reject' | 'listen'> {
  requests: () => Promise<RequestRow[]>;
  siteWorkers: (construction: string) => Promise<WorkerRef[]>;
}
const browserDeps: RequestsDeps = {
  requests: workersApi.requests,
  siteWorkers: async (construction) =>
    (await workersApi.bySite(construction)).map((w) => ({
      uuid: w.uuid,
      name: `${w.firstName} ${w.lastName}`,
      status: w.status,
    })),
  approve: workersApi.approve,
  reject: workersApi.reject,
  listen: listenToWorkers,
};

/** 'Solicitudes' (/workersRequest): per site, the counts as badges, approve all and reject all; 20 rows per page. */
export function WorkerRequestsView({ deps = browserDeps }: { deps?: RequestsDeps }) {
  const logic = useMemo(
    () =>
      workerRequestsScreenMachine.provide({
        actors: {
          loadRequests: fromPromise(() => deps.requests()),
          loadSiteWorkers: fromPromise(({ input }) => deps.siteWorkers(input.construction)),
          approval: approvalWith(deps),
          live: fromCallback<RequestsScreenEvent>(({ sendBack }) =>
            deps.listen({
              onRequested: () => sendBack({ type: 'live.changed' }),
              onDecided: () => sendBack({ type: 'live.changed' }),
            }),
          ),
        },
      }),
    [deps],
  );
  const [snapshot, send, actorRef] = useMachine(logic);
  const approval = useSelector(actorRef, (s) => s.children.approval);
  const { context } = snapshot;
  const page = pageOfWorkers(context.rows, context.page, WORKER_REQUESTS_PAGE_SIZE);
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        Solicitudes
      </Heading>
      {snapshot.matches('loading') ? <Spinner role="status" aria-label="Cargando solicitudes" /> : null}
      {snapshot.matches('loadFailed') ? (
        <Alert.Root status="error">
          <Alert.Title>{context.error}</Alert.Title>
          <Button size="sm" onClick={() => send({ type: 'retry' })}>
            Reintentar
          </Button>
        </Alert.Root>
      ) : null}
      {/* Without rows (while loading, or none) nothing inside takes the focus: the scroll area does,
          so a keyboard can still scroll it sideways on a phone (as in the shared data table). */}
      <Table.ScrollArea
        borderWidth="1px"
        rounded="md"
        bg="white"
        {...(page.rows.length ? {} : { tabIndex: 0, role: 'region', 'aria-label': 'Solicitudes' })}
      >
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Número de obra</Table.ColumnHeader>
              <Table.ColumnHeader>Obra</Table.ColumnHeader>
              <Table.ColumnHeader>Solicitudes</Table.ColumnHeader>
              <Table.ColumnHeader>Estatus</Table.ColumnHeader>
              <Table.ColumnHeader>Acciones</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {page.rows.map((r) => (
              <Table.Row key={r.constructionId}>
                <Table.Cell>{r.construction.streetNumber}</Table.Cell>
                <Table.Cell>{r.construction.name}</Table.Cell>
                <Table.Cell>
                  {r.pending > 0 ? (
                    <Link asChild color="teal.700">
                      <RouterLink to={`/workers?construction=${r.constructionId}&requestShow=true`}>
                        {r.workers}
                      </RouterLink>
                    </Link>
                  ) : (
                    r.workers
                  )}
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1" wrap="wrap">
                    <Badge colorPalette="green">Aprobados {r.approved}</Badge>
                    <Badge colorPalette="red">Rechazados {r.rejected}</Badge>
                    <Badge colorPalette="orange">Pendientes {r.pending}</Badge>
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1">
                    <Button
                      size="xs"
                      colorPalette="green"
                      {...APPROVE_CONTRAST}
                      aria-label={`Aprobar todas: ${r.construction.name}`}
                      onClick={() => send({ type: 'approveAll', construction: r.constructionId })}
                    >
                      Aprobar todas
                    </Button>
                    <Button
                      size="xs"
                      colorPalette="red"
                      variant="outline"
                      aria-label={`Rechazar todas: ${r.construction.name}`}
                      onClick={() => send({ type: 'rejectAll', construction: r.constructionId })}
                    >
                      Rechazar todas
                    </Button>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Pager
        page={page.page}
        totalPages={page.pages}
        total={context.rows.length}
        onGo={(p) => send({ type: 'page.go', page: p })}
      />
      {snapshot.matches('readingSite') ? <Spinner role="status" aria-label="Leyendo la obra" /> : null}
      {snapshot.matches('siteFailed') ? (
        <ResultDialog
          open
          title="Ha ocurrido un error"
          detail={context.error}
          status="error"
          onClose={() => send({ type: 'dialog.close' })}
        />
      ) : null}
      {approval ? <ApprovalDialogs actor={approval} /> : null}
    </Stack>
  );
}
