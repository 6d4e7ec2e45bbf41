import { setup } from 'xstate';
import { afterRegistrationPath, hasRegistrationLink } from '../../src/shared/session/registration-rules.js';
import { formScreenMachine, type FormOutput } from '../platform/form-screen.machine.js';

/**
 * Completing a registration from a link. Without type=register and a uuid the
 * link is refused ('No tienes permiso…', then /home). Otherwise the password form runs as a
 * child (the form skeleton with the registration rules: it loads the user by uuid, and 'not
 * found' is its load failure); when it ends, a saved registration goes to the contractor's
 * sign-in or home by the user's type, anything else to /.
 */
export const registrationMachine = setup({
  types: {
    input: {} as { type: string | null; uuid: string | null },
    context: {} as { type: string | null; uuid: string | null },
    events: {} as { type: 'dialog.close' },
    /** The password form the screen draws. */
    children: {} as { form: 'passwordForm' },
  },
  actors: {
    /** The password form: formScreenMachine with the registration rules and calls (provided by the screen). */
    passwordForm: formScreenMachine,
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    hasLink: ({ context }) => hasRegistrationLink(context.type, context.uuid),
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({ type: input.type, uuid: input.uuid }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'hasLink', target: 'form' }, { target: 'invalidLink' }] },
    invalidLink: {
      on: { 'dialog.close': { target: 'left', actions: { type: 'navigate', params: { to: '/home' } } } },
    },
    form: {
      invoke: {
        id: 'form',
        src: 'passwordForm',
        input: ({ context }) => ({ id: context.uuid, row: null }),
        onDone: {
          target: 'left',
          actions: {
            type: 'navigate',
            params: ({ event }) => {
              const output: FormOutput = event.output;
              return { to: output.saved ? afterRegistrationPath(Number(output.record.idUsersTypes ?? 0)) : '/' };
            },
          },
        },
      },
    },
    left: { type: 'final' },
  },
});
