import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate';
import type { AddressOption } from '../../src/shared/platform/api-types.js';
import { isPostalCodeComplete, postalCodeOf } from '../../src/shared/platform/postal-code.js';

/** What the form tells its lookup: the postal-code field changed (or was loaded). */
export type PostalCodeLookupEvent = { type: 'cp.change'; value: unknown };

/** What the lookup tells the form that spawned it. */
export type PostalCodeReport =
  | { type: 'postalCode.found'; cp: string; addresses: AddressOption[] }
  | { type: 'postalCode.failed'; cp: string; error: unknown };

/**
 * The postal-code lookup every address form uses: once the code has five digits,
 * `GET api/addresses/{cp}`; a newer code replaces a lookup still running, and a code cut
 * below five digits stops it, so only the last complete code is ever reported. It reports to
 * its parent form, which decides what the colonies fill; a failure is only logged.
 */
export const postalCodeLookupMachine = setup({
  types: {
    context: {} as { cp: string | null },
    events: {} as PostalCodeLookupEvent,
  },
  actors: {
    lookupAddresses: fromPromise<AddressOption[], { cp: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    isComplete: ({ event }) => isPostalCodeComplete(event.value),
  },
  actions: {
    /** Tells the form that spawned it (replaced by a recorder in its own model tests). */
    report: sendParent((_, params: PostalCodeReport) => params),
    remember: assign(({ event }) => {
      assertEvent(event, 'cp.change');
      return { cp: isPostalCodeComplete(event.value) ? postalCodeOf(event.value) : null };
    }),
  },
}).createMachine({
  id: 'postalCodeLookup',
  context: { cp: null },
  initial: 'idle',
  on: {
    'cp.change': [
      { guard: 'isComplete', target: '.lookingUp', reenter: true, actions: 'remember' },
      { target: '.idle', actions: 'remember' },
    ],
  },
  states: {
    idle: {},
    lookingUp: {
      invoke: {
        id: 'lookup',
        src: 'lookupAddresses',
        input: ({ context }) => ({ cp: context.cp! }),
        onDone: {
          target: 'idle',
          actions: {
            type: 'report',
            params: ({ context, event }): PostalCodeReport => ({
              type: 'postalCode.found',
              cp: context.cp!,
              addresses: event.output,
            }),
          },
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'report',
            params: ({ context, event }): PostalCodeReport => ({
              type: 'postalCode.failed',
              cp: context.cp!,
              error: event.error,
            }),
          },
        },
      },
    },
  },
});
