import * as v from 'valibot';
import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import {
  configureBodyOf,
  designOfEvent,
  emptyDesign,
  freshValues,
  restoreBodyOf,
  valuesOfEvent,
  wizardGuestOf,
  type Design,
  type DesignImage,
  type DesignPreviews,
  type StepOneValues,
  type WizardGuest,
} from '../../src/shared/massive-events/event-wizard-rules.js';
import { validateForm } from '../../src/shared/platform/form-validation.js';
import { EventTexts, guestNameKey, localNow } from '../../src/shared/massive-events/massive-event-rules.js';
import type { Guest, MassiveEvent } from '../../src/shared/massive-events/massive-event-types.js';
import {
  eventStepSchema,
  GuestFieldsSchema,
  type EventBody,
  type GuestFields,
} from '../../src/shared/massive-events/massive-event.schema.js';
import { guestImportMachine, type GuestImportOutput } from './guest-import.machine.js';
import { invitationDownloadMachine, type InvitationDownloadOutput } from './invitation-download.machine.js';

export interface Option {
  value: string;
  label: string;
}

export interface EventWizardInput {
  /** The event's id in edit mode (`/create?token={id}`). */
  token: string | null;
  /** A resident is fixed to their own record (its uuid, read at load). */
  role: string;
  /** A session left open in this browser (its persisted context and step): offered to resume or discard. */
  saved?: { step: 'step1' | 'step2' | 'step3'; context: EventWizardContext } | null;
}

export interface EventWizardContext {
  token: string | null;
  role: string;
  /** The event once created (or the one edited). */
  eventId: string | null;
  /** Steps validated or guests added: leaving asks, discarding undoes. */
  active: boolean;
  values: StepOneValues;
  errors: Record<string, string>;
  options: { places: Option[]; residents: Option[] };
  /** The event as read when editing began: what a discard restores. */
  original: MassiveEvent | null;
  version: number | null;
  guests: WizardGuest[];
  /** Saved guests deleted from the table: deleted on the server with the next save. */
  removed: string[];
  draft: GuestFields;
  draftErrors: Record<string, string>;
  /** The row being edited in the guest form, or null to add. */
  editing: number | null;
  design: Design;
  /** The design as it was when step 3 opened ('Deshacer cambios'). */
  designStart: Design;
  /** Where to go once left (a menu link); /massiveEvents by default. */
  leaveTo: string | null;
  /** The step a leave confirmation returns to. */
  returnTo: 'step1' | 'step2' | 'step3';
  /** A persisted session was given: offer to resume or discard it first. */
  resumable: boolean;
  error: string | null;
}

