/**
 * The massive-event wizard's data and rules (machines/massive-events/event-wizard.machine.ts): what it
 * holds, the events it takes, and how each step's edits change what it holds (the guest table, the
 * design). Plain functions of the context and the event; the machine names them as its actions.
 */
import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import {
  designOfEvent,
  emptyDesign,
  freshValues,
  valuesOfEvent,
  wizardGuestOf,
  type Design,
  type DesignImage,
  type DesignPreviews,
  type StepOneValues,
  type WizardGuest,
} from '../../src/shared/massive-events/event-wizard-rules.js';
import { validateForm } from '../../src/shared/platform/form-validation.js';
import { guestNameKey, localNow } from '../../src/shared/massive-events/massive-event-rules.js';
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

export const emptyDraft = (): GuestFields => ({ firstName: '', lastName: '', phone: '', email: '' });
const today = () => localNow().slice(0, 10);
/** Step 1's values as the event is sent (the schema's output, the start not before today). */
export const stepBody = (values: StepOneValues) => v.parse(eventStepSchema(today()), values);
/** Step 1's messages; none when the step is valid. */
export const stepErrors = (values: StepOneValues) => validateForm(eventStepSchema(today()), values);
/** The guest form's messages; none when the guest is valid. */
export const draftErrors = (draft: GuestFields) => validateForm(GuestFieldsSchema, draft);

/** Where a wizard starts: empty, or a session left open in this browser (offered to resume). */
export const initialContext = (input: EventWizardInput): EventWizardContext => ({
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
});

/** What the load gives: the options, and in edit mode the event as read (what a discard restores). */
export function withLoaded({
  places,
  residents,
  event,
  ownResident,
  previews,
}: LoadedWizard): Partial<EventWizardContext> {
  if (!event) return { options: { places, residents }, values: freshValues(ownResident ?? '') };
  return {
    options: { places, residents },
    original: event,
    version: event.version,
    values: valuesOfEvent(event),
    guests: event.massiveEventGuests.map(wizardGuestOf),
    design: designOfEvent(event, previews),
    designStart: designOfEvent(event, previews),
  };
}

/** Another guest of the table has the draft's name ('Estas seguro de agregar a este invitado nuevamente?'). */
export const isDraftRepeated = (context: EventWizardContext) =>
  context.guests.some((g, i) => i !== context.editing && guestNameKey(g) === guestNameKey(context.draft));

/** The draft joins the table (a new row, or the edited row, marked changed when it is saved). */
export function withDraftAdded(context: EventWizardContext): Partial<EventWizardContext> {
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
}

/** A row of the table into the guest form. */
export function withRowEdited(context: EventWizardContext, index: number): Partial<EventWizardContext> {
  const g = context.guests[index]!;
  return {
    editing: index,
    draft: { firstName: g.firstName, lastName: g.lastName, phone: g.phone, email: g.email },
    draftErrors: {},
  };
}

/** A row leaves the table; a saved guest is deleted on the server with the next save. */
export function withRowRemoved(context: EventWizardContext, index: number): Partial<EventWizardContext> {
  const gone = context.guests[index];
  return {
    guests: context.guests.filter((_, i) => i !== index),
    removed: gone?.uuid ? [...context.removed, gone.uuid] : context.removed,
    editing: null,
    draft: emptyDraft(),
    active: true,
  };
}

