import type { CurrentUser } from '../../../src/shared/api-types.js';
import { sessionMachine } from '../../../machines/session.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

const user = (idUsersTypes: number): CurrentUser => ({
  uuid: 'u1', email: 'a@porton.mx', username: 'a@porton.mx', role: 'x', roleKey: 'admin', frac: 'Las Palmas',
  product: [{ name: 'Las Palmas', uuid: 'f1' }, { name: 'Bosques', uuid: 'f2' }], logoURL: null, idUsersTypes,
  testFrac: { uuid: 'f1', name: 'Las Palmas' }, firstName: 'A', lastName: 'B',
});
const expired = { kind: 'http', status: 400, body: { error: 'invalid_grant', error_description: 'User account has expired' } };

export const sessionModel: ModelSpec = {
  name: 'session',
  machine: sessionMachine,
  inputs: [{ name: 'no token', input: { token: null } }, { name: 'stored token', input: { token: 'stored' } }],
  events: (s) => {
    const v = JSON.stringify(s.value);
    if (v.includes('restoring')) return [
      { type: 'xstate.done.actor.checkSession', output: user(4) },
      { type: 'xstate.error.actor.checkSession', error: { kind: 'http', status: 401, body: { error: 'unauthorized', error_description: 'x' } } },
    ];
    if (v.includes('signedOut')) return v.includes('error') ? [{ type: 'error.dismiss' }] : [
      { type: 'session.signIn', email: 'a@porton.mx', password: 'Porton2026', portal: 'main' },
      { type: 'session.signIn', email: 'a@porton.mx', password: 'Porton2026', portal: 'contractor' },
    ];
    if (v.includes('signingIn')) return s.context.portal === 'main'
      ? [{ type: 'xstate.done.actor.signIn', output: { token: 't', user: user(4) } }, { type: 'xstate.error.actor.signIn', error: expired }]
      : [{ type: 'xstate.done.actor.signIn', output: { token: 't', user: user(4) } }, { type: 'xstate.done.actor.signIn', output: { token: 't', user: user(15) } }, { type: 'xstate.error.actor.signIn', error: { kind: 'network' } }];
    if (v.includes('rejecting')) return [{ type: 'xstate.done.actor.revokeRejected' }, { type: 'xstate.error.actor.revokeRejected', error: { kind: 'network' } }];
    if (v.includes('authenticated')) return [{ type: 'session.switchCommunity', uuid: 'f2' }, { type: 'session.signOut' }, { type: 'session.expired' }];
    if (v.includes('switching')) return [{ type: 'xstate.done.actor.switchCommunity' }, { type: 'xstate.error.actor.switchCommunity', error: { kind: 'network' } }];
    if (v.includes('signingOut')) return [{ type: 'xstate.done.actor.signOut' }, { type: 'xstate.error.actor.signOut', error: { kind: 'network' } }];
    return [];
  },
};

