import type { ViewProbe as ScreenProbe } from '../../support/view-paths.js';
import { confirmingOf, partsOf } from '../platform/form-screen.model.js';
import { withDeviceRules } from '../../../machines/devices/device-form.machine.js';
import { emptyDevice } from '../../../machines/devices/device-form-rules.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

/** The community's zone and street the model chooses, and a parent candidate (`searchParentDevice`). */
export const ZONE = '00000000-0000-4000-8000-00000000a001';
export const STREET = '00000000-0000-4000-8000-00000000b001';
export const PARENT = { uuid: '00000000-0000-4000-8000-00000000c001', name: 'Caseta principal' };
export const EDITED = '00000000-0000-4000-8000-00000000d001';
/** `GET api/devices/{id}` of the edited device as the modal holds it: an IN scanner at a house, with a parent. */
export const loadedScanner = {
  values: {
    name: 'Lector casa 12',
    deviceType: 'SCANNER',
    scannerAccess: 'IN',
    scannerPlace: 'CASA',
    parents: [{ uuid: PARENT.uuid }],
    zone: { uuid: ZONE },
    street: { uuid: STREET },
    number: '12',
  },
  options: { parents: [{ value: PARENT.uuid, label: PARENT.name }] },
  record: { idZone: 1 },
};
export const loadedForAdding = { options: { parents: [{ value: PARENT.uuid, label: PARENT.name }] }, record: {} };
const http = (status: number, error_description: string) => ({
  kind: 'http',
  status,
  body: { error: 'conflict', error_description },
});
export const cycleRefused = http(
  400,
  'Los dispositivos padre no pueden formar un ciclo: un dispositivo no puede estar antes de sí mismo en la ruta.',
);

export const deviceForm = withDeviceRules(emptyDevice);

/** Each change the model makes, in the order a person fills the modal (finite: each field is set once). */
// biome-ignore lint/suspicious/noExplicitAny: form values of every field kind, as the model sends them
function changes(values: Record<string, any>) {
  const out: { type: 'field.change'; name: string; value: unknown }[] = [];
  const scanner = values.deviceType === 'SCANNER';
  if (values.name === '') out.push({ type: 'field.change', name: 'name', value: 'Barrera norte' });
  if (!scanner) {
    if (values.name !== '') out.push({ type: 'field.change', name: 'deviceType', value: 'SCANNER' });
    return out;
  }
  if (values.scannerPlace === null) out.push({ type: 'field.change', name: 'scannerPlace', value: 'CASA' });
  else if (values.zone === null) out.push({ type: 'field.change', name: 'zone', value: { uuid: ZONE } });
  else if (values.scannerPlace === 'CASA' && values.street === null)
    out.push({ type: 'field.change', name: 'street', value: { uuid: STREET } });
  else if (values.scannerPlace === 'CASA' && values.number === '')
    out.push({ type: 'field.change', name: 'number', value: '12' });
  else if (values.scannerAccess === 'IN' && values.parents.length === 0)
    out.push({ type: 'field.change', name: 'parents', value: [{ uuid: PARENT.uuid }] });
  else if (values.scannerAccess === 'IN') out.push({ type: 'field.change', name: 'scannerAccess', value: 'OUT' });
  else if (values.scannerPlace === 'CASA') out.push({ type: 'field.change', name: 'scannerPlace', value: 'BARRERA' });
  else out.push({ type: 'field.change', name: 'deviceType', value: 'BOOTH' });
  return out;
}

/**
 * The device modal (Dispositivos, defaults, rules, texts): the form skeleton with
 * the device's rules; the zone-then-street child is recorded (its own model tests it): what the
 * form tells it is part of the path.
 */
