import type { AnyMachineSnapshot } from 'xstate';
import { CONFIRMING_TRANSITIONS, PART_TRANSITIONS } from './form-screen.model.js';
import { formRules } from '../../../machines/platform/form-rules.js';
import { formScreenMachine } from '../../../machines/platform/form-screen.machine.js';
import { CommunityFormSchema } from '../../../src/shared/communities/community.schema.js';
import { IntegratorFormSchema } from '../../../src/shared/integrators/integrator.schema.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

/** The answer of `GET api/addresses/01000` in the demo data, plus a second colony. */
export const colonies01000 = [
  { idAddress: 1, uuid: 'a1', colony: 'San Ángel', state: 'Ciudad de México', location: 'Álvaro Obregón' },
  { idAddress: 2, uuid: 'a2', colony: 'Tizapán', state: 'Ciudad de México', location: 'Álvaro Obregón' },
];
/** What the person typed in every field but the address (the model varies postal code, colony and logo). */
export const typedIntegrator = {
  name: 'Laura',
  lastName: 'Campos Ruiz',
  email: 'laura@integra.mx',
  phone: '5512345678',
  cp: '',
  city: '',
  state: '',
  idAddress: '',
  street: 'Av. Revolución',
  number: '1200',
  intNumber: '',
  licenses: '25',
};
export const typedCommunity = {
  name: 'Lomas del Pedregal',
  cp: '',
  city: '',
  state: '',
  idAddress: '',
  street: 'Calle Fuego',
  extNumber: '10',
  intNumber: '',
  licenseTotal: '20',
  idUser: '7',
};
export const administrators = {
  idUser: [
    { value: '7', label: 'Adriana Morales Peña' },
    { value: '8', label: 'Beatriz Solís' },
  ],
};
/** The community as `GET api/fracs/{uuid}` gives it, mapped to the form (src/web/views/communities/communities.api.ts does it). */
export const loadedCommunity = {
  values: {
    ...typedCommunity,
    name: 'Residencial Las Palmas',
    cp: '01000',
    city: 'Álvaro Obregón',
    state: 'Ciudad de México',
    idAddress: '1',
    licenseTotal: '150',
  },
  colonies: [colonies01000[0]],
  options: administrators,
  logoPreview: 'blob:logo-actual',
};
export const pngLogo = { name: 'logo.png', type: 'image/png', size: 2048 };
export const gifLogo = { name: 'logo.gif', type: 'image/gif', size: 2048 };
export const readPng = {
  preview: 'data:image/png;base64,iVBORw0KGgo=',
  file: { uuid: null, name: 'logo', extension: 'png', mimeType: 'image/png', content: 'iVBORw0KGgo=' },
};
export const emailTaken = {
  kind: 'http',
  status: 409,
  body: {
    error: 'conflict',
    error_description: 'El correo ya existe',
    fields: { 'user.email': 'El correo ya existe' },
  },
};
export const licencesExceeded = {
  kind: 'http',
  status: 409,
  body: { error: 'conflict', error_description: 'Las licencias asignadas superan las disponibles del integrador.' },
};

/** /newIntegrator: the form skeleton with the integrator rules and an address (it loads only to edit). */
export const integratorPage = formScreenMachine.provide(
  formRules({ schema: IntegratorFormSchema, initial: () => typedIntegrator, postalCode: true }),
);
/** /newFrac: the community rules, an address and a logo; it loads the administrators when adding too. */
export const communityPage = formScreenMachine.provide(
  formRules({
    schema: CommunityFormSchema,
    initial: () => typedCommunity,
    loadsWhenAdding: true,
    postalCode: true,
    logo: true,
  }),
);

const isCommunity = (s: AnyMachineSnapshot) => 'licenseTotal' in s.context.values;

/**
 * The add/edit pages with an address (Alta integrador, Alta / Editar fraccionamiento,
 * postal code and limits, dialogs): one skeleton, two configurations.
 */
