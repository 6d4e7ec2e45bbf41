import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
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
  run: {
    actors: [
      'load',
      'saveEvent',
      'saveGuests',
      'configure',
      'deleteEvent',
      'restoreEvent',
      'guestImport',
      'invitationDownload',
    ],
  },
  recordedActions: ['persist', 'forget'],
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
    // Guests not yet saved (the save gives them their uuid) and a design changed in step 3 (undone by 'Deshacer cambios').
    unsaved: s.context.guests.some((g) => g.uuid === ''),
    design: s.value === 'step3' && s.context.design.foregroundColor !== s.context.designStart.foregroundColor,
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
type Step = 'step1' | 'step2' | 'step3';
interface Row {
  firstName: string;
  lastName: string;
  uuid: string;
}

/** The server's text of the refusal the fakes answer: every failed call shows it ('Ha ocurrido un error'). */
const SERVER_TEXT = failure.body.error_description;
/** The discard's delete failed: the catalogue's own text. */
const DISCARD_FAILED = 'Ha ocurrido un error al crear el EVENTO';

/**
 * What the specification says the wizard is at after the path's events, replayed from its rules
 * (never read from the machine):
 * - a session left open is offered first: continue at its step, or discard it (as for X);
 * - step 1 validated creates the event the first time, updates it in edit mode or once created;
 *   title, place and resident are required (the resident comes with the load), an invalid step shows
 *   its messages and sends nothing, a field changed loses its message;
 * - step 2 needs at least one guest ('No puedes continuar'); a guest needs first and last name; a
 *   repeated name asks 'Estas seguro de agregar a este invitado nuevamente?' and is added only on
 *   'Si, agregar'; a removed saved guest is deleted with the next save; the import's guests join the
 *   table, and after its invitations fail to download the wizard goes to the list, asking first;
 * - step 3 keeps the design; 'Deshacer cambios' puts back the design as step 3 opened; Finalizar
 *   saves it and offers the invitations; a failed download leaves for /massiveEvents;
 * - 'Guardar y salir' saves the step and leaves, keeping what was saved;
 * - the session is active once a step is validated or guests are added, removed or imported; only
 *   then leaving asks '¿Seguro que deseas salir?'; confirming deletes a new event or restores the
 *   edited one as it was read; cancelling goes back to the step;
 * - every failed call shows the server's text; closing a dialog takes it away.
 */
