import type { AnyEventObject } from 'xstate';
import { CONFIRMING_TRANSITIONS, PART_TRANSITIONS } from '../platform/form-screen.model.js';
import { registrationForm } from '../../../machines/session/registration-form.js';
import { registrationMachine } from '../../../machines/session/registration.machine.js';
import { PASSWORDS_DIFFER, REGISTRATION_PASSWORD_RULE } from '../../../src/shared/session/auth.schema.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

type Probe = ActorProbe;
const fail = (message: string) => {
  throw new Error(message);
};

/** Where the registration went, recorded by the test (its `navigate` action). */
export const navigations: string[] = [];

/** The registration screen: the link check, then the password form as its child (Complete registration). */
export const registrationModel: ModelSpec = {
  name: 'registration',
  machine: registrationMachine,
  inputs: [
    { name: 'link of a user', input: { type: 'register', uuid: 't-1' } },
    { name: 'no link', input: { type: null, uuid: null } },
  ],
  events: (s) => {
    if (s.value === 'invalidLink') return [{ type: 'dialog.close' }];
    if (s.value === 'form')
      return [
        { type: 'xstate.done.actor.form', output: { saved: true, record: { idUsersTypes: 15 } } },
        { type: 'xstate.done.actor.form', output: { saved: true, record: { idUsersTypes: 5 } } },
        { type: 'xstate.done.actor.form', output: { saved: false, record: {} } },
      ];
    return [];
  },
  expectations: {
    '"invalidLink"': [
      {
        says: "Sin type=register y uuid se muestra 'No tienes permiso para acceder a este recurso' y no se busca a nadie",
        actor: (p: Probe) => {
          if (p.calls.length) fail('se buscó al usuario');
        },
      },
    ],
    '"form"': [
      {
        says: 'Con el enlace se abre el formulario de contraseña para el uuid del enlace',
        actor: (p: Probe) => {
          if (p.calls.at(-1)?.input.id !== 't-1') fail(`se abrió para ${p.calls.at(-1)?.input.id}`);
        },
      },
    ],
    '"left"': [
      {
        says: "Tras 'Registro completado' un contratista va a ./?type=contractor y los demás a /home; sin registro, a /; un enlace inválido, a /home",
        actor: (p: Probe) => {
          const ended = p.events.find((e) => e.type === 'xstate.done.actor.form');
          const expected = !ended
            ? '/home'
            : !ended.output.saved
              ? '/'
              : ended.output.record.idUsersTypes === 15
                ? '/?type=contractor'
                : '/home';
          if (navigations.at(-1) !== expected || navigations.length !== 1) fail(`fue a ${navigations.join(', ')}`);
        },
      },
    ],
  },
  describeEvent: (e) =>
    e.type === 'dialog.close'
      ? 'cierra el aviso'
      : !e.output?.saved
        ? 'el formulario termina sin registrar (usuario no encontrado)'
        : e.output.record.idUsersTypes === 15
          ? 'el contratista completa su registro'
          : 'el usuario completa su registro',
};

