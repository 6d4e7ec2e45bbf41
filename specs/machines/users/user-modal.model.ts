import type { AnyMachineSnapshot } from 'xstate';
import type { AnyStateMachine, ContextFrom } from 'xstate';
import { CONFIRMING_TRANSITIONS, PART_TRANSITIONS } from '../platform/form-screen.model.js';
import { formRules } from '../../../machines/platform/form-rules.js';
import { formScreenMachine } from '../../../machines/platform/form-screen.machine.js';
import { UserMessages } from '../../../src/shared/users/user.schema.js';
import { emptyUserForm, userFormSchemaFor } from '../../../src/shared/users/user-form.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';
import type { ViewProbe as ScreenProbe } from '../../support/view-paths.js';

/**
 * An integrator registers a community administrator: the richest form (address with the
 * postal-code lookup). The type and the text are typed; the address is not.
 */
export const typedAdministrator = {
  ...emptyUserForm(),
  idUsersTypes: '4',
  firstName: 'Laura',
  lastName: 'Pérez Gómez',
  email: 'laura@porton.mx',
  street: 'Av. Revolución',
  extNumber: '1500',
};
/** The stored administrator an edit loads: its colony is looked up again so the dropdown can show it. */
export const loadedAdministrator = {
  idUsersTypes: '4',
  firstName: 'Laura',
  lastName: 'Pérez Gómez',
  email: 'laura@porton.mx',
  street: 'Av. Revolución',
  extNumber: '1500',
  cp: '01000',
  idAddress: '11',
};
export const colonies = [
  { idAddress: 11, uuid: 'a-11', colony: 'San Ángel', state: 'Ciudad de México', location: 'Álvaro Obregón' },
  { idAddress: 12, uuid: 'a-12', colony: 'Tlacopac', state: 'Ciudad de México', location: 'Álvaro Obregón' },
];
export const duplicateEmail = {
  kind: 'http',
  status: 409,
  body: { error: 'conflict', error_description: 'El correo ya existe', fields: { '0.email': 'El correo ya existe' } },
};

/** The users modal: the form skeleton with an integrator's rules and an address; adding starts from what the integrator typed (the model's shortcut). */
export const integratorUserModal = formScreenMachine.provide(
  formRules({
    schema: userFormSchemaFor('integrator'),
    initial: (row) => (row ? emptyUserForm() : typedAdministrator),
    postalCode: true,
  }),
);

const editingEvents = (s: AnyMachineSnapshot) => {
  const { values, colonies: offered, lookingUp } = s.context;
  // While colonies are awaited, only the lookup's answer: a path that leaves it pending would
  // leave a fake call open (a newer code replacing a running lookup is the lookup's own test).
  if (lookingUp)
    return [
      { type: 'postalCode.found', cp: '01000', addresses: colonies },
      { type: 'postalCode.failed', cp: '01000', error: { kind: 'network' } },
    ];
  return [
    { type: 'form.submit' },
    { type: 'form.cancel' },
    // Postal code: 5 digits asks the lookup for colonies, fewer clears them (and the colony: invalid).
    values.cp === '01000'
      ? { type: 'field.change', name: 'cp', value: '010' }
      : { type: 'field.change', name: 'cp', value: '01000' },
    ...(values.idAddress === '' && offered.length ? [{ type: 'field.change', name: 'idAddress', value: '11' }] : []),
  ];
};