export function wizardSays(input: Probe['input'], events: AnyEventObject[]) {
  const isNew = input.token === null;
  const saved = input.saved ?? null;
  const st = {
    state: (saved ? 'offeringResume' : 'loading') as string,
    eventId: saved ? saved.context.eventId : input.token,
    active: saved !== null,
    title: saved ? saved.context.values.title : '',
    place: saved ? saved.context.values.place : '',
    shownErrors: [] as string[],
    guests: (saved ? saved.context.guests : []).map((g) => ({
      firstName: g.firstName,
      lastName: g.lastName,
      uuid: g.uuid,
    })),
    removed: [] as string[],
    draft: { firstName: '', lastName: '' },
    draftErrors: false,
    editing: null as number | null,
    design: { recoloured: false, profile: false },
    designStart: { recoloured: false, profile: false },
    /** 'Guardar y salir' (or a failed download) is on its way out. */
    leaving: false,
    back: (saved?.step ?? 'step1') as Step,
    error: null as string | null,
  };
  const enter = (step: Step) => {
    st.state = step;
    st.back = step;
    if (step === 'step3') st.designStart = { ...st.design };
  };
  const valid = () => st.title.trim() !== '' && st.place !== '';
  const addDraft = () => {
    const row = { ...st.draft, uuid: '' };
    if (st.editing === null) st.guests.push(row);
    else st.guests[st.editing] = { ...row, uuid: st.guests[st.editing]!.uuid };
    st.draft = { firstName: '', lastName: '' };
    st.draftErrors = false;
    st.editing = null;
    st.active = true;
  };
  const discard = () => {
    st.state = isNew ? 'deleting' : 'restoring';
  };
  for (const e of events) {
    switch (`${st.state} ${e.type}`) {
      case 'offeringResume resume':
        enter(saved!.step);
        break;
      case 'offeringResume discard':
        discard();
        break;
      case 'loading xstate.done.actor.load':
        if (!isNew) {
          st.title = originalEvent.title;
          st.place = 'home';
          st.guests = originalEvent.massiveEventGuests.map((g) => ({
            firstName: g.firstName,
            lastName: g.lastName,
            uuid: g.uuid,
          }));
        }
        enter('step1');
        break;
      case 'loading xstate.error.actor.load':
        st.state = 'loadFailed';
        st.error = SERVER_TEXT;
        break;
      case 'step1 field.change':
        if (e.name === 'title') st.title = e.value;
        if (e.name === 'place') st.place = e.value;
        st.shownErrors = st.shownErrors.filter((n) => n !== e.name);
        break;
      case 'step1 next':
      case 'step1 saveExit':
        if (valid()) {
          st.state = 'savingEvent';
          st.leaving = e.type === 'saveExit';
        } else st.shownErrors = [...(st.title ? [] : ['title']), ...(st.place ? [] : ['place'])];
        break;
      case 'step1 leave.request':
      case 'step2 leave.request':
      case 'step3 leave.request':
        st.state = st.active ? 'confirmingLeave' : 'left';
        break;
      case 'savingEvent xstate.done.actor.saveEvent':
        st.eventId = e.output.uuid;
        if (st.leaving) st.state = 'left';
        else {
          st.active = true;
          enter('step2');
        }
        break;
      case 'savingEvent xstate.error.actor.saveEvent':
      case 'savingGuests xstate.error.actor.saveGuests':
      case 'configuring xstate.error.actor.configure':
        st.state = { savingEvent: 'saveFailed', savingGuests: 'guestsFailed', configuring: 'configureFailed' }[
          st.state
        ]!;
        st.error = SERVER_TEXT;
        st.leaving = false;
        break;
      case 'saveFailed dialog.close':
      case 'guestsFailed dialog.close':
      case 'configureFailed dialog.close':
        st.error = null;
        enter(({ saveFailed: 'step1', guestsFailed: 'step2', configureFailed: 'step3' } as const)[st.state]!);
        break;
      case 'step2 guest.change':
        st.draft = { ...st.draft, [e.name]: e.value };
        break;
      case 'step2 guest.submit': {
        if (!st.draft.firstName.trim() || !st.draft.lastName.trim()) {
          st.draftErrors = true;
          break;
        }
        const repeated = st.guests.some(
          (g, i) => i !== st.editing && g.firstName === st.draft.firstName && g.lastName === st.draft.lastName,
        );
        if (repeated) st.state = 'confirmingRepeated';
        else addDraft();
        break;
      }
      case 'confirmingRepeated repeat.confirm':
        addDraft();
        enter('step2');
        break;
      case 'confirmingRepeated repeat.cancel':
      case 'noGuests dialog.close':
        enter('step2');
        break;
      case 'step2 guest.edit':
        st.editing = e.index;
        st.draft = { firstName: st.guests[e.index]!.firstName, lastName: st.guests[e.index]!.lastName };
        st.draftErrors = false;
        break;
      case 'step2 guest.cancel':
        st.editing = null;
        st.draft = { firstName: '', lastName: '' };
        st.draftErrors = false;
        break;
      case 'step2 guest.remove': {
        const [gone] = st.guests.splice(e.index, 1);
        if (gone?.uuid) st.removed.push(gone.uuid);
        st.editing = null;
        st.draft = { firstName: '', lastName: '' };
        st.active = true;
        break;
      }
      case 'step2 import.open':
        st.state = 'importing';
        break;
      case 'step2 back':
        enter('step1');
        break;
      case 'step2 next':
        st.state = st.guests.length ? 'savingGuests' : 'noGuests';
        break;
      case 'step2 saveExit':
        st.state = 'savingGuests';
        st.leaving = true;
        break;
      case 'importing xstate.done.actor.guestImport': {
        const created = e.output.created as { firstName: string; lastName: string; uuid: string }[];
        st.guests.push(...created.map((g) => ({ firstName: g.firstName, lastName: g.lastName, uuid: g.uuid })));
        if (created.length) st.active = true;
        if (e.output.returnTo) {
          st.leaving = true;
          st.state = 'confirmingLeave';
        } else enter('step2');
        break;
      }
      case 'importing xstate.error.actor.guestImport':
        enter('step2');
        break;
      case 'savingGuests xstate.done.actor.saveGuests':
        st.guests = (e.output as Row[]).map((g) => ({ firstName: g.firstName, lastName: g.lastName, uuid: g.uuid }));
        st.removed = [];
        if (st.leaving) st.state = 'left';
        else enter('step3');
        break;
      case 'step3 color.change':
        st.design = { ...st.design, recoloured: true };
        break;
      case 'step3 image.set':
        st.design = { ...st.design, profile: true };
        break;
      case 'step3 design.undo':
        st.design = { ...st.designStart };
        break;
      case 'step3 back':
        enter('step2');
        break;
      case 'step3 finish':
        st.state = 'configuring';
        break;
      case 'step3 saveExit':
        st.leaving = true;
        st.state = 'left';
        break;
      case 'configuring xstate.done.actor.configure':
        st.active = false;
        st.state = 'finished';
        break;
      case 'finished invitations.download':
        st.state = 'downloading';
        break;
      case 'finished dialog.close':
        st.leaving = true;
        st.state = 'left';
        break;
      case 'downloading xstate.done.actor.invitationDownload':
        if (e.output.returnTo) {
          st.leaving = true;
          st.state = 'left';
        } else st.state = 'finished';
        break;
      case 'confirmingLeave leave.confirm':
        discard();
        break;
      case 'confirmingLeave leave.cancel':
        st.leaving = false;
        enter(st.back);
        break;
      case 'deleting xstate.done.actor.deleteEvent':
      case 'restoring xstate.done.actor.restoreEvent':
      case 'discardFailed dialog.close':
      case 'loadFailed dialog.close':
        st.state = 'left';
        break;
      case 'deleting xstate.error.actor.deleteEvent':
        st.state = 'discardFailed';
        st.error = DISCARD_FAILED;
        break;
      case 'restoring xstate.error.actor.restoreEvent':
        st.state = 'discardFailed';
        st.error = SERVER_TEXT;
        break;
      default:
        throw new Error(`el spec no dice qué hace '${e.type}' en ${st.state}`);
    }
  }
  return st;
}

