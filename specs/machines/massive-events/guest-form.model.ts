import { formScreenMachine } from '../../../machines/platform/form-screen.machine.js';
import { guestFormRules, guestFormValues } from '../../../machines/massive-events/guest-form-rules.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';
import { PART_TRANSITIONS } from '../platform/form-screen.model.js';

/** The event's guests as the form reads them when it opens. */
export const eventGuests = [
  { id: 1, uuid: 'g1', firstName: 'Ana', lastName: 'Luna', phone: '', email: '', massiveEvent: { uuid: 'e1' } },
  { id: 2, uuid: 'g2', firstName: 'Bruno', lastName: 'Sol', phone: '', email: '', massiveEvent: { uuid: 'e1' } },
];
const ana = eventGuests[0]!;

/** The /guests form: the skeleton with the guest rules the screen uses. */
export const guestForm = formScreenMachine.provide(guestFormRules());

/**
 * The guest's rules, written independently of the machine: the name (trimmed, case and accents
 * ignored) is another guest's of the event. The oracle of the expectations below.
 */
const plain = (s: unknown) =>
  String(s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
export const isRepeated = (values: { firstName?: unknown; lastName?: unknown }, ownUuid: string | null) =>
  eventGuests.some(
    (g) =>
      g.uuid !== ownUuid &&
      plain(g.firstName) === plain(values.firstName) &&
      plain(g.lastName) === plain(values.lastName),
  );

const failure = { kind: 'http', status: 409, body: { error: 'conflict', error_description: 'El evento ya terminó.' } };

export const guestFormModel: ModelSpec = {
  name: 'guestForm',
  machine: guestForm,
  inputs: [
    { name: 'agregar', input: { id: null, row: null } },
    { name: 'editar a Ana Luna', input: { id: ana.uuid, row: ana } },
  ],
  // The address and the logo are the address pages' and the users modal's.
  notHere: {
    transitions: [
      'formScreen --postalCode.',
      'formScreen --xstate.done.actor.readLogo',
      'formScreen --xstate.error.actor.readLogo',
      'formScreen.editing --field.change--> (self)#0',
      'formScreen.editing --logo.',
      'formScreen.boot ----> formScreen.editing',
      ...PART_TRANSITIONS,
    ],
    states: ['formScreen.held'],
    takenBy: "addressPages, userModal (the guest form always loads the event's guests); the parts, residentForm",
  },
  events: (s) => {
    const c = s.context;
    switch (s.value as string) {
      case 'loading':
        return [
          {
            type: 'xstate.done.actor.load',
            output: { values: guestFormValues(c.row), record: { guests: eventGuests } },
          },
          {
            type: 'xstate.error.actor.load',
            error: {
              kind: 'http',
              status: 404,
              body: { error: 'not_found', error_description: 'El evento no existe.' },
            },
          },
        ];
      case 'editing': {
        const first =
          c.values.firstName === '' || (c.id && c.values.firstName === 'Ana')
            ? ['Ana', 'Bruno', 'Eva'].filter((n) => n !== c.values.firstName)
            : [];
        const last =
          c.values.lastName === '' || (c.id && c.values.lastName === 'Luna')
            ? ['Luna', 'Sol', 'Paz'].filter((n) => n !== c.values.lastName)
            : [];
        return [
          { type: 'form.submit' },
          { type: 'form.cancel' },
          ...first.map((value) => ({ type: 'field.change', name: 'firstName', value })),
          ...last.map((value) => ({ type: 'field.change', name: 'lastName', value })),
        ];
      }
      case 'confirming':
        return [{ type: 'form.confirm' }, { type: 'confirm.cancel' }];
      case 'submitting':
        return [
          { type: 'xstate.done.actor.save', output: { uuid: 'g9' } },
          { type: 'xstate.error.actor.save', error: failure },
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

type Probe = ActorProbe;
const fail = (message: string) => {
  throw new Error(message);
};
guestFormModel.expectations = {
  '"confirming"': [
    {
      says: "Un invitado cuyo nombre y apellidos ya están en la lista pregunta 'Estas seguro de agregar a este invitado nuevamente?' antes de enviarse",
      actor: (p: Probe) => {
        if (!isRepeated(p.snapshot.context.values, p.snapshot.context.id))
          fail(
            `pregunta por '${p.snapshot.context.values.firstName} ${p.snapshot.context.values.lastName}', que no se repite`,
          );
        if (p.calls.some((c) => c.src === 'saveRecord' && !c.outcome)) fail('envió sin confirmar');
        if (p.events.at(-1)?.type !== 'form.submit') fail('preguntó sin que se pulsara Guardar');
      },
    },
  ],
  '"submitting"': [
    {
      says: "Un nombre nuevo se envía al pulsar Guardar; uno repetido, solo después de 'Si, agregar'",
      actor: (p: Probe) => {
        const call = p.calls.filter((c) => c.src === 'saveRecord').at(-1) ?? fail('no se envió');
        const before = p.events.at(-1)?.type;
        const repeated = isRepeated(call.input.values, p.snapshot.context.id);
        if (repeated && before !== 'form.confirm') fail('envió un nombre repetido sin preguntar');
        if (!repeated && before !== 'form.submit') fail('preguntó por un nombre nuevo');
        if (call.input.id !== p.snapshot.context.id) fail(`envió al invitado ${call.input.id}`);
      },
    },
  ],
};
guestFormModel.describeEvent = (e) => {
  if (e.type === 'field.change') return `escribe '${e.value}' en ${e.name === 'firstName' ? 'Nombre' : 'Apellidos'}`;
  return (
    (
      {
        'form.submit': 'pulsa Guardar',
        'form.cancel': 'pulsa Cancelar',
        'form.confirm': "pulsa 'Si, agregar'",
        'confirm.cancel': 'no lo agrega de nuevo',
        'dialog.close': 'cierra el aviso',
        'xstate.done.actor.load': 'se leen los invitados del evento',
        'xstate.error.actor.load': 'el evento no existe',
        'xstate.done.actor.save': 'el servidor guarda',
        'xstate.error.actor.save': 'el servidor se niega',
      } as Record<string, string>
    )[e.type] ?? e.type
  );
};
