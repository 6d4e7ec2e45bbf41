import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../../machines/session/session.machine.js';
import { SignInMessages } from '../../../src/shared/session/sign-in-rules.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { sessionModel } from './session.model.js';

const paths = generatePaths(sessionModel);
const srcs = ['checkSession', 'signIn', 'switchCommunity', 'signOut'];

describe('session machine (sign-in and session)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(sessionModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const stored: string[] = [];
    let cleared = 0;
    let reloaded = 0;
    const run = await runOnActor(
      sessionMachine,
      path,
      srcs,
      {
        persistToken: (_: unknown, params: { token: string }) => {
          stored.push(params.token);
        },
        clearStorage: () => {
          cleared++;
        },
        reload: () => {
          reloaded++;
        },
      },
      sessionModel,
    );
    expect(run.seen).toEqual(path.states);
    const ctx = run.snapshot.context;
    expect(ctx).toEqual(path.final.context);
    const last = path.events.at(-1)!;
    // Rules the path must show on the real actor:
    if (
      JSON.stringify(run.snapshot.value).includes('error') &&
      ctx.portal === 'contractor' &&
      last.type === 'xstate.done.actor.revokeRejected'
    ) {
      expect(ctx.error).toBe(SignInMessages.contractorOnly);
    }
    if (last.type === 'xstate.error.actor.signIn' && ctx.portal === 'main')
      expect(ctx.error).toBe(SignInMessages.expired);
    if (last.type === 'xstate.error.actor.signIn' && ctx.portal === 'contractor')
      expect(ctx.error).toBe(SignInMessages.network);
    if (last.type === 'xstate.done.actor.switchCommunity') expect(reloaded).toBe(1);
    if (['xstate.done.actor.signOut', 'session.expired', 'xstate.error.actor.checkSession'].includes(last.type)) {
      expect(cleared).toBeGreaterThan(0);
      expect(ctx.token).toBeNull();
    }
    if (run.snapshot.matches('authenticated') && path.inputName === 'no token') expect(stored.at(-1)).toBe('t');
  });
});