/** A colour of the design, as the server keeps it (hex without '#', lower case). */
export const withColor = (design: Design, slot: 'foregroundColor' | 'backgroundColor', value: string): Design => ({
  ...design,
  [slot]: value.replace(/^#/, '').toLowerCase(),
});

/** The import created its guests on the server: the table takes them. */
export const withImported = (context: EventWizardContext, created: Guest[]): Partial<EventWizardContext> => ({
  guests: [...context.guests, ...created.map(wizardGuestOf)],
  active: context.active || created.length > 0,
});

/** What the wizard holds and calls, its guards and its actions; the machine (event-wizard.machine.ts) is its steps. */
export const eventWizardSetup = setup({
  types: {
    context: {} as EventWizardContext,
    events: {} as EventWizardEvent,
    input: {} as EventWizardInput,
    /** The children the screen draws, by id. */
    children: {} as { guestImport: 'guestImport'; invitationDownload: 'invitationDownload' },
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
    stepValid: ({ context }) => Object.keys(stepErrors(context.values)).length === 0,
    draftValid: ({ context }) => Object.keys(draftErrors(context.draft)).length === 0,
    draftRepeated: ({ context }) => isDraftRepeated(context),
    hasGuests: ({ context }) => context.guests.length > 0,
    isActive: ({ context }) => context.active,
    isNew: ({ context }) => context.original === null,
    hasEvent: ({ context }) => context.eventId !== null,
    /** The step a leave confirmation or a resumed session goes back to. */
    returnsTo: ({ context }, params: { step: EventWizardContext['returnTo'] }) => context.returnTo === params.step,
    /** 'Guardar y salir' or a menu link asked to leave once saved. */
    isLeaving: ({ context }) => context.leaveTo !== null,
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
    showErrors: assign({ errors: ({ context }) => stepErrors(context.values) }),
    setDraft: assign(({ context, event }) => {
      assertEvent(event, 'guest.change');
      return { draft: { ...context.draft, [event.name]: event.value } };
    }),
    showDraftErrors: assign({ draftErrors: ({ context }) => draftErrors(context.draft) }),
    addDraft: assign(({ context }) => withDraftAdded(context)),
    editRow: assign(({ context, event }) => {
      assertEvent(event, 'guest.edit');
      return withRowEdited(context, event.index);
    }),
    cancelDraft: assign({ editing: null, draft: emptyDraft(), draftErrors: {} }),
    removeRow: assign(({ context, event }) => {
      assertEvent(event, 'guest.remove');
      return withRowRemoved(context, event.index);
    }),
    setColor: assign(({ context, event }) => {
      assertEvent(event, 'color.change');
      return { design: withColor(context.design, event.slot, event.value) };
    }),
    setImage: assign(({ context, event }) => {
      assertEvent(event, 'image.set');
      return { design: { ...context.design, [event.slot]: event.image } };
    }),
    undoDesign: assign({ design: ({ context }) => context.designStart }),
    markDesignStart: assign({ designStart: ({ context }) => context.design }),
    /** A failed call's text for the error dialog (the failure is the invoked call's error event's). */
    fail: assign((_, { error }: { error: unknown }) => ({ error: failureDescription(error) })),
    clearError: assign({ error: null }),
    showError: assign((_, params: { error: string }) => ({ error: params.error })),
    /** The resume offer is answered once. */
    forgetResume: assign({ resumable: false }),
    takeLoaded: assign((_, params: { loaded: LoadedWizard }) => withLoaded(params.loaded)),
    /** The step shown, which a leave confirmation returns to. */
    rememberStep: assign((_, params: { step: EventWizardContext['returnTo'] }) => ({ returnTo: params.step })),
    /** Where to go once left (null: stay). */
    setLeaveTo: assign((_, params: { to: string | null }) => ({ leaveTo: params.to })),
    /** The saved event's id and version; the session is active (leaving asks, discarding undoes). */
    keepSavedEvent: assign((_, params: { uuid: string; version: number | null }) => ({
      eventId: params.uuid,
      version: params.version,
      active: true,
    })),
    /** Saved before leaving: nothing is left to undo. */
    keepEventAndEnd: assign((_, params: { uuid: string }) => ({ eventId: params.uuid, active: false })),
    /** The server's guests replace the table; nothing is left to delete. */
    keepSavedGuests: assign((_, params: { guests: Guest[] }) => ({
      guests: params.guests.map(wizardGuestOf),
      removed: [],
    })),
    /** Configured: the session is over, nothing is left to undo. */
    endSession: assign({ active: false }),
    /** The import created its guests on the server: the table takes them. */
    takeImported: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.guestImport');
      return withImported(context, event.output.created);
    }),
  },
});
