import { integratorAccessMachine } from '../../../machines/integrator-access.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

export const enabledIntegrator = { uuid: 'i1', name: 'Ignacio Ramírez Soto', enabled: true };
export const disabledIntegrator = { uuid: 'i2', name: 'Isabel Navarro Luna', enabled: false };
export const accessFailure = { kind: 'http', status: 500, body: { error: 'server_error', error_description: 'Error interno del servidor' } };

export const integratorAccessModel: ModelSpec = {
  name: 'integratorAccess',
  machine: integratorAccessMachine,
  // The list starts it on the row whose button was pressed.
  inputs: [
    { name: 'enabled integrator', input: { row: { uuid: 'i1', name: 'Ignacio', lastName: 'Ramírez Soto', enabled: true } } },
    { name: 'disabled integrator', input: { row: { uuid: 'i2', name: 'Isabel', lastName: 'Navarro Luna', enabled: false } } },
  ],
  events: (s) => {
    switch (s.value as string) {
      case 'confirming': return [{ type: 'access.confirm' }, { type: 'access.cancel' }];
      case 'saving': return [
        { type: 'xstate.done.actor.setAccess', output: { ...s.context.target, enabled: !s.context.target.enabled } },
        { type: 'xstate.error.actor.setAccess', error: accessFailure },
      ];
      case 'failed': return [{ type: 'dialog.close' }];
      default: return [];
    }
  },
};