export const deviceFormModel: ModelSpec = {
  name: 'deviceForm',
  machine: deviceForm,
  inputs: [
    { name: 'agregar', input: { id: null, row: null } },
    { name: 'editar', input: { id: EDITED, row: null } },
  ],
  recordedChildren: ['formPart'],
  notHere: {
    // It always loads (its parents), so the skeleton's boot → editing is the catalogue forms'.
    transitions: [
      'deviceForm.boot ----> deviceForm.editing',
      'deviceForm --postalCode.',
      'deviceForm.editing --field.change--> (self)#0',
      'deviceForm --xstate.done.actor.readLogo',
      'deviceForm --xstate.error.actor.readLogo',
      'deviceForm.editing --logo.',
      ...confirmingOf('deviceForm').transitions,
      ...partsOf('deviceForm').transitions,
    ],
    states: [...confirmingOf('deviceForm').states, ...partsOf('deviceForm').states],
    takenBy: 'addressPages; the question before sending, guestForm; the parts, residentForm',
  },
  key: (s) => [s.context.id, s.context.values, Object.keys(s.context.errors).sort()],
  events: (s) => {
    const value = s.value as string;
    const ctx = s.context;
    if (value === 'loading')
      return ctx.id
        ? [
            { type: 'xstate.done.actor.load', output: loadedScanner },
            { type: 'xstate.error.actor.load', error: http(404, 'El dispositivo no existe.') },
          ]
        : [{ type: 'xstate.done.actor.load', output: loadedForAdding }];
    if (value === 'submitting')
      return [
        { type: 'xstate.done.actor.save', output: { uuid: ctx.id ?? 'nuevo' } },
        { type: 'xstate.error.actor.save', error: cycleRefused },
      ];
    if (['invalid', 'succeeded', 'failed', 'loadFailed'].includes(value)) return [{ type: 'dialog.close' }];
    if (value !== 'editing') return [];
    return [...changes(ctx.values), { type: 'form.submit' }, { type: 'form.cancel' }];
  },
};

type Probe = ActorProbe;
const fail = (message: string) => {
  throw new Error(message);
};
const dialog = (p: Pick<ScreenProbe, 'screen'>, name: string) =>
  p.screen.getByRole('alertdialog', { name, hidden: true }) as HTMLElement;

