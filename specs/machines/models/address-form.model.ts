import { addressFormMachine } from '../../../machines/address-form.machine.js';
import { CommunityFormSchema } from '../../../src/shared/schemas/community.schema.js';
import { IntegratorFormSchema } from '../../../src/shared/schemas/integrator.schema.js';
import type { ModelSpec } from '../../support/model-paths.js';

/** The answer of `GET api/addresses/01000` in the demo data, plus a second colony. */
export const colonies01000 = [
  { idAddress: 1, uuid: 'a1', colony: 'San Ángel', state: 'Ciudad de México', location: 'Álvaro Obregón' },
  { idAddress: 2, uuid: 'a2', colony: 'Tizapán', state: 'Ciudad de México', location: 'Álvaro Obregón' },
];
/** What the person typed in every field but the address (the model varies postal code, colony and logo). */
export const typedIntegrator = {
  name: 'Laura', lastName: 'Campos Ruiz', email: 'laura@integra.mx', phone: '5512345678',
  cp: '', city: '', state: '', idAddress: '', street: 'Av. Revolución', number: '1200', intNumber: '', licenses: '25',
};
export const typedCommunity = {
  name: 'Lomas del Pedregal', cp: '', city: '', state: '', idAddress: '', street: 'Calle Fuego', extNumber: '10', intNumber: '',
  licenseTotal: '20', idUser: '7',
};
export const administrators = { idUser: [{ value: '7', label: 'Adriana Morales Peña' }, { value: '8', label: 'Beatriz Solís' }] };
/** The community as `GET api/fracs/{uuid}` gives it, mapped to the form (src/web/api/fracs.api.ts does it). */
export const loadedCommunity = {
  values: { ...typedCommunity, name: 'Residencial Las Palmas', cp: '01000', city: 'Álvaro Obregón', state: 'Ciudad de México', idAddress: '1', licenseTotal: '150' },
  colonies: [colonies01000[0]],
  options: administrators,
  logoPreview: 'blob:logo-actual',
};
export const pngLogo = { name: 'logo.png', type: 'image/png', size: 2048 };
export const gifLogo = { name: 'logo.gif', type: 'image/gif', size: 2048 };
export const readPng = { preview: 'data:image/png;base64,iVBORw0KGgo=', file: { uuid: null, name: 'logo', extension: 'png', mimeType: 'image/png', content: 'iVBORw0KGgo=' } };
export const emailTaken = { kind: 'http', status: 409, body: { error: 'conflict', error_description: 'El correo ya existe', fields: { 'user.email': 'El correo ya existe' } } };
export const licencesExceeded = { kind: 'http', status: 409, body: { error: 'conflict', error_description: 'Las licencias asignadas superan las disponibles del integrador.' } };

const isCommunity = (s: any) => s.context.schema === CommunityFormSchema;

export const addressFormModel: ModelSpec = {
  name: 'addressForm',
  machine: addressFormMachine,
  inputs: [
    { name: 'integrator add', input: { id: null, initial: typedIntegrator, schema: IntegratorFormSchema } },
    { name: 'community add', input: { id: null, initial: typedCommunity, schema: CommunityFormSchema } },
    { name: 'community edit', input: { id: 'c1', initial: typedCommunity, schema: CommunityFormSchema } },
  ],
  events: (s) => {
    const value = s.value as string | { editing: { postalCode: string; logo: string } };
    const ctx = s.context;
    if (value === 'loading') return [
      { type: 'xstate.done.actor.load', output: ctx.id ? loadedCommunity : isCommunity(s) ? { options: administrators } : {} },
      { type: 'xstate.error.actor.load', error: { kind: 'http', status: 404, body: { error: 'not_found', error_description: 'El fraccionamiento no existe.' } } },
    ];
    if (value === 'submitting') return [
      { type: 'xstate.done.actor.save', output: isCommunity(s) ? { uuid: 'c9' } : { uuid: 'i9', user: { oldPassword: 'K7P2Q9XZ' } } },
      { type: 'xstate.error.actor.save', error: isCommunity(s) ? licencesExceeded : emailTaken },
    ];
    if (typeof value === 'string') return ['invalid', 'succeeded', 'failed', 'loadFailed'].includes(value) ? [{ type: 'dialog.close' }] : [];
    const { postalCode, logo } = value.editing;
    // Each input exercises one part, so the paths stay few: the integrator the postal code,
    // the new community the logo, the edited community its loaded logo.
    const integrator = !isCommunity(s);
    const cp = ctx.values.cp;
    // A new community picks its logo before typing the postal code; an edited one has both loaded.
    const logoFirst = !integrator && (ctx.id !== null || cp === '');
    const cpCases = !integrator ? (cp === '' ? ['01000'] : []) : cp === '' ? ['0100', '01000'] : cp === '0100' ? ['01000'] : ['0100'];
    if (postalCode === 'lookingUp') return [
      { type: 'xstate.done.actor.lookup', output: colonies01000 },
      { type: 'xstate.error.actor.lookup', error: { kind: 'network' } },
      ...(integrator ? [
        { type: 'field.change', name: 'cp', value: '0100' },
        { type: 'field.change', name: 'cp', value: '01000' },
        ...(ctx.values.street === typedIntegrator.street ? [{ type: 'field.change', name: 'street', value: 'Calle Agua' }] : []),
      ] : []),
    ];
    if (logo === 'reading') return [
      { type: 'xstate.done.actor.readLogo', output: readPng },
      { type: 'xstate.error.actor.readLogo', error: new Error('lectura') },
    ];
    return [
      // Submitting again while fields are marked adds paths, not behaviour.
      ...(Object.keys(ctx.errors).length === 0 ? [{ type: 'form.submit' }] : []),
      { type: 'form.cancel' },
      ...cpCases.map((v) => ({ type: 'field.change', name: 'cp', value: v })),
      ...(ctx.colonies.length && ctx.values.idAddress === '' ? [{ type: 'field.change', name: 'idAddress', value: '2' }] : []),
      ...(logoFirst && ctx.logo.change === 'none' ? [{ type: 'logo.pick', file: pngLogo }] : []),
      ...(logoFirst && ctx.id === null && !ctx.errors.logo && ctx.logo.change === 'none' ? [{ type: 'logo.pick', file: gifLogo }] : []),
      ...(logoFirst && ctx.logo.preview ? [{ type: 'logo.remove' }] : []),
    ];
  },
};
