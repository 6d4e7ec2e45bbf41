import { not } from 'xstate';
import { configureBodyOf, restoreBodyOf } from '../../src/shared/massive-events/event-wizard-rules.js';
import { EventTexts } from '../../src/shared/massive-events/massive-event-rules.js';
import { eventWizardSetup, initialContext, stepBody } from './event-wizard-rules.js';

export type {
  EventWizardContext,
  EventWizardEvent,
  EventWizardInput,
  LoadedWizard,
  Option,
} from './event-wizard-rules.js';

/** A failed call's error, given to the `fail` action. */
const failure = {
  type: 'fail',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

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
export const eventWizardMachine = eventWizardSetup.createMachine({
  id: 'eventWizard',
  context: ({ input }) => initialContext(input),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'hasSaved', target: 'offeringResume' }, { target: 'loading' }] },
    /** A session left open: resume it where it was, or discard it (delete or restore, as for X). */
    offeringResume: {
      exit: 'forgetResume',
      on: {
        resume: [
          { guard: { type: 'returnsTo', params: { step: 'step3' } }, target: 'step3' },
          { guard: { type: 'returnsTo', params: { step: 'step2' } }, target: 'step2' },
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
          actions: { type: 'takeLoaded', params: ({ event }) => ({ loaded: event.output }) },
        },
        onError: { target: 'loadFailed', actions: failure },
      },
    },
    loadFailed: { on: { 'dialog.close': { target: 'left' } } },
    step1: {
      entry: [
        { type: 'rememberStep', params: { step: 'step1' } },
        { type: 'persist', params: ({ context }) => ({ step: 'step1', context }) },
      ],
      on: {
        'field.change': { actions: 'setField' },
        next: [{ guard: 'stepValid', target: 'savingEvent' }, { actions: 'showErrors' }],
        saveExit: [
          {
            guard: 'stepValid',
            target: 'savingEvent',
            actions: { type: 'setLeaveTo', params: { to: '/massiveEvents' } },
          },
          { actions: 'showErrors' },
        ],
        'leave.request': [
          {
            guard: 'isActive',
            target: 'confirmingLeave',
            actions: { type: 'setLeaveTo', params: ({ event }) => ({ to: event.to ?? null }) },
          },
          { target: 'left', actions: { type: 'setLeaveTo', params: ({ event }) => ({ to: event.to ?? null }) } },
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
            guard: 'isLeaving',
            target: 'left',
            actions: { type: 'keepEventAndEnd', params: ({ event }) => ({ uuid: event.output.uuid }) },
          },
          {
            target: 'step2',
            actions: {
              type: 'keepSavedEvent',
              params: ({ event }) => ({ uuid: event.output.uuid, version: event.output.version }),
            },
          },
        ],
        onError: { target: 'saveFailed', actions: [failure, { type: 'setLeaveTo', params: { to: null } }] },
      },
    },
    saveFailed: { on: { 'dialog.close': { target: 'step1', actions: 'clearError' } } },
    step2: {
      entry: [
        { type: 'rememberStep', params: { step: 'step2' } },
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
        saveExit: { target: 'savingGuests', actions: { type: 'setLeaveTo', params: { to: '/massiveEvents' } } },
        'leave.request': {
          target: 'confirmingLeave',
          actions: { type: 'setLeaveTo', params: ({ event }) => ({ to: event.to ?? null }) },
        },
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
            actions: ['takeImported', { type: 'setLeaveTo', params: ({ event }) => ({ to: event.output.returnTo }) }],
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
          { guard: 'isLeaving', target: 'left' },
          { target: 'step3', actions: { type: 'keepSavedGuests', params: ({ event }) => ({ guests: event.output }) } },
        ],
        onError: { target: 'guestsFailed', actions: [failure, { type: 'setLeaveTo', params: { to: null } }] },
      },
    },
    guestsFailed: { on: { 'dialog.close': { target: 'step2', actions: 'clearError' } } },
    step3: {
      entry: [
        { type: 'rememberStep', params: { step: 'step3' } },
        'markDesignStart',
        { type: 'persist', params: ({ context }) => ({ step: 'step3', context }) },
      ],
      on: {
        'color.change': { actions: 'setColor' },
        'image.set': { actions: 'setImage' },
        'design.undo': { actions: 'undoDesign' },
        back: { target: 'step2' },
        finish: { target: 'configuring' },
        saveExit: { target: 'left', actions: { type: 'setLeaveTo', params: { to: '/massiveEvents' } } },
        'leave.request': {
          target: 'confirmingLeave',
          actions: { type: 'setLeaveTo', params: ({ event }) => ({ to: event.to ?? null }) },
        },
      },
    },
    /** Finalizar: the design (defaults not sent); then the offer to download the invitations. */
    configuring: {
      invoke: {
        id: 'configure',
        src: 'configure',
        input: ({ context }) => ({ id: context.eventId!, design: context.design, version: null }),
        onDone: { target: 'finished', actions: 'endSession' },
        onError: { target: 'configureFailed', actions: failure },
      },
    },
    configureFailed: { on: { 'dialog.close': { target: 'step3', actions: 'clearError' } } },
    finished: {
      entry: 'forget',
      on: {
        'invitations.download': { target: 'downloading' },
        'dialog.close': { target: 'left', actions: { type: 'setLeaveTo', params: { to: '/massiveEvents' } } },
      },
    },
    /** The wizard's step 3: the event's invitations; then the offer again, or the list after a failure. */
    downloading: {
      invoke: {
        id: 'invitationDownload',
        src: 'invitationDownload',
        input: ({ context }) => ({ target: { kind: 'event' as const, uuid: context.eventId! } }),
        onDone: [
          {
            guard: 'mustReturn',
            target: 'left',
            actions: { type: 'setLeaveTo', params: ({ event }) => ({ to: event.output.returnTo }) },
          },
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
          {
            guard: { type: 'returnsTo', params: { step: 'step3' } },
            target: 'step3',
            actions: { type: 'setLeaveTo', params: { to: null } },
          },
          {
            guard: { type: 'returnsTo', params: { step: 'step2' } },
            target: 'step2',
            actions: { type: 'setLeaveTo', params: { to: null } },
          },
          { target: 'step1', actions: { type: 'setLeaveTo', params: { to: null } } },
        ],
      },
    },
    deleting: {
      invoke: {
        id: 'deleteEvent',
        src: 'deleteEvent',
        input: ({ context }) => ({ id: context.eventId! }),
        onDone: { target: 'left' },
        onError: {
          target: 'discardFailed',
          actions: { type: 'showError', params: { error: EventTexts.discardFailed } },
        },
      },
    },
    restoring: {
      invoke: {
        id: 'restoreEvent',
        src: 'restoreEvent',
        input: ({ context }) => ({ id: context.eventId!, original: context.original! }),
        onDone: { target: 'left' },
        onError: { target: 'discardFailed', actions: failure },
      },
    },
    discardFailed: { on: { 'dialog.close': { target: 'left' } } },
    left: { type: 'final', entry: 'forget' },
  },
});

export { restoreBodyOf, configureBodyOf };
