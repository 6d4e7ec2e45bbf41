import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CurrentUser } from '../../src/shared/platform/api-types.js';
import { fieldErrors, withoutError } from '../../src/shared/platform/form-validation.js';
import { ContractorSignInSchema, SignInSchema } from '../../src/shared/session/auth.schema.js';
import {
  SignInMessages,
  isAllowedOnPortal,
  signInFailureMessage,
  type Portal,
} from '../../src/shared/session/sign-in-rules.js';

export interface Credentials {
  email: string;
  password: string;
  portal: Portal;
}
export interface SessionContext {
  token: string | null;
  user: CurrentUser | null;
  portal: Portal;
  error: string | null;
  /** What the sign-in fields hold; emptied after a failed attempt. */
  credentials: { email: string; password: string };
  /** Field messages of the sign-in form. */
  fieldErrors: Record<string, string>;
}
export type SessionEvent =
  | { type: 'credentials.change'; name: 'email' | 'password'; value: string }
  | { type: 'session.signIn'; portal: Portal }
  | { type: 'session.switchCommunity'; uuid: string }
  | { type: 'session.signOut' }
  | { type: 'session.expired' }
  | { type: 'error.dismiss' };

/** The sign-in rules of each portal. */
const credentialRules = (portal: Portal) => (portal === 'contractor' ? ContractorSignInSchema : SignInSchema);

/**
 * The session: check a stored token on start, sign in (the fields, their rules, loading,
 * success or error with the fields emptied), switch community, sign out, and fall back to the
 * sign-in when the token stops working. The states of a signed-in session carry the tag `signedIn`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { token: string | null },
  },
  actors: {
    /** Loads the current user with the stored token. */
    checkSession: fromPromise<CurrentUser, { token: string }>(async () => {
      throw new Error('not provided');
    }),
    /** Requests a token and loads the current user with it. */
    signIn: fromPromise<{ token: string; user: CurrentUser }, Credentials>(async () => {
      throw new Error('not provided');
    }),
    switchCommunity: fromPromise<void, { uuid: string }>(async () => {
      throw new Error('not provided');
    }),
    signOut: fromPromise<void, { token: string | null }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    /** Keeps the token where the API client reads it (web: local storage). */
    persistToken: (_, _params: { token: string }) => {},
    /** Clears every locally stored value. */
    clearStorage: () => {},
    /** Reloads the page after switching community. */
    reload: () => {},
    /** After a failed attempt the sign-in fields are emptied. */
    clearCredentials: assign({ credentials: { email: '', password: '' }, fieldErrors: {} }),
    editCredential: assign(({ context, event }) => {
      assertEvent(event, 'credentials.change');
      return {
        credentials: { ...context.credentials, [event.name]: event.value },
        fieldErrors: withoutError(context.fieldErrors, event.name),
      };
    }),
    keepUser: assign((_, params: { user: CurrentUser }) => ({ user: params.user })),
    /** The stored token no longer works, or the user left: nobody is signed in. */
    forgetSession: assign({ token: null, user: null }),
    forgetToken: assign({ token: null }),
    /** Signing in on this portal; the last failure and field messages go. */
    startSignIn: assign((_, params: { portal: Portal }) => ({ portal: params.portal, error: null, fieldErrors: {} })),
    keepSignedIn: assign((_, params: { token: string; user: CurrentUser }) => ({
      token: params.token,
      user: params.user,
    })),
    /** A valid account on the wrong portal: its token is kept only to be revoked, and the reason shown. */
    refusePortal: assign((_, params: { token: string }) => ({
      token: params.token,
      error: SignInMessages.contractorOnly,
    })),
    showSignInFailure: assign((_, params: { error: unknown }) => ({ error: signInFailureMessage(params.error) })),
    dismissError: assign({ error: null }),
    markCredentialErrors: assign({
      fieldErrors: ({ context, event }) => {
        assertEvent(event, 'session.signIn');
        const result = v.safeParse(credentialRules(event.portal), context.credentials);
        return result.success ? {} : fieldErrors(result.issues);
      },
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    credentialsValid: ({ context, event }) => {
      assertEvent(event, 'session.signIn');
      return v.is(credentialRules(event.portal), context.credentials);
    },
    isAllowedOnPortal: ({ context }, params: { idUsersTypes: number }) =>
      isAllowedOnPortal(context.portal, params.idUsersTypes),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token,
    user: null,
    portal: 'main',
    error: null,
    credentials: { email: '', password: '' },
    fieldErrors: {},
  }),
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
        onDone: {
          target: 'authenticated',
          actions: { type: 'keepUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: { target: 'signedOut', actions: ['clearStorage', 'forgetSession'] },
      },
    },
    signedOut: {
      initial: 'idle',
      states: {
        // Signing in again needs the error dialog closed first, as on the screen.
        idle: {
          on: {
            'credentials.change': { actions: 'editCredential' },
            'session.signIn': [
              {
                guard: 'credentialsValid',
                target: '#session.signingIn',
                actions: { type: 'startSignIn', params: ({ event }) => ({ portal: event.portal }) },
              },
              { actions: 'markCredentialErrors' },
            ],
          },
        },
        error: {
          entry: 'clearCredentials',
          on: { 'error.dismiss': { target: 'idle', actions: 'dismissError' } },
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({
          ...v.parse(credentialRules(context.portal), context.credentials),
          portal: context.portal,
        }),
        onDone: [
          {
            guard: {
              type: 'isAllowedOnPortal',
              params: ({ event }) => ({ idUsersTypes: event.output.user.idUsersTypes }),
            },
            target: 'authenticated',
            actions: [
              {
                type: 'keepSignedIn',
                params: ({ event }) => ({ token: event.output.token, user: event.output.user }),
              },
              { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) },
            ],
          },
          {
            target: 'rejecting',
            actions: { type: 'refusePortal', params: ({ event }) => ({ token: event.output.token }) },
          },
        ],
        onError: {
          target: 'signedOut.error',
          actions: { type: 'showSignInFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** A valid account on the wrong portal: its fresh token is revoked before showing why. */
    rejecting: {
      invoke: {
        id: 'revokeRejected',
        src: 'signOut',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'signedOut.error', actions: 'forgetToken' },
        onError: { target: 'signedOut.error', actions: 'forgetToken' },
      },
    },
    authenticated: {
      tags: ['signedIn'],
      on: {
        'session.switchCommunity': { target: 'switching' },
        'session.signOut': { target: 'signingOut' },
        'session.expired': { target: 'signedOut', actions: ['clearStorage', 'forgetSession'] },
      },
    },
    switching: {
      tags: ['signedIn'],
      invoke: {
        id: 'switchCommunity',
        src: 'switchCommunity',
        input: ({ event }) => {
          assertEvent(event, 'session.switchCommunity');
          return { uuid: event.uuid };
        },
        onDone: { target: 'authenticated', actions: 'reload' },
        onError: { target: 'authenticated' },
      },
    },
    signingOut: {
      tags: ['signedIn'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'signedOut', actions: ['clearStorage', 'forgetSession'] },
        onError: { target: 'signedOut', actions: ['clearStorage', 'forgetSession'] },
      },
    },
  },
});
