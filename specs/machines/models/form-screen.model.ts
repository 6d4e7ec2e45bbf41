import * as v from 'valibot';
import { formRules } from '../../../machines/form-rules.js';
import { formScreenMachine } from '../../../machines/form-screen.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

/** A small schema standing in for a catalogue's: the machine takes any shared schema. */
export const NameSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(3, 'Mínimo 3 caracteres'), v.maxLength(64, 'Máximo 64 caracteres')),
});

/** The form with a catalogue's rules: the name schema, an empty name to start. */
export const nameForm = formScreenMachine.provide(formRules({ schema: NameSchema, initial: () => ({ name: '' }) }));

export const formScreenModel: ModelSpec = {
  name: 'formScreen',
  machine: nameForm,
  inputs: [
    { name: 'add', input: { id: null, row: null } },
    { name: 'edit', input: { id: 'z1', row: { uuid: 'z1', name: 'Zona Norte' } } },
  ],
  events: (s) => {
    switch (s.value as string) {
      case 'loading': return [
        { type: 'xstate.done.actor.load', output: { name: 'Zona Norte' } },
        { type: 'xstate.error.actor.load', error: { kind: 'http', status: 404, body: { error: 'not_found', error_description: 'No se encontró el recurso solicitado.' } } },
      ];
      case 'editing': return [
        { type: 'form.submit' }, { type: 'form.cancel' },
        ...(s.context.values.name === '' ? [{ type: 'field.change', name: 'name', value: '  Zona Sur ' }, { type: 'field.change', name: 'name', value: 'Zo' }] : []),
      ];
      case 'submitting': return [
        { type: 'xstate.done.actor.save', output: { uuid: 'n1' } },
        { type: 'xstate.error.actor.save', error: { kind: 'http', status: 409, body: { error: 'conflict', error_description: 'La zona ya existe.' } } },
      ];
      case 'succeeded': case 'failed': case 'loadFailed': case 'invalid': return [{ type: 'dialog.close' }];
      default: return [];
    }
  },
};
