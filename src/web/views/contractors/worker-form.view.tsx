import { Alert, Button, Grid, Heading, HStack, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { fromCallback, fromPromise } from 'xstate';
import {
  workerRequestMachine,
  type EditedWorker,
  type SendInput,
  type SentWorker,
  type WorkerRequestEvent,
} from '../../../../machines/contractors/worker-request.machine.js';
import { failureDescription, isApiFailure } from '../../../shared/platform/api-failure.js';
import { WORKER_ADMINS, WorkerMessages } from '../../../shared/contractors/worker-rules.js';
import { sendWithProgress, workersApi, type Worker } from './workers.api.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { SelectField } from '../../platform/components/select-field.js';
import { TextField } from '../../platform/components/text-field.js';
import { listenToWorkers } from './worker-events.js';
import { useSessionUser } from '../session/session-context.js';
import { readDocument } from './read-document.js';
import { WorkerFileDrop } from './worker-file-drop.js';
import { WorkerPhotoCrop } from './worker-photo-crop.js';

const sentOf = (w: Worker): SentWorker => ({
  uuid: w.uuid,
  name: `${w.firstName} ${w.lastName}`,
  status: w.status,
  rejectReason: w.rejectReason,
});

/**
 * Sends the form with upload progress: a contractor's request, an administrator's direct
 * registration, or an administrator's edit (PUT .../{id}/administrator, unchanged files as `{ uuid }`).
 */
const sender = (contractor: boolean, send: typeof sendWithProgress) =>
  fromCallback<WorkerRequestEvent, SendInput>(({ input, sendBack }) => {
    const progress = (percent: number) => sendBack({ type: 'upload.progress', percent });
    const { payload, editing } = input;
    const worker = { ...payload.workers[0], construction: payload.construction };
    const call = editing
      ? send<Worker>('PUT', `/api/constructionWorkers/${encodeURIComponent(editing)}/administrator`, worker, progress)
      : contractor
        ? send<Worker[]>('POST', '/api/constructionWorkerRequests', payload, progress)
        : send<Worker>('POST', '/api/constructionWorkers/administrator', worker, progress);
    call.promise.then(
      (answer) => sendBack({ type: 'upload.done', workers: (Array.isArray(answer) ? answer : [answer]).map(sentOf) }),
      (error) =>
        sendBack({
          type: 'upload.failed',
          error: failureDescription(error),
          status: isApiFailure(error) && error.kind === 'http' ? error.status : undefined,
        }),
    );
    return () => call.abort();
  });

const statusText = (state: string, sent: SentWorker[]) => {
  if (state === 'rejected') {
    const w = sent.find((x) => x.status === 'Rechazado');
    return {
      title: 'Solicitud rechazada',
      detail: `${w?.name ?? ''}${w?.rejectReason ? `: ${w.rejectReason}` : ''}`,
      color: 'red' as const,
    };
  }
  if (state === 'approved')
    return { title: 'Solicitud aprobada', detail: sent.map((w) => w.name).join(', '), color: 'green' as const };
  return { title: 'Solicitud pendiente', detail: sent.map((w) => w.name).join(', '), color: 'orange' as const };
};

/** The calls of /createWorker that tests replace. */
export interface WorkerFormDeps {
  loadWorker: (uuid: string) => Promise<EditedWorker>;
  sites: () => Promise<{ uuid: string; name: string }[]>;
  send: typeof sendWithProgress;
  /** The contractor's live room: the administrator's decision on the request. */
  listen: typeof listenToWorkers;
}
const browserDeps: WorkerFormDeps = {
  loadWorker: workersApi.get,
  sites: workersApi.sites,
  send: sendWithProgress,
  listen: listenToWorkers,
};

/**
 * 'Registrar trabajador' / 'Editar trabajador' (/createWorker): the contractor's
 * request, the administrator's registration, or the administrator's edit (`token`).
 */
export function WorkerFormView({ deps = browserDeps }: { deps?: WorkerFormDeps }) {
  const user = useSessionUser();
  const contractor = user?.roleKey === 'contractor';
  const administrator = (WORKER_ADMINS as readonly string[]).includes(user?.roleKey ?? '');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const construction = params.get('construction');
  const token = params.get('token');
  // Made once per mount: useMachine keeps the logic it starts with, and useState's initializer is what React runs once.
  const [logic] = useState(() =>
    workerRequestMachine.provide({
      actions: {
        leave: () => {
          void navigate('/workers');
        },
      },
      actors: {
        sendRequest: sender(contractor, deps.send),
        loadWorker: fromPromise(({ input }) => deps.loadWorker(input.uuid)),
        readDocument: fromPromise(({ input }) => readDocument(input.file)),
        loadSites: fromCallback<WorkerRequestEvent>(({ sendBack }) => {
          deps.sites().then(
            (sites) => sendBack({ type: 'sites.loaded', sites: sites.map((s) => ({ value: s.uuid, label: s.name })) }),
            () => {},
          );
          return () => {};
        }),
        live: fromCallback<WorkerRequestEvent>(({ sendBack }) =>
          deps.listen({
            onDecided: (e) =>
              sendBack({ type: 'worker.decided', uuid: e.uuid, status: e.status, rejectReason: e.rejectReason }),
          }),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(logic, { input: { construction, token, administrator } });
  const { context } = snapshot;
  const busy = snapshot.matches('uploading');
  const editing = context.editing !== null;
  const title = editing ? 'Editar trabajador' : 'Registrar trabajador';
  const close = () => send({ type: 'dialog.close' });
  if (
    snapshot.matches('boot') ||
    snapshot.matches('loading') ||
    snapshot.matches('loadFailed') ||
    snapshot.matches('refused') ||
    snapshot.matches('closed')
  ) {
    return (
      <Stack gap="4" maxW="xl">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {snapshot.matches('loading') ? <Spinner role="status" aria-label="Cargando trabajador" /> : null}
        <ResultDialog
          open={snapshot.matches('loadFailed')}
          title="Ha ocurrido un error"
          detail={context.error}
          status="error"
          onClose={close}
        />
        <ResultDialog
          open={snapshot.matches('refused')}
          title={WorkerMessages.forbiddenTitle}
          detail={context.error}
          status="error"
          onClose={close}
        />
      </Stack>
    );
  }
  if (snapshot.matches('watching')) {
    const state = Object.values(snapshot.value as Record<string, string>)[0]!;
    const status = statusText(state, context.sent);
    return (
      <Stack gap="4" maxW="xl">
        <Heading as="h1" size="xl">
          Registrar trabajador
        </Heading>
        <Alert.Root
          status={status.color === 'red' ? 'error' : status.color === 'green' ? 'success' : 'warning'}
          role="status"
          aria-live="polite"
        >
          <Alert.Content>
            <Alert.Title>{status.title}</Alert.Title>
            <Alert.Description>{status.detail}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <HStack>
          <Button colorPalette="teal" onClick={() => send({ type: 'request.again' })}>
            Solicitar otro trabajador
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={contractor ? '/constructions_contractor' : '/workers'}>Volver</RouterLink>
          </Button>
        </HStack>
      </Stack>
    );
  }
  return (
    <Stack
      as="form"
      gap="4"
      maxW="3xl"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <HStack justify="space-between">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Button asChild variant="ghost" aria-label="Descartar">
          <RouterLink to="/workers">✕</RouterLink>
        </Button>
      </HStack>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <TextField
          label="Nombre"
          required
          value={context.values.firstName}
          error={context.errors.firstName}
          maxLength={64}
          onValue={(value) => send({ type: 'field.change', name: 'firstName', value })}
        />
        <TextField
          label="Apellidos"
          required
          value={context.values.lastName}
          error={context.errors.lastName}
          maxLength={64}
          onValue={(value) => send({ type: 'field.change', name: 'lastName', value })}
        />
        <SelectField
          label="Obra"
          required
          value={context.values.construction}
          options={context.sites}
          placeholder="Selecciona una obra"
          error={context.errors.construction}
          disabled={context.lockedSite}
          onValue={(value) => send({ type: 'field.change', name: 'construction', value })}
        />
      </Grid>
      <WorkerPhotoCrop
        value={context.files.photo}
        error={context.errors.photo}
        onCropped={(file) => send({ type: 'file.set', slot: 'photo', file })}
      />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <WorkerFileDrop
          label="Identificación oficial"
          value={context.files.identification}
          error={context.errors.identification}
          onPick={(file) => send({ type: 'file.pick', slot: 'identification', file })}
          onRemove={() => send({ type: 'file.remove', slot: 'identification' })}
        />
        <WorkerFileDrop
          label="Comprobante de domicilio"
          value={context.files.proofOfAddress}
          error={context.errors.proofOfAddress}
          onPick={(file) => send({ type: 'file.pick', slot: 'proofOfAddress', file })}
          onRemove={() => send({ type: 'file.remove', slot: 'proofOfAddress' })}
        />
      </Grid>
      {busy ? (
        <Stack gap="1">
          <Progress.Root value={context.progress} colorPalette="teal" aria-label="Subiendo archivos">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm">Subiendo archivos… {context.progress}%</Text>
        </Stack>
      ) : null}
      <HStack justify="end">
        <Button asChild variant="outline">
          <RouterLink to="/workers">Cancelar</RouterLink>
        </Button>
        <Button type="submit" colorPalette="teal" loading={busy}>
          {busy ? <Spinner size="sm" /> : null}
          {editing ? 'Guardar' : 'Registrar'}
        </Button>
      </HStack>
      <ResultDialog
        open={snapshot.matches('failed')}
        title="Ha ocurrido un error"
        detail={context.error}
        status="error"
        onClose={close}
      />
      <ResultDialog
        open={snapshot.matches('submitted')}
        title={editing ? WorkerMessages.updated : contractor ? WorkerMessages.requested : WorkerMessages.created}
        status="success"
        onClose={() => {
          if (contractor || editing) close();
          else void navigate('/workers');
        }}
      />
    </Stack>
  );
}
