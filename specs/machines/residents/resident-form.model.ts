import { withResidentRules } from '../../../machines/residents/resident-form.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

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

/**
 * /newResidents ('Alta residente' / 'Editar residente', reactivation, rules,
 * dialogs): the form skeleton with the resident's rules, the email check child (recorded: its own
 * model tests it; its reports are events of the path), phone rows and the import child (recorded).
 */
export const residentFormModel: ModelSpec = {
  name: 'residentForm',
  machine: residentForm,
  inputs: [
    { name: 'alta', input: { id: null, row: null } },
    { name: 'editar', input: { id: EDITED_UUID, row: null } },
  ],
  recordedChildren: ['residentEmailCheck', 'residentImport'],
  key: (s) => {
    const c = s.context;
    return [
      c.id,
      c.values.email,
      c.values.phones,
      Object.keys(c.errors).sort(),
      c.checks,
      c.checkingEmail,
      c.importing,
      c.reactivationEmail,
      c.phoneRemoval,
      c.failureTitle,
    ];
  },
  events: (s) => {
    const value = s.value as string;
    const ctx = s.context;
    const creating = ctx.id === null;
    if (value === 'loading')
      return [
        { type: 'xstate.done.actor.load', output: loadedResident },
        { type: 'xstate.error.actor.load', error: http(404, 'No se encontró el residente.') },
      ];
    // The check of a deleted resident's email answers while the form is already being saved: nothing is offered.
    const lateAnswer =
      value === 'submitting' && ctx.checkingEmail ? [{ type: 'email.deleted', email: normal(ctx.values.email) }] : [];
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
    if (value === 'offerReactivation') return [{ type: 'reactivation.confirm' }, { type: 'reactivation.cancel' }];
    if (value === 'reactivating')
      return [
        { type: 'xstate.done.actor.reactivate', output: reactivatedResident },
        { type: 'xstate.error.actor.reactivate', error: licencesFull },
      ];
    if (value === 'confirmPhoneRemoval') return [{ type: 'removal.confirm' }, { type: 'removal.cancel' }];
    if (value === 'removingPhone')
      return [
        { type: 'xstate.done.actor.removePhone', output: undefined },
        { type: 'xstate.error.actor.removePhone', error: lastPhone },
      ];
    if (value !== 'editing')
      return ['invalid', 'succeeded', 'failed', 'loadFailed', 'phoneRemovalFailed'].includes(value)
        ? [{ type: 'dialog.close' }]
        : [];

    const email = normal(ctx.values.email);
    const phones = ctx.values.phones as { uuid?: string; phone: string }[];
    const untouched = creating && email === ORIGINAL && phones.length === 1 && !ctx.importing;
    const out: { type: string; [k: string]: unknown }[] = [{ type: 'form.cancel' }];
    if (
      !Object.keys(ctx.errors).length &&
      (!ctx.checkingEmail || email !== ORIGINAL) &&
      (phones.length === 1 || phones.length === 4)
    )
      out.push({ type: 'form.submit' });
    // The check's answers: the typed email is free, taken or not checked; the other one belongs to a deleted resident.
    if (ctx.checkingEmail && email === ORIGINAL) {
      out.push(
        { type: 'email.free', email },
        { type: 'email.taken', email },
        { type: 'email.failed', email, error: { kind: 'network' } },
      );
    } else if (ctx.checkingEmail) {
      out.push({ type: 'email.free', email });
      if (creating) out.push({ type: 'email.deleted', email });
    } else if (
      !ctx.errors.email &&
      !ctx.checks.email &&
      !ctx.importing &&
      phones.length === 1 &&
      ctx.failureTitle === ''
    )
      out.push({ type: 'email.blur' });
    // The person types another email (a deleted resident's, or a malformed one) and leaves the field.
    if (creating && email === ORIGINAL && !ctx.checkingEmail && phones.length === 1 && !ctx.importing) {
      out.push(
        { type: 'field.change', name: 'email', value: 'Otra@Correo.MX' },
        { type: 'field.change', name: 'email', value: 'ana@correo' },
      );
    }
    // A malformed email is corrected.
    if (creating && email === 'ana@correo' && ctx.errors.email) {
      out.push({ type: 'field.change', name: 'email', value: 'ana@correo.mx' });
    }
    if (
      creating &&
      email === ORIGINAL &&
      !ctx.checkingEmail &&
      !ctx.importing &&
      Object.keys(ctx.errors).length === 0 &&
      ctx.failureTitle === ''
    ) {
      if (phones.length < 4) out.push({ type: 'phone.add' });
      if (phones.at(-1)!.phone === '')
        out.push({ type: 'phone.change', index: phones.length - 1, value: `55000000${phones.length}0` });
      if (phones.length > 1) out.push({ type: 'phone.remove', index: phones.length - 1 });
    }
    if (untouched && Object.keys(ctx.errors).length === 0 && ctx.failureTitle === '') out.push({ type: 'import.open' });
    if (ctx.importing) out.push({ type: 'import.closed' });
    // Editing: a saved phone is removed (the second; the first is required).
    if (!creating && ctx.id === EDITED_UUID && phones.length > 1) out.push({ type: 'phone.remove', index: 1 });
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
const expectedTitle = (p: Probe) => {
  const error = last(p)!.error;
  if (error === licencesFull) return 'No es posible registrar más residentes';
  if (error === emailConflict) return 'Correo ya existente.';
  return last(p)!.type === 'xstate.error.actor.save' && p.snapshot.context.id
    ? 'No se pudo actualizar'
    : 'Ha ocurrido un error';
};
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
        if (last(p)?.type !== 'email.blur') return;
        const { values, id, errors } = p.snapshot.context;
        const sent = p.calls.filter((c) => c.src === 'residentEmailCheck').at(-1)?.input;
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
        if (last(p)?.type === 'email.taken' && errors.email !== 'Correo ya existente.') fail(`dice '${errors.email}'`);
        if (last(p)?.type === 'email.failed' && errors.email !== 'Hubo un error al validar el correo electrónico.')
          fail(`dice '${errors.email}'`);
        if (last(p)?.type === 'email.free' && errors.email) fail(`dice '${errors.email}'`);
      },
    },
    {
      says: 'Un residente eliminado reactivado se carga en modo edición con sus datos',
      actor: (p: Probe) => {
        if (last(p)?.type !== 'xstate.done.actor.reactivate') return;
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
      says: 'Quitar un teléfono sin guardar solo lo quita; uno guardado se quita después de DELETE api/phones/{uuid}',
      actor: (p: Probe) => {
        const e = last(p);
        if (e?.type === 'phone.remove' && p.calls.some((c) => c.src === 'removePhone'))
          fail('llamó al servidor por un teléfono sin guardar');
        if (
          e?.type === 'xstate.done.actor.removePhone' &&
          p.snapshot.context.values.phones.some((ph: { uuid?: string }) => ph.uuid === SAVED_PHONES[1])
        )
          fail('el teléfono sigue');
        if (e?.type === 'xstate.error.actor.removePhone' || e?.type === 'removal.cancel') {
          if (!p.snapshot.context.values.phones.some((ph: { uuid?: string }) => ph.uuid === SAVED_PHONES[1]))
            fail('el teléfono se quitó');
        }
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
        const { failureTitle, serverError } = p.snapshot.context;
        if (failureTitle !== expectedTitle(p)) fail(`título '${failureTitle}'`);
        const error = last(p)!.error;
        if (serverError !== error.body.error_description) fail(`detalle '${serverError}'`);
      },
    },
  ],
  '"offerReactivation"': [
    {
      says: 'Fuera de edición, un correo de un residente eliminado ofrece reactivarlo',
      actor: (p: Probe) => {
        if (
          p.snapshot.context.id !== null ||
          p.snapshot.context.reactivationEmail !== lastOf(p, 'email.deleted')!.email
        )
          fail('no se ofrece');
      },
    },
  ],
  '"reactivating"': [
    {
      says: 'Confirmar envía POST api/residents/reactivateEmail/ con el correo',
      actor: (p: Probe) => {
        if (p.calls.filter((c) => c.src === 'reactivateResident').at(-1)?.input.email !== 'otra@correo.mx')
          fail('no se pidió');
      },
    },
  ],
  '"confirmPhoneRemoval"': [
    {
      says: 'Quitar un teléfono guardado pide confirmación',
      actor: (p: Probe) => {
        if (p.snapshot.context.phoneRemoval?.uuid !== SAVED_PHONES[1]) fail('otro teléfono');
      },
    },
  ],
  '"removingPhone"': [
    {
      says: 'Confirmar envía DELETE api/phones/{uuid}',
      actor: (p: Probe) => {
        if (p.calls.filter((c) => c.src === 'removePhone').at(-1)?.input.uuid !== SAVED_PHONES[1]) fail('otro uuid');
      },
    },
  ],
  '"phoneRemovalFailed"': [
    {
      says: "'No es posible eliminar' con el texto del servidor; el teléfono sigue",
      actor: (p: Probe) => {
        if (p.snapshot.context.serverError !== lastPhone.body.error_description)
          fail(`dice '${p.snapshot.context.serverError}'`);
        if (p.snapshot.context.values.phones.length !== 2) fail('se quitó');
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
residentFormModel.describeEvent = (e) =>
  (
    ({
      'field.change': `escribe '${e.value}' en ${e.name}`,
      'email.blur': 'deja el campo Correo',
      'email.free': 'la validación: correo libre',
      'email.taken': 'la validación: correo ya existente',
      'email.deleted': 'la validación: correo de un residente eliminado',
      'email.failed': 'la validación falla',
      'phone.add': 'pulsa Agregar teléfono',
      'phone.change': `escribe '${e.value}' en Teléfono ${Number(e.index) + 1}`,
      'phone.remove': `quita el Teléfono ${Number(e.index) + 1}`,
      'removal.confirm': 'confirma eliminar el teléfono',
      'removal.cancel': 'cancela eliminar el teléfono',
      'reactivation.confirm': 'acepta reactivar',
      'reactivation.cancel': 'no reactiva',
      'import.open': 'abre Importar Excel',
      'import.closed': 'cierra el modal de importación',
      'form.submit': 'pulsa Registrar / Guardar',
      'form.cancel': 'pulsa Descartar',
      'dialog.close': 'cierra el aviso',
      'xstate.done.actor.load': 'el servidor da el residente',
      'xstate.error.actor.load': 'el residente no existe',
      'xstate.done.actor.save': 'el servidor guarda',
      'xstate.error.actor.save': `el servidor rechaza: ${e.error?.body?.error_description}`,
      'xstate.done.actor.reactivate': 'el servidor reactiva al residente',
      'xstate.error.actor.reactivate': `la reactivación falla: ${e.error?.body?.error_description}`,
      'xstate.done.actor.removePhone': 'el servidor elimina el teléfono',
      'xstate.error.actor.removePhone': 'el servidor no elimina el teléfono',
    }) as Record<string, string>
  )[e.type] ?? e.type;
