import { assertEvent, assign, sendParent, setup } from 'xstate';
import { SelectionTexts } from '../../src/shared/massive-events/massive-event-rules.js';
import { guestImportMachine } from './guest-import.machine.js';
import { invitationDownloadMachine, type InvitationDownloadOutput } from './invitation-download.machine.js';
import { invitationShareMachine, type InvitationShareOutput } from './invitation-share.machine.js';

/** A guest card as the selection keeps it. */
export interface SelectedGuest {
  uuid: string;
  name: string;
  [key: string]: unknown;
}

export interface GuestActionsContext {
  selected: SelectedGuest[];
  /** The selection rule's message, while shown. */
  refusal: string | null;
  /** The guests whose invitations 'Compartir' is sharing (a card's one, or the ticked ones). */
  sharing: SelectedGuest[];
}

export type GuestActionsEvent =
  | { type: 'select.toggle'; row: SelectedGuest }
  | { type: 'select.all'; rows: SelectedGuest[] }
  | { type: 'select.clear' }
  | { type: 'action'; action: 'add' | 'edit' | 'delete' | 'download' | 'share' | 'import' }
  /** A card's 'Compartir': that guest's invitation. */
  | { type: 'share.guest'; row: SelectedGuest }
  | { type: 'dialog.close' }
  | { type: 'xstate.done.actor.guestImport'; output: { created: unknown[]; returnTo: string | null } }
  | { type: 'xstate.done.actor.invitationDownload'; output: Pick<InvitationDownloadOutput, 'returnTo'> }
  | { type: 'xstate.done.actor.invitationShare'; output: InvitationShareOutput };

const actionOf = (event: GuestActionsEvent) => {
  assertEvent(event, 'action');
  return event.action;
};

/**
 * The guests screen's toolbar (its selection rules): the ticked cards and 'Seleccionar
 * todos'; add, edit (one), delete (one, 'No es posible eliminar más de un invitado a la vez') and
 * download (one or more). Spawned by the list (id `toolbar`), it asks the list to open the guest
 * form (`row.add` / `row.edit`) or the delete confirmation (`row.delete`), so the shared list
 * machine runs the form skeleton and the delete. 'Descargar invitación' invokes the `invitationDownload`
 * child with the ticked guests (GET api/massiveEventGuests/invitation?uuid=..: one gives a
 * png, several a zip); after a failure, and after a failed download offered by the
 * import, the screen goes back to /massiveEvents (`returnTo`). 'Compartir' (a card's, or the
 * toolbar's for the ticked guests) invokes the `invitationShare` child: the share sheet where the
 * browser shares files, the download where it does not.
 */
