import { confirmingOf, partsOf } from '../platform/form-screen.model.js';
import { contentFormMachine } from '../../../machines/content/content-form.machine.js';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, ContextFrom } from 'xstate';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';
import type { ViewProbe as ScreenProbe } from '../../support/view-paths.js';

/** What the person typed before the path (the model varies segments, dates, type and image). Dates as the picker gives them. */
const typedCommon = {
  title: 'Corte de agua',
  description: 'Mañana no habrá agua de 9 a 14 h.',
  contactName: 'Administración',
  contactPhone: '',
  contactEmail: '',
  contactLink: '',
  startDate: '2030-01-01T08:00',
  endDate: '2030-01-31T20:00',
};
export const typedNotice = { ...typedCommon, segmented: true, idZone: '', idStreet: '', idResident: '' };
export const typedNewsletter = { ...typedCommon, title: 'Torneo de tenis', type: '' };
export const NOTICE_UUID = '00000000-0000-4000-8000-0000000000e1';
export const PROMOTION_UUID = '00000000-0000-4000-8000-0000000000e2';
/** The stored notice (Zona Sur, Calle Cedro, Miguel) with its image, as the page loads it. */
export const loadedNotice = {
  values: {
    ...typedCommon,
    title: 'Poda de árboles',
    startDate: '2030-02-01T08:00:00',
    endDate: '2030-02-02T08:00:00',
    segmented: true,
    idZone: 2,
    idStreet: 12,
    idResident: 22,
  },
  logoPreview: 'blob:imagen-actual',
  record: { startDate: '2030-02-01T08:00:00' },
};
export const loadedPromotion = {
  values: {
    ...typedCommon,
    title: '2x1 en la cafetería',
    startDate: '2030-03-01T08:00:00',
    endDate: '2030-03-31T20:00:00',
  },
  logoPreview: 'blob:promo-actual',
  record: { startDate: '2030-03-01T08:00:00' },
};
export const pngImage = { name: 'cartel.png', type: 'image/png', size: 4096 };
export const gifImage = { name: 'cartel.gif', type: 'image/gif', size: 4096 };
export const readImage = {
  preview: 'data:image/png;base64,iVBORw0KGgo=',
  file: { uuid: null, name: 'cartel', extension: 'png', mimeType: 'image/png', content: 'iVBORw0KGgo=' },
};
const serverDown = {
  kind: 'http',
  status: 500,
  body: { error: 'server_error', error_description: 'Error interno del servidor' },
};
const notFound = { kind: 'http', status: 404, body: { error: 'not_found', error_description: 'El aviso no existe.' } };
const BEFORE_START = '2029-12-31T08:00';

export const noticeForm = contentFormMachine('notices', () => typedNotice);
export const newsletterForm = contentFormMachine('newsletters', () => typedNewsletter);
export const promotionForm = contentFormMachine('promotions', () => typedCommon);

const kindOf = (s: AnyMachineSnapshot) =>
  'segmented' in s.context.values ? 'notice' : 'type' in s.context.values ? 'newsletter' : 'promotion';

/**
 * 'Nuevo aviso' / 'Editar aviso', 'Nuevo boletín', 'Editar promoción': the
 * notice form (the skeleton with the segmentation cascade, recorded here: its own model tests it)
 * and the skeleton with the newsletter's and the promotion's rules.
 */
