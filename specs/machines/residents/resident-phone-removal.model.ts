import type { AnyEventObject } from 'xstate';
import { residentPhoneRemovalMachine } from '../../../machines/residents/resident-phone-removal.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';
import { lastPhone, SAVED_PHONES } from './resident-form.model.js';

const ASKED = { index: 1, uuid: SAVED_PHONES[1], phone: '5522222222' };

/** Removing a saved phone of the resident form, a part the form opens over itself. */
export const residentPhoneRemovalModel: ModelSpec = {
  name: 'residentPhoneRemoval',
  // Standing alone it has no form to tell: its news is recorded by the test (`report`).
  machine: residentPhoneRemovalMachine.provide({ actions: { report: () => {} } }),
  inputs: [{ name: 'the second saved phone', input: ASKED }],
  // What it tells the form is recorded as calls.
  recordedActions: ['report'],
  events: (s) => {
    switch (s.value) {
      case 'confirming':
        return [{ type: 'removal.confirm' }, { type: 'removal.cancel' }];
      case 'removing':
        return [
          { type: 'xstate.done.actor.removePhone', output: undefined },
          { type: 'xstate.error.actor.removePhone', error: lastPhone },
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
const last = (p: Probe): AnyEventObject | undefined => p.events.at(-1);
residentPhoneRemovalModel.expectations = {
  '"confirming"': [
    {
      says: 'Quitar un teléfono guardado pide confirmación; nada se envía todavía',
      actor: (p) => {
        if (p.snapshot.context.phone !== ASKED.phone) fail(`pregunta por '${p.snapshot.context.phone}'`);
        if (p.calls.length) fail('se envió');
      },
    },
  ],
  '"removing"': [
    {
      says: 'Confirmar envía DELETE api/phones/{uuid}',
      actor: (p) => {
        if (p.calls.filter((c) => c.src === 'removePhone').at(-1)?.input.uuid !== ASKED.uuid) fail('otro uuid');
      },
    },
  ],
  '"failed"': [
    {
      says: "'No es posible eliminar' con el texto del servidor; el teléfono sigue",
      actor: (p) => {
        if (p.snapshot.context.serverError !== last(p)!.error.body.error_description)
          fail(`dice '${p.snapshot.context.serverError}'`);
        if (reports(p).length) fail('se informó antes de cerrar el aviso');
      },
    },
  ],
  '"done"': [
    {
      says: 'El teléfono se quita del formulario solo si el servidor lo eliminó',
      actor: (p) => {
        const reported = reports(p);
        if (reported.length !== 1) fail(`${reported.length} avisos`);
        const [news] = reported;
        const removed = p.events.some((e) => e.type === 'xstate.done.actor.removePhone');
        const failed = p.events.some((e) => e.type === 'xstate.error.actor.removePhone');
        const outcome = removed ? 'removed' : failed ? 'failed' : 'cancelled';
        if (news.part !== 'phoneRemoval' || news.outcome !== outcome) fail(`informó ${JSON.stringify(news)}`);
        if (removed && news.value !== ASKED.uuid) fail(`quitó ${news.value}`);
      },
    },
  ],
};
residentPhoneRemovalModel.describeEvent = (e) =>
  (
    ({
      'removal.confirm': 'confirma eliminar el teléfono',
      'removal.cancel': 'cancela eliminar el teléfono',
      'xstate.done.actor.removePhone': 'el servidor elimina el teléfono',
      'xstate.error.actor.removePhone': 'el servidor no elimina el teléfono',
      'dialog.close': 'cierra el aviso',
    }) as Record<string, string>
  )[e.type] ?? e.type;
