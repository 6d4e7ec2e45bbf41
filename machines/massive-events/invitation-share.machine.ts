import { and, assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import {
  isShareDismissed,
  isShareNotAllowed,
  MAX_SHARED_INVITATIONS,
  ShareTexts,
} from '../../src/shared/massive-events/invitation-share.js';
import { invitationDownloadMachine, type InvitationDownloadOutput } from './invitation-download.machine.js';

/** A guest whose invitation is shared. */
export interface SharedGuest {
  uuid: string;
  name: string;
}

export interface InvitationShareContext {
  guests: SharedGuest[];
  /** The dialog's text: the rule's refusal or the failure's description. */
  error: string | null;
  /** Where the screen goes when the download fallback failed ('/massiveEvents'), else null. */
  returnTo: string | null;
}

export type InvitationShareEvent =
  | { type: 'dialog.close' }
  | { type: 'xstate.done.actor.shareInvitations'; output: unknown }
  | { type: 'xstate.error.actor.shareInvitations'; error: unknown }
  | { type: 'xstate.done.actor.invitationDownload'; output: InvitationDownloadOutput };

/** What the parent hears when it ends: where to go after a failed download, or nowhere. */
export interface InvitationShareOutput {
  returnTo: string | null;
}

/**
 * 'Compartir' of some guests' invitations. Where the browser shares files (`canShareFiles`, provided
 * by the screen from navigator.canShare), the `shareInvitations` actor fetches each guest's PNG and
 * opens the share sheet with the community's invitation message; closing the sheet without an app
 * is no failure. More than MAX_SHARED_INVITATIONS at once is refused. Where files cannot be shared,
 * or the browser refuses to open the sheet (NotAllowedError), the invitations are downloaded (the
 * `invitationDownload` child, as 'Descargar invitación').
 */
export const invitationShareMachine = setup({
  types: {
    context: {} as InvitationShareContext,
    events: {} as InvitationShareEvent,
    input: {} as { guests: SharedGuest[] },
    output: {} as InvitationShareOutput,
    children: {} as { shareInvitations: 'shareInvitations'; invitationDownload: 'invitationDownload' },
  },
  actors: {
    /** Fetches the PNGs and calls navigator.share; rejects with AbortError when the sheet is closed. */
    shareInvitations: fromPromise<void, { uuids: string[] }>(async () => {
      throw new Error('not provided');
    }),
    invitationDownload: invitationDownloadMachine,
  },
  guards: {
    /** The browser can share PNG files (the screen provides navigator.canShare's answer). */
    canShareFiles: () => false,
    tooMany: ({ context }) => context.guests.length > MAX_SHARED_INVITATIONS,
    dismissed: ({ event }) => event.type === 'xstate.error.actor.shareInvitations' && isShareDismissed(event.error),
    notAllowed: ({ event }) => event.type === 'xstate.error.actor.shareInvitations' && isShareNotAllowed(event.error),
  },
  actions: {
    refuseTooMany: assign({ error: ShareTexts.tooMany }),
    keepFailure: assign({
      error: ({ event }) =>
        failureDescription(event.type === 'xstate.error.actor.shareInvitations' ? event.error : undefined),
    }),
    keepReturn: assign({
      returnTo: ({ event }) => (event.type === 'xstate.done.actor.invitationDownload' ? event.output.returnTo : null),
    }),
  },
}).createMachine({
  id: 'invitationShare',
  context: ({ input }) => ({ guests: input.guests, error: null, returnTo: null }),
  initial: 'choosing',
  states: {
    /** Files shared here (and at most MAX_SHARED_INVITATIONS): the share sheet; no file sharing: the download. */
    choosing: {
      always: [
        { guard: and(['canShareFiles', 'tooMany']), target: 'refused', actions: 'refuseTooMany' },
        { guard: 'canShareFiles', target: 'sharing' },
        { target: 'downloading' },
      ],
    },
    /** The PNGs are fetched, then the share sheet is open until the user picks an app or closes it. */
    sharing: {
      invoke: {
        id: 'shareInvitations',
        src: 'shareInvitations',
        input: ({ context }) => ({ uuids: context.guests.map((g) => g.uuid) }),
        onDone: { target: 'ended' },
        onError: [
          { guard: 'dismissed', target: 'ended' },
          { guard: 'notAllowed', target: 'downloading' },
          { target: 'failed', actions: 'keepFailure' },
        ],
      },
    },
    /** No file sharing here (or the sheet refused): the invitations are downloaded, with the download's own progress and dialogs. */
    downloading: {
      invoke: {
        id: 'invitationDownload',
        src: 'invitationDownload',
        input: ({ context }) => ({ target: { kind: 'guests' as const, uuids: context.guests.map((g) => g.uuid) } }),
        onDone: { target: 'ended', actions: 'keepReturn' },
      },
    },
    refused: { on: { 'dialog.close': { target: 'ended' } } },
    failed: { on: { 'dialog.close': { target: 'ended' } } },
    ended: { type: 'final' },
  },
  output: ({ context }) => ({ returnTo: context.returnTo }),
});
