import { assign, fromPromise, setup } from 'xstate';
import type { CurrentUser } from '../src/shared/api-types.js';
import { SignInMessages, isAllowedOnPortal, signInFailureMessage, type Portal } from '../src/shared/sign-in-rules.js';

export interface Credentials { email: string; password: string; portal: Portal }
export interface SessionContext {
  token: string | null;
  user: CurrentUser | null;
  portal: Portal;
  error: string | null;
}
export type SessionEvent =
  | { type: 'session.signIn'; email: string; password: string; portal: Portal }
  | { type: 'session.switchCommunity'; uuid: string }
  | { type: 'session.signOut' }
  | { type: 'session.expired' }
  | { type: 'error.dismiss' };

/**
 * The session: check a stored token on start, sign in (idle, loading, success or error),
 * switch community, sign out, and fall back to the sign-in when the token stops working.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { token: string | null },
  },
  actors: {
    /** Loads the current user with the stored token. */
    checkSession: fromPromise<CurrentUser, { token: string }>(async () => { throw new Error('not provided'); }),
    /** Requests a token and loads the current user with it. */
    signIn: fromPromise<{ token: string; user: CurrentUser }, Credentials>(async () => { throw new Error('not provided'); }),
    switchCommunity: fromPromise<void, { uuid: string }>(async () => { throw new Error('not provided'); }),
    signOut: fromPromise<void, { token: string | null }>(async () => { throw new Error('not provided'); }),
  },
  actions: {
    /** Keeps the token where the API client reads it (web: local storage). */
    persistToken: (_, _params: { token: string }) => {},
    /** Clears every locally stored value (spec 1 §4). */
    clearStorage: () => {},
    /** Reloads the page after switching community (spec 1 §2). */
    reload: () => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isAllowedOnPortal: ({ context }, params: { idUsersTypes: number }) => isAllowedOnPortal(context.portal, params.idUsersTypes),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.token, user: null, portal: 'main', error: null }),
  initial: 'boot',
  states: {
    boot: {
      always: [{ guard: 'hasToken', target: 'restoring' }, { target: 'signedOut' }],
    },
    restoring: {
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'authenticated', actions: assign({ user: ({ event }) => event.output }) },
        onError: { target: 'signedOut', actions: ['clearStorage', assign({ token: null, user: null })] },
      },
    },
    signedOut: {
      initial: 'idle',
      states: {
        // Signing in again needs the error dialog closed first, as on the screen.
        idle: {
          on: {
            'session.signIn': {
              target: '#session.signingIn',
              actions: assign({ portal: ({ event }) => event.portal, error: null }),
            },
          },
        },
        error: { on: { 'error.dismiss': { target: 'idle', actions: assign({ error: null }) } } },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context, event }) => {
          const e = event as Extract<SessionEvent, { type: 'session.signIn' }>;
          return { email: e.email, password: e.password, portal: context.portal };
        },
        onDone: [
          {
            guard: { type: 'isAllowedOnPortal', params: ({ event }) => ({ idUsersTypes: event.output.user.idUsersTypes }) },
            target: 'authenticated',
            actions: [
              assign({ token: ({ event }) => event.output.token, user: ({ event }) => event.output.user }),
              { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) },
            ],
          },
          {
            target: 'rejecting',
            actions: assign({ token: ({ event }) => event.output.token, error: SignInMessages.contractorOnly }),
          },
        ],
        onError: { target: 'signedOut.error', actions: assign({ error: ({ event }) => signInFailureMessage(event.error) }) },
      },
    },
    /** A valid account on the wrong portal: its fresh token is revoked before showing why. */
    rejecting: {
      invoke: {
        id: 'revokeRejected',
        src: 'signOut',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'signedOut.error', actions: assign({ token: null }) },
        onError: { target: 'signedOut.error', actions: assign({ token: null }) },
      },
    },
    authenticated: {
      on: {
        'session.switchCommunity': { target: 'switching' },
        'session.signOut': { target: 'signingOut' },
        'session.expired': { target: 'signedOut', actions: ['clearStorage', assign({ token: null, user: null })] },
      },
    },
    switching: {
      invoke: {
        id: 'switchCommunity',
        src: 'switchCommunity',
        input: ({ event }) => ({ uuid: (event as Extract<SessionEvent, { type: 'session.switchCommunity' }>).uuid }),
        onDone: { target: 'authenticated', actions: 'reload' },
        onError: { target: 'authenticated' },
      },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'signedOut', actions: ['clearStorage', assign({ token: null, user: null })] },
        onError: { target: 'signedOut', actions: ['clearStorage', assign({ token: null, user: null })] },
      },
    },
  },
});
