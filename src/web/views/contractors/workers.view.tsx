import { Alert, Box, Button, Grid, Heading, HStack, Link, Menu, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { fromCallback, fromPromise } from 'xstate';
import { workerApprovalMachine } from '../../../../machines/contractors/worker-approval.machine.js';
import {
  workersScreenMachine,
  type ScreenWorker,
  type WorkersScreenEvent,
} from '../../../../machines/contractors/workers-screen.machine.js';
import { filterWorkers, pageOfWorkers } from '../../../shared/contractors/worker-list-rules.js';
import { invitationDownloadMachine } from '../../../../machines/massive-events/invitation-download.machine.js';
import { downloadInvitations, type fetchInvitations } from '../massive-events/invitations.api.js';
import { InvitationDownloadStatus } from '../massive-events/invitation-download.js';
import {
  CREDENTIAL_FORMATS,
  CredentialFormatLabels,
  WORKER_ADMINS,
  workerEditPath,
  WorkerMessages,
} from '../../../shared/contractors/worker-rules.js';
import { workersApi } from './workers.api.js';
import { Pager } from '../../platform/components/list/pager.js';
import { SearchBox } from '../../platform/components/list/search-box.js';
import { ConfirmDialog } from '../../platform/components/confirm-dialog.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { listenToWorkers } from './worker-events.js';
import { useSessionUser } from '../session/session-context.js';
import { ApprovalDialogs } from './approval-dialogs.js';
import { WorkerCard } from './worker-card.js';
import { CredentialModal, WorkerInfoModal } from './worker-modals.js';

/** What /workers talks to; tests give fakes. */
export interface WorkersDeps {
  load: (construction: string | null) => Promise<ScreenWorker[]>;
  approve: (uuid: string) => Promise<unknown>;
  reject: (uuid: string, reason: string) => Promise<unknown>;
  /** DELETE api/constructionWorkers/{id}/administrator. */
  remove: (uuid: string) => Promise<unknown>;
  listen: typeof listenToWorkers;
  /** The credentials' download (a zip, for one worker as for many); tests give a fake. */
  fetchCredentials?: typeof fetchInvitations;
}
const browserDeps: WorkersDeps = {
  load: (construction) => (construction ? workersApi.bySite(construction) : workersApi.all()),
  approve: workersApi.approve,
  reject: workersApi.reject,
  remove: workersApi.remove,
  listen: listenToWorkers,
};

/** The approval child with its calls. */
export const approvalWith = (deps: Pick<WorkersDeps, 'approve' | 'reject'>) =>
  workerApprovalMachine.provide({
    actors: {
      approveWorker: fromPromise<unknown, { uuid: string }>(({ input }) => deps.approve(input.uuid)),
      rejectWorker: fromPromise<unknown, { uuid: string; reason: string }>(({ input }) =>
        deps.reject(input.uuid, input.reason),
      ),
    },
  });

/** 'Trabajadores de obra' (/workers): cards with the status colours, search, site filter, modals, request mode. */
export function WorkersView({ deps = browserDeps }: { deps?: WorkersDeps }) {
  const user = useSessionUser();
  const [params] = useSearchParams();
  const construction = params.get('construction');
  const requestMode = Boolean(construction) && params.get('requestShow') === 'true';
  const admin = (WORKER_ADMINS as readonly string[]).includes(user?.roleKey ?? '');
  const navigate = useNavigate();
  // Made once per mount: useMachine keeps the logic it starts with, and useState's initializer is what React runs once.
  const [logic] = useState(() =>
    workersScreenMachine.provide({
      actions: {
        openEdit: (_, { uuid }) => {
          void navigate(workerEditPath(uuid));
        },
      },
      actors: {
        deleteWorker: fromPromise(({ input }) => deps.remove(input.uuid)),
        loadWorkers: fromPromise(({ input }) => deps.load(input.construction)),
        approval: approvalWith(deps),
        credentialDownload: invitationDownloadMachine.provide({
          actors: { downloadInvitations: downloadInvitations(deps.fetchCredentials) },
        }),
        live: fromCallback<WorkersScreenEvent>(({ sendBack }) =>
          deps.listen({
            onDecided: () => sendBack({ type: 'live.changed' }),
            onRequested: () => sendBack({ type: 'live.changed' }),
          }),
        ),
      },
    }),
  );
  const [snapshot, send, actorRef] = useMachine(logic, { input: { construction, requestMode } });
  const approval = useSelector(actorRef, (s) => s.children.approval);
  const download = useSelector(actorRef, (s) => s.children.credentialDownload);
  const { context } = snapshot;
  const filtered = filterWorkers(context.workers, context.search, context.construction);
  const page = pageOfWorkers(filtered, context.page);
  const manage = admin && !requestMode;
  const deleting = snapshot.matches('confirmDelete') || snapshot.matches('deleting');
  const close = () => send({ type: 'dialog.close' });
  const shown = context.workers.find((w) => w.uuid === context.shown);
  const siteName = context.workers[0]?.construction.name ?? '';

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="xl">
          {requestMode ? `Solicitudes: ${siteName}` : 'Trabajadores de obra'}
        </Heading>
        <HStack wrap="wrap">
          {requestMode ? (
            <Link asChild color="teal.700">
              <RouterLink to="/workersRequest">Volver a solicitudes</RouterLink>
            </Link>
          ) : null}
          {admin && construction && !requestMode ? (
            <Link asChild color="teal.700">
              <RouterLink to={`/workers?construction=${construction}&requestShow=true`}>Ver solicitudes</RouterLink>
            </Link>
          ) : null}
          {manage ? (
            <>
              <Button
                variant="ghost"
                colorPalette="teal"
                onClick={() => send({ type: 'select.all', uuids: page.rows.map((w) => w.uuid) })}
              >
                Seleccionar todos
              </Button>
              {/* 'PDF para imprimir' (A4 sheets with cut marks, duplex) or 'Imágenes (ZIP)'. */}
              <Menu.Root>
                <Menu.Trigger asChild>
                  <Button variant="outline" colorPalette="teal" disabled={snapshot.matches('downloading')}>
                    Descargar credenciales{context.selected.length ? ` (${context.selected.length})` : ''}
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content minW="48">
                      {CREDENTIAL_FORMATS.toReversed().map((format) => (
                        <Menu.Item
                          key={format}
                          value={format}
                          onClick={() => send({ type: 'selection.download', format })}
                        >
                          {CredentialFormatLabels[format]}
                        </Menu.Item>
                      ))}
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            </>
          ) : null}
          {!requestMode ? (
            <Button asChild colorPalette="teal">
              <RouterLink to={construction ? `/createWorker?construction=${construction}` : '/createWorker'}>
                Agregar trabajador
              </RouterLink>
            </Button>
          ) : null}
        </HStack>
      </HStack>
      <SearchBox
        value={context.search}
        placeholder="Buscar por trabajador u obra"
        onChange={(value) => send({ type: 'search.change', value })}
        onSearch={() => {}}
      />
      {snapshot.matches('loading') ? <Spinner role="status" aria-label="Cargando trabajadores" /> : null}
      {snapshot.matches('loadFailed') ? (
        <Alert.Root status="error">
          <Alert.Title>{context.error}</Alert.Title>
          <Button size="sm" onClick={() => send({ type: 'retry' })}>
            Reintentar
          </Button>
        </Alert.Root>
      ) : null}
      {!snapshot.matches('loading') && !filtered.length ? <Text color="gray.600">No hay trabajadores.</Text> : null}
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(5, 1fr)' }} gap="3">
        {page.rows.map((w) => (
          <WorkerCard
            key={w.uuid}
            worker={w}
            admin={admin}
            requestMode={requestMode}
            selected={context.selected.includes(w.uuid)}
            actions={{
              onInfo: () => send({ type: 'info.open', uuid: w.uuid }),
              onCredential: () => send({ type: 'credential.open', uuid: w.uuid }),
              onDownload: () => send({ type: 'credentials.download', uuids: [w.uuid] }),
              onApprove: () => send({ type: 'approve', uuid: w.uuid }),
              onReject: () => send({ type: 'reject', uuid: w.uuid }),
              onToggle: () => send({ type: 'select.toggle', uuid: w.uuid }),
              onEdit: () => send({ type: 'worker.edit', uuid: w.uuid }),
              onDelete: () => send({ type: 'worker.delete', uuid: w.uuid }),
            }}
          />
        ))}
      </Grid>
      <Box>
        <Pager
          page={page.page}
          totalPages={page.pages}
          total={filtered.length}
          onGo={(p) => send({ type: 'page.go', page: p })}
        />
      </Box>
      {shown && context.modal === 'info' ? (
        <WorkerInfoModal worker={shown} onClose={() => send({ type: 'modal.close' })} />
      ) : null}
      {shown && context.modal === 'credential' ? (
        <CredentialModal
          worker={shown}
          community={user?.testFrac?.name ?? ''}
          onClose={() => send({ type: 'modal.close' })}
        />
      ) : null}
      {context.notice ? (
        <ResultDialog
          open
          title="No se puede realizar la siguiente acción"
          detail={context.notice}
          status="error"
          onClose={() => send({ type: 'modal.close' })}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={WorkerMessages.deleteTitle}
        detail={WorkerMessages.deleteDetail}
        confirmText="Eliminar"
        busy={snapshot.matches('deleting')}
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      />
      <ResultDialog
        open={snapshot.matches('deleted')}
        title={WorkerMessages.deleted}
        status="success"
        onClose={close}
      />
      <ResultDialog
        open={snapshot.matches('deleteFailed')}
        title="Ha ocurrido un error"
        detail={context.error}
        status="error"
        onClose={close}
      />
      {approval ? <ApprovalDialogs actor={approval} /> : null}
      {download ? <InvitationDownloadStatus actor={download} /> : null}
    </Stack>
  );
}
