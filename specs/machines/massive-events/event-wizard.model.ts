import type { AnyMachineSnapshot } from 'xstate';
import { createActor } from 'xstate';
import { eventWizardMachine } from '../../../machines/massive-events/event-wizard.machine.js';
import { validateForm } from '../../../src/shared/platform/form-validation.js';
import { addHours, localNow } from '../../../src/shared/massive-events/massive-event-rules.js';
import { eventStepSchema } from '../../../src/shared/massive-events/massive-event.schema.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

const start = addHours(localNow(), 72).slice(0, 16);
/** The event opened in edit mode: what a discard must put back. */
export const originalEvent = {
  uuid: 'e1',
  title: 'Posada original',
  additionalInformation: 'Traer abrigo',
  startDate: `${start}:00`,
  endDate: `${addHours(start, 12)}`,
  status: 'Próximo',
  version: 3,
  commonArea: null,
  resident: {
    uuid: '0b7d8f3e-1c2a-4d5e-8f90-123456789abc',
    firstName: 'Rosa',
    lastName: 'Cruz',
    street: 'Roble',
    number: '1',
  },
  backgroundColor: null,
  foregroundColor: null,
  backgroundImage: null,
  profile: null,
  massiveEventGuests: [
    { id: 1, uuid: 'g1', firstName: 'Ana', lastName: 'Luna', email: '', phone: '', massiveEvent: { uuid: 'e1' } },
  ],
};
const options = {
  places: [{ value: 'home', label: 'Casa del residente' }],
  residents: [{ value: originalEvent.resident.uuid, label: 'Rosa Cruz' }],
};
const failure = {
  kind: 'http',
  status: 409,
  body: { error: 'conflict', error_description: 'El evento fue modificado en otra sesión.' },
};
const created = {
  id: 9,
  uuid: 'g9',
  firstName: 'Eva',
  lastName: 'Paz',
  email: '',
  phone: '',
  massiveEvent: { uuid: 'n1' },
};

/**
 * A session left open at a step: what the wizard kept of a new event (already created
 * as 'n1') or of an edited one ('e1', with the event as it was read), one guest added.
 */
const leftOpen = (token: string | null, step: 'step1' | 'step2' | 'step3') => {
  const fresh = createActor(eventWizardMachine, { input: { token, role: 'admin', saved: null } }).getSnapshot().context;
  return {
    step,
    context: {
      ...fresh,
      token,
      eventId: token ?? 'n1',
      active: true,
      original: token ? originalEvent : null,
      values: { ...fresh.values, title: 'Posada', place: 'home' },
      options,
      guests: [{ uuid: '', firstName: 'Ana', lastName: 'Luna', email: '', phone: '' }],
    },
  };
};

/** The part of the graph a resumed session adds: the offer and what discarding it does. */
const resuming = (s: AnyMachineSnapshot) =>
  ['boot', 'offeringResume', 'deleting', 'restoring', 'discardFailed'].includes(s.value as string);

const valid = (s: AnyMachineSnapshot) =>
  Object.keys(validateForm(eventStepSchema(localNow().slice(0, 10)), s.context.values)).length === 0;

