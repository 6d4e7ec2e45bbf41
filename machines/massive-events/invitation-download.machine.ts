import { assign, fromCallback, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { InvitationTexts } from '../../src/shared/massive-events/invitation-rules.js';
import type { CredentialFormat } from '../../src/shared/contractors/worker-rules.js';

/**
 * What is drawn and downloaded: some guests' invitations (one gives a png, several a zip), all of
 * an event's, or some approved workers' credentials (GET workerLicense, same answers; or a PDF to print).
 */
export type InvitationTarget =
  | { kind: 'guests'; uuids: string[] }
  | { kind: 'event'; uuid: string }
  | { kind: 'workers'; uuids: string[]; format?: CredentialFormat };

/** What the download child tells (src/web/views/massive-events/invitations.api.ts). */
export type InvitationDownloadReport =
  | { type: 'download.headers'; fileName: string; count: number }
  | { type: 'download.progress'; received: number }
  | { type: 'download.saved' }
  | { type: 'download.failed'; error: unknown };

export interface InvitationDownloadContext {
  target: InvitationTarget;
  fileName: string | null;
  /** Invitations the answer holds (X-Invitation-Count; 1 for a png). */
  count: number | null;
  /** Bytes received so far. */
  received: number;
  error: string | null;
}

/** What the parent hears when it ends: where to go ('/massiveEvents' after a failure), or nowhere. */
export interface InvitationDownloadOutput {
  saved: boolean;
  returnTo: string | null;
}

export const INVITATION_FAILURE_RETURN = '/massiveEvents';
/** Where a failed download goes (invitations back to the events list; credentials stay on /workers). */
const failureReturn = (target: InvitationTarget) => (target.kind === 'workers' ? null : INVITATION_FAILURE_RETURN);

/**
 * One download of invitations: requesting (until the answer
 * starts) → rendering (the server draws and streams; bytes received shown) → saved
 * ('Descarga completada'), or failed (the 'Ha ocurrido un error' dialog with the server's text,
 * then back to the events list). Invoked by the screens that offer a download.
 */
export const invitationDownloadMachine = setup({
  types: {
    context: {} as InvitationDownloadContext,
    events: {} as InvitationDownloadReport | { type: 'dialog.close' },
    input: {} as { target: InvitationTarget },
    output: {} as InvitationDownloadOutput,
  },
  actors: {
    /** Fetches, reports headers and progress, saves the file; stopping it aborts the request. */
    downloadInvitations: fromCallback<InvitationDownloadReport, { target: InvitationTarget }>(() => undefined),
  },
  actions: {
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureDescription(params.error) })),
    /** The answer started: the file's name and how many invitations it draws. */
    keepHeaders: assign((_, params: { fileName: string | null; count: number | null }) => ({
      fileName: params.fileName,
      count: params.count,
    })),
    countReceived: assign((_, params: { received: number }) => ({ received: params.received })),
  },
}).createMachine({
  id: 'invitationDownload',
  context: ({ input }) => ({ target: input.target, fileName: null, count: null, received: 0, error: null }),
  initial: 'working',
  states: {
    working: {
      invoke: { id: 'download', src: 'downloadInvitations', input: ({ context }) => ({ target: context.target }) },
      on: {
        'download.failed': {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      initial: 'requesting',
      states: {
        requesting: {
          on: {
            'download.headers': {
              target: 'rendering',
              actions: {
                type: 'keepHeaders',
                params: ({ event }) => ({ fileName: event.fileName, count: event.count }),
              },
            },
          },
        },
        rendering: {
          on: {
            'download.progress': {
              actions: { type: 'countReceived', params: ({ event }) => ({ received: event.received }) },
            },
            'download.saved': { target: '#invitationDownload.saved' },
          },
        },
      },
    },
    saved: { on: { 'dialog.close': { target: 'closed' } } },
    failed: { on: { 'dialog.close': { target: 'returned' } } },
    closed: { type: 'final' },
    returned: { type: 'final' },
  },
  output: ({ context }) => ({
    saved: context.error === null,
    returnTo: context.error === null ? null : failureReturn(context.target),
  }),
});

export const InvitationDownloadTexts = {
  requesting: 'Preparando invitaciones…',
  rendering: (count: number | null) =>
    count === 1 ? 'Generando la invitación…' : `Generando ${count ?? ''} invitaciones…`.replace('  ', ' '),
  /** The same steps for workers' credentials. */
  requestingCredentials: 'Preparando credenciales…',
  renderingCredentials: (count: number | null) =>
    count === 1 ? 'Generando la credencial…' : `Generando ${count ?? ''} credenciales…`.replace('  ', ' '),
  saved: InvitationTexts.downloaded,
  failedTitle: InvitationTexts.failedTitle,
  close: 'Aceptar',
} as const;