/* What spec 3 says holds in each state of the modal. */
deviceFormModel.expectations = {
  '"loading"': [
    {
      says: 'Al abrir el modal se piden los dispositivos que pueden ser padres (searchParentDevice), también al agregar',
      actor: (p: Probe) => {
        if (!p.calls.some((c) => c.src === 'loadForm')) fail('no se pidió nada');
      },
    },
  ],
  '"editing"': [
    {
      says: 'Un dispositivo nuevo es una caseta (BOOTH) con lectura de entrada (IN)',
      actor: (p: Probe) => {
        if (p.snapshot.context.id === null && p.events.length === 0) {
          const { deviceType, scannerAccess } = p.snapshot.context.values;
          if (deviceType !== 'BOOTH' || scannerAccess !== 'IN') fail(`empieza como ${deviceType} ${scannerAccess}`);
        }
      },
    },
    {
      says: 'Los campos aparecen por tipo: sin escáner no hay ubicación ni padres; un lector OUT no tiene padres; ZONE no tiene calle; solo HOUSE tiene número',
      actor: (p: Probe) => {
        const v = p.snapshot.context.values;
        if (v.deviceType !== 'SCANNER' && (v.zone || v.street || v.number || v.parents.length))
          fail('una caseta conserva campos de escáner');
        if (v.scannerAccess === 'OUT' && v.parents.length) fail('un lector de salida conserva padres');
        if (['BARRERA', 'COMMONAREA'].includes(v.scannerPlace) && v.street)
          fail('una ubicación de zona conserva la calle');
        if (v.scannerPlace !== 'CASA' && v.number) fail('una ubicación que no es casa conserva el número');
      },
      view: (p) => {
        const v = p.context.values;
        const shows = (label: string) => p.screen.queryAllByLabelText(new RegExp(`^${label}\\s*\\*?$`)).length > 0;
        if (shows('Zona') !== (v.deviceType === 'SCANNER')) fail('la zona se muestra sin ser escáner, o falta');
        if (shows('Número') !== (v.deviceType === 'SCANNER' && v.scannerPlace === 'CASA'))
          fail('el número no sigue a CASA');
        if (shows('Calle') !== (v.deviceType === 'SCANNER' && v.scannerPlace === 'CASA'))
          fail('la calle no sigue al tipo de ubicación');
        if (
          p.screen.queryAllByRole('group', { name: 'Dispositivos padre' }).length > 0 !==
          (v.deviceType === 'SCANNER' && v.scannerAccess === 'IN')
        ) {
          fail('los dispositivos padre no siguen al tipo de lectura');
        }
      },
    },
    {
      says: 'Elegir una zona carga sus calles (el selector de calles recibe esa zona) y limpia la calle',
      actor: (p: Probe) => {
        const chosen = p.events.filter((e) => e.name === 'zone').length;
        const told = p.calls.filter(
          (c) => c.src === 'formPart' && c.input.type === 'zone.choose' && c.input.uuid === ZONE,
        ).length;
        if (told !== chosen) fail(`se eligieron ${chosen} zonas y el selector supo de ${told}`);
      },
    },
  ],
  '"invalid"': [
    {
      says: "Sin nombre: 'Error' / 'Por favor, corrige los campos indicados.' y 'Asigna un nombre al dispositivo' bajo el nombre",
      actor: (p: Probe) => {
        if (
          p.snapshot.context.values.name === '' &&
          p.snapshot.context.errors.name !== 'Asigna un nombre al dispositivo'
        )
          fail(`dice ${p.snapshot.context.errors.name}`);
      },
      view: (p) => {
        if (!dialog(p, 'Error').textContent!.includes('Por favor, corrige los campos indicados.')) fail('sin aviso');
      },
    },
  ],
  '"submitting"': [
    {
      says: 'Se envía el dispositivo sin los campos que su tipo no usa (POST al agregar, PUT al editar)',
      actor: (p: Probe) => {
        const save = p.calls.filter((c) => c.src === 'saveRecord').at(-1) ?? fail('no se guardó');
        const sent = save.input.values;
        if (save.input.id !== p.snapshot.context.id) fail('se guardó otro registro');
        if (sent.deviceType !== 'SCANNER' && (sent.zone !== null || sent.scannerType !== null))
          fail('una caseta envía ubicación');
        if (sent.scannerAccess === 'OUT' && sent.parents.length) fail('un lector de salida envía padres');
        if (sent.scannerPlace === 'CASA' && sent.scannerType !== 'HOUSE') fail('CASA no se envía como HOUSE');
        if (sent.scannerPlace === 'BARRERA' && (sent.scannerType !== 'ZONE' || sent.street !== null))
          fail('BARRERA no se envía como ZONE sin calle');
      },
    },
  ],
  '"succeeded"': [
    {
      says: "'¡Dispositivo registrado correctamente!' al agregar, '¡Dispositivo actualizado correctamente!' al editar",
      view: (p) => {
        const text = p.context.id
          ? '¡Dispositivo actualizado correctamente!'
          : '¡Dispositivo registrado correctamente!';
        if (!dialog(p, '¡Correcto!').textContent!.includes(text)) fail(`no dice ${text}`);
      },
    },
  ],
  '"failed"': [
    {
      says: "Un fallo muestra 'Error' con el error_description del servidor y conserva lo escrito",
      actor: (p: Probe) => {
        if (p.snapshot.context.serverError !== cycleRefused.body.error_description)
          fail(`dice ${p.snapshot.context.serverError}`);
      },
      view: (p) => {
        if (!dialog(p, 'Error').textContent!.includes(cycleRefused.body.error_description))
          fail('no muestra el motivo');
      },
    },
  ],
};
deviceFormModel.describeEvent = (e) =>
  e.type === 'field.change'
    ? `elige ${e.name} = ${JSON.stringify(e.value)}`
    : ((
        {
          'form.submit': 'pulsa Registrar / Actualizar',
          'form.cancel': 'pulsa Cancelar',
          'dialog.close': 'cierra el aviso',
          'xstate.done.actor.load': 'llegan el dispositivo y los padres posibles',
          'xstate.error.actor.load': 'el dispositivo no existe (404)',
          'xstate.done.actor.save': 'el servidor guarda',
          'xstate.error.actor.save': 'el servidor rechaza (ciclo de padres)',
        } as Record<string, string>
      )[e.type] ?? e.type);
