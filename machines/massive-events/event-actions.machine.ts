import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate';
import { invitationDownloadMachine, type InvitationDownloadOutput } from './invitation-download.machine.js';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import {
  EventTexts,
  eventEditPath,
  SelectionTexts,
  StatusRefusals,
  statusAllows,
  type EventAction,
  type EventStatus,
} from '../../src/shared/massive-events/massive-event-rules.js';

/** What a selected row needs for the rules: its uuid, its name, its display status. */
export interface SelectedEvent {
  uuid: string;
  name: string;
  status: EventStatus;
}

/** The actions that call the server (edit opens the wizard; download runs the invitations' download child). */
export type ServerAction = 'clone' | 'cancel' | 'delete';

export interface EventActionsContext {
  selected: SelectedEvent[];
  action: EventAction | null;
  /** The dialog shown: a refusal (selection or status rule), a success or a failure. */
  dialog: { title: string; detail: string | null } | null;
}

export type EventActionsEvent =
  | { type: 'select.toggle'; row: SelectedEvent }
  | { type: 'select.clear' }
  | { type: 'action'; action: EventAction }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'dialog.close' }
  | { type: 'xstate.done.actor.invitationDownload'; output: InvitationDownloadOutput }
  | { type: 'xstate.error.actor.runAction'; error: unknown };

/** The verb of the selection message 'No es posible {verb} más de un evento a la vez'. */
const VERBS: Record<EventAction, string> = {
  edit: 'editar',
  clone: 'clonar',
  cancel: 'cancelar',
  delete: 'eliminar',
  download: 'descargar las invitaciones de',
};
const SUCCESS: Record<ServerAction, string> = {
  clone: EventTexts.cloned,
  cancel: EventTexts.cancelled,
  delete: EventTexts.deleted,
};

const actionOf = (event: EventActionsEvent) => {
  assertEvent(event, 'action');
  return event.action;
};

/**
 * The events list's toolbar: the rows ticked in the table and the
 * actions on them, the selection and status rules as guards. Spawned by the list (id `toolbar`);
 * after a change it asks the list to reload. Edit goes to the wizard (`openEditor`, provided by the
 * screen). 'Descargar invitaciones' invokes the `invitationDownload` child with the
 * event (GET api/massiveEvents/{id}/invitation); when it ends after a failure the
 * toolbar goes back to the list (`returnTo`, provided by the screen) with nothing ticked.
 */
export const eventActionsMachine = setup({
  types: {
    context: {} as EventActionsContext,
    events: {} as EventActionsEvent,
  },
  actors: {
    /** `POST …/{id}/clone`, `PUT …/{id}/cancel` or `DELETE …/{id}`. */
    runAction: fromPromise<unknown, { action: ServerAction; uuid: string }>(async () => {
      throw new Error('not provided');
    }),
    /** The event's invitations (png or zip), with progress; the screen provides it with its fetch. */
    invitationDownload: invitationDownloadMachine,
  },
  guards: {
    noneSelected: ({ context }) => context.selected.length === 0,
    manySelected: ({ context }) => context.selected.length > 1,
    statusRefuses: ({ context, event }) => !statusAllows[actionOf(event)](context.selected[0]!.status),
    isEdit: ({ event }) => actionOf(event) === 'edit',
    isDownload: ({ event }) => actionOf(event) === 'download',
    isClone: ({ event }) => actionOf(event) === 'clone',
    downloadFailed: ({ event }) =>
      event.type === 'xstate.done.actor.invitationDownload' && event.output.returnTo !== null,
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
    clear: assign({ selected: [] }),
    refuseNone: assign({ dialog: { title: SelectionTexts.none, detail: null } }),
    refuseMany: assign({
      dialog: ({ event }) => {
        const action = actionOf(event);
        return {
          title: action === 'edit' ? SelectionTexts.manyEdit : SelectionTexts.many(VERBS[action]),
          detail: null,
        };
      },
    }),
    /** 'Ups...' for a clone refused; 'No se puede realizar la siguiente acción' for the other status rules. */
    refuseStatus: assign({
      dialog: ({ event }) => {
        const action = actionOf(event);
        return {
          title: action === 'clone' ? EventTexts.cloneRefusedTitle : EventTexts.forbiddenTitle,
          detail: StatusRefusals[action],
        };
      },
    }),
    choose: assign({ action: ({ event }) => actionOf(event) }),
    succeed: assign({
      dialog: ({ context }) => ({ title: '¡Correcto!', detail: SUCCESS[context.action as ServerAction] }),
    }),
    fail: assign({
      dialog: ({ context, event }) => ({
        title: context.action === 'clone' ? EventTexts.cloneRefusedTitle : EventTexts.errorTitle,
        detail:
          event.type === 'xstate.error.actor.runAction'
            ? failureDescription(event.error)
            : failureDescription(undefined),
      }),
    }),
    closeDialog: assign({ dialog: null, action: null }),
    reloadList: sendParent({ type: 'list.reload' }),
    /** The screen navigates to /create?token={id}. */
    openEditor: (_, _params: { path: string }) => undefined,
    /** After a download failure, back to /massiveEvents (the screen navigates). */
    returnTo: (_, _params: { path: string }) => undefined,
  },
}).createMachine({
  id: 'eventActions',
  context: { selected: [], action: null, dialog: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'select.toggle': { actions: 'toggle' },
        'select.clear': { actions: 'clear' },
        action: [
          { guard: 'noneSelected', target: 'refused', actions: 'refuseNone' },
          { guard: 'manySelected', target: 'refused', actions: 'refuseMany' },
          { guard: 'statusRefuses', target: 'refused', actions: 'refuseStatus' },
          {
            guard: 'isEdit',
            actions: {
              type: 'openEditor',
              params: ({ context }) => ({ path: eventEditPath(context.selected[0]!.uuid) }),
            },
          },
          { guard: 'isDownload', target: 'downloading' },
          { guard: 'isClone', target: 'running', actions: 'choose' },
          { target: 'confirming', actions: 'choose' },
        ],
      },
    },
    refused: { on: { 'dialog.close': { target: 'idle', actions: 'closeDialog' } } },
    /** Delete and cancel ask first; clone runs at once. */
    confirming: {
      on: {
        confirm: { target: 'running' },
        cancel: { target: 'idle', actions: 'closeDialog' },
      },
    },
    running: {
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({ action: context.action as ServerAction, uuid: context.selected[0]!.uuid }),
        onDone: { target: 'succeeded', actions: 'succeed' },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    /** The success dialog; closing it reloads the list with nothing ticked. */
    succeeded: { on: { 'dialog.close': { target: 'idle', actions: ['closeDialog', 'clear', 'reloadList'] } } },
    failed: { on: { 'dialog.close': { target: 'idle', actions: 'closeDialog' } } },
    /** The download child draws its progress and its own dialogs ('Descarga completada' or the error). */
    downloading: {
      invoke: {
        id: 'invitationDownload',
        src: 'invitationDownload',
        input: ({ context }) => ({ target: { kind: 'event' as const, uuid: context.selected[0]!.uuid } }),
        onDone: [
          {
            guard: 'downloadFailed',
            target: 'idle',
            actions: [
              'clear',
              { type: 'returnTo', params: ({ event }) => ({ path: event.output.returnTo! }) },
              'reloadList',
            ],
          },
          { target: 'idle' },
        ],
      },
    },
  },
});
