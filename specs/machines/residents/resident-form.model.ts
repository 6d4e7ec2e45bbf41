import { withResidentRules } from '../../../machines/residents/resident-form.machine.js';
import { residentFailureTitle } from '../../../machines/residents/resident-form-rules.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';
import { CONFIRMING_TRANSITIONS } from '../platform/form-screen.model.js';

/** What the person typed in 'Alta residente' before the path (the model varies email, phones and the import). */
export const typedResident = {
  firstName: 'Ana',
  lastName: 'López Ruiz',
  email: 'ana@correo.mx',
  idZone: 1,
  idStreet: 11,
  number: '12',
  intNumber: '',
  action: '',
  useapp: true,
  notresident: false,
  phones: [{ phone: '5512345678' }],
};
export const EDITED_UUID = '00000000-0000-4000-8000-0000000000c1';
export const REACTIVATED_UUID = '00000000-0000-4000-8000-0000000000d7';
export const SAVED_PHONES = ['00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000f2'];
/** `GET api/residents/{uuid}` of the edited resident, as the form holds it (two saved phones). */
export const loadedResident = {
  values: {
    firstName: 'Beto',
    lastName: 'Ramírez',
    email: 'beto@correo.mx',
    idZone: 2,
    idStreet: 12,
    number: '40',
    intNumber: 'B',
    action: '',
    useapp: false,
    notresident: true,
    phones: [
      { uuid: SAVED_PHONES[0], phone: '5511111111' },
      { uuid: SAVED_PHONES[1], phone: '5522222222' },
    ],
  },
};
/** The deleted resident `reactivateEmail` brings back (Resident). */
export const reactivatedResident = {
  uuid: REACTIVATED_UUID,
  idResident: 7,
  name: 'Otra Persona',
  firstName: 'Otra',
  lastName: 'Persona',
  email: 'otra@correo.mx',
  number: '7',
  intNumber: null,
  action: null,
  useapp: false,
  status: 'ACTIVE',
  notresident: false,
  idFrac: 1,
  idStreet: 11,
  idZone: 1,
  phones: [{ uuid: '00000000-0000-4000-8000-0000000000f7', phone: '5577777777' }],
  testStreet: {
    uuid: 's11',
    idStreet: 11,
    name: 'Calle Roble',
    testZone: { uuid: 'z1', idZone: 1, name: 'Zona Norte' },
  },
  testResidentRegistration: null,
};
/** The reactivated resident as the form holds it afterwards (its values, its saved phone). */
export const reactivatedValues = {
  firstName: 'Otra',
  lastName: 'Persona',
  email: 'otra@correo.mx',
  idZone: 1,
  idStreet: 11,
  number: '7',
  intNumber: '',
  action: '',
  useapp: false,
  notresident: false,
  phones: [{ uuid: '00000000-0000-4000-8000-0000000000f7', phone: '5577777777' }],
};
const http = (status: number, error_description: string) => ({
  kind: 'http',
  status,
  body: { error: status === 409 ? 'conflict' : 'server_error', error_description },
});
export const licencesFull = http(
  409,
  'No es posible registrar más residentes: el fraccionamiento ya usa sus 2 licencias.',
);
export const emailConflict = http(409, 'Correo ya existente.');
export const serverDown = http(500, 'Error interno del servidor');
export const lastPhone = http(409, 'El residente debe conservar al menos un teléfono.');

/** 'Alta residente' / 'Editar residente' with the typed values (the page starts empty). */
export const residentForm = withResidentRules(() => typedResident);

const ORIGINAL = 'ana@correo.mx';
const normal = (v: unknown) =>
  String(v ?? '')
    .trim()
    .toLowerCase();

const check = (outcome: string, value: string) => ({ type: 'part.report', part: 'emailCheck', outcome, value });
const release = (part: string, outcome: string, more: Record<string, unknown> = {}) => ({
  type: 'part.release',
  part,
  outcome,
  ...more,
});
const ask = (name: string, more: Record<string, unknown> = {}) => ({ type: 'part.ask', name, ...more });

