import { residentStatusMachine } from '../../../machines/residents/resident-status.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

export const activeResident = { uuid: 'r1', name: 'Ana López Ruiz', status: 'ACTIVE' };
export const inactiveResident = { uuid: 'r2', name: 'Bruno Díaz Mora', status: 'INACTIVE' };
export const statusFailure = {
  kind: 'http',
  status: 409,
  body: { error: 'conflict', error_description: 'El residente ya no existe.' },
};

export const residentStatusModel: ModelSpec<typeof residentStatusMachine> = {
  name: 'residentStatus',
  machine: residentStatusMachine,
  // The list starts it on the row whose Activar / Desactivar was pressed.
  inputs: [
    { name: 'residente activo', input: { row: activeResident } },
    { name: 'residente inactivo', input: { row: inactiveResident } },
  ],
  events: (s) => {
    switch (s.value as string) {
      case 'saving':
        return [
          { type: 'xstate.done.actor.setStatus', output: {} },
          { type: 'xstate.error.actor.setStatus', error: statusFailure },
        ];
      case 'succeeded':
      case 'failed':
        return [{ type: 'dialog.close' }];
      default:
        return [];
    }
  },
};

/* What the spec says holds (ACTIVE can be deactivated, non-active activated; titles). */
type Probe = ActorProbe<typeof residentStatusMachine>;
const fail = (message: string) => {
  throw new Error(message);
};
const call = (p: Probe) => p.calls.find((c) => c.src === 'setStatus') ?? fail('no se pidió el cambio');
residentStatusModel.expectations = {
  '"saving"': [
    {
      says: 'Un residente ACTIVE se desactiva; uno no activo se activa',
      actor: (p) => {
        const { uuid, enable } = call(p).input;
        if (enable !== (uuid === inactiveResident.uuid)) fail(`pidió enable=${enable} para ${uuid}`);
      },
    },
  ],
  '"succeeded"': [
    {
      says: "Tras el cambio se muestra '¡Correcto!'",
      view: (p) => {
        p.screen.getByRole('alertdialog', { name: '¡Correcto!', hidden: true });
      },
    },
  ],
  '"failed"': [
    {
      says: "Si falla: 'No es posible desactivar' o 'No es posible activar' con el error_description del servidor",
      actor: (p) => {
        if (p.snapshot.context.error !== statusFailure.body.error_description)
          fail(`dice '${p.snapshot.context.error}'`);
      },
      // The view walk says which button was pressed (`enable`: the row was not ACTIVE).
      view: (p) => {
        const title = p.enable ? 'No es posible activar' : 'No es posible desactivar';
        const dialog = p.screen.getByRole('alertdialog', { name: title, hidden: true });
        if (!dialog.textContent.includes(statusFailure.body.error_description)) fail('no muestra el motivo');
      },
    },
  ],
  '"closed"': [
    {
      says: 'Al terminar dice a la lista si el estado cambió (solo entonces la lista se vuelve a pedir)',
      actor: (p) => {
        const changed = p.calls.some((c) => c.outcome === 'done');
        if (p.snapshot.output?.changed !== changed) fail(`dijo changed=${p.snapshot.output?.changed}`);
      },
    },
  ],
};
residentStatusModel.describeEvent = (e) =>
  (
    ({
      'dialog.close': 'cierra el aviso',
      'xstate.done.actor.setStatus': 'el servidor cambia el estado',
      'xstate.error.actor.setStatus': 'el servidor no puede (409)',
    }) as Record<string, string>
  )[e.type] ?? e.type;