export type EventWizardEvent =
  | { type: 'field.change'; name: string; value: string }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'saveExit' }
  | { type: 'finish' }
  | { type: 'guest.change'; name: string; value: string }
  | { type: 'guest.submit' }
  | { type: 'guest.edit'; index: number }
  | { type: 'guest.remove'; index: number }
  | { type: 'guest.cancel' }
  | { type: 'repeat.confirm' }
  | { type: 'repeat.cancel' }
  | { type: 'import.open' }
  | { type: 'color.change'; slot: 'foregroundColor' | 'backgroundColor'; value: string }
  | { type: 'image.set'; slot: 'backgroundImage' | 'profile'; image: DesignImage | null }
  | { type: 'design.undo' }
  | { type: 'leave.request'; to?: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  | { type: 'resume' }
  | { type: 'discard' }
  | { type: 'dialog.close' }
  | { type: 'invitations.download' }
  | { type: 'xstate.done.actor.guestImport'; output: GuestImportOutput }
  | { type: 'xstate.done.actor.invitationDownload'; output: Pick<InvitationDownloadOutput, 'returnTo'> };

export interface LoadedWizard {
  places: Option[];
  residents: Option[];
  event: MassiveEvent | null;
  ownResident: string | null;
  /** In edit mode, the stored cover and host images as the preview shows them. */
  previews?: DesignPreviews;
}

const emptyDraft = (): GuestFields => ({ firstName: '', lastName: '', phone: '', email: '' });
const today = () => localNow().slice(0, 10);
const stepBody = (values: StepOneValues) => v.parse(eventStepSchema(today()), values);

/**
 * The massive-event wizard (/create and /create?token={id}):
 * step 1 creates the event (or updates it in edit mode or once the session is active), step 2
 * keeps the guest table (new ones created in bulk, changed ones updated, removed ones deleted, the
 * import as its `guestImport` child), step 3 the invitation's design, then configure. Leaving an
 * active session asks; discarding deletes a new event or restores the edited one exactly as read.
 * 'Guardar y salir' keeps what was saved. A session left open is offered to resume or discard.
 * Finalizar offers the event's invitations: the `invitationDownload` child downloads
 * them (GET api/massiveEvents/{id}/invitation); after a failure the wizard leaves for /massiveEvents.
 */
export const eventWizardMachine = setup({
  types: {
    context: {} as EventWizardContext,
    events: {} as EventWizardEvent,
    input: {} as EventWizardInput,
  },
  actors: {
    load: fromPromise<LoadedWizard, { token: string | null; role: string }>(async () => {
      throw new Error('not provided');
    }),
    /** POST api/massiveEvents (answers the uuid) or PUT api/massiveEvents/{id} (with the version read). */
    saveEvent: fromPromise<{ uuid: string; version: number | null }, { id: string | null; body: EventBody }>(
      async () => {
        throw new Error('not provided');
      },
    ),
    /** New guests in bulk, changed ones one by one, removed ones deleted; answers the event's guests. */
    saveGuests: fromPromise<Guest[], { id: string; guests: WizardGuest[]; removed: string[] }>(async () => {
      throw new Error('not provided');
    }),
    configure: fromPromise<MassiveEvent, { id: string; design: Design; version: number | null }>(async () => {
      throw new Error('not provided');
    }),
    deleteEvent: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('not provided');
    }),
    restoreEvent: fromPromise<unknown, { id: string; original: MassiveEvent }>(async () => {
      throw new Error('not provided');
    }),
    guestImport: guestImportMachine,
    /** The event's invitations (png or zip), with progress; the screen provides it with its fetch. */
    invitationDownload: invitationDownloadMachine,
  },
  guards: {
    hasSaved: ({ context }) => context.resumable,
    stepValid: ({ context }) => Object.keys(validateForm(eventStepSchema(today()), context.values)).length === 0,
    draftValid: ({ context }) => Object.keys(validateForm(GuestFieldsSchema, context.draft)).length === 0,
    draftRepeated: ({ context }) =>
      context.guests.some((g, i) => i !== context.editing && guestNameKey(g) === guestNameKey(context.draft)),
    hasGuests: ({ context }) => context.guests.length > 0,
    isActive: ({ context }) => context.active,
    isNew: ({ context }) => context.original === null,
    hasEvent: ({ context }) => context.eventId !== null,
    /** A download (the import's, or Finalizar's) failed: back to the list. */
    mustReturn: ({ event }) =>
      (event.type === 'xstate.done.actor.guestImport' || event.type === 'xstate.done.actor.invitationDownload') &&
      event.output.returnTo != null,
  },
  actions: {
    /** Where the session stands, kept in local storage by the screen (resume after a closed browser). */
    persist: (_, _params: { step: string; context: EventWizardContext }) => undefined,
    forget: () => undefined,
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const values = { ...context.values, [event.name]: event.value };
      const errors = { ...context.errors };
      delete errors[event.name];
      return { values, errors };
    }),
    showErrors: assign({ errors: ({ context }) => validateForm(eventStepSchema(today()), context.values) }),
    setDraft: assign(({ context, event }) => {
      assertEvent(event, 'guest.change');
      return { draft: { ...context.draft, [event.name]: event.value } };
    }),
    showDraftErrors: assign({ draftErrors: ({ context }) => validateForm(GuestFieldsSchema, context.draft) }),
    addDraft: assign(({ context }) => {
      const guest = v.parse(GuestFieldsSchema, context.draft);
      const guests = [...context.guests];
      if (context.editing === null) guests.push({ ...guest, uuid: '' });
      else
        guests[context.editing] = {
          ...guests[context.editing]!,
          ...guest,
          changed: guests[context.editing]!.uuid !== '',
        };
      return { guests, draft: emptyDraft(), draftErrors: {}, editing: null, active: true };
    }),
    editRow: assign(({ context, event }) => {
      assertEvent(event, 'guest.edit');
      const g = context.guests[event.index]!;
      return {
        editing: event.index,
        draft: { firstName: g.firstName, lastName: g.lastName, phone: g.phone, email: g.email },
        draftErrors: {},
      };
    }),
    cancelDraft: assign({ editing: null, draft: emptyDraft(), draftErrors: {} }),
    removeRow: assign(({ context, event }) => {
      assertEvent(event, 'guest.remove');
      const gone = context.guests[event.index];
      return {
        guests: context.guests.filter((_, i) => i !== event.index),
        removed: gone?.uuid ? [...context.removed, gone.uuid] : context.removed,
        editing: null,
        draft: emptyDraft(),
        active: true,
      };
    }),
    setColor: assign(({ context, event }) => {
      assertEvent(event, 'color.change');
      return { design: { ...context.design, [event.slot]: event.value.replace(/^#/, '').toLowerCase() } };
    }),
    setImage: assign(({ context, event }) => {
      assertEvent(event, 'image.set');
      return { design: { ...context.design, [event.slot]: event.image } };
    }),
    undoDesign: assign({ design: ({ context }) => context.designStart }),
    markDesignStart: assign({ designStart: ({ context }) => context.design }),
    fail: assign({ error: ({ event }) => failureDescription((event as { error?: unknown }).error) }),
    clearError: assign({ error: null }),
    /** The import created its guests on the server: the table takes them. */
    takeImported: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.guestImport');
      const { created } = event.output;
      return {
        guests: [...context.guests, ...created.map(wizardGuestOf)],
        active: context.active || created.length > 0,
      };
    }),
  },
}).createMachine({
  id: 'eventWizard',
  context: ({ input }) => ({
    token: input.token,
    role: input.role,
    eventId: input.token,
    active: false,
    values: freshValues(),
    errors: {},
    options: { places: [], residents: [] },
    original: null,
    version: null,
    guests: [],
    removed: [],
    draft: emptyDraft(),
    draftErrors: {},
    editing: null,
    design: emptyDesign(),
    designStart: emptyDesign(),
    leaveTo: null,
    returnTo: 'step1',
    error: null,
    resumable: false,
    ...(input.saved ? { ...input.saved.context, returnTo: input.saved.step, resumable: true, leaveTo: null } : {}),
  }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'hasSaved', target: 'offeringResume' }, { target: 'loading' }] },
    /** A session left open: resume it where it was, or discard it (delete or restore, as for X). */
    offeringResume: {
      exit: assign({ resumable: false }),
      on: {
        resume: [
          { guard: ({ context }) => context.returnTo === 'step3', target: 'step3' },
          { guard: ({ context }) => context.returnTo === 'step2', target: 'step2' },
          { target: 'step1' },
        ],
        discard: [{ guard: 'isNew', target: 'deleting' }, { target: 'restoring' }],
      },
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ token: context.token, role: context.role }),
        onDone: {
          target: 'step1',
          actions: assign(({ event }) => {
            const { places, residents, event: loaded, ownResident, previews } = event.output;
            if (!loaded) return { options: { places, residents }, values: freshValues(ownResident ?? '') };
            return {
              options: { places, residents },
              original: loaded,
              version: loaded.version,
              values: valuesOfEvent(loaded),
              guests: loaded.massiveEventGuests.map(wizardGuestOf),
              design: designOfEvent(loaded, previews),
              designStart: designOfEvent(loaded, previews),
            };
          }),
        },
        onError: { target: 'loadFailed', actions: 'fail' },
      },
    },
    loadFailed: { on: { 'dialog.close': { target: 'left' } } },
    step1: {
      entry: [
        assign({ returnTo: 'step1' }),
        { type: 'persist', params: ({ context }) => ({ step: 'step1', context }) },
      ],
      on: {
        'field.change': { actions: 'setField' },
        next: [{ guard: 'stepValid', target: 'savingEvent' }, { actions: 'showErrors' }],
        saveExit: [
          { guard: 'stepValid', target: 'savingEvent', actions: assign({ leaveTo: '/massiveEvents' }) },
          { actions: 'showErrors' },
        ],
        'leave.request': [
          {
            guard: 'isActive',
            target: 'confirmingLeave',
            actions: assign({ leaveTo: ({ event }) => event.to ?? null }),
          },
          { target: 'left', actions: assign({ leaveTo: ({ event }) => event.to ?? null }) },
        ],
      },
    },
    /** The first time it creates the event; in edit mode or once active it updates it. */
    savingEvent: {
      invoke: {
        id: 'saveEvent',
        src: 'saveEvent',
        input: ({ context }) => ({
          id: context.eventId,
          body: { ...stepBody(context.values), version: context.version ?? undefined },
        }),
        onDone: [
          {
            guard: ({ context }) => context.leaveTo !== null,
            target: 'left',
            actions: assign({ eventId: ({ event }) => event.output.uuid, active: false }),
          },
          {
            target: 'step2',
            actions: assign({
              eventId: ({ event }) => event.output.uuid,
              version: ({ event }) => event.output.version,
              active: true,
            }),
          },
        ],
        onError: { target: 'saveFailed', actions: ['fail', assign({ leaveTo: null })] },
      },
    },
    saveFailed: { on: { 'dialog.close': { target: 'step1', actions: 'clearError' } } },
    step2: {
      entry: [
        assign({ returnTo: 'step2' }),
        { type: 'persist', params: ({ context }) => ({ step: 'step2', context }) },
      ],
      on: {
        'guest.change': { actions: 'setDraft' },
        'guest.submit': [
          { guard: not('draftValid'), actions: 'showDraftErrors' },
          { guard: 'draftRepeated', target: 'confirmingRepeated' },
          { target: 'step2', reenter: true, actions: 'addDraft' },
        ],
        'guest.edit': { actions: 'editRow' },
        'guest.cancel': { actions: 'cancelDraft' },
        'guest.remove': { target: 'step2', reenter: true, actions: 'removeRow' },
        'import.open': { target: 'importing' },
        back: { target: 'step1' },
        next: [{ guard: 'hasGuests', target: 'savingGuests' }, { target: 'noGuests' }],
        saveExit: { target: 'savingGuests', actions: assign({ leaveTo: '/massiveEvents' }) },
        'leave.request': { target: 'confirmingLeave', actions: assign({ leaveTo: ({ event }) => event.to ?? null }) },
      },
    },
    /** 'Estas seguro de agregar a este invitado nuevamente?' / 'Si, agregar'. */
    confirmingRepeated: {
      on: {
        'repeat.confirm': { target: 'step2', actions: 'addDraft' },
        'repeat.cancel': { target: 'step2' },
      },
    },
    noGuests: { on: { 'dialog.close': { target: 'step2' } } },
    /** The import creates its guests on the server (the event exists since step 1) and the table takes them. */
    importing: {
      invoke: {
        id: 'guestImport',
        src: 'guestImport',
        input: ({ context }) => ({ where: 'wizard' as const, existing: context.guests, event: context.eventId }),
        // After a failed download of the new guests' invitations, the list: leaving asks first, like any other leave.
        onDone: [
          {
            guard: 'mustReturn',
            target: 'confirmingLeave',
            actions: ['takeImported', assign({ leaveTo: ({ event }) => event.output.returnTo })],
          },
          { target: 'step2', actions: 'takeImported' },
        ],
        onError: { target: 'step2' },
      },
    },
    savingGuests: {
      invoke: {
        id: 'saveGuests',
        src: 'saveGuests',
        input: ({ context }) => ({ id: context.eventId!, guests: context.guests, removed: context.removed }),
        onDone: [
          { guard: ({ context }) => context.leaveTo !== null, target: 'left' },
          { target: 'step3', actions: assign({ guests: ({ event }) => event.output.map(wizardGuestOf), removed: [] }) },
        ],
        onError: { target: 'guestsFailed', actions: ['fail', assign({ leaveTo: null })] },
      },
    },
    guestsFailed: { on: { 'dialog.close': { target: 'step2', actions: 'clearError' } } },
    step3: {
      entry: [
        assign({ returnTo: 'step3' }),
        'markDesignStart',
        { type: 'persist', params: ({ context }) => ({ step: 'step3', context }) },
      ],
      on: {
        'color.change': { actions: 'setColor' },
        'image.set': { actions: 'setImage' },
        'design.undo': { actions: 'undoDesign' },
        back: { target: 'step2' },
        finish: { target: 'configuring' },
        saveExit: { target: 'left', actions: assign({ leaveTo: '/massiveEvents' }) },
        'leave.request': { target: 'confirmingLeave', actions: assign({ leaveTo: ({ event }) => event.to ?? null }) },
      },
    },
    /** Finalizar: the design (defaults not sent); then the offer to download the invitations. */
    configuring: {
      invoke: {
        id: 'configure',
        src: 'configure',
        input: ({ context }) => ({ id: context.eventId!, design: context.design, version: null }),
        onDone: { target: 'finished', actions: assign({ active: false }) },
        onError: { target: 'configureFailed', actions: 'fail' },
      },
    },
    configureFailed: { on: { 'dialog.close': { target: 'step3', actions: 'clearError' } } },
    finished: {
      entry: 'forget',
      on: {
        'invitations.download': { target: 'downloading' },
        'dialog.close': { target: 'left', actions: assign({ leaveTo: '/massiveEvents' }) },
      },
    },
    /** The wizard's step 3: the event's invitations; then the offer again, or the list after a failure. */
    downloading: {
      invoke: {
        id: 'invitationDownload',
        src: 'invitationDownload',
        input: ({ context }) => ({ target: { kind: 'event' as const, uuid: context.eventId! } }),
        onDone: [
          { guard: 'mustReturn', target: 'left', actions: assign({ leaveTo: ({ event }) => event.output.returnTo }) },
          { target: 'finished' },
        ],
      },
    },
    /** '¿Seguro que deseas salir?' / 'Si sales sin guardar se perderán los cambios realizados'. */
    confirmingLeave: {
      on: {
        // Asked only while active, so something was saved: a new event is deleted, an edited one restored.
        'leave.confirm': [{ guard: 'isNew', target: 'deleting' }, { target: 'restoring' }],
        'leave.cancel': [
          { guard: ({ context }) => context.returnTo === 'step3', target: 'step3', actions: assign({ leaveTo: null }) },
          { guard: ({ context }) => context.returnTo === 'step2', target: 'step2', actions: assign({ leaveTo: null }) },
          { target: 'step1', actions: assign({ leaveTo: null }) },
        ],
      },
    },
    deleting: {
      invoke: {
        id: 'deleteEvent',
        src: 'deleteEvent',
        input: ({ context }) => ({ id: context.eventId! }),
        onDone: { target: 'left' },
        onError: { target: 'discardFailed', actions: assign({ error: EventTexts.discardFailed }) },
      },
    },
    restoring: {
      invoke: {
        id: 'restoreEvent',
        src: 'restoreEvent',
        input: ({ context }) => ({ id: context.eventId!, original: context.original! }),
        onDone: { target: 'left' },
        onError: { target: 'discardFailed', actions: 'fail' },
      },
    },
    discardFailed: { on: { 'dialog.close': { target: 'left' } } },
    left: { type: 'final', entry: 'forget' },
  },
});

export { restoreBodyOf, configureBodyOf };