/**
 * /newResidents ('Alta residente' / 'Editar residente', reactivation, rules,
 * dialogs): the form skeleton with the resident's rules and its parts, each recorded (their own
 * models test them; what they report is an event of the path): the email check beside the fields
 * (`formPart`), and over the form the reactivation offer (`questionPart`), a saved phone's removal
 * (`rowRemoval`) and the import modal (`modalPart`).
 */
export const residentFormModel: ModelSpec = {
  name: 'residentForm',
  machine: residentForm,
  inputs: [
    { name: 'alta', input: { id: null, row: null } },
    { name: 'editar', input: { id: EDITED_UUID, row: null } },
  ],
  recordedChildren: ['formPart', 'questionPart', 'rowRemoval', 'modalPart'],
  notHere: {
    transitions: [
      'formScreen --postalCode.',
      'formScreen --xstate.done.actor.readLogo',
      'formScreen --xstate.error.actor.readLogo',
      'formScreen.editing --field.change--> (self)#0',
      'formScreen.editing --logo.',
      ...CONFIRMING_TRANSITIONS,
    ],
    states: ['formScreen.confirming'],
    takenBy: 'addressPages, userModal; the question before sending, guestForm',
  },
  key: (s) => {
    const c = s.context;
    return [
      c.id,
      c.values.email,
      c.values.phones,
      Object.keys(c.errors).sort(),
      c.checks,
      c.checking,
      Object.keys(s.children).sort(),
    ];
  },
  events: (s) => {
    const value = s.value as string;
    const ctx = s.context;
    const creating = ctx.id === null;
    const email = normal(ctx.values.email);
    const checking = ctx.checking === 'email';
    if (value === 'loading')
      return [
        { type: 'xstate.done.actor.load', output: loadedResident },
        { type: 'xstate.error.actor.load', error: http(404, 'No se encontró el residente.') },
      ];
    // The check of a deleted resident's email answers while the form is already being saved: nothing is offered.
    const lateAnswer = value === 'submitting' && checking ? [check('deleted', email)] : [];
    if (value === 'submitting')
      return creating
        ? [
            ...lateAnswer,
            { type: 'xstate.done.actor.save', output: [{ uuid: 'n1' }] },
            { type: 'xstate.error.actor.save', error: licencesFull },
            { type: 'xstate.error.actor.save', error: emailConflict },
            { type: 'xstate.error.actor.save', error: serverDown },
          ]
        : [
            { type: 'xstate.done.actor.save', output: { uuid: ctx.id } },
            { type: 'xstate.error.actor.save', error: serverDown },
          ];
    if (value === 'held') {
      if (s.children.reactivation)
        return [
          release('reactivation', 'reactivated', { id: REACTIVATED_UUID, values: reactivatedValues }),
          release('reactivation', 'cancelled'),
          release('reactivation', 'failed'),
        ];
      if (s.children.phoneRemoval)
        return [
          release('phoneRemoval', 'removed', { value: SAVED_PHONES[1] }),
          release('phoneRemoval', 'cancelled'),
          release('phoneRemoval', 'failed'),
        ];
      // The import modal covers the form; the email check may still answer behind it.
      return [release('import', 'closed'), ...(checking ? [check('free', email), check('taken', email)] : [])];
    }
    if (value !== 'editing')
      return ['invalid', 'succeeded', 'failed', 'loadFailed'].includes(value) ? [{ type: 'dialog.close' }] : [];

    const phones = ctx.values.phones as { uuid?: string; phone: string }[];
    const untouched = creating && email === ORIGINAL && phones.length === 1;
    const out: { type: string; [k: string]: unknown }[] = [{ type: 'form.cancel' }];
    if (
      !Object.keys(ctx.errors).length &&
      (!checking || email !== ORIGINAL) &&
      (phones.length === 1 || phones.length === 4)
    )
      out.push({ type: 'form.submit' });
    // The check's answers: the typed email is free, taken or not checked; the other one belongs to a deleted resident.
    if (checking && email === ORIGINAL) {
      out.push(check('free', email), check('taken', email), check('failed', email));
    } else if (checking) {
      out.push(check('free', email));
      if (creating) out.push(check('deleted', email));
    } else if (!ctx.errors.email && !ctx.checks.email && phones.length === 1) out.push(ask('email'));
    // The person types another email (a deleted resident's, or a malformed one) and leaves the field.
    if (creating && email === ORIGINAL && !checking && phones.length === 1) {
      out.push(
        { type: 'field.change', name: 'email', value: 'Otra@Correo.MX' },
        { type: 'field.change', name: 'email', value: 'ana@correo' },
      );
    }
    // A malformed email is corrected.
    if (creating && email === 'ana@correo' && ctx.errors.email) {
      out.push({ type: 'field.change', name: 'email', value: 'ana@correo.mx' });
    }
    if (creating && email === ORIGINAL && !checking && Object.keys(ctx.errors).length === 0) {
      if (phones.length < 4) out.push(ask('phone.add'));
      if (phones.at(-1)!.phone === '')
        out.push(ask('phone.change', { index: phones.length - 1, value: `55000000${phones.length}0` }));
      if (phones.length > 1) out.push(ask('phone.remove', { index: phones.length - 1 }));
    }
    if (untouched && Object.keys(ctx.errors).length === 0) out.push(ask('import'));
    // Editing: a saved phone is removed (the second; the first is required).
    if (!creating && ctx.id === EDITED_UUID && phones.length > 1) out.push(ask('phone.remove', { index: 1 }));
    return out;
  },
};

