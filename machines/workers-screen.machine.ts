import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { failureDescription } from '../src/shared/api-failure.js';
import { credentialRefusal, MAX_CREDENTIAL_UUIDS, CredentialMessages, WorkerMessages } from '../src/shared/worker-rules.js';
import { invitationDownloadMachine } from './invitation-download.machine.js';
import { workerApprovalMachine, type WorkerApprovalInput } from './worker-approval.machine.js';

/** A listed worker as the screen keeps it (the API's answer). */
export interface ScreenWorker {
  uuid: string; firstName: string; lastName: string; status: string; rejectReason: string | null;
  photo: { uuid: string; publicUrl: string; mimeType: string } | null;
  identification: { uuid: string; publicUrl: string; mimeType: string } | null;
  proofOfAddress: { uuid: string; publicUrl: string; mimeType: string } | null;
  construction: { uuid: string; name: string; number: string; streetNumber: string; street: { name: string };
    contractor: { firstName: string; lastName: string; enterprise: string } };
}

export interface WorkersScreenInput { construction: string | null; requestMode: boolean }

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
  | { type: 'retry' };

/**
 * /workers 'Trabajadores de obra' (spec 2 §2.6): loads the workers (all, or a site's), filters and
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
  },
  actors: {
    loadWorkers: fromPromise<ScreenWorker[], { construction: string | null }>(async () => { throw new Error('not provided'); }),
    approval: workerApprovalMachine,
    /** The credentials' download (the invitations' download machine, target 'workers'). */
    credentialDownload: invitationDownloadMachine,
    /** Live updates: reports 'live.changed' when a request or a decision touches the list. */
    live: fromCallback<WorkersScreenEvent>(() => () => {}),
  },
}).createMachine({
  id: 'workersScreen',
  context: ({ input }) => ({
    construction: input.construction, requestMode: input.requestMode, workers: [], search: '', page: 0,
    shown: null, modal: null, error: null, notice: null, deciding: null, downloading: null,
  }),
  invoke: { id: 'live', src: 'live' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadWorkers', src: 'loadWorkers', input: ({ context }) => ({ construction: context.construction }),
        onDone: { target: 'ready', actions: assign({ workers: ({ event }) => event.output, error: null }) },
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
            guard: ({ context, event }) => credentialRefusal(context.workers.find((w) => w.uuid === event.uuid)?.status ?? '') !== null,
            actions: assign({ notice: WorkerMessages.credentialsOnlyApproved }),
          },
          { actions: assign({ shown: ({ event }) => event.uuid, modal: 'credential' }) },
        ],
        'credentials.download': [
          { guard: ({ event }) => event.uuids.length > MAX_CREDENTIAL_UUIDS, actions: assign({ notice: CredentialMessages.tooMany }) },
          {
            guard: ({ context, event }) => event.uuids.length === 0
              || event.uuids.some((u) => credentialRefusal(context.workers.find((w) => w.uuid === u)?.status ?? '') !== null),
            actions: assign({ notice: WorkerMessages.credentialsOnlyApproved }),
          },
          { target: 'downloading', actions: assign({ downloading: ({ event }) => event.uuids, shown: null, modal: null }) },
        ],
        'modal.close': { actions: assign({ shown: null, modal: null, notice: null }) },
        approve: { target: 'deciding', actions: assign({ deciding: ({ context, event }) => decisionOf(context, event.uuid, 'approve') }) },
        reject: { target: 'deciding', actions: assign({ deciding: ({ context, event }) => decisionOf(context, event.uuid, 'reject') }) },
        'live.changed': 'loading',
      },
    },
    downloading: {
      invoke: {
        id: 'credentialDownload', src: 'credentialDownload',
        input: ({ context }) => ({ target: { kind: 'workers' as const, uuids: context.downloading! } }),
        onDone: { target: 'ready', actions: assign({ downloading: null }) },
      },
    },
    deciding: {
      invoke: {
        id: 'approval', src: 'approval', input: ({ context }) => context.deciding!,
        onDone: [
          { guard: ({ event }) => event.output.changed, target: 'loading', actions: assign({ deciding: null, modal: null, shown: null }) },
          { target: 'ready', actions: assign({ deciding: null }) },
        ],
      },
    },
  },
});

function decisionOf(context: WorkersScreenContext, uuid: string, action: 'approve' | 'reject'): WorkerApprovalInput {
  const w = context.workers.find((x) => x.uuid === uuid);
  return { bulk: false, action, workers: w ? [{ uuid: w.uuid, name: `${w.firstName} ${w.lastName}`, status: w.status }] : [] };
}
