import { assign, fromPromise, sendParent, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import type { PartNews } from '../platform/form-screen-context.js';

export type PhoneRemovalEvent = { type: 'removal.confirm' } | { type: 'removal.cancel' } | { type: 'dialog.close' };

/** The saved phone row asked about: its place in the form, its uuid and its number. */
export interface PhoneRemovalInput {
  index: number;
  uuid: string;
  phone: string;
}

interface PhoneRemovalContext extends PhoneRemovalInput {
  /** The server's text when it refuses. */
  serverError: string | null;
}

/**
 * Removing a saved phone of the resident form, a part the form opens over itself: '¿Seguro que
 * deseas eliminar el teléfono …?'; 'Eliminar' sends `DELETE api/phones/{uuid}` and the row goes
 * only once the server removed it; a refusal shows 'No es posible eliminar' with its text and the
 * row stays. It ends by telling the form (`part.release`: removed, cancelled or failed).
 */
export const residentPhoneRemovalMachine = setup({
  types: {
    context: {} as PhoneRemovalContext,
    events: {} as PhoneRemovalEvent,
    input: {} as PhoneRemovalInput,
  },
  actors: {
    /** DELETE api/phones/{uuid}. */
    removePhone: fromPromise<unknown, { uuid: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    /** Tells the form that opened it (replaced by a recorder in its model). */
    report: sendParent((_, params: PartNews) => ({ type: 'part.release' as const, ...params })),
    showFailure: assign((_, params: { error: unknown }) => ({ serverError: failureDescription(params.error) })),
  },
}).createMachine({
  id: 'residentPhoneRemoval',
  context: ({ input }) => ({ ...input, serverError: null }),
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        'removal.confirm': { target: 'removing' },
        'removal.cancel': {
          target: 'done',
          actions: { type: 'report', params: { part: 'phoneRemoval', outcome: 'cancelled' } },
        },
      },
    },
    removing: {
      invoke: {
        id: 'removePhone',
        src: 'removePhone',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: {
          target: 'done',
          actions: {
            type: 'report',
            params: ({ context }) => ({ part: 'phoneRemoval', outcome: 'removed', value: context.uuid }),
          },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** 'No es posible eliminar' with the server's text; the phone stays. */
    failed: {
      on: {
        'dialog.close': {
          target: 'done',
          actions: { type: 'report', params: { part: 'phoneRemoval', outcome: 'failed' } },
        },
      },
    },
    done: { type: 'final' },
  },
});
