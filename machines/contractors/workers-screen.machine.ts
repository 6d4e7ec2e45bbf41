import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import {
  credentialRefusal,
  editRefusal,
  MAX_CREDENTIAL_UUIDS,
  CredentialMessages,
  WorkerMessages,
  type CredentialFormat,
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
  /** How the ticked workers' credentials come: a zip of PNGs, or a PDF to print. */
  downloadFormat: CredentialFormat;
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
  /** 'Descargar credenciales' of the ticked cards: the approved among them, as 'PDF para imprimir' or 'Imágenes (ZIP)' (the default). */
  | { type: 'selection.download'; format?: CredentialFormat };

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
    /** The loaded list replaces the shown one; a tick stays only on a worker that is still listed. */
    keepWorkers: assign(({ context }, params: { workers: ScreenWorker[] }) => ({
      workers: params.workers,
      error: null,
      selected: context.selected.filter((u) => params.workers.some((w) => w.uuid === u)),
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureDescription(params.error) })),
    /** A new search starts again from the first page. */
    setSearch: assign((_, params: { value: string }) => ({ search: params.value, page: 0 })),
    goToPage: assign((_, params: { page: number }) => ({ page: params.page })),
    openModal: assign((_, params: { uuid: string; modal: 'info' | 'credential' }) => ({
      shown: params.uuid,
      modal: params.modal,
    })),
    showNotice: assign((_, params: { notice: string }) => ({ notice: params.notice })),
    /** The credentials' download starts; the modal closes. */
    startDownload: assign((_, params: { uuids: string[]; format?: CredentialFormat }) => ({
      downloading: params.uuids,
      downloadFormat: params.format ?? 'zip',
      shown: null,
      modal: null,
    })),
    endDownload: assign({ downloading: null }),
    closeModal: assign({ shown: null, modal: null, notice: null }),
    /** The approval child is started on this one worker and decision. */
    startDecision: assign(({ context }, params: { uuid: string; action: 'approve' | 'reject' }) => ({
      deciding: decisionOf(context, params.uuid, params.action),
    })),
    endDecision: assign({ deciding: null }),
    /** A decision that changed the worker closes its modal. */
    endDecisionAndModal: assign({ deciding: null, modal: null, shown: null }),
    markForDeletion: assign((_, params: { uuid: string }) => ({ deleting: params.uuid })),
    forgetDeletion: assign({ deleting: null }),
    forgetDeletionFailure: assign({ deleting: null, error: null }),
    /** The deleted worker's tick goes with it. */
    untickDeleted: assign(({ context }) => ({ selected: context.selected.filter((u) => u !== context.deleting) })),
    /** A card's tick flips. */
    toggleTick: assign(({ context }, params: { uuid: string }) => ({
      selected: context.selected.includes(params.uuid)
        ? context.selected.filter((u) => u !== params.uuid)
        : [...context.selected, params.uuid],
    })),
    /** 'Seleccionar todos': ticks every card shown, or unticks them all when all are ticked. */
    toggleAllTicks: assign(({ context }, params: { uuids: string[] }) => ({
      selected: params.uuids.every((u) => context.selected.includes(u))
        ? context.selected.filter((u) => !params.uuids.includes(u))
        : [...context.selected, ...params.uuids.filter((u) => !context.selected.includes(u))],
    })),
  },
  guards: {
    /** Only an approved worker's credential may be shown. */
    isNotApproved: ({ context }, params: { uuid: string }) =>
      credentialRefusal(statusOf(context, params.uuid)) !== null,
    /** At most MAX_CREDENTIAL_UUIDS credentials in one download. */
    isOverCredentialLimit: (_, params: { count: number }) => params.count > MAX_CREDENTIAL_UUIDS,
    /** A download of nothing, or of a worker not approved. */
    includesNotApproved: ({ context }, params: { uuids: string[] }) =>
      params.uuids.length === 0 || params.uuids.some((u) => credentialRefusal(statusOf(context, u)) !== null),
    /** Only a worker not yet approved may be edited. */
    isNotEditable: ({ context }, params: { uuid: string }) => editRefusal(statusOf(context, params.uuid)) !== null,
    nothingTicked: ({ context }) => context.selected.length === 0,
    noApprovedTicked: ({ context }) => approvedOf(context).length === 0,
    tooManyApprovedTicked: ({ context }) => approvedOf(context).length > MAX_CREDENTIAL_UUIDS,
    decisionChanged: (_, params: { changed: boolean }) => params.changed,
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
    downloadFormat: 'zip',
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
          actions: { type: 'keepWorkers', params: ({ event }) => ({ workers: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        'search.change': { actions: { type: 'setSearch', params: ({ event }) => ({ value: event.value }) } },
        'page.go': { actions: { type: 'goToPage', params: ({ event }) => ({ page: event.page }) } },
        'info.open': { actions: { type: 'openModal', params: ({ event }) => ({ uuid: event.uuid, modal: 'info' }) } },
        'credential.open': [
          {
            guard: { type: 'isNotApproved', params: ({ event }) => ({ uuid: event.uuid }) },
            actions: { type: 'showNotice', params: { notice: WorkerMessages.credentialsOnlyApproved } },
          },
          { actions: { type: 'openModal', params: ({ event }) => ({ uuid: event.uuid, modal: 'credential' }) } },
        ],
        'credentials.download': [
          {
            guard: { type: 'isOverCredentialLimit', params: ({ event }) => ({ count: event.uuids.length }) },
            actions: { type: 'showNotice', params: { notice: CredentialMessages.tooMany } },
          },
          {
            guard: { type: 'includesNotApproved', params: ({ event }) => ({ uuids: event.uuids }) },
            actions: { type: 'showNotice', params: { notice: WorkerMessages.credentialsOnlyApproved } },
          },
          {
            target: 'downloading',
            actions: { type: 'startDownload', params: ({ event }) => ({ uuids: event.uuids }) },
          },
        ],
        'modal.close': { actions: 'closeModal' },
        approve: {
          target: 'deciding',
          actions: { type: 'startDecision', params: ({ event }) => ({ uuid: event.uuid, action: 'approve' }) },
        },
        reject: {
          target: 'deciding',
          actions: { type: 'startDecision', params: ({ event }) => ({ uuid: event.uuid, action: 'reject' }) },
        },
        'live.changed': 'loading',
        'worker.edit': [
          {
            guard: { type: 'isNotEditable', params: ({ event }) => ({ uuid: event.uuid }) },
            actions: { type: 'showNotice', params: { notice: WorkerMessages.editOnlyNonApproved } },
          },
          { actions: { type: 'openEdit', params: ({ event }) => ({ uuid: event.uuid }) } },
        ],
        'worker.delete': {
          target: 'confirmDelete',
          actions: { type: 'markForDeletion', params: ({ event }) => ({ uuid: event.uuid }) },
        },
        'select.toggle': {
          actions: { type: 'toggleTick', params: ({ event }) => ({ uuid: event.uuid }) },
        },
        'select.all': {
          actions: { type: 'toggleAllTicks', params: ({ event }) => ({ uuids: event.uuids }) },
        },
        'selection.download': [
          {
            guard: 'nothingTicked',
            actions: { type: 'showNotice', params: { notice: WorkerMessages.selectOne } },
          },
          {
            guard: 'noApprovedTicked',
            actions: { type: 'showNotice', params: { notice: WorkerMessages.credentialsOnlyApproved } },
          },
          {
            guard: 'tooManyApprovedTicked',
            actions: { type: 'showNotice', params: { notice: CredentialMessages.tooMany } },
          },
          {
            target: 'downloading',
            actions: {
              type: 'startDownload',
              params: ({ context, event }) => ({ uuids: approvedOf(context), format: event.format }),
            },
          },
        ],
      },
    },
    /** '¿Seguro que deseas eliminar a este trabajador?' / 'No podrás revertir esta acción'. */
    confirmDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'ready', actions: 'forgetDeletion' },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteWorker',
        src: 'deleteWorker',
        input: ({ context }) => ({ uuid: context.deleting! }),
        onDone: {
          target: 'deleted',
          actions: 'untickDeleted',
        },
        onError: {
          target: 'deleteFailed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** 'Trabajador eliminado correctamente'; closing it reloads the list. */
    deleted: { on: { 'dialog.close': { target: 'loading', actions: 'forgetDeletion' } } },
    /** 'Ha ocurrido un error' with the server's text; the list stays as it was. */
    deleteFailed: { on: { 'dialog.close': { target: 'ready', actions: 'forgetDeletionFailure' } } },
    downloading: {
      invoke: {
        id: 'credentialDownload',
        src: 'credentialDownload',
        input: ({ context }) => ({ target: credentialTarget(context.downloading!, context.downloadFormat) }),
        onDone: { target: 'ready', actions: 'endDownload' },
      },
    },
    deciding: {
      invoke: {
        id: 'approval',
        src: 'approval',
        input: ({ context }) => context.deciding!,
        onDone: [
          {
            guard: { type: 'decisionChanged', params: ({ event }) => ({ changed: event.output.changed }) },
            target: 'loading',
            actions: 'endDecisionAndModal',
          },
          { target: 'ready', actions: 'endDecision' },
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

/** The download's target: the zip is the route's default; the PDF says so. */
const credentialTarget = (uuids: string[], format: CredentialFormat) =>
  format === 'pdf' ? { kind: 'workers' as const, uuids, format } : { kind: 'workers' as const, uuids };
