import type { AnyStateMachine, ContextFrom } from 'xstate';
import * as v from 'valibot';
import { formRules } from '../../../machines/platform/form-rules.js';
import { formScreenMachine } from '../../../machines/platform/form-screen.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';
import type { ViewProbe as ScreenProbe } from '../../support/view-paths.js';

/** A small schema standing in for a catalogue's: the machine takes any shared schema. */
export const NameSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(3, 'Mínimo 3 caracteres'), v.maxLength(64, 'Máximo 64 caracteres')),
});

/** The form skeleton with a catalogue's rules: the name schema, an empty name to start. */
export const nameForm = formScreenMachine.provide(formRules({ schema: NameSchema, initial: () => ({ name: '' }) }));

export const formScreenModel: ModelSpec = {
  name: 'formScreen',
  machine: nameForm,
  inputs: [
    { name: 'add', input: { id: null, row: null } },
    { name: 'edit', input: { id: 'z1', row: { uuid: 'z1', name: 'Zona Norte' } } },
  ],
  events: (s) => {
    switch (s.value as string) {
      case 'loading':
        return [
          { type: 'xstate.done.actor.load', output: { values: { name: 'Zona Norte' } } },
          {
            type: 'xstate.error.actor.load',
            error: {
              kind: 'http',
              status: 404,
              body: { error: 'not_found', error_description: 'No se encontró el recurso solicitado.' },
            },
          },
        ];
      case 'editing':
        return [
          { type: 'form.submit' },
          { type: 'form.cancel' },
          ...(s.context.values.name === ''
            ? [
                { type: 'field.change', name: 'name', value: '  Zona Sur ' },
                { type: 'field.change', name: 'name', value: 'Zo' },
              ]
            : []),
        ];
      case 'submitting':
        return [
          { type: 'xstate.done.actor.save', output: { uuid: 'n1' } },
          {
            type: 'xstate.error.actor.save',
            error: { kind: 'http', status: 409, body: { error: 'conflict', error_description: 'La zona ya existe.' } },
          },
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

/* What the spec says holds in each state of an add/edit modal ('Agregar …'/'Editar …', messages). */
type Probe = ActorProbe;
/** The rendered modal (a catalogue's FormDialog): the screen and the context the model predicts. */
type ViewProbe = ScreenProbe<ContextFrom<AnyStateMachine>>;
const fail = (message: string) => {
  throw new Error(message);
};
/** The result dialog over the form that shows `text` (there may be a closing one behind it). */
const resultWith = (p: ViewProbe, text: string) => {
  const dialogs = p.screen.queryAllByRole('alertdialog', { hidden: true }) as HTMLElement[];
  if (!dialogs.some((d) => d.textContent?.includes(text))) fail(`no se ve '${text}'`);
};
/** The name field as the person sees it. */
const nameField = (p: ViewProbe) =>
  (p.screen.getByTestId('form-dialog') as HTMLElement).querySelector('input') as HTMLInputElement;
/** What the person typed last in the name field, or what was loaded, or the empty start. */
const typedName = (p: Probe) => {
  const typed = [...p.events].reverse().find((e) => e.type === 'field.change' && e.name === 'name');
  if (typed) return typed.value;
  const loaded = [...p.events].reverse().find((e) => e.type === 'xstate.done.actor.load');
  return loaded?.output?.values?.name ?? '';
};
formScreenModel.expectations = {
  '"loading"': [
    {
      says: 'Editar carga el registro elegido antes de mostrar sus campos',
      actor: (p: Probe) => {
        const call = p.calls.filter((c) => c.src === 'loadForm').at(-1) ?? fail('no se cargó el registro');
        if (call.input.id !== p.snapshot.context.id) fail(`cargó ${call.input.id}`);
      },
    },
  ],
  '"editing"': [
    {
      says: 'El campo muestra lo que la persona escribió (o lo cargado), también después de un error al guardar',
      actor: (p: Probe) => {
        if (p.snapshot.context.values.name !== typedName(p)) fail(`el campo tiene '${p.snapshot.context.values.name}'`);
      },
      view: (p: ViewProbe) => {
        if (nameField(p).value !== p.context.values.name) fail(`el campo muestra '${nameField(p).value}'`);
      },
    },
  ],
  '"invalid"': [
    {
      says: "Guardar con un campo no válido muestra 'Error' / 'Por favor, corrige los campos indicados.', marca el campo y no envía nada",
      actor: (p: Probe) => {
        if (p.snapshot.context.errors.name !== 'Mínimo 3 caracteres')
          fail(`el campo dice '${p.snapshot.context.errors.name}'`);
        if (p.calls.some((c) => c.src === 'saveRecord' && !c.outcome)) fail('se envió');
      },
      view: (p: ViewProbe) => {
        resultWith(p, 'Por favor, corrige los campos indicados.');
        // The screen's own schema words the message; the field is marked invalid whatever it says.
        if (nameField(p).getAttribute('aria-invalid') !== 'true') fail('el campo no está marcado');
      },
    },
  ],
  '"submitting"': [
    {
      says: 'Registrar (o Actualizar) envía lo escrito sin espacios al inicio ni al final, al registro elegido',
      actor: (p: Probe) => {
        const call = p.calls.filter((c) => c.src === 'saveRecord').at(-1) ?? fail('no se envió');
        if (call.input.values.name !== String(typedName(p)).trim()) fail(`envió '${call.input.values.name}'`);
        if (call.input.id !== p.snapshot.context.id) fail(`envió al registro ${call.input.id}`);
      },
    },
  ],
  '"failed"': [
    {
      says: 'Si el servidor no guarda, se muestra su mensaje y lo escrito se conserva',
      actor: (p: Probe) => {
        if (p.snapshot.context.serverError !== 'La zona ya existe.')
          fail(`el mensaje es '${p.snapshot.context.serverError}'`);
        if (p.snapshot.context.values.name !== typedName(p)) fail('se perdió lo escrito');
      },
      view: (p: ViewProbe) => {
        resultWith(p, 'La zona ya existe.');
        if (nameField(p).value !== p.context.values.name) fail(`el campo muestra '${nameField(p).value}'`);
      },
    },
  ],
  '"succeeded"': [
    {
      says: "Guardado: '¡Correcto!' con el mensaje del catálogo",
      view: (p: ViewProbe) => resultWith(p, '¡Correcto!'),
    },
  ],
  '"loadFailed"': [
    {
      says: "Si el registro no carga: 'No fue posible cargar el registro' con el mensaje del servidor",
      view: (p: ViewProbe) => {
        resultWith(p, 'No fue posible cargar el registro');
        resultWith(p, p.context.serverError);
      },
    },
  ],
  '"closed"': [
    {
      says: 'Al cerrarse, el formulario dice a la lista si guardó (para que la lista se vuelva a pedir)',
      actor: (p: Probe) => {
        const saved = p.calls.some((c) => c.src === 'saveRecord' && c.outcome === 'done');
        if (p.snapshot.output?.saved !== saved) fail(`dijo saved=${p.snapshot.output?.saved}`);
      },
    },
  ],
};
formScreenModel.describeEvent = (e) =>
  (
    ({
      'field.change': `escribe '${e.value}' en Nombre`,
      'form.submit': 'pulsa Registrar / Actualizar',
      'form.cancel': 'pulsa Cancelar',
      'dialog.close': 'cierra el aviso',
      'xstate.done.actor.load': 'el servidor responde el registro',
      'xstate.error.actor.load': 'el servidor no encuentra el registro',
      'xstate.done.actor.save': 'el servidor guarda',
      'xstate.error.actor.save': "el servidor responde 409 'La zona ya existe.'",
    }) as Record<string, string>
  )[e.type] ?? e.type;
/** The form skeleton's question before sending (a repeated guest): only the guest form asks it (guestForm model). */
export const CONFIRMING_TRANSITIONS = [
  'formScreen.editing --form.submit--> formScreen.confirming',
  'formScreen.confirming --',
];
/** The same question in the skeleton created under another id (noticeForm, deviceForm). */
export const confirmingOf = (id: string) => ({
  states: [`${id}.confirming`],
  transitions: CONFIRMING_TRANSITIONS.map((t) => t.replaceAll('formScreen', id)),
});

/**
 * The skeleton's parts: a form's own gestures (`part.ask`), its parts' news (`part.report`,
 * `part.release`) and the form held while a part is open over it. Only the resident form has parts
 * that hold it; the forms whose parts only sit beside the fields (the notice's cascade, the device's
 * picker) tell them field changes.
 */
export const PART_TRANSITIONS = ['formScreen --part.', 'formScreen.editing --part.', 'formScreen.held --'];
/** The same in the skeleton created under another id (noticeForm, deviceForm). */
export const partsOf = (id: string) => ({
  states: [`${id}.held`],
  transitions: PART_TRANSITIONS.map((t) => t.replaceAll('formScreen', id)),
});

/** A catalogue's form has no address and no logo: those transitions of the skeleton are the address pages' and the users modal's. */
formScreenModel.notHere = {
  transitions: [
    'formScreen --postalCode.',
    'formScreen --xstate.done.actor.readLogo',
    'formScreen --xstate.error.actor.readLogo',
    'formScreen.editing --field.change--> (self)#0',
    'formScreen.editing --logo.',
    ...CONFIRMING_TRANSITIONS,
    ...PART_TRANSITIONS,
  ],
  states: ['formScreen.confirming', 'formScreen.held'],
  takenBy: 'userModal, addressPages; the question before sending, guestForm; the parts, residentForm',
};
