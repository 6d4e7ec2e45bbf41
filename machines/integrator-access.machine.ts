import { assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../src/shared/api-failure.js';
import type { AccessTarget } from '../src/shared/integrator-access.js';

export interface IntegratorAccessContext {
  /** The integrator whose access is being changed. */
  target: AccessTarget | null;
  error: string | null;
}

export type IntegratorAccessEvent =
  | { type: 'access.toggle'; integrator: AccessTarget }
  | { type: 'access.confirm' }
  | { type: 'access.cancel' }
  | { type: 'dialog.close' };

/**
 * Enable or disable an integrator (spec 1 §4): ask for confirmation, call enable or disable
 * (disabling cascades to its communities on the server), reload the list on success, show the
 * error dialog on failure.
 */
export const integratorAccessMachine = setup({
  types: {
    context: {} as IntegratorAccessContext,
    events: {} as IntegratorAccessEvent,
  },
  actors: {
    /** `PUT api/integrator/{uuid}/enable` or `/disable`. */
    setAccess: fromPromise<unknown, { uuid: string; enable: boolean }>(async () => { throw new Error('not provided'); }),
  },
  actions: {
    /** The list shows the new state (the page reloads its rows). */
    notifyChanged: () => {},
  },
}).createMachine({
  id: 'integratorAccess',
  context: { target: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'access.toggle': { target: 'confirming', actions: assign({ target: ({ event }) => event.integrator }) } },
    },
    confirming: {
      on: {
        'access.confirm': { target: 'saving' },
        'access.cancel': { target: 'idle', actions: assign({ target: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'setAccess', src: 'setAccess',
        input: ({ context }) => ({ uuid: context.target!.uuid, enable: !context.target!.enabled }),
        onDone: { target: 'idle', actions: ['notifyChanged', assign({ target: null })] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureDescription(event.error) }) },
      },
    },
    /** The spec's empty error dialog (the server's description, when there is one, as detail). */
    failed: {
      on: { 'dialog.close': { target: 'idle', actions: assign({ target: null, error: null }) } },
    },
  },
});