export const eventWizardModel: ModelSpec<typeof eventWizardMachine> = {
  name: 'eventWizard',
  machine: eventWizardMachine,
  inputs: [
    { name: 'crear', input: { token: null, role: 'admin', saved: null } },
    { name: 'editar', input: { token: 'e1', role: 'admin', saved: null } },
    // The offer and the discard; after 'continuar' the wizard is at a step the inputs above explore.
    {
      name: 'reanudar uno nuevo en el paso 1',
      input: { token: null, role: 'admin', saved: leftOpen(null, 'step1') },
      explore: resuming,
    },
    {
      name: 'reanudar uno nuevo en el paso 2',
      input: { token: null, role: 'admin', saved: leftOpen(null, 'step2') },
      explore: resuming,
    },
    {
      name: 'reanudar una edición en el paso 3',
      input: { token: 'e1', role: 'admin', saved: leftOpen('e1', 'step3') },
      explore: resuming,
    },
  ],
  key: (s) => ({
    valid: valid(s),
    t: s.context.values.title !== '',
    pl: s.context.values.place !== '',
    active: s.context.active,
    id: s.context.eventId !== null,
    guests: Math.min(s.context.guests.length, 2),
    draft: Number(s.context.draft.firstName !== '') + Number(s.context.draft.lastName !== ''),
    editing: s.context.editing !== null,
    back: s.context.returnTo,
    leave: s.context.leaveTo !== null,
  }),
  events: (s) => {
    const c = s.context;
    switch (s.value as string) {
      case 'loading':
        return [
          {
            type: 'xstate.done.actor.load',
            output: { ...options, event: c.token ? originalEvent : null, ownResident: originalEvent.resident.uuid },
          },
          { type: 'xstate.error.actor.load', error: failure },
        ];
      case 'offeringResume':
        return [{ type: 'resume' }, { type: 'discard' }];
      case 'step1':
        return [
          { type: 'field.change', name: 'title', value: c.values.title ? '' : 'Posada' },
          ...(c.values.place ? [] : [{ type: 'field.change', name: 'place', value: 'home' }]),
          { type: 'next' },
          { type: 'saveExit' },
          { type: 'leave.request' },
        ];
      case 'savingEvent':
        return [
          { type: 'xstate.done.actor.saveEvent', output: { uuid: c.eventId ?? 'n1', version: 4 } },
          { type: 'xstate.error.actor.saveEvent', error: failure },
        ];
      case 'step2':
        return [
          ...(c.draft.firstName && c.draft.lastName
            ? []
            : [
                {
                  type: 'guest.change',
                  name: c.draft.firstName ? 'lastName' : 'firstName',
                  value: c.draft.firstName ? 'Luna' : 'Ana',
                },
              ]),
          ...((c.guests.length < 2 && c.draft.firstName) || c.editing !== null || !c.draft.firstName
            ? [{ type: 'guest.submit' }]
            : []),
          ...(c.guests.length && c.editing === null
            ? [
                { type: 'guest.edit', index: 0 },
                { type: 'guest.remove', index: 0 },
              ]
            : []),
          ...(c.editing !== null ? [{ type: 'guest.cancel' }] : []),
          { type: 'import.open' },
          { type: 'back' },
          { type: 'next' },
          { type: 'saveExit' },
          { type: 'leave.request' },
        ];
      case 'confirmingRepeated':
        return [{ type: 'repeat.confirm' }, { type: 'repeat.cancel' }];
      case 'importing':
        return [
          { type: 'xstate.done.actor.guestImport', output: { created: [created] } },
          { type: 'xstate.done.actor.guestImport', output: { created: [] } },
          // The new guests' invitations failed to download: back to the list, which asks first.
          { type: 'xstate.done.actor.guestImport', output: { created: [created], returnTo: '/massiveEvents' } },
          { type: 'xstate.error.actor.guestImport', error: new Error('import') },
        ];
      case 'savingGuests':
        return [
          {
            type: 'xstate.done.actor.saveGuests',
            output: c.guests.map((g, i) => ({
              ...g,
              id: i,
              uuid: g.uuid || `s${i}`,
              massiveEvent: { uuid: c.eventId },
            })),
          },
          { type: 'xstate.error.actor.saveGuests', error: failure },
        ];
      case 'step3':
        return [
          { type: 'color.change', slot: 'foregroundColor', value: '#FF0000' },
          { type: 'image.set', slot: 'profile', image: { preview: 'data:image/png;base64,AAA', content: 'AAA' } },
          { type: 'design.undo' },
          { type: 'back' },
          { type: 'finish' },
          { type: 'saveExit' },
          { type: 'leave.request' },
        ];
      case 'configuring':
        return [
          { type: 'xstate.done.actor.configure', output: originalEvent },
          { type: 'xstate.error.actor.configure', error: failure },
        ];
      case 'finished':
        return [{ type: 'invitations.download' }, { type: 'dialog.close' }];
      case 'downloading':
        return [
          { type: 'xstate.done.actor.invitationDownload', output: { saved: true, returnTo: null } },
          { type: 'xstate.done.actor.invitationDownload', output: { saved: false, returnTo: '/massiveEvents' } },
        ];
      case 'confirmingLeave':
        return [{ type: 'leave.confirm' }, { type: 'leave.cancel' }];
      case 'deleting':
        return [
          { type: 'xstate.done.actor.deleteEvent', output: null },
          { type: 'xstate.error.actor.deleteEvent', error: failure },
        ];
      case 'restoring':
        return [
          { type: 'xstate.done.actor.restoreEvent', output: originalEvent },
          { type: 'xstate.error.actor.restoreEvent', error: failure },
        ];
      case 'loadFailed':
      case 'saveFailed':
      case 'noGuests':
      case 'guestsFailed':
      case 'configureFailed':
      case 'discardFailed':
        return [{ type: 'dialog.close' }];
      default:
        return [];
    }
  },
};