/* What the specification says holds in each state: the form, reactivation, rules, calls, titles. */
type Probe = ActorProbe;
const fail = (message: string) => {
  throw new Error(message);
};
const last = (p: Probe) => p.events.at(-1);
const lastOf = (p: Probe, type: string) => [...p.events].reverse().find((e) => e.type === type);
const isPart = (e: { type: string; [k: string]: unknown } | undefined, type: string, part: string, outcome?: string) =>
  e?.type === type && (e.part === part || e.name === part) && (outcome === undefined || e.outcome === outcome);
const inputOf = (p: Probe, id: string) => p.snapshot.children[id]?.getSnapshot().input;
const expectedTitle = (p: Probe) => {
  const error = last(p)!.error;
  if (error === licencesFull) return 'No es posible registrar más residentes';
  if (error === emailConflict) return 'Correo ya existente.';
  return last(p)!.type === 'xstate.error.actor.save' && p.snapshot.context.id
    ? 'No se pudo actualizar'
    : 'Ha ocurrido un error';
};
const hasSecondPhone = (p: Probe) =>
  p.snapshot.context.values.phones.some((ph: { uuid?: string }) => ph.uuid === SAVED_PHONES[1]);
residentFormModel.expectations = {
  '"loading"': [
    {
      says: 'Editar residente carga el residente de ?uuid=',
      actor: (p: Probe) => {
        if (p.calls.filter((c) => c.src === 'loadForm').at(-1)?.input.id !== EDITED_UUID) fail('cargó otro');
      },
    },
  ],
  '"editing"': [
    {
      says: 'El primer teléfono es obligatorio y hay como máximo 4 (no se puede agregar un quinto)',
      actor: (p: Probe) => {
        const n = p.snapshot.context.values.phones.length;
        if (n < 1 || n > 4) fail(`${n} teléfonos`);
      },
    },
    {
      says: 'El correo se valida con el servidor al dejar el campo (con el residente que se edita en modo edición)',
      actor: (p: Probe) => {
        if (!isPart(last(p), 'part.ask', 'email')) return;
        const { values, id, errors } = p.snapshot.context;
        const sent = p.calls.filter((c) => c.src === 'formPart').at(-1)?.input;
        if (/^[^@]+@[^@]+\.[a-z]{2,}$/i.test(values.email.trim())) {
          if (sent?.email !== values.email.trim().toLowerCase() || sent?.residentUuid !== id)
            fail(`se validó ${JSON.stringify(sent)}`);
        } else if (errors.email !== 'Por favor, introduzca un correo con formato usuario@dominio.com')
          fail(`dice '${errors.email}'`);
      },
    },
    {
      says: "Un correo repetido muestra 'Correo ya existente.'; una validación fallida, 'Hubo un error al validar el correo electrónico.'",
      actor: (p: Probe) => {
        const { errors } = p.snapshot.context;
        const e = last(p);
        if (isPart(e, 'part.report', 'emailCheck', 'taken') && errors.email !== 'Correo ya existente.')
          fail(`dice '${errors.email}'`);
        if (
          isPart(e, 'part.report', 'emailCheck', 'failed') &&
          errors.email !== 'Hubo un error al validar el correo electrónico.'
        )
          fail(`dice '${errors.email}'`);
        if (isPart(e, 'part.report', 'emailCheck', 'free') && errors.email) fail(`dice '${errors.email}'`);
      },
    },
    {
      says: 'Un residente eliminado reactivado se carga en modo edición con sus datos',
      actor: (p: Probe) => {
        if (!isPart(last(p), 'part.release', 'reactivation', 'reactivated')) return;
        const { id, values } = p.snapshot.context;
        if (
          id !== REACTIVATED_UUID ||
          values.email !== 'otra@correo.mx' ||
          values.phones[0].uuid !== reactivatedResident.phones[0].uuid
        )
          fail(`id ${id}, ${values.email}`);
      },
    },
    {
      says: 'Quitar un teléfono sin guardar solo lo quita; uno guardado se quita solo si el servidor lo eliminó',
      actor: (p: Probe) => {
        const e = last(p);
        if (isPart(e, 'part.ask', 'phone.remove') && p.snapshot.children.phoneRemoval)
          fail('preguntó por un teléfono sin guardar');
        if (isPart(e, 'part.release', 'phoneRemoval', 'removed') && hasSecondPhone(p)) fail('el teléfono sigue');
        if (
          (isPart(e, 'part.release', 'phoneRemoval', 'failed') ||
            isPart(e, 'part.release', 'phoneRemoval', 'cancelled')) &&
          !hasSecondPhone(p)
        )
          fail('el teléfono se quitó');
      },
    },
    {
      says: 'Cerrar el modal de importación vuelve al formulario',
      actor: (p: Probe) => {
        if (p.snapshot.children.import) fail('el modal sigue abierto');
      },
    },
  ],
  '"held"': [
    {
      says: 'Fuera de edición, un correo de un residente eliminado ofrece reactivarlo',
      actor: (p: Probe) => {
        const e = last(p);
        if (!isPart(e, 'part.report', 'emailCheck', 'deleted')) return;
        if (p.snapshot.context.id !== null || inputOf(p, 'reactivation')?.email !== e!.value) fail('no se ofrece');
      },
    },
    {
      says: 'Quitar un teléfono guardado pide confirmación (nada se quita todavía)',
      actor: (p: Probe) => {
        if (!isPart(last(p), 'part.ask', 'phone.remove')) return;
        const asked = inputOf(p, 'phoneRemoval');
        if (asked?.uuid !== SAVED_PHONES[1] || asked?.phone !== '5522222222')
          fail(`otro teléfono ${JSON.stringify(asked)}`);
        if (!hasSecondPhone(p)) fail('se quitó sin confirmar');
      },
    },
    {
      says: "'Importar Excel' abre el modal de importación sobre el formulario",
      actor: (p: Probe) => {
        if (isPart(last(p), 'part.ask', 'import') && !p.snapshot.children.import) fail('no se abrió');
      },
    },
  ],
  '"invalid"': [
    {
      says: "Con un correo ya existente el registro se rechaza y el campo dice 'Correo ya existente.'; nada se envía",
      actor: (p: Probe) => {
        const { checks, errors } = p.snapshot.context;
        if (checks.email && errors.email !== 'Correo ya existente.') fail(`dice '${errors.email}'`);
        if (p.calls.some((c) => c.src === 'saveRecord' && !c.outcome)) fail('se envió');
      },
    },
  ],
  '"submitting"': [
    {
      says: 'Alta envía POST api/residents (la salida del esquema); Editar envía PUT api/residents/{uuid} con idZone y los uuid de los teléfonos',
      actor: (p: Probe) => {
        const call = p.calls.filter((c) => c.src === 'saveRecord').at(-1) ?? fail('no se envió');
        const { id } = p.snapshot.context;
        if (call.input.id !== id) fail(`envió a ${call.input.id}`);
        const v = call.input.values;
        if (
          id === EDITED_UUID &&
          (v.idZone !== 2 || v.email !== 'beto@correo.mx' || v.phones[0].uuid !== SAVED_PHONES[0])
        )
          fail(JSON.stringify(v));
        if (
          id === REACTIVATED_UUID &&
          (v.email !== 'otra@correo.mx' || v.idZone !== 1 || v.phones[0].uuid !== reactivatedResident.phones[0].uuid)
        )
          fail(JSON.stringify(v));
        // The email as typed, trimmed and lower-case (the shared schema's output).
        const typed = normal(lastOf(p, 'field.change')?.value ?? 'ana@correo.mx');
        if (id === null && (v.email !== typed || v.idStreet !== 11 || v.useapp !== true || v.intNumber !== null))
          fail(JSON.stringify(v));
      },
    },
  ],
  '"failed"': [
    {
      says: "Títulos: licencias 'No es posible registrar más residentes', correo 'Correo ya existente.', edición 'No se pudo actualizar', si no 'Ha ocurrido un error'; el detalle es el error_description",
      actor: (p: Probe) => {
        const { failure, serverError, id } = p.snapshot.context;
        const title = residentFailureTitle(failure, id !== null);
        if (title !== expectedTitle(p)) fail(`título '${title}'`);
        const error = last(p)!.error;
        if (serverError !== error.body.error_description) fail(`detalle '${serverError}'`);
      },
    },
  ],
  '"closed"': [
    {
      says: 'Descartar o aceptar el aviso de éxito vuelve a /residents',
      actor: (p: Probe) => {
        if (p.snapshot.status !== 'done') fail('no terminó');
        const saved = p.calls.some((c) => c.src === 'saveRecord' && c.outcome === 'done');
        if (p.snapshot.output.saved !== saved) fail(`saved=${p.snapshot.output.saved}`);
      },
    },
  ],
};
residentFormModel.describeEvent = (e) => {
  if (e.type === 'part.ask')
    return (
      {
        email: 'deja el campo Correo',
        'phone.add': 'pulsa Agregar teléfono',
        'phone.change': `escribe '${e.value}' en Teléfono ${Number(e.index) + 1}`,
        'phone.remove': `quita el Teléfono ${Number(e.index) + 1}`,
        import: 'abre Importar Excel',
      } as Record<string, string>
    )[e.name];
  if (e.type === 'part.report')
    return (
      {
        free: 'la validación: correo libre',
        taken: 'la validación: correo ya existente',
        deleted: 'la validación: correo de un residente eliminado',
        failed: 'la validación falla',
      } as Record<string, string>
    )[e.outcome];
  if (e.type === 'part.release')
    return (
      {
        'reactivation reactivated': 'acepta reactivar y el servidor reactiva al residente',
        'reactivation cancelled': 'no reactiva',
        'reactivation failed': 'acepta reactivar, la reactivación falla y cierra el aviso',
        'phoneRemoval removed': 'confirma eliminar el teléfono y el servidor lo elimina',
        'phoneRemoval cancelled': 'cancela eliminar el teléfono',
        'phoneRemoval failed': 'confirma eliminar el teléfono, el servidor no lo elimina y cierra el aviso',
        'import closed': 'cierra el modal de importación',
      } as Record<string, string>
    )[`${e.part} ${e.outcome}`];
  return (
    (
      {
        'field.change': `escribe '${e.value}' en ${e.name}`,
        'form.submit': 'pulsa Registrar / Guardar',
        'form.cancel': 'pulsa Descartar',
        'dialog.close': 'cierra el aviso',
        'xstate.done.actor.load': 'el servidor da el residente',
        'xstate.error.actor.load': 'el residente no existe',
        'xstate.done.actor.save': 'el servidor guarda',
        'xstate.error.actor.save': `el servidor rechaza: ${e.error?.body?.error_description}`,
      } as Record<string, string>
    )[e.type] ?? e.type
  );
};