export const contentFormsModel: ModelSpec<AnyStateMachine, { inputName: string }> = {
  name: 'contentForms',
  machine: noticeForm,
  inputs: [
    { name: 'aviso nuevo', input: { id: null, row: null } },
    { name: 'aviso editado', input: { id: NOTICE_UUID, row: null } },
    { name: 'boletín nuevo', input: { id: null, row: null }, machine: newsletterForm },
    { name: 'promoción editada', input: { id: PROMOTION_UUID, row: null }, machine: promotionForm },
  ],
  recordedChildren: ['formPart'],
  notHere: {
    transitions: [
      'noticeForm --postalCode.',
      'noticeForm.editing --field.change--> (self)#0',
      ...confirmingOf('noticeForm').transitions,
      ...partsOf('noticeForm').transitions,
    ],
    states: [...confirmingOf('noticeForm').states, ...partsOf('noticeForm').states],
    takenBy: 'addressPages; the question before sending, guestForm; the parts, residentForm',
  },
  key: (s) => {
    const c = s.context;
    const v = c.values;
    return [
      c.id,
      v.segmented,
      v.idZone,
      v.idStreet,
      v.idResident,
      v.endDate,
      v.type,
      Object.keys(c.errors).sort(),
      c.logo.change,
      c.logo.preview !== null,
      c.readingLogo,
      c.serverError,
    ];
  },
  events: (s) => {
    const value = s.value as string;
    const c = s.context;
    const v = c.values;
    const kind = kindOf(s);
    if (value === 'loading')
      return [
        { type: 'xstate.done.actor.load', output: kind === 'notice' ? loadedNotice : loadedPromotion },
        { type: 'xstate.error.actor.load', error: notFound },
      ];
    if (value === 'submitting')
      return [
        { type: 'xstate.done.actor.save', output: { uuid: 'n9' } },
        { type: 'xstate.error.actor.save', error: serverDown },
      ];
    if (value !== 'editing')
      return ['invalid', 'succeeded', 'failed', 'loadFailed'].includes(value) ? [{ type: 'dialog.close' }] : [];
    if (c.readingLogo)
      return [
        { type: 'xstate.done.actor.readLogo', output: readImage },
        { type: 'xstate.error.actor.readLogo', error: new Error('lectura') },
      ];
    const events: AnyEventObject[] = [{ type: 'form.cancel' }];
    if (Object.keys(c.errors).length === 0) events.push({ type: 'form.submit' });
    if (kind === 'newsletter' && v.type === '') events.push({ type: 'field.change', name: 'type', value: '5' });
    if (kind === 'promotion' && c.logo.preview) events.push({ type: 'logo.remove' });
    if (kind !== 'notice') return events;
    // The notice: the segmentation when adding, the dates and the image when editing, so the paths stay few.
    if (c.id === null) {
      if (v.segmented) events.push({ type: 'field.change', name: 'segmented', value: false });
      else if (v.idZone === '') events.push({ type: 'field.change', name: 'segmented', value: true });
      if (v.segmented && v.idZone === '') events.push({ type: 'field.change', name: 'idZone', value: 1 });
      if (v.segmented && v.idZone !== '' && v.idStreet === '')
        events.push({ type: 'field.change', name: 'idStreet', value: 11 });
      if (v.segmented && v.idStreet !== '' && v.idResident === '')
        events.push({ type: 'field.change', name: 'idResident', value: 21 });
      if (v.idResident !== '' && v.idZone === 1) events.push({ type: 'field.change', name: 'idZone', value: 2 });
      if (c.logo.change === 'none' && !c.errors.logo)
        events.push({ type: 'logo.pick', file: pngImage }, { type: 'logo.pick', file: gifImage });
      if (c.logo.preview) events.push({ type: 'logo.remove' });
    } else {
      if (v.endDate !== BEFORE_START && Object.keys(c.errors).length === 0)
        events.push({ type: 'field.change', name: 'endDate', value: BEFORE_START });
      if (v.endDate === BEFORE_START) events.push({ type: 'field.change', name: 'endDate', value: '2030-02-03T08:00' });
      if (c.logo.preview) events.push({ type: 'logo.remove' });
    }
    return events;
  },
};