const fail = (message: string) => {
  throw new Error(message);
};
type Call = Probe['calls'][number];
const last = <S extends Call['src']>(p: Probe, src: S) =>
  [...p.calls].reverse().find((c): c is Extract<Call, { src: S }> => c.src === src) ?? fail(`no se llamó ${src}`);
const callsOf = (p: Probe, src: string) => p.calls.filter((c) => c.src === src);
const said = (p: Probe) => wizardSays(p.input, p.events);
const rows = (guests: readonly { firstName: string; lastName: string; uuid?: string }[] = []) =>
  guests.map((g) => `${g.firstName} ${g.lastName} ${g.uuid ? 'guardado' : 'nuevo'}`);

/** The state the spec's rules lead to is the one the wizard shows. */
const reached = (p: Probe) => expect(p.snapshot.value, 'el paso que muestra').toBe(said(p).state);
/** Step 1 shows what was typed (or read in edit mode), and the messages of an invalid step until the field changes. */
const stepOneShown = (p: Probe) => {
  const s = said(p);
  const { values, errors } = p.snapshot.context;
  expect({ title: values.title, place: values.place }).toEqual({ title: s.title, place: s.place });
  expect(Object.keys(errors).sort(), 'los mensajes del paso 1').toEqual([...s.shownErrors].sort());
};
/** Step 2's table, guest form and the guests to delete on the next save. */
const stepTwoShown = (p: Probe) => {
  const s = said(p);
  const c = p.snapshot.context;
  expect(rows(c.guests), 'la tabla de invitados').toEqual(rows(s.guests));
  expect(c.removed, 'los invitados a eliminar al guardar').toEqual(s.removed);
  expect({ firstName: c.draft.firstName, lastName: c.draft.lastName }, 'el formulario del invitado').toEqual(s.draft);
  expect(c.editing, 'la fila que se edita').toBe(s.editing);
  expect(Object.keys(c.draftErrors).length > 0, 'los mensajes del invitado').toBe(s.draftErrors);
};
/** Step 3's design: the colour and image chosen, or the design as step 3 opened after 'Deshacer cambios'. */
const designShown = (p: Probe) => {
  const s = said(p).design;
  const d = p.snapshot.context.design;
  expect({ recoloured: d.foregroundColor === 'ff0000', profile: d.profile !== null }).toEqual(s);
};
/** A dialog closed is gone; one open shows the server's text (or the discard's own). */
const errorShown = (p: Probe) => expect(p.snapshot.context.error, 'el texto del aviso').toBe(said(p).error);
/** Where the session stands is kept in this browser at every step (to resume it after closing the browser). */
const kept = (step: Step) => (p: Probe) => {
  const persisted = callsOf(p, 'persist').at(-1)?.input as { step?: string } | undefined;
  expect(persisted?.step, 'la sesión guardada en el navegador').toBe(step);
};
/** A call is made only where the spec's step makes it: no call is left pending out of its state. */
const nothingPending = (p: Probe) => {
  const pending = p.calls.filter(
    (c) =>
      !['persist', 'forget', 'guestImport', 'invitationDownload'].includes(String(c.src)) && c.outcome === undefined,
  );
  expect(
    pending.map((c) => c.src),
    'llamadas sin responder',
  ).toEqual([]);
};
const TRANSIENT =
  'Decide al momento sin esperar a nadie (el actor nunca se queda aquí): si hay una sesión abierta la ofrece, si no carga; lo comprueban offeringResume y loading.';

