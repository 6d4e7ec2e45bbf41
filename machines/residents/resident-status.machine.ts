import { assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';

/** The listed resident the action is on (what the list gives its row-action child). */
export interface ResidentStatusInput {
  row: { uuid: string; name: string; status: string };
}

export interface ResidentStatusContext {
  uuid: string;
  name: string;
  /** Activate (a non-active resident) or deactivate (an ACTIVE one). */
  enable: boolean;
  error: string | null;
  /** The server changed the status: the list must show it. */
  changed: boolean;
}

export type ResidentStatusEvent = { type: 'dialog.close' };

/**
 * Activar / Desactivar a resident, as the residents list's row-action child: call
 * enable or disable at once, show '¡Correcto!' or the spec's failure dialog ('No es posible
 * activar' / 'No es posible desactivar' with the server's error_description), and end with
 * `{ changed }` so the list reloads after a change is acknowledged.
 */
export const residentStatusMachine = setup({
  types: {
    context: {} as ResidentStatusContext,
    events: {} as ResidentStatusEvent,
    input: {} as ResidentStatusInput,
    output: {} as { changed: boolean },
  },
  actors: {
    /** `PUT api/residents/enable/{id}` or `PUT api/residents/disable/{id}`. */
    setStatus: fromPromise<unknown, { uuid: string; enable: boolean }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    markChanged: assign({ changed: true }),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureDescription(params.error) })),
  },
}).createMachine({
  id: 'residentStatus',
  context: ({ input }) => ({
    uuid: input.row.uuid,
    name: input.row.name,
    enable: input.row.status !== 'ACTIVE',
    error: null,
    changed: false,
  }),
  initial: 'saving',
  output: ({ context }) => ({ changed: context.changed }),
  states: {
    saving: {
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context }) => ({ uuid: context.uuid, enable: context.enable }),
        onDone: { target: 'succeeded', actions: 'markChanged' },
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    succeeded: { on: { 'dialog.close': { target: 'closed' } } },
    failed: { on: { 'dialog.close': { target: 'closed' } } },
    closed: { type: 'final' },
  },
});