/** The registration's password form: the form skeleton with the registration rules (registration password). */
export const registrationFormModel: ModelSpec = {
  name: 'registrationForm',
  machine: registrationForm({ findUser: async () => null, newPassword: async () => undefined }),
  inputs: [{ name: 'link t-1', input: { id: 't-1', row: null } }],
  notHere: {
    transitions: [
      'formScreen --postalCode.',
      'formScreen --xstate.done.actor.readLogo',
      'formScreen --xstate.error.actor.readLogo',
      'formScreen.editing --field.change--> (self)#0',
      'formScreen.editing --logo.',
      'formScreen.editing --form.cancel',
      'formScreen.boot ----> formScreen.editing',
      ...CONFIRMING_TRANSITIONS,
      ...PART_TRANSITIONS,
    ],
    states: ['formScreen.confirming', 'formScreen.held'],
    takenBy:
      'form, userModal, addressPages (the registration page always loads its user and has no Cancelar), guestForm; the parts, residentForm',
  },
  events: (s) => {
    const v = s.value as string;
    if (['loadFailed', 'invalid', 'succeeded', 'failed'].includes(v)) return [{ type: 'dialog.close' }];
    if (v === 'loading')
      return [
        {
          type: 'xstate.done.actor.load',
          output: { record: { uuid: 't-1', email: 'c@porton.mx', firstName: 'C', idUsersTypes: 15 } },
        },
        {
          type: 'xstate.error.actor.load',
          error: {
            kind: 'http',
            status: 404,
            body: {
              error: 'not_found',
              error_description: 'No existe el usuario solicitado, por favor contacte a soporte',
            },
          },
        },
      ];
    if (v === 'editing') {
      const events: AnyEventObject[] = [{ type: 'form.submit' }];
      if (!s.context.values.password)
        events.push(
          { type: 'field.change', name: 'password', value: 'Clave2026' },
          { type: 'field.change', name: 'password', value: 'clave' },
        );
      if (!s.context.values.confirmation)
        events.push({ type: 'field.change', name: 'confirmation', value: 'Clave2026' });
      return events;
    }
    if (v === 'submitting')
      return [
        { type: 'xstate.done.actor.save', output: true },
        {
          type: 'xstate.error.actor.save',
          error: { kind: 'http', status: 400, body: { error: 'invalid_request', error_description: 'Enlace vencido' } },
        },
      ];
    return [];
  },
  expectations: {
    '"invalid"': [
      {
        says: "Una contraseña sin número, mayúscula o minúscula (o con caracteres especiales) muestra la regla del spec; una confirmación distinta, 'La constraseña debe ser la misma'",
        actor: (p: Probe) => {
          const { values, errors } = p.snapshot.context;
          const ruleOk = /^(?=.*\d)(?=.*[A-Z])(?=.*[a-z])[A-Za-z\d]{8,}$/.test(String(values.password ?? ''));
          if (!ruleOk && errors.password !== REGISTRATION_PASSWORD_RULE) fail(`Contraseña dice '${errors.password}'`);
          if (ruleOk && values.confirmation !== values.password && errors.confirmation !== PASSWORDS_DIFFER)
            fail(`Confirmación dice '${errors.confirmation}'`);
          if (p.calls.some((c) => c.src === 'saveRecord')) fail('se envió');
        },
      },
    ],
    '"submitting"': [
      {
        says: 'Registrar envía la contraseña elegida para el uuid del enlace',
        actor: (p: Probe) => {
          const call = p.calls.filter((c) => c.src === 'saveRecord').at(-1) ?? fail('no se envió');
          if (call.input.id !== 't-1' || call.input.values.password !== 'Clave2026') fail(JSON.stringify(call.input));
        },
      },
    ],
    '"failed"': [
      {
        says: "Si el servidor no registra: 'Ha ocurrido un error' con su texto; las contraseñas escritas se conservan",
        actor: (p: Probe) => {
          if (p.snapshot.context.serverError !== 'Enlace vencido') fail(`dice '${p.snapshot.context.serverError}'`);
          if (p.snapshot.context.values.password !== 'Clave2026') fail('se perdió lo escrito');
        },
      },
    ],
    '"closed"': [
      {
        says: 'Al terminar, el formulario dice si registró y quién es el usuario (su tipo decide a dónde ir)',
        actor: (p: Probe) => {
          const saved = p.calls.some((c) => c.src === 'saveRecord' && c.outcome === 'done');
          if (p.snapshot.output.saved !== saved) fail(`dijo saved=${p.snapshot.output.saved}`);
          const loaded = p.calls.find((c) => c.src === 'loadForm' && c.outcome === 'done');
          if (loaded && p.snapshot.output.record.idUsersTypes !== 15) fail('no devolvió el tipo del usuario');
        },
      },
    ],
  },
};