export const addressPagesModel: ModelSpec = {
  name: 'addressPages',
  machine: communityPage,
  notHere: {
    transitions: [...CONFIRMING_TRANSITIONS, ...PART_TRANSITIONS],
    states: ['formScreen.confirming', 'formScreen.held'],
    takenBy: 'guestForm; the parts, residentForm',
  },
  inputs: [
    { name: 'integrator add', input: { id: null, row: null }, machine: integratorPage },
    { name: 'community add', input: { id: null, row: null } },
    { name: 'community edit', input: { id: 'c1', row: null } },
  ],
  recordedChildren: ['postalCodeLookup'],
  events: (s) => {
    const value = s.value as string;
    const ctx = s.context;
    if (value === 'loading')
      return [
        { type: 'xstate.done.actor.load', output: ctx.id ? loadedCommunity : { options: administrators } },
        {
          type: 'xstate.error.actor.load',
          error: {
            kind: 'http',
            status: 404,
            body: { error: 'not_found', error_description: 'El fraccionamiento no existe.' },
          },
        },
      ];
    if (value === 'submitting')
      return [
        {
          type: 'xstate.done.actor.save',
          output: isCommunity(s) ? { uuid: 'c9' } : { uuid: 'i9', user: { oldPassword: 'K7P2Q9XZ' } },
        },
        { type: 'xstate.error.actor.save', error: isCommunity(s) ? licencesExceeded : emailTaken },
      ];
    if (value !== 'editing')
      return ['invalid', 'succeeded', 'failed', 'loadFailed'].includes(value) ? [{ type: 'dialog.close' }] : [];
    // Each input exercises one part, so the paths stay few: the integrator the postal code,
    // the new community the logo, the edited community its loaded logo.
    const integrator = !isCommunity(s);
    const cp = ctx.values.cp;
    if (ctx.lookingUp)
      return [
        { type: 'postalCode.found', cp: '01000', addresses: colonies01000 },
        { type: 'postalCode.failed', cp: '01000', error: { kind: 'network' } },
        // The person keeps typing while the colonies are looked up.
        ...(integrator
          ? [
              { type: 'field.change', name: 'cp', value: '0100' },
              ...(ctx.values.street === typedIntegrator.street
                ? [{ type: 'field.change', name: 'street', value: 'Calle Agua' }]
                : []),
            ]
          : []),
      ];
    if (ctx.readingLogo)
      return [
        { type: 'xstate.done.actor.readLogo', output: readPng },
        { type: 'xstate.error.actor.readLogo', error: new Error('lectura') },
      ];
    // A new community picks its logo before typing the postal code; an edited one has both loaded.
    const logoFirst = !integrator && (ctx.id !== null || cp === '');
    const cpCases = !integrator
      ? cp === ''
        ? ['01000']
        : []
      : cp === ''
        ? ['0100', '01000']
        : cp === '0100'
          ? ['01000']
          : ['0100'];
    return [
      // Submitting again while fields are marked adds paths, not behaviour.
      ...(Object.keys(ctx.errors).length === 0 ? [{ type: 'form.submit' }] : []),
      { type: 'form.cancel' },
      ...cpCases.map((v) => ({ type: 'field.change', name: 'cp', value: v })),
      ...(ctx.colonies.length && ctx.values.idAddress === ''
        ? [{ type: 'field.change', name: 'idAddress', value: '2' }]
        : []),
      ...(logoFirst && ctx.logo.change === 'none' ? [{ type: 'logo.pick', file: pngLogo }] : []),
      ...(logoFirst && ctx.id === null && !ctx.errors.logo && ctx.logo.change === 'none'
        ? [{ type: 'logo.pick', file: gifLogo }]
        : []),
      ...(logoFirst && ctx.logo.preview ? [{ type: 'logo.remove' }] : []),
    ];
  },
};