type Probe = ActorProbe<typeof eventWizardMachine>;
/** A new event, as the test opened the wizard (no event to edit); its id once created is 'n1' (the fakes' answer). */
const opensNew = (p: Probe) => p.input.token === null;
/** Saved before this path: the session left open that the path resumes had created or edited its event (leftOpen). */
const resumedSaved = (p: Probe) => p.input.saved !== null;
const fail = (message: string) => {
  throw new Error(message);
};
type Call = Probe['calls'][number];
const last = <S extends Call['src']>(p: Probe, src: S) =>
  [...p.calls].reverse().find((c): c is Extract<Call, { src: S }> => c.src === src) ?? fail(`no se llamó ${src}`);

eventWizardModel.expectations = {
  '"offeringResume"': [
    {
      says: 'Una sesión que quedó abierta pregunta antes: continuar donde estaba o descartarla; nada se carga, borra ni restaura antes de elegir',
      actor: (p) => {
        if (p.calls.length) fail(`llamó ${p.calls.map((c) => c.src).join(', ')} antes de elegir`);
      },
    },
  ],
  '"savingEvent"': [
    {
      says: 'Validar el paso 1 crea el evento la primera vez; en edición o con la sesión activa lo actualiza',
      actor: (p) => {
        const call = last(p, 'saveEvent');
        const creating = call.input.id === null;
        if (
          creating !==
          (opensNew(p) &&
            !resumedSaved(p) &&
            !p.calls.slice(0, -1).some((c) => c.src === 'saveEvent' && c.outcome === 'done'))
        )
          fail(`id=${call.input.id}`);
        if (call.input.body.title !== 'Posada' && call.input.body.title !== originalEvent.title)
          fail('envió otro título');
      },
    },
  ],
  '"noGuests"': [
    {
      says: "'No puedes continuar': el paso 2 necesita al menos un invitado",
      actor: (p) => {
        if (p.snapshot.context.guests.length) fail('tenía invitados');
      },
    },
  ],
  '"confirmingRepeated"': [
    {
      says: "Un nombre repetido pregunta 'Estas seguro de agregar a este invitado nuevamente?'",
      actor: (p) => {
        const { draft, guests } = p.snapshot.context;
        if (!guests.some((g) => g.firstName === draft.firstName && g.lastName === draft.lastName))
          fail('no estaba repetido');
      },
    },
  ],
  '"savingGuests"': [
    {
      says: 'Los invitados nuevos van con uuid vacío (en bloque); los guardados conservan el suyo',
      actor: (p) => {
        const { guests } = last(p, 'saveGuests').input;
        if (!guests.every((g) => g.uuid === '' || ['g1', 'g9'].includes(g.uuid) || g.uuid.startsWith('s')))
          fail(JSON.stringify(guests));
      },
    },
  ],
  '"deleting"': [
    {
      says: 'Descartar un evento nuevo lo elimina (solo uno creado en esta sesión)',
      actor: (p) => {
        if (!opensNew(p) || last(p, 'deleteEvent').input.id !== 'n1') fail('borró otro');
      },
    },
  ],
  '"restoring"': [
    {
      says: 'Descartar en edición restaura el evento y sus invitados exactamente como se leyeron',
      actor: (p) => {
        const { id, original } = last(p, 'restoreEvent').input;
        if (id !== 'e1' || JSON.stringify(original) !== JSON.stringify(originalEvent)) fail('restaura otra cosa');
      },
    },
  ],
  '"left"': [
    {
      says: 'Salir sin nada guardado no borra ni restaura nada',
      actor: (p) => {
        // Saved in this session, or in the session left open that it resumed (its event exists).
        const saved =
          p.calls.some((c) => ['saveEvent', 'saveGuests', 'guestImport'].includes(c.src)) || resumedSaved(p);
        if (!saved && p.calls.some((c) => c.src === 'deleteEvent' || c.src === 'restoreEvent'))
          fail('borró o restauró sin haber guardado');
      },
    },
  ],
};
