import { createActorContext } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../../../machines/session/session.machine.js';
import { setUnauthorizedHandler } from '../../platform/api/client.js';
import { sessionApi } from './session.api.js';
import { rememberedUser, rememberUser, tokenStore } from '../../platform/api/storage.js';
import { isApiFailure } from '../../../shared/platform/api-failure.js';
import { wipeGate } from '../passes/gate-wipe.js';
import { inspected } from '../../inspector.js';

/** The session machine with the browser's real effects. */
export const browserSessionMachine = sessionMachine.provide({
  actors: {
    checkSession: fromPromise(async () => {
      try {
        return rememberUser(await sessionApi.me());
      } catch (error) {
        // No answer at all (the booth's internet is down): the session stays with the user last confirmed,
        // so the offline gate opens; any call then fails, and a 401 once online signs out.
        const remembered = rememberedUser();
        if (isApiFailure(error) && error.kind === 'network' && remembered) return remembered;
        throw error;
      }
    }),
    signIn: fromPromise(async ({ input }) => {
      const signedIn = await sessionApi.signIn(input.email, input.password);
      rememberUser(signedIn.user);
      return signedIn;
    }),
    switchCommunity: fromPromise(async ({ input }) => {
      await sessionApi.switchCommunity(input.uuid);
    }),
    signOut: fromPromise(async ({ input }) => {
      await sessionApi.signOut(input.token);
    }),
  },
  actions: {
    persistToken: (_, params) => tokenStore.set(params.token),
    clearStorage: () => {
      tokenStore.clearAll();
      // The offline gate's snapshot and records hold names and passes: nothing stays after the session.
      wipeGate();
    },
    reload: () => window.location.reload(),
  },
});

export const SessionContext = createActorContext(browserSessionMachine, { input: { token: tokenStore.get() } });

/** Wires the transport's 401 report to the machine, which decides to sign out. */
function UnauthorizedBridge() {
  const session = SessionContext.useActorRef();
  useEffect(() => setUnauthorizedHandler(() => session.send({ type: 'session.expired' })), [session]);
  return null;
}

export function SessionProvider({ children, logic }: { children: ReactNode; logic?: typeof browserSessionMachine }) {
  return (
    <SessionContext.Provider logic={logic} options={inspected({ input: { token: tokenStore.get() } })}>
      <UnauthorizedBridge />
      {children}
    </SessionContext.Provider>
  );
}

export const useSessionUser = () => SessionContext.useSelector((s) => s.context.user);
