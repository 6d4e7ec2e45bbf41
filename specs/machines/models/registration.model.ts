import { registrationMachine } from '../../../machines/registration.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

export const registrationModel: ModelSpec = {
  name: 'registration',
  machine: registrationMachine,
  inputs: [
    { name: 'link of a contractor', input: { type: 'register', uuid: 't-1' } },
    { name: 'no link', input: { type: null, uuid: null } },
  ],
  events: (s) => {
    const v = s.value as string;
    if (v === 'invalidLink' || v === 'notFound' || v === 'completed' || v === 'failed') return [{ type: 'dialog.close' }];
    if (v === 'lookingUp') return [
      { type: 'xstate.done.actor.findUser', output: { uuid: 't-1', email: 'c@porton.mx', firstName: 'C', idUsersTypes: 15 } },
      { type: 'xstate.done.actor.findUser', output: null },
      { type: 'xstate.error.actor.findUser', error: { kind: 'network' } },
    ];
    if (v === 'editing') {
      const events: any[] = [{ type: 'form.submit' }];
      if (s.context.values.password === '') events.push({ type: 'field.change', name: 'password', value: 'Clave2026' }, { type: 'field.change', name: 'password', value: 'clave' });
      if (s.context.values.confirmation === '') events.push({ type: 'field.change', name: 'confirmation', value: 'Clave2026' });
      return events;
    }
    if (v === 'submitting') return [
      { type: 'xstate.done.actor.savePassword' },
      { type: 'xstate.error.actor.savePassword', error: { kind: 'http', status: 400, body: { error: 'invalid_request', error_description: 'Enlace vencido' } } },
    ];
    return [];
  },
};
