import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import {
  credentialRefusal,
  editRefusal,
  MAX_CREDENTIAL_UUIDS,
  CredentialMessages,
  WorkerMessages,
} from '../../src/shared/contractors/worker-rules.js';
import { invitationDownloadMachine } from '../massive-events/invitation-download.machine.js';
import { workerApprovalMachine, type WorkerApprovalInput } from './worker-approval.machine.js';

/** A listed worker as the screen keeps it (the API's answer). */
export interface ScreenWorker {
  uuid: string;
  firstName: string;
  lastName: string;
  status: string;
  rejectReason: string | null;
  photo: { uuid: string; publicUrl: string; mimeType: string } | null;
  identification: { uuid: string; publicUrl: string; mimeType: string } | null;
  proofOfAddress: { uuid: string; publicUrl: string; mimeType: string } | null;
  construction: {
    uuid: string;
    name: string;
    number: string;
    streetNumber: string;
    street: { name: string };
    contractor: { firstName: string; lastName: string; enterprise: string };
  };
}

export interface WorkersScreenInput {
  construction: string | null;
  requestMode: boolean;
}

export interface WorkersScreenContext {
  construction: string | null;
  requestMode: boolean;
  workers: ScreenWorker[];
  search: string;
  page: number;
  /** The worker whose information or credential preview is open. */
  shown: string | null;
  modal: 'info' | 'credential' | null;
  error: string | null;
  /** A rule's refusal to show ('Solo es posible visualizar credenciales de trabajadores aprobados.'). */
  notice: string | null;
  /** What the approval child was started on (its input). */
  deciding: WorkerApprovalInput | null;
  /** The workers whose credentials the download child is drawing. */
  downloading: string[] | null;
  /** The ticked cards ('Seleccionar todos'), by uuid. */
  selected: string[];
  /** The worker being confirmed for deletion or deleted. */
  deleting: string | null;
}

export type WorkersScreenEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.go'; page: number }
  | { type: 'info.open'; uuid: string }
  | { type: 'credential.open'; uuid: string }
  /** 'Descargar credencial' of a card (one uuid) or of the list (the approved workers shown). */
  | { type: 'credentials.download'; uuids: string[] }
  | { type: 'modal.close' }
  | { type: 'approve'; uuid: string }
  | { type: 'reject'; uuid: string }
  | { type: 'live.changed' }
  | { type: 'retry' }
  /** A card's Editar: ./createWorker?token={id}, only for a worker not approved. */
  | { type: 'worker.edit'; uuid: string }
  /** A card's Eliminar: confirmed, then DELETE .../{id}/administrator. */
  | { type: 'worker.delete'; uuid: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'dialog.close' }
  | { type: 'select.toggle'; uuid: string }
  /** 'Seleccionar todos' over the cards shown: ticks them all, or unticks them when all are ticked. */
  | { type: 'select.all'; uuids: string[] }
  /** 'Descargar credenciales' of the ticked cards: the approved among them. */
  | { type: 'selection.download' };

/**
 * /workers 'Trabajadores de obra': loads the workers (all, or a site's), filters and
 * pages them on the client, opens the information and credential modals, downloads approved
 * workers' credentials (the `invitationDownload` child, 'Descarga completada'), and runs the
 * `workerApproval` child for a card's Aprobar / Rechazar; reloads after a decision or when a
 * live event says the list changed.
 */