/* What the specification says holds in each state: the integrator and community pages, postal code and logo, dialogs. */
type Probe = ActorProbe;
const fail = (message: string) => {
  throw new Error(message);
};
const lastIndex = (p: Probe, test: (e: Probe['events'][number]) => boolean) => p.events.findLastIndex(test);
const isCpChange = (e: Probe['events'][number]) => e.type === 'field.change' && e.name === 'cp';
/** The logo the save must send: a new file, its removal (null, only of a stored logo) or nothing (undefined). */
const logoToSend = (p: Probe) => {
  const read = lastIndex(p, (e) => e.type === 'xstate.done.actor.readLogo');
  const removed = lastIndex(p, (e) => e.type === 'logo.remove');
  if (read > removed) return readPng.file;
  return removed >= 0 && p.snapshot.context.id ? null : undefined;
};
addressPagesModel.expectations = {
  '"loading"': [
    {
      says: 'Editar fraccionamiento carga el elegido; Alta fraccionamiento carga los administradores para su lista',
      actor: (p: Probe) => {
        if (p.calls.filter((c) => c.src === 'loadForm').at(-1)?.input.id !== p.snapshot.context.id)
          fail('cargó otro registro');
      },
    },
  ],
  '"editing"': [
    {
      says: 'Con cinco dígitos en Código postal se piden sus colonias (también las del domicilio cargado)',
      actor: (p: Probe) => {
        const complete = (v: unknown) => /^\d{5}$/.test(String(v ?? ''));
        const asked = p.calls.filter((c) => c.src === 'postalCodeLookup' && complete(c.input.value)).length;
        const given = p.events.filter(
          (e) =>
            (isCpChange(e) && complete(e.value)) ||
            (e.type === 'xstate.done.actor.load' && complete(e.output.values?.cp)),
        ).length;
        if (asked !== given) fail(`la búsqueda recibió ${asked} códigos completos, no ${given}`);
      },
    },
    {
      says: 'La primera colonia encontrada llena Ciudad y Estado y todas se ofrecen; un código nuevo borra colonia, ciudad y estado',
      actor: (p: Probe) => {
        const { values, colonies } = p.snapshot.context;
        const found = lastIndex(p, (e) => e.type === 'postalCode.found');
        const typed = lastIndex(p, isCpChange);
        if (
          found > typed &&
          (colonies.length !== 2 || values.city !== 'Álvaro Obregón' || values.state !== 'Ciudad de México')
        )
          fail('no se llenó con la primera colonia');
        if (
          typed > found &&
          p.events[typed].value !== '01000' &&
          (colonies.length || values.city !== '' || values.idAddress !== '')
        )
          fail('quedaron datos del código anterior');
      },
    },
    {
      says: "Un logo que no es JPEG ni PNG se rechaza con 'El logo debe ser una imagen JPEG o PNG.'; uno que no se puede leer, con 'No fue posible leer el archivo.'",
      actor: (p: Probe) => {
        const last = p.events.filter((e) => e.type.startsWith('logo.') || e.type.endsWith('.readLogo')).at(-1);
        const { errors, logo } = p.snapshot.context;
        if (
          last?.type === 'logo.pick' &&
          last.file.type === 'image/gif' &&
          errors.logo !== 'El logo debe ser una imagen JPEG o PNG.'
        )
          fail(`dice '${errors.logo}'`);
        if (last?.type === 'xstate.error.actor.readLogo' && errors.logo !== 'No fue posible leer el archivo.')
          fail(`dice '${errors.logo}'`);
        if (last?.type === 'xstate.done.actor.readLogo' && (errors.logo || logo.preview !== readPng.preview))
          fail('no se muestra el logo leído');
      },
    },
  ],
  '"invalid"': [
    {
      says: "Registrar sin código postal marca 'Por favor, introduce el código postal' y 'Por favor, selecciona una colonia'; no se envía nada",
      actor: (p: Probe) => {
        const { values, errors } = p.snapshot.context;
        if (
          values.cp === '' &&
          (errors.cp !== 'Por favor, introduce el código postal' ||
            errors.idAddress !== 'Por favor, selecciona una colonia')
        )
          fail(JSON.stringify(errors));
        if (p.calls.some((c) => c.src === 'saveRecord' && !c.outcome)) fail('se envió');
      },
    },
  ],
  '"submitting"': [
    {
      says: 'Se envía la salida del esquema compartido (números como números) y el cambio del logo: archivo nuevo, quitarlo o nada',
      actor: (p: Probe) => {
        const call = p.calls.filter((c) => c.src === 'saveRecord').at(-1) ?? fail('no se envió');
        const community = 'licenseTotal' in p.snapshot.context.values;
        const v = call.input.values;
        if (call.input.id !== p.snapshot.context.id) fail(`envió al registro ${call.input.id}`);
        if (!community && (v.cp !== '01000' || v.idAddress !== 2 || v.licenses !== 25 || v.intNumber !== null))
          fail(`envió ${JSON.stringify(v)}`);
        if (community && (v.cp !== '01000' || v.idUser !== 7 || typeof v.idAddress !== 'number'))
          fail(`envió ${JSON.stringify(v)}`);
        if (JSON.stringify(call.input.logo) !== JSON.stringify(logoToSend(p)))
          fail(`logo ${JSON.stringify(call.input.logo)}`);
      },
    },
  ],
  '"failed"': [
    {
      says: 'El error del servidor se muestra (y un correo repetido se marca en Correo); lo escrito se conserva',
      actor: (p: Probe) => {
        const { serverError, errors, values } = p.snapshot.context;
        const community = 'licenseTotal' in values;
        if (community && serverError !== licencesExceeded.body.error_description) fail(`dice '${serverError}'`);
        if (!community && (serverError !== 'El correo ya existe' || errors.email !== 'El correo ya existe'))
          fail(`dice '${serverError}'`);
      },
    },
  ],
  '"closed"': [
    {
      says: 'Cancelar, un guardado aceptado o un registro que no carga vuelven a la lista',
      actor: (p: Probe) => {
        if (p.snapshot.status !== 'done') fail('no terminó');
        const saved = p.calls.some((c) => c.src === 'saveRecord' && c.outcome === 'done');
        if (p.snapshot.output.saved !== saved) fail(`dijo saved=${p.snapshot.output.saved}`);
      },
    },
  ],
};
addressPagesModel.describeEvent = (e) =>
  (
    ({
      'field.change': `escribe '${e.value}' en ${({ cp: 'Código postal', idAddress: 'Colonia', street: 'Calle' } as Record<string, string>)[e.name] ?? e.name}`,
      'form.submit': 'pulsa Registrar / Guardar',
      'form.cancel': 'pulsa Cancelar',
      'dialog.close': 'cierra el aviso',
      'logo.pick': `elige el archivo ${e.file?.name}`,
      'logo.remove': 'quita el logo',
      'postalCode.found': `la búsqueda de ${e.cp} encuentra ${e.addresses?.length} colonias`,
      'postalCode.failed': `la búsqueda de ${e.cp} falla (solo se registra)`,
      'xstate.done.actor.readLogo': 'el archivo se lee',
      'xstate.error.actor.readLogo': 'el archivo no se puede leer',
      'xstate.done.actor.load': 'el servidor responde',
      'xstate.error.actor.load': 'el servidor no encuentra el registro',
      'xstate.done.actor.save': 'el servidor guarda',
      'xstate.error.actor.save': 'el servidor rechaza el guardado',
    }) as Record<string, string>
  )[e.type] ?? e.type;
