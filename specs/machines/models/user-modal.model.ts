import { formRules } from '../../../machines/form-rules.js';
import { userModalMachine } from '../../../machines/user-modal.machine.js';
import { emptyUserForm, userFormSchemaFor } from '../../../src/shared/user-form.js';
import type { ModelSpec } from '../../support/model-paths.js';

/**
 * An integrator registers a community administrator: the richest form (address with the
 * postal-code lookup, spec 1 §5). The type and the text are typed; the address is not.
 */
export const typedAdministrator = {
  ...emptyUserForm(), idUsersTypes: '4', firstName: 'Laura', lastName: 'Pérez Gómez', email: 'laura@porton.mx',
  street: 'Av. Revolución', extNumber: '1500',
};
/** The stored administrator an edit loads: its colony is looked up again so the dropdown can show it. */
export const loadedAdministrator = {
  idUsersTypes: '4', firstName: 'Laura', lastName: 'Pérez Gómez', email: 'laura@porton.mx', street: 'Av. Revolución', extNumber: '1500',
  cp: '01000', idAddress: '11',
};
export const colonies = [
  { idAddress: 11, uuid: 'a-11', colony: 'San Ángel', state: 'Ciudad de México', location: 'Álvaro Obregón' },
  { idAddress: 12, uuid: 'a-12', colony: 'Tlacopac', state: 'Ciudad de México', location: 'Álvaro Obregón' },
];
export const duplicateEmail = {
  kind: 'http', status: 409, body: { error: 'conflict', error_description: 'El correo ya existe', fields: { '0.email': 'El correo ya existe' } },
};

const editingEvents = (s: any) => {
  const values = s.context.values;
  return [
    { type: 'form.submit' }, { type: 'form.cancel' },
    // Postal code: 5 digits looks the colonies up, fewer clears them (and the colony: invalid).
    values.cp === '01000' ? { type: 'field.change', name: 'cp', value: '010' } : { type: 'field.change', name: 'cp', value: '01000' },
    ...(values.idAddress === '' && s.context.addresses.length ? [{ type: 'field.change', name: 'idAddress', value: '11' }] : []),
  ];
};

/** The modal with an integrator's rules; adding starts from what the integrator typed (the model's shortcut). */
export const integratorUserModal = userModalMachine.provide(formRules({
  schema: userFormSchemaFor('integrator'), initial: (row) => (row ? emptyUserForm() : typedAdministrator),
}));

export const userModalModel: ModelSpec = {
  name: 'userModal',
  machine: integratorUserModal,
  inputs: [
    { name: 'add', input: { id: null, row: null } },
    { name: 'edit', input: { id: 'u1', row: { uuid: 'u1', name: 'Laura Pérez Gómez' } } },
  ],
  events: (s) => {
    const value = s.value as string | { editing: string };
    if (typeof value === 'object') {
      // While looking up, only the answer: a path that abandons an invocation would leave a
      // pending fake (the race is its own test in the spec).
      if (value.editing === 'lookingUp') return [
        { type: 'xstate.done.actor.lookup', output: colonies },
        { type: 'xstate.error.actor.lookup', error: { kind: 'network' } },
      ];
      return editingEvents(s);
    }
    switch (value) {
      case 'loading': return [
        { type: 'xstate.done.actor.load', output: loadedAdministrator },
        { type: 'xstate.done.actor.load', output: { ...loadedAdministrator, cp: '', idAddress: '' } },
        { type: 'xstate.error.actor.load', error: { kind: 'network' } },
      ];
      case 'submitting': return [
        { type: 'xstate.done.actor.save', output: [{ uuid: 'n1', email: 'laura@porton.mx' }] },
        { type: 'xstate.error.actor.save', error: duplicateEmail },
      ];
      case 'succeeded': case 'failed': case 'loadFailed': case 'invalid': return [{ type: 'dialog.close' }];
      default: return [];
    }
  },
};