export const workersScreenMachine = setup({
  types: {
    context: {} as WorkersScreenContext,
    events: {} as WorkersScreenEvent,
    input: {} as WorkersScreenInput,
    /** The children the screen draws, by id. */
    children: {} as { approval: 'approval'; credentialDownload: 'credentialDownload' },
  },
  actors: {
    loadWorkers: fromPromise<ScreenWorker[], { construction: string | null }>(async () => {
      throw new Error('not provided');
    }),
    approval: workerApprovalMachine,
    /** The credentials' download (the invitations' download machine, target 'workers'). */
    credentialDownload: invitationDownloadMachine,
    /** Live updates: reports 'live.changed' when a request or a decision touches the list. */
    live: fromCallback<WorkersScreenEvent>(() => () => {}),
    deleteWorker: fromPromise<unknown, { uuid: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    /** Goes to the worker form in edit mode (the page navigates to workerEditPath). */
    openEdit: (_, _params: { uuid: string }) => undefined,
  },
}).createMachine({
  id: 'workersScreen',
  context: ({ input }) => ({
    construction: input.construction,
    requestMode: input.requestMode,
    workers: [],
    search: '',
    page: 0,
    shown: null,
    modal: null,
    error: null,
    notice: null,
    deciding: null,
    downloading: null,
    selected: [],
    deleting: null,
  }),
  invoke: { id: 'live', src: 'live' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadWorkers',
        src: 'loadWorkers',
        input: ({ context }) => ({ construction: context.construction }),
        onDone: {
          target: 'ready',
          actions: assign({
            workers: ({ event }) => event.output,
            error: null,
            // A tick stays only on a worker that is still listed.
            selected: ({ context, event }) => context.selected.filter((u) => event.output.some((w) => w.uuid === u)),
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => failureDescription(event.error) }) },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        'search.change': { actions: assign({ search: ({ event }) => event.value, page: 0 }) },
        'page.go': { actions: assign({ page: ({ event }) => event.page }) },
        'info.open': { actions: assign({ shown: ({ event }) => event.uuid, modal: 'info' }) },
        'credential.open': [
          {
            guard: ({ context, event }) =>
              credentialRefusal(context.workers.find((w) => w.uuid === event.uuid)?.status ?? '') !== null,
            actions: assign({ notice: WorkerMessages.credentialsOnlyApproved }),
          },
          { actions: assign({ shown: ({ event }) => event.uuid, modal: 'credential' }) },
        ],
        'credentials.download': [
          {
            guard: ({ event }) => event.uuids.length > MAX_CREDENTIAL_UUIDS,
            actions: assign({ notice: CredentialMessages.tooMany }),
          },
          {
            guard: ({ context, event }) =>
              event.uuids.length === 0 ||
              event.uuids.some(
                (u) => credentialRefusal(context.workers.find((w) => w.uuid === u)?.status ?? '') !== null,
              ),
            actions: assign({ notice: WorkerMessages.credentialsOnlyApproved }),
          },
          {
            target: 'downloading',
            actions: assign({ downloading: ({ event }) => event.uuids, shown: null, modal: null }),
          },
        ],
        'modal.close': { actions: assign({ shown: null, modal: null, notice: null }) },
        approve: {
          target: 'deciding',
          actions: assign({ deciding: ({ context, event }) => decisionOf(context, event.uuid, 'approve') }),
        },
        reject: {
          target: 'deciding',
          actions: assign({ deciding: ({ context, event }) => decisionOf(context, event.uuid, 'reject') }),
        },
        'live.changed': 'loading',
        'worker.edit': [
          {
            guard: ({ context, event }) => editRefusal(statusOf(context, event.uuid)) !== null,
            actions: assign({ notice: WorkerMessages.editOnlyNonApproved }),
          },
          { actions: { type: 'openEdit', params: ({ event }) => ({ uuid: event.uuid }) } },
        ],
        'worker.delete': { target: 'confirmDelete', actions: assign({ deleting: ({ event }) => event.uuid }) },
        'select.toggle': {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.uuid)
                ? context.selected.filter((u) => u !== event.uuid)
                : [...context.selected, event.uuid],
          }),
        },
        'select.all': {
          actions: assign({
            selected: ({ context, event }) =>
              event.uuids.every((u) => context.selected.includes(u))
                ? context.selected.filter((u) => !event.uuids.includes(u))
                : [...context.selected, ...event.uuids.filter((u) => !context.selected.includes(u))],
          }),
        },
        'selection.download': [
          {
            guard: ({ context }) => context.selected.length === 0,
            actions: assign({ notice: WorkerMessages.selectOne }),
          },
          {
            guard: ({ context }) => approvedOf(context).length === 0,
            actions: assign({ notice: WorkerMessages.credentialsOnlyApproved }),
          },
          {
            guard: ({ context }) => approvedOf(context).length > MAX_CREDENTIAL_UUIDS,
            actions: assign({ notice: CredentialMessages.tooMany }),
          },
          {
            target: 'downloading',
            actions: assign({ downloading: ({ context }) => approvedOf(context), shown: null, modal: null }),
          },
        ],
      },
    },
    /** '¿Seguro que deseas eliminar a este trabajador?' / 'No podrás revertir esta acción'. */
    confirmDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'ready', actions: assign({ deleting: null }) },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteWorker',
        src: 'deleteWorker',
        input: ({ context }) => ({ uuid: context.deleting! }),
        onDone: {
          target: 'deleted',
          actions: assign({ selected: ({ context }) => context.selected.filter((u) => u !== context.deleting) }),
        },
        onError: { target: 'deleteFailed', actions: assign({ error: ({ event }) => failureDescription(event.error) }) },
      },
    },
    /** 'Trabajador eliminado correctamente'; closing it reloads the list. */
    deleted: { on: { 'dialog.close': { target: 'loading', actions: assign({ deleting: null }) } } },
    /** 'Ha ocurrido un error' with the server's text; the list stays as it was. */
    deleteFailed: { on: { 'dialog.close': { target: 'ready', actions: assign({ deleting: null, error: null }) } } },
    downloading: {
      invoke: {
        id: 'credentialDownload',
        src: 'credentialDownload',
        input: ({ context }) => ({ target: { kind: 'workers' as const, uuids: context.downloading! } }),
        onDone: { target: 'ready', actions: assign({ downloading: null }) },
      },
    },
    deciding: {
      invoke: {
        id: 'approval',
        src: 'approval',
        input: ({ context }) => context.deciding!,
        onDone: [
          {
            guard: ({ event }) => event.output.changed,
            target: 'loading',
            actions: assign({ deciding: null, modal: null, shown: null }),
          },
          { target: 'ready', actions: assign({ deciding: null }) },
        ],
      },
    },
  },
});

const statusOf = (context: WorkersScreenContext, uuid: string) =>
  context.workers.find((w) => w.uuid === uuid)?.status ?? '';
/** The ticked workers whose credentials may be drawn (approved only). */
const approvedOf = (context: WorkersScreenContext) =>
  context.selected.filter((u) => credentialRefusal(statusOf(context, u)) === null);

function decisionOf(context: WorkersScreenContext, uuid: string, action: 'approve' | 'reject'): WorkerApprovalInput {
  const w = context.workers.find((x) => x.uuid === uuid);
  return {
    bulk: false,
    action,
    workers: w ? [{ uuid: w.uuid, name: `${w.firstName} ${w.lastName}`, status: w.status }] : [],
  };
}