/* What the specification says holds in each state: the content forms, dates and segmentation, rules, texts. */
type Probe = ActorProbe;
const fail = (message: string) => {
  throw new Error(message);
};
/** The value of a field as the person's events make it, starting from the typed or loaded values; a zone empties street and resident, a street the resident. */
function fieldValue(p: Probe, name: string): unknown {
  const start =
    p.snapshot.context.id === null
      ? kindOfProbe(p) === 'notice'
        ? typedNotice
        : kindOfProbe(p) === 'newsletter'
          ? typedNewsletter
          : typedCommon
      : kindOfProbe(p) === 'notice'
        ? loadedNotice.values
        : loadedPromotion.values;
  const order = ['idZone', 'idStreet', 'idResident'];
  let value = (start as Record<string, unknown>)[name];
  for (const e of p.events) {
    if (e.type !== 'field.change') continue;
    if (e.name === name) value = e.value;
    else if (order.includes(e.name) && order.indexOf(e.name) < order.indexOf(name)) value = '';
  }
  return value;
}
const kindOfProbe = (p: Probe) => kindOf(p.snapshot);
/** The image the save must send: the picked file, null (a stored image removed) or nothing (undefined). */
const imageToSend = (p: Probe) => {
  const read = p.events.findLastIndex((e) => e.type === 'xstate.done.actor.readLogo');
  const removed = p.events.findLastIndex((e) => e.type === 'logo.remove');
  if (read > removed) return readImage.file;
  return removed >= 0 && p.snapshot.context.id ? null : undefined;
};
const withSeconds = (d: unknown) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(String(d)) ? `${d}:00` : d);

/** The rendered form page. */
type ViewProbe = ScreenProbe<ContextFrom<AnyStateMachine>> & { inputName: string };
const dialogWith = (p: ViewProbe, text: string) => {
  const dialogs = p.screen.queryAllByRole('alertdialog', { hidden: true }) as HTMLElement[];
  if (!dialogs.some((d) => d.textContent?.includes(text))) fail(`no se ve '${text}'`);
};
const selectOf = (p: ViewProbe, label: string) => p.screen.getByLabelText(new RegExp(`^${label}`)) as HTMLSelectElement;
/** The success texts by form and mode. */
const SUCCESS: Record<string, string> = {
  'aviso nuevo': 'Aviso creado correctamente',
  'aviso editado': 'Aviso actualizado correctamente',
  'boletín nuevo': 'Boletín creado',
  'promoción editada': 'Promoción actualizada correctamente',
};

