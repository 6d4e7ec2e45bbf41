import { integratorAccessMachine } from '../../../machines/integrators/integrator-access.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

export const enabledIntegrator = { uuid: 'i1', name: 'Ignacio Ramírez Soto', enabled: true };
export const disabledIntegrator = { uuid: 'i2', name: 'Isabel Navarro Luna', enabled: false };
export const accessFailure = {
  kind: 'http',
  status: 500,
  body: { error: 'server_error', error_description: 'Error interno del servidor' },
};

export const integratorAccessModel: ModelSpec<typeof integratorAccessMachine> = {
  name: 'integratorAccess',
  machine: integratorAccessMachine,
  // The list starts it on the row whose button was pressed.
  inputs: [
    {
      name: 'enabled integrator',
      input: { row: { uuid: 'i1', name: 'Ignacio', lastName: 'Ramírez Soto', enabled: true } },
    },
    {
      name: 'disabled integrator',
      input: { row: { uuid: 'i2', name: 'Isabel', lastName: 'Navarro Luna', enabled: false } },
    },
  ],
  events: (s) => {
    switch (s.value as string) {
      case 'confirming':
        return [{ type: 'access.confirm' }, { type: 'access.cancel' }];
      case 'saving':
        return [
          { type: 'xstate.done.actor.setAccess', output: { ...s.context.target, enabled: !s.context.target.enabled } },
          { type: 'xstate.error.actor.setAccess', error: accessFailure },
        ];
      case 'failed':
        return [{ type: 'dialog.close' }];
      default:
        return [];
    }
  },
};

/* What the spec says holds in each state (enable/disable, confirmations and the empty error dialog). */
const fail = (message: string) => {
  throw new Error(message);
};
integratorAccessModel.expectations = {
  '"confirming"': [
    {
      says: 'Antes de cambiar el acceso se pide confirmación nombrando al integrador; no se envía nada aún',
      actor: (p) => {
        const { name } = p.snapshot.context.target;
        if (name !== 'Ignacio Ramírez Soto' && name !== 'Isabel Navarro Luna') fail(`nombra a '${name}'`);
        if (p.calls.length) fail('se envió antes de confirmar');
      },
    },
  ],
  '"saving"': [
    {
      says: 'Confirmar pide lo contrario del estado actual: deshabilitar a un integrador habilitado, habilitar a uno deshabilitado',
      actor: (p) => {
        const call = p.calls.at(-1) ?? fail('no se envió');
        if (call.input.enable !== !p.snapshot.context.target.enabled) fail(`pidió enable=${call.input.enable}`);
      },
    },
  ],
  '"failed"': [
    {
      says: 'Si falla, se muestra el diálogo de error vacío con el motivo del servidor debajo',
      actor: (p) => {
        if (p.snapshot.context.error !== 'Error interno del servidor')
          fail(`el motivo es '${p.snapshot.context.error}'`);
      },
    },
  ],
  '"closed"': [
    {
      says: 'Al terminar dice a la lista si el acceso cambió (solo entonces la lista se vuelve a pedir)',
      actor: (p) => {
        const changed = p.calls.some((c) => c.outcome === 'done');
        if (p.snapshot.output?.changed !== changed) fail(`dijo changed=${p.snapshot.output?.changed}`);
      },
    },
  ],
};
integratorAccessModel.describeEvent = (e) =>
  (
    ({
      'access.confirm': 'confirma',
      'access.cancel': 'cancela',
      'dialog.close': 'cierra el aviso de error',
      'xstate.done.actor.setAccess': 'el servidor cambia el acceso',
      'xstate.error.actor.setAccess': 'el servidor falla (500)',
    }) as Record<string, string>
  )[e.type] ?? e.type;