export const userModalModel: ModelSpec = {
  name: 'userModal',
  machine: integratorUserModal,
  inputs: [
    { name: 'add', input: { id: null, row: null } },
    { name: 'edit', input: { id: 'u1', row: { uuid: 'u1', name: 'Laura Pérez Gómez' } } },
  ],
  recordedChildren: ['postalCodeLookup'],
  notHere: {
    transitions: [
      'formScreen --xstate.done.actor.readLogo',
      'formScreen --xstate.error.actor.readLogo',
      'formScreen.editing --logo.',
      ...CONFIRMING_TRANSITIONS,
      ...PART_TRANSITIONS,
    ],
    states: ['formScreen.confirming', 'formScreen.held'],
    takenBy: 'addressPages, guestForm; the parts, residentForm',
  },
  events: (s) => {
    switch (s.value as string) {
      case 'editing':
        return editingEvents(s);
      case 'loading':
        return [
          { type: 'xstate.done.actor.load', output: { values: loadedAdministrator } },
          { type: 'xstate.done.actor.load', output: { values: { ...loadedAdministrator, cp: '', idAddress: '' } } },
          { type: 'xstate.error.actor.load', error: { kind: 'network' } },
        ];
      case 'submitting':
        return [
          { type: 'xstate.done.actor.save', output: [{ uuid: 'n1', email: 'laura@porton.mx' }] },
          { type: 'xstate.error.actor.save', error: duplicateEmail },
        ];
      case 'succeeded':
      case 'failed':
      case 'loadFailed':
      case 'invalid':
        return [{ type: 'dialog.close' }];
      default:
        return [];
    }
  },
};