contentFormsModel.expectations = {
  '"loading"': [
    {
      says: 'Editar carga el registro elegido antes de mostrar el formulario',
      actor: (p: Probe) => {
        if (p.calls.filter((c) => c.src === 'loadForm').at(-1)?.input.id !== p.snapshot.context.id)
          fail('cargó otro registro');
      },
    },
  ],
  '"editing"': [
    {
      says: "Con 'Para todo el fraccionamiento' marcado, zona, calle y residente están deshabilitados; sin él, Calle espera una zona y Residente una calle; la descripción cuenta n/1500",
      view: (p: ViewProbe) => {
        const counter = p.screen.getByTestId('description-counter').textContent;
        if (counter !== `${p.context.values.description.length}/1500`) fail(`el contador dice ${counter}`);
        if (!('segmented' in p.context.values)) return;
        const whole = p.context.values.segmented === false;
        const [zone, street, resident] = ['Zona', 'Calle', 'Residente'].map((l) => selectOf(p, l));
        if (whole && !(zone.disabled && street.disabled && resident.disabled))
          fail('los selectores siguen habilitados');
        if (!whole && p.context.values.idZone === '' && !street.disabled) fail('Calle se habilitó sin zona');
        if (!whole && p.context.values.idStreet === '' && !resident.disabled) fail('Residente se habilitó sin calle');
        if (whole && [zone, street, resident].some((el) => el.getAttribute('aria-invalid') === 'true'))
          fail('sigue la validación de los selectores');
      },
    },
    {
      says: "Marcar 'Para todo el fraccionamiento' quita la validación de zona, calle y residente",
      actor: (p: Probe) => {
        if (kindOfProbe(p) !== 'notice' || p.snapshot.context.values.segmented) return;
        const errors = p.snapshot.context.errors;
        if (errors.idZone || errors.idStreet || errors.idResident) fail(`siguen los errores ${JSON.stringify(errors)}`);
      },
    },
    {
      says: 'Elegir una zona vacía calle y residente y se piden sus calles; elegir una calle vacía el residente y se piden sus residentes',
      actor: (p: Probe) => {
        if (kindOfProbe(p) !== 'notice') return;
        const v = p.snapshot.context.values;
        for (const name of ['idZone', 'idStreet', 'idResident'])
          if (v[name] !== fieldValue(p, name)) fail(`${name} es ${v[name]}, el spec da ${fieldValue(p, name)}`);
        const told = p.calls.filter((c) => c.src === 'formPart');
        const zones = p.events.filter((e) => e.type === 'field.change' && e.name === 'idZone').length;
        const streets = p.events.filter((e) => e.type === 'field.change' && e.name === 'idStreet').length;
        if (told.filter((c) => c.input.type === 'zone.choose').length !== zones)
          fail('la cascada no supo de cada zona');
        if (told.filter((c) => c.input.type === 'street.choose').length !== streets)
          fail('la cascada no supo de cada calle');
        const lastZone = told.filter((c) => c.input.type === 'zone.choose').at(-1);
        if (lastZone && lastZone.input.idZone !== fieldValue(p, 'idZone'))
          fail(`se pidieron las calles de la zona ${lastZone.input.idZone}`);
      },
    },
    {
      says: "Una imagen que no es JPEG ni PNG se rechaza con 'La imagen debe ser JPEG o PNG.'",
      actor: (p: Probe) => {
        const last = p.events.filter((e) => e.type.startsWith('logo.') || e.type.endsWith('.readLogo')).at(-1);
        if (
          last?.type === 'logo.pick' &&
          last.file.type === 'image/gif' &&
          p.snapshot.context.errors.logo !== 'La imagen debe ser JPEG o PNG.'
        ) {
          fail(`dice '${p.snapshot.context.errors.logo}'`);
        }
      },
    },
  ],
  '"invalid"': [
    {
      says: "Guardar marca lo que falta: zona, calle y residente de un aviso segmentado ('Selecciona una zona'…), un término antes del inicio, el tipo de un boletín; no se envía nada",
      actor: (p: Probe) => {
        const { errors, values } = p.snapshot.context;
        if (kindOfProbe(p) === 'notice' && values.segmented) {
          if (values.idZone === '' && errors.idZone !== 'Selecciona una zona') fail(`zona: '${errors.idZone}'`);
          if (values.idStreet === '' && errors.idStreet !== 'Selecciona una calle') fail(`calle: '${errors.idStreet}'`);
          if (values.idResident === '' && errors.idResident !== 'Selecciona un residente')
            fail(`residente: '${errors.idResident}'`);
        }
        if (
          values.endDate === BEFORE_START &&
          errors.endDate !== 'La fecha de término no puede ser anterior a la fecha de inicio.'
        )
          fail(`término: '${errors.endDate}'`);
        if (kindOfProbe(p) === 'newsletter' && values.type === '' && !errors.type) fail('el tipo no se marcó');
        if (p.calls.some((c) => c.src === 'saveRecord' && !c.outcome)) fail('se envió');
      },
      view: (p: ViewProbe) => {
        dialogWith(p, 'Por favor, corrige los campos indicados.');
        const { values } = p.context;
        if (values.segmented === true && values.idZone === '' && !p.screen.queryAllByText('Selecciona una zona').length)
          fail("no se ve 'Selecciona una zona'");
        if (
          values.endDate === BEFORE_START &&
          !p.screen.queryByText('La fecha de término no puede ser anterior a la fecha de inicio.')
        )
          fail('no se ve el error del término');
      },
    },
  ],
  '"succeeded"': [
    {
      says: "Guardado: 'Correcto' con 'Aviso creado correctamente', 'Aviso actualizado correctamente', 'Boletín creado', 'Promoción actualizada correctamente'…",
      view: (p: ViewProbe) => {
        dialogWith(p, 'Correcto');
        dialogWith(p, SUCCESS[p.inputName]);
      },
    },
  ],
  '"submitting"': [
    {
      says: 'Se envía lo escrito con fechas YYYY-MM-DDTHH:mm:ss; un aviso para todo el fraccionamiento va sin zona, calle ni residente; uno segmentado, con los elegidos; el boletín con su tipo; la imagen nueva, su retiro o nada',
      actor: (p: Probe) => {
        const call = p.calls.filter((c) => c.src === 'saveRecord').at(-1) ?? fail('no se envió');
        const sent = call.input.values;
        if (call.input.id !== p.snapshot.context.id) fail(`envió al registro ${call.input.id}`);
        if (
          sent.startDate !== withSeconds(fieldValue(p, 'startDate')) ||
          sent.endDate !== withSeconds(fieldValue(p, 'endDate'))
        )
          fail(`fechas ${sent.startDate} ${sent.endDate}`);
        if (kindOfProbe(p) === 'notice') {
          if (fieldValue(p, 'segmented') === false) {
            if (sent.segmented !== false || sent.idZone !== '' || sent.zones !== null || sent.residents !== null)
              fail(`envió ${JSON.stringify(sent)}`);
          } else {
            const [z, st, r] = ['idZone', 'idStreet', 'idResident'].map((n) => fieldValue(p, n));
            if (sent.segmented !== true || sent.idZone !== z || sent.idStreet !== st || sent.idResident !== r)
              fail(`envió ${JSON.stringify(sent)}`);
            if (
              JSON.stringify([sent.zones, sent.streets, sent.residents]) !==
              JSON.stringify([[{ idZone: z }], [{ idStreet: st }], [{ idResident: r }]])
            )
              fail('listas');
          }
        }
        if (kindOfProbe(p) === 'newsletter' && sent.type !== 5) fail(`tipo ${sent.type}`);
        if (JSON.stringify(call.input.logo) !== JSON.stringify(imageToSend(p)))
          fail(`imagen ${JSON.stringify(call.input.logo)}`);
      },
    },
  ],
  '"failed"': [
    {
      says: "Si el servidor no guarda: 'Ha ocurrido un error' con su mensaje; lo escrito se conserva",
      actor: (p: Probe) => {
        if (p.snapshot.context.serverError !== 'Error interno del servidor')
          fail(`dice '${p.snapshot.context.serverError}'`);
        if (p.snapshot.context.values.title !== fieldValue(p, 'title')) fail('se perdió lo escrito');
      },
      view: (p: ViewProbe) => {
        dialogWith(p, 'Ha ocurrido un error');
        dialogWith(p, 'Error interno del servidor');
        if ((p.screen.getByLabelText(/^Título/) as HTMLInputElement).value !== p.context.values.title)
          fail('se perdió lo escrito');
      },
    },
  ],
  '"closed"': [
    {
      says: 'Descartar, un guardado aceptado o un registro que no carga vuelven a la lista',
      actor: (p: Probe) => {
        if (p.snapshot.status !== 'done') fail('no terminó');
        if (p.snapshot.output.saved !== p.calls.some((c) => c.src === 'saveRecord' && c.outcome === 'done'))
          fail(`dijo saved=${p.snapshot.output.saved}`);
      },
    },
  ],
};
contentFormsModel.describeEvent = (e) =>
  (
    ({
      'field.change': `${e.name === 'segmented' ? (e.value ? "desmarca 'Para todo el fraccionamiento'" : "marca 'Para todo el fraccionamiento'") : `elige '${e.value}' en ${e.name}`}`,
      'form.submit': 'pulsa Registrar / Guardar',
      'form.cancel': 'pulsa Descartar',
      'dialog.close': 'cierra el aviso',
      'logo.pick': `elige la imagen ${e.file?.name}`,
      'logo.remove': 'quita la imagen',
      'xstate.done.actor.readLogo': 'la imagen se lee',
      'xstate.error.actor.readLogo': 'la imagen no se puede leer',
      'xstate.done.actor.load': 'el servidor responde el registro',
      'xstate.error.actor.load': 'el registro no existe',
      'xstate.done.actor.save': 'el servidor guarda',
      'xstate.error.actor.save': 'el servidor falla',
    }) as Record<string, string>
  )[e.type] ?? e.type;