eventWizardModel.noExpectation = { boot: TRANSIENT };
eventWizardModel.expectations = {
  '"offeringResume"': [
    {
      says: 'Una sesión que quedó abierta pregunta antes: continuar donde estaba o descartarla; nada se carga, borra ni restaura antes de elegir',
      actor: (p) => {
        reached(p);
        expect(p.calls.map((c) => String(c.src)).filter((src) => src !== 'persist' && src !== 'forget')).toEqual([]);
      },
    },
  ],
  '"loading"': [
    {
      says: 'Al abrir el asistente se cargan las áreas comunes y, con token, el evento a editar',
      actor: (p) => {
        reached(p);
        expect(last(p, 'load').input).toEqual({ token: p.input.token, role: 'admin' });
      },
    },
  ],
  '"loadFailed"': [
    {
      says: "Una carga fallida muestra 'Ha ocurrido un error' con el texto del servidor; cerrarlo sale del asistente",
      actor: (p) => {
        reached(p);
        errorShown(p);
      },
    },
  ],
  '"step1"': [
    {
      says: 'Paso 1: los datos del evento (en edición, los del evento leído); un paso inválido muestra sus mensajes y no envía nada; un campo cambiado pierde su mensaje',
      actor: (p) => {
        reached(p);
        stepOneShown(p);
        errorShown(p);
        kept('step1')(p);
        nothingPending(p);
      },
    },
  ],
  '"savingEvent"': [
    {
      says: 'Validar el paso 1 crea el evento la primera vez; en edición o con la sesión activa lo actualiza, con lo escrito en el paso',
      actor: (p) => {
        reached(p);
        const call = last(p, 'saveEvent');
        const s = wizardSays(p.input, p.events.slice(0, -1));
        expect(call.input.id, 'crear (sin id) o actualizar el evento').toBe(s.eventId);
        expect(call.input.body.title, 'el título enviado').toBe(s.title);
        expect(call.outcome).toBeUndefined();
      },
    },
  ],
  '"saveFailed"': [
    {
      says: "Guardar el paso 1 falló: 'Ha ocurrido un error' con el texto del servidor; al cerrarlo se sigue en el paso 1 sin salir",
      actor: (p) => {
        reached(p);
        errorShown(p);
      },
    },
  ],
  '"step2"': [
    {
      says: 'Paso 2: la tabla tiene los invitados agregados, editados, eliminados o importados; un invitado sin nombre o apellido muestra sus mensajes; un nombre repetido se agrega solo tras confirmarlo',
      actor: (p) => {
        reached(p);
        stepTwoShown(p);
        errorShown(p);
        kept('step2')(p);
        nothingPending(p);
      },
    },
  ],
  '"confirmingRepeated"': [
    {
      says: "Un nombre repetido pregunta 'Estas seguro de agregar a este invitado nuevamente?' antes de agregarlo",
      actor: (p) => {
        reached(p);
        stepTwoShown(p);
        const { draft, guests } = p.snapshot.context;
        if (!guests.some((g) => g.firstName === draft.firstName && g.lastName === draft.lastName))
          fail('no estaba repetido');
      },
    },
  ],
  '"noGuests"': [
    {
      says: "'No puedes continuar' / 'Debes agregar por lo menos a un invitado': el paso 2 necesita al menos un invitado, y no se guarda nada",
      actor: (p) => {
        reached(p);
        if (p.snapshot.context.guests.length) fail('tenía invitados');
        expect(callsOf(p, 'saveGuests').length).toBe(said(p).guests.length ? 1 : callsOf(p, 'saveGuests').length);
      },
    },
  ],
  '"importing"': [
    {
      says: 'La importación masiva crea sus invitados en el evento ya creado, sabiendo cuáles tiene la tabla (para los repetidos)',
      actor: (p) => {
        reached(p);
        const call = last(p, 'guestImport');
        const s = said(p);
        expect(call.input.event, 'el evento de la importación').toBe(s.eventId);
        expect(rows(call.input.existing), 'los invitados que ya tiene la tabla').toEqual(rows(s.guests));
      },
    },
  ],
  '"savingGuests"': [
    {
      says: 'Guardar el paso 2 envía la tabla: los nuevos con uuid vacío (en bloque), los guardados con el suyo, y elimina los guardados que se quitaron',
      actor: (p) => {
        reached(p);
        const s = said(p);
        const { input } = last(p, 'saveGuests');
        expect(input.id).toBe(s.eventId);
        expect(rows(input.guests)).toEqual(rows(s.guests));
        expect(input.removed).toEqual(s.removed);
      },
    },
  ],
  '"guestsFailed"': [
    {
      says: "Guardar los invitados falló: 'Ha ocurrido un error' con el texto del servidor; al cerrarlo se sigue en el paso 2",
      actor: (p) => {
        reached(p);
        errorShown(p);
      },
    },
  ],
  '"step3"': [
    {
      says: "Paso 3: el diseño muestra los colores e imágenes elegidos; 'Deshacer cambios' vuelve al diseño con que se abrió el paso",
      actor: (p) => {
        reached(p);
        designShown(p);
        errorShown(p);
        kept('step3')(p);
        nothingPending(p);
        expect(rows(p.snapshot.context.guests), 'los invitados guardados').toEqual(rows(said(p).guests));
      },
    },
  ],
  '"configuring"': [
    {
      says: 'Finalizar guarda el diseño de la invitación del evento',
      actor: (p) => {
        reached(p);
        const { input } = last(p, 'configure');
        expect(input.id).toBe(said(p).eventId);
        expect({
          recoloured: input.design.foregroundColor === 'ff0000',
          profile: input.design.profile !== null,
        }).toEqual(said(p).design);
      },
    },
  ],
  '"configureFailed"': [
    {
      says: "Guardar el diseño falló: 'Ha ocurrido un error' con el texto del servidor; al cerrarlo se sigue en el paso 3",
      actor: (p) => {
        reached(p);
        errorShown(p);
      },
    },
  ],
  '"finished"': [
    {
      says: 'Guardado el diseño, ofrece descargar las invitaciones; la sesión queda terminada (no se ofrece continuarla)',
      actor: (p) => {
        reached(p);
        expect(last(p, 'configure').outcome).toBe('done');
        expect(callsOf(p, 'forget').length, 'la sesión se olvidó').toBeGreaterThan(0);
      },
    },
  ],
  '"downloading"': [
    {
      says: 'Descargar las invitaciones del evento (png o zip)',
      actor: (p) => {
        reached(p);
        expect(last(p, 'invitationDownload').input).toEqual({ target: { kind: 'event', uuid: said(p).eventId } });
      },
    },
  ],
  '"confirmingLeave"': [
    {
      says: "Salir con la sesión activa pregunta '¿Seguro que deseas salir?' / 'Si sales sin guardar se perderán los cambios realizados'; nada se borra ni restaura antes de confirmar",
      actor: (p) => {
        reached(p);
        expect(callsOf(p, 'deleteEvent').length + callsOf(p, 'restoreEvent').length).toBe(0);
      },
    },
  ],
  '"deleting"': [
    {
      says: 'Descartar un evento nuevo lo elimina (el creado en esta sesión)',
      actor: (p) => {
        reached(p);
        expect(p.input.token, 'solo un evento nuevo se elimina').toBeNull();
        expect(last(p, 'deleteEvent').input.id).toBe(said(p).eventId);
        expect(callsOf(p, 'restoreEvent')).toEqual([]);
      },
    },
  ],
  '"restoring"': [
    {
      says: 'Descartar en edición restaura el evento y sus invitados exactamente como se leyeron',
      actor: (p) => {
        reached(p);
        const { id, original } = last(p, 'restoreEvent').input;
        if (id !== 'e1' || JSON.stringify(original) !== JSON.stringify(originalEvent)) fail('restaura otra cosa');
        expect(callsOf(p, 'deleteEvent')).toEqual([]);
      },
    },
  ],
  '"discardFailed"': [
    {
      says: "Descartar falló: borrar dice 'Ha ocurrido un error al crear el EVENTO', restaurar el texto del servidor; al cerrarlo sale",
      actor: (p) => {
        reached(p);
        errorShown(p);
      },
    },
  ],
  '"left"': [
    {
      says: "Salir: el evento nuevo descartado se elimina y el editado se restaura; 'Guardar y salir' y salir sin nada guardado no borran ni restauran nada; la sesión se olvida",
      actor: (p) => {
        reached(p);
        const discarded = p.events.some((e) => e.type === 'leave.confirm' || e.type === 'discard');
        const undone = callsOf(p, 'deleteEvent').length + callsOf(p, 'restoreEvent').length;
        expect(undone, discarded ? 'descartar no deshizo lo guardado' : 'borró o restauró sin descartar').toBe(
          discarded ? 1 : 0,
        );
        expect(callsOf(p, 'forget').length, 'la sesión se olvidó').toBeGreaterThan(0);
        // Leaving after 'Guardar y salir', Finalizar or a failed download goes to the list.
        if (said(p).leaving) expect(p.snapshot.context.leaveTo).toBe('/massiveEvents');
      },
    },
  ],
};