export const guestActionsMachine = setup({
  types: {
    context: {} as GuestActionsContext,
    events: {} as GuestActionsEvent,
    /** The children the screen draws, by id. */
    children: {} as {
      guestImport: 'guestImport';
      invitationDownload: 'invitationDownload';
      invitationShare: 'invitationShare';
    },
  },
  actors: {
    /** 'Importación masiva' (xlsx only here), configured by the screen with its reader and the event's bulk call. */
    guestImport: guestImportMachine,
    /** The ticked guests' invitations, with progress; the screen provides it with its fetch. */
    invitationDownload: invitationDownloadMachine,
    /** 'Compartir': the share sheet or the download; the screen provides it with its fetch and navigator.share. */
    invitationShare: invitationShareMachine,
  },
  guards: {
    isImport: ({ event }) => actionOf(event) === 'import',
    importCreated: ({ event }) => event.type === 'xstate.done.actor.guestImport' && event.output.created.length > 0,
    isAdd: ({ event }) => actionOf(event) === 'add',
    noneSelected: ({ context }) => context.selected.length === 0,
    manyRefused: ({ context, event }) =>
      context.selected.length > 1 && actionOf(event) !== 'download' && actionOf(event) !== 'share',
    isEdit: ({ event }) => actionOf(event) === 'edit',
    isDelete: ({ event }) => actionOf(event) === 'delete',
    isShare: ({ event }) => actionOf(event) === 'share',
    /** The download (its own, or the import's) ended with a failure: back to the events list. */
    mustReturn: ({ event }) =>
      (event.type === 'xstate.done.actor.guestImport' ||
        event.type === 'xstate.done.actor.invitationDownload' ||
        event.type === 'xstate.done.actor.invitationShare') &&
      event.output.returnTo != null,
  },
  actions: {
    toggle: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'select.toggle');
        return context.selected.some((r) => r.uuid === event.row.uuid)
          ? context.selected.filter((r) => r.uuid !== event.row.uuid)
          : [...context.selected, event.row];
      },
    }),
    /** 'Seleccionar todos': every card shown; again with all of them ticked, none. */
    toggleAll: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'select.all');
        const all = event.rows.every((r) => context.selected.some((s) => s.uuid === r.uuid));
        return all
          ? context.selected.filter((s) => !event.rows.some((r) => r.uuid === s.uuid))
          : [...context.selected, ...event.rows.filter((r) => !context.selected.some((s) => s.uuid === r.uuid))];
      },
    }),
    clear: assign({ selected: [] }),
    shareSelected: assign({ sharing: ({ context }) => context.selected }),
    shareGuest: assign({
      sharing: ({ event }) => {
        assertEvent(event, 'share.guest');
        return [event.row];
      },
    }),
    refuseNone: assign({ refusal: SelectionTexts.noGuest }),
    refuseMany: assign({
      refusal: ({ event }) => (actionOf(event) === 'edit' ? SelectionTexts.manyGuestsEdit : SelectionTexts.manyGuests),
    }),
    closeDialog: assign({ refusal: null }),
    openAdd: sendParent({ type: 'row.add' }),
    reloadList: sendParent({ type: 'list.reload' }),
    openEdit: sendParent(({ context }) => ({ type: 'row.edit', row: context.selected[0]! })),
    askDelete: sendParent(({ context }) => ({ type: 'row.delete', row: context.selected[0]! })),
    /** After a download failure, back to /massiveEvents (the screen navigates). */
    returnTo: (_, _params: { path: string }) => undefined,
  },
}).createMachine({
  id: 'guestActions',
  context: { selected: [], refusal: null, sharing: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'select.toggle': { actions: 'toggle' },
        'select.all': { actions: 'toggleAll' },
        'select.clear': { actions: 'clear' },
        'share.guest': { target: 'sharing', actions: 'shareGuest' },
        action: [
          { guard: 'isImport', target: 'importing' },
          { guard: 'isAdd', actions: 'openAdd' },
          { guard: 'noneSelected', target: 'refused', actions: 'refuseNone' },
          { guard: 'manyRefused', target: 'refused', actions: 'refuseMany' },
          // The form or the deletion ends with a reload: the ticks go with the old page.
          { guard: 'isEdit', actions: ['openEdit', 'clear'] },
          { guard: 'isDelete', actions: ['askDelete', 'clear'] },
          { guard: 'isShare', target: 'sharing', actions: 'shareSelected' },
          { target: 'downloading' },
        ],
      },
    },
    refused: { on: { 'dialog.close': { target: 'idle', actions: 'closeDialog' } } },
    /** The import runs as this toolbar's child; the list reloads when it created guests. */
    importing: {
      invoke: {
        id: 'guestImport',
        src: 'guestImport',
        input: { where: 'guests' },
        onDone: [
          {
            guard: 'mustReturn',
            target: 'idle',
            actions: { type: 'returnTo', params: ({ event }) => ({ path: event.output.returnTo! }) },
          },
          { guard: 'importCreated', target: 'idle', actions: 'reloadList' },
          { target: 'idle' },
        ],
        onError: { target: 'idle' },
      },
    },
    /** The share child draws its own progress and dialogs (or the download's, where files cannot be shared). */
    sharing: {
      invoke: {
        id: 'invitationShare',
        src: 'invitationShare',
        input: ({ context }) => ({ guests: context.sharing.map((g) => ({ uuid: g.uuid, name: g.name })) }),
        onDone: [
          {
            guard: 'mustReturn',
            target: 'idle',
            actions: ['clear', { type: 'returnTo', params: ({ event }) => ({ path: event.output.returnTo! }) }],
          },
          { target: 'idle' },
        ],
      },
    },
    /** The download child draws its progress and its own dialogs ('Descarga completada' or the error). */
    downloading: {
      invoke: {
        id: 'invitationDownload',
        src: 'invitationDownload',
        input: ({ context }) => ({ target: { kind: 'guests' as const, uuids: context.selected.map((r) => r.uuid) } }),
        onDone: [
          {
            guard: 'mustReturn',
            target: 'idle',
            actions: ['clear', { type: 'returnTo', params: ({ event }) => ({ path: event.output.returnTo! }) }],
          },
          { target: 'idle' },
        ],
      },
    },
  },
});