/* What the specification says holds in each state: Usuarios, the users form and postal code, messages. */
type Probe = ActorProbe;
const fail = (message: string) => {
  throw new Error(message);
};
/** The rendered users modal (specs/web/users/users-modal-paths.view.spec.tsx adds its field lookup). */
type ViewProbe = ScreenProbe<ContextFrom<AnyStateMachine>> & {
  field: (label: string) => HTMLInputElement & HTMLSelectElement;
};
/** The postal code typed last, or loaded. */
const lastPostalCode = (p: Probe) => {
  for (const e of [...p.events].reverse()) {
    if (e.type === 'field.change' && e.name === 'cp') return String(e.value);
    if (e.type === 'xstate.done.actor.load') return String(e.output.values.cp ?? '');
  }
  return '';
};
const answered = (p: Probe) => {
  const last = p.events.findLastIndex(
    (e) => (e.type === 'field.change' && e.name === 'cp') || e.type === 'xstate.done.actor.load',
  );
  return p.events.slice(last + 1).find((e) => e.type.startsWith('postalCode.'));
};
userModalModel.expectations = {
  '"loading"': [
    {
      says: 'Editar usuario carga el usuario elegido',
      actor: (p: Probe) => {
        if (p.calls.filter((c) => c.src === 'loadForm').at(-1)?.input.id !== 'u1') fail('no cargó u1');
      },
    },
  ],
  '"editing"': [
    {
      says: 'Con cinco dígitos en Código postal se piden sus colonias (también las del domicilio cargado); con menos no se pide nada',
      actor: (p: Probe) => {
        const asked = p.calls.filter((c) => c.src === 'postalCodeLookup').map((c) => c.input.value);
        const cp = lastPostalCode(p);
        if (cp !== '' && asked.at(-1) !== cp) fail(`la búsqueda recibió '${asked.at(-1)}', no '${cp}'`);
        if (p.snapshot.context.lookingUp !== (/^\d{5}$/.test(cp) && !answered(p)))
          fail('no se sabe si se esperan colonias');
      },
    },
    {
      says: 'La primera colonia encontrada llena Ciudad y Estado y todas se ofrecen en Colonia; sin colonias, Ciudad y Estado quedan vacíos',
      actor: (p: Probe) => {
        const { values, colonies: offered } = p.snapshot.context;
        const found = answered(p)?.type === 'postalCode.found';
        if (
          found &&
          (values.city !== colonies[0].location || values.state !== colonies[0].state || offered.length !== 2)
        )
          fail('no se llenó con la primera colonia');
        if (!found && (values.city !== '' || values.state !== '' || offered.length))
          fail('quedaron datos de otro código postal');
      },
      view: (p: ViewProbe) => {
        const { values, colonies: offered, lookingUp } = p.context;
        if ((p.screen.queryByText('Buscando colonias…') !== null) !== lookingUp)
          fail('el aviso de búsqueda no corresponde');
        if (p.field('Ciudad').value !== values.city || p.field('Estado').value !== values.state)
          fail('Ciudad y Estado no corresponden');
        const shown = [...p.field('Colonia').options].filter((o) => o.value !== '').map((o) => o.textContent);
        if (JSON.stringify(shown) !== JSON.stringify(offered.map((c: { colony: string }) => c.colony)))
          fail(`Colonia ofrece ${shown.join(', ')}`);
      },
    },
  ],
  '"invalid"': [
    {
      says: 'Registrar sin código postal o sin colonia marca esos campos con los mensajes del spec y no envía nada',
      actor: (p: Probe) => {
        const { values, errors } = p.snapshot.context;
        if (values.cp === '' && errors.cp !== UserMessages.cp) fail(`Código postal dice '${errors.cp}'`);
        if (values.idAddress === '' && errors.idAddress !== UserMessages.colony)
          fail(`Colonia dice '${errors.idAddress}'`);
        if (p.calls.some((c) => c.src === 'saveRecord' && !c.outcome)) fail('se envió');
      },
    },
  ],
  '"submitting"': [
    {
      says: 'Se envía el administrador con su domicilio: tipo 4, correo, nombre, código postal, colonia, calle y número',
      actor: (p: Probe) => {
        const call = p.calls.filter((c) => c.src === 'saveRecord').at(-1) ?? fail('no se envió');
        const v = call.input.values;
        if (
          v.idUsersTypes !== 4 ||
          v.email !== 'laura@porton.mx' ||
          v.cp !== '01000' ||
          v.idAddress !== 11 ||
          v.street !== 'Av. Revolución' ||
          v.extNumber !== '1500'
        ) {
          fail(`envió ${JSON.stringify(v)}`);
        }
      },
    },
  ],
  '"failed"': [
    {
      says: "Un correo ya registrado muestra 'El correo ya existe' y lo marca en Correo; lo escrito se conserva",
      actor: (p: Probe) => {
        const { serverError, errors, values } = p.snapshot.context;
        if (serverError !== 'El correo ya existe' || errors.email !== 'El correo ya existe')
          fail(`dice '${serverError}' / '${errors.email}'`);
        if (values.firstName !== 'Laura') fail('se perdió lo escrito');
      },
      view: (p: ViewProbe) => {
        // Once in the dialog and once under Correo.
        if (p.screen.getAllByText('El correo ya existe').length < 2) fail('el correo no está marcado');
        if (p.field('Nombre').value !== 'Laura') fail('se perdió lo escrito');
      },
    },
  ],
  '"closed"': [
    {
      says: 'Al cerrarse, el modal dice a la lista de usuarios si guardó',
      actor: (p: Probe) => {
        const saved = p.calls.some((c) => c.src === 'saveRecord' && c.outcome === 'done');
        if (p.snapshot.output?.saved !== saved) fail(`dijo saved=${p.snapshot.output?.saved}`);
      },
    },
  ],
};
userModalModel.describeEvent = (e) =>
  (
    ({
      'field.change': e.name === 'cp' ? `escribe '${e.value}' en Código postal` : `elige la colonia ${e.value}`,
      'form.submit': 'pulsa Registrar / Actualizar',
      'form.cancel': 'pulsa Cancelar',
      'dialog.close': 'cierra el aviso',
      'postalCode.found': `la búsqueda de ${e.cp} encuentra ${e.addresses?.length} colonias`,
      'postalCode.failed': `la búsqueda de ${e.cp} falla (solo se registra)`,
      'xstate.done.actor.load': e.output?.values?.cp
        ? 'el servidor responde el usuario con domicilio'
        : 'el servidor responde el usuario sin domicilio',
      'xstate.error.actor.load': 'no hay conexión al cargar',
      'xstate.done.actor.save': 'el servidor guarda',
      'xstate.error.actor.save': "el servidor responde 409 'El correo ya existe'",
    }) as Record<string, string>
  )[e.type] ?? e.type;
