import { assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { integratorFullName, type AccessTarget } from '../../src/shared/integrators/integrator-access.js';

export interface IntegratorAccessContext {
  /** The integrator whose access is being changed. */
  target: AccessTarget;
  error: string | null;
  /** The server changed the access: the list must show the new state. */
  changed: boolean;
}

export type IntegratorAccessEvent = { type: 'access.confirm' } | { type: 'access.cancel' } | { type: 'dialog.close' };

/** The listed integrator the action is on (what the list gives its row-action child). */
export interface IntegratorAccessInput {
  row: { uuid: string; name: string; lastName?: string | null; enabled: boolean };
}

/**
 * Enable or disable an integrator, as the integrators list's row-action child: ask
 * for confirmation, call enable or disable (disabling cascades to its communities on the
 * server), show the error dialog on failure, and end with `{ changed }` so the list reloads.
 */
export const integratorAccessMachine = setup({
  types: {
    context: {} as IntegratorAccessContext,
    events: {} as IntegratorAccessEvent,
    input: {} as IntegratorAccessInput,
    output: {} as { changed: boolean },
  },
  actors: {
    /** `PUT api/integrator/{uuid}/enable` or `/disable`. */
    setAccess: fromPromise<unknown, { uuid: string; enable: boolean }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    markChanged: assign({ changed: true }),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureDescription(params.error) })),
  },
}).createMachine({
  id: 'integratorAccess',
  context: ({ input }) => ({
    target: { uuid: input.row.uuid, name: integratorFullName(input.row), enabled: input.row.enabled },
    error: null,
    changed: false,
  }),
  initial: 'confirming',
  output: ({ context }) => ({ changed: context.changed }),
  states: {
    confirming: {
      on: {
        'access.confirm': { target: 'saving' },
        'access.cancel': { target: 'closed' },
      },
    },
    saving: {
      invoke: {
        id: 'setAccess',
        src: 'setAccess',
        input: ({ context }) => ({ uuid: context.target.uuid, enable: !context.target.enabled }),
        onDone: { target: 'closed', actions: 'markChanged' },
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The spec's empty error dialog (the server's description, when there is one, as detail). */
    failed: { on: { 'dialog.close': { target: 'closed' } } },
    closed: { type: 'final' },
  },
});
