import { passwordResetMachine } from '../../../machines/password-reset.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

export const passwordResetModel: ModelSpec = {
  name: 'passwordReset',
  machine: passwordResetMachine,
  inputs: [{ name: 'empty form', input: undefined }],
  events: (s) => {
    const v = s.value as string;
    if (v === 'editing') return [
      { type: 'form.submit' },
      ...(s.context.email === '' ? [{ type: 'field.change', value: 'residente@porton.mx' }, { type: 'field.change', value: 'no-es-correo' }] : []),
    ];
    if (v === 'submitting') return [{ type: 'xstate.done.actor.requestReset' }, { type: 'xstate.error.actor.requestReset', error: { kind: 'network' } }];
    if (v === 'failed') return [{ type: 'form.retry' }];
    return [];
  },
};
