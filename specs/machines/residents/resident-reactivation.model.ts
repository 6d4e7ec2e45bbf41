import type { AnyEventObject } from 'xstate';
import { residentReactivationMachine } from '../../../machines/residents/resident-reactivation.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';
import { licencesFull, reactivatedResident, reactivatedValues, serverDown } from './resident-form.model.js';

const OFFERED = 'otra@correo.mx';

/** The offer to reactivate a deleted resident, a part the resident form opens over itself. */
export const residentReactivationModel: ModelSpec = {
  name: 'residentReactivation',
  // Standing alone it has no form to tell: its news is recorded by the test (`report`).
  machine: residentReactivationMachine.provide({ actions: { report: () => {} } }),
  inputs: [{ name: 'the resident form offers it', input: { email: OFFERED } }],
  // What it tells the form and the navigation to edit mode are recorded as calls.
  recordedActions: ['report', 'showEditMode'],
  events: (s) => {
    switch (s.value) {
      case 'offered':
        return [{ type: 'reactivation.confirm' }, { type: 'reactivation.cancel' }];
      case 'reactivating':
        return [
          { type: 'xstate.done.actor.reactivate', output: reactivatedResident },
          { type: 'xstate.error.actor.reactivate', error: licencesFull },
          { type: 'xstate.error.actor.reactivate', error: serverDown },
        ];
      case 'failed':
        return [{ type: 'dialog.close' }];
      default:
        return [];
    }
  },
};

type Probe = ActorProbe;
const fail = (message: string) => {
  throw new Error(message);
};
const reports = (p: Probe) => p.calls.filter((c) => c.src === 'report').map((c) => c.input);
const navigations = (p: Probe) => p.calls.filter((c) => c.src === 'showEditMode').map((c) => c.input);
const last = (p: Probe): AnyEventObject | undefined => p.events.at(-1);
residentReactivationModel.expectations = {
  '"offered"': [
    {
      says: 'Un correo de un residente eliminado ofrece reactivarlo; nada se envía sin confirmar',
      actor: (p) => {
        if (p.snapshot.context.email !== OFFERED) fail(`ofrece '${p.snapshot.context.email}'`);
        if (p.calls.length) fail('se envió');
      },
    },
  ],
  '"reactivating"': [
    {
      says: 'Confirmar envía POST api/residents/reactivateEmail/ con el correo',
      actor: (p) => {
        if (p.calls.filter((c) => c.src === 'reactivateResident').at(-1)?.input.email !== OFFERED) fail('no se pidió');
      },
    },
  ],
  '"failed"': [
    {
      says: "Una reactivación rechazada muestra su título ('No es posible registrar más residentes', si no 'Ha ocurrido un error') y el error_description; el formulario sigue igual",
      actor: (p) => {
        const { failureTitle, serverError } = p.snapshot.context;
        const error = last(p)!.error;
        const title = error === licencesFull ? 'No es posible registrar más residentes' : 'Ha ocurrido un error';
        if (failureTitle !== title) fail(`título '${failureTitle}'`);
        if (serverError !== error.body.error_description) fail(`detalle '${serverError}'`);
        if (reports(p).length || navigations(p).length) fail('se informó antes de cerrar el aviso');
      },
    },
  ],
  '"done"': [
    {
      says: 'Reactivado, el residente se carga en modo edición con sus datos (/newResidents?uuid=…); si no, el formulario sigue igual',
      actor: (p) => {
        const reported = reports(p);
        if (reported.length !== 1) fail(`${reported.length} avisos`);
        const [news] = reported;
        const reactivated = p.events.some((e) => e.type === 'xstate.done.actor.reactivate');
        const failed = p.events.some((e) => e.type === 'xstate.error.actor.reactivate');
        const outcome = reactivated ? 'reactivated' : failed ? 'failed' : 'cancelled';
        if (news.part !== 'reactivation' || news.outcome !== outcome) fail(`informó ${JSON.stringify(news)}`);
        if (reactivated) {
          if (news.id !== reactivatedResident.uuid || JSON.stringify(news.values) !== JSON.stringify(reactivatedValues))
            fail(`informó ${JSON.stringify(news)}`);
          if (JSON.stringify(navigations(p)) !== JSON.stringify([{ uuid: reactivatedResident.uuid }]))
            fail(`navegó ${JSON.stringify(navigations(p))}`);
        } else if (navigations(p).length || news.values) fail('se cargó otro residente');
      },
    },
  ],
};
residentReactivationModel.describeEvent = (e) =>
  (
    ({
      'reactivation.confirm': 'acepta reactivar',
      'reactivation.cancel': 'no reactiva',
      'xstate.done.actor.reactivate': 'el servidor reactiva al residente',
      'xstate.error.actor.reactivate': `la reactivación falla: ${e.error?.body?.error_description}`,
      'dialog.close': 'cierra el aviso',
    }) as Record<string, string>
  )[e.type] ?? e.type;
