import {
  type AnyActorLogic,
  and,
  assertEvent,
  assign,
  createMachine,
  enqueueActions,
  fromPromise,
  setup,
} from 'xstate';
import { failureDescription, isApiFailure } from '../../src/shared/platform/api-failure.js';
import { withoutError } from '../../src/shared/platform/form-validation.js';
import { isPostalCodeComplete, postalCodeOf } from '../../src/shared/platform/postal-code.js';
import { logoProblem } from '../../src/shared/communities/logo-rules.js';
import {
  emptyForm,
  logoToSend,
  noLogo,
  serverFieldErrors,
  withColonies,
  withField,
  type FormContext,
  type FormEvent,
  type FormInput,
  type FormOutput,
  type LoadedForm,
  type PickedFile,
  type ReadLogo,
  type SaveInput,
} from './form-screen-context.js';
import { postalCodeLookupMachine } from './postal-code-lookup.machine.js';

export type {
  FormContext,
  FormEvent,
  FormInput,
  FormOutput,
  FormValues,
  LoadedForm,
  LogoState,
  Option,
  PartNews,
  PickedFile,
  ReadLogo,
  SaveInput,
} from './form-screen-context.js';

/** What a form with no part of its own spawns (never: a form that spawns `formPart` provides it). */
const noPart: AnyActorLogic = createMachine({ id: 'noPart' });

/**
 * The one form skeleton: load (to edit, or for dropdowns), edit with field
 * validation, the invalid dialog, submit, the success dialog, or the error dialog that keeps
 * what was typed; it ends with `{ saved, record }`, which whoever opened it hears.
 *
 * Each form configures it with `provide`: its rules (machines/platform/form-rules.ts: the shared
 * schema, the starting values, whether it loads when adding, whether it has an address or a
 * logo) and its calls (`loadForm`, `saveRecord`). A form with an address spawns the one
 * postal-code lookup (`postalCode` child) and hears its answers; a form with a logo reads each
 * picked file in a `readLogo` child. Context is plain data: it can be persisted and restored.
 *
 * A form with parts of its own extends it through the same `provide`, at these points only:
 * `acceptsField` (which field changes reach the values), `editField`, `afterFieldChange` and
 * `afterLoad` (what follows a change or the load), and `formPart`, a child the form's own
 * `startParts` or `afterLoad` spawns (e.g. the notice's segmentation cascade, the resident's email check).
 * A form's own gestures (`part.ask`: a field left, a row added or removed, a modal opened) reach its
 * `askPart` in `editing`; one its `holdsForm` names opens a part over the form (`questionPart`,
 * `rowRemoval`, `modalPart`) and the form is `held`, taking none of its own events, until the part
 * ends with `part.release`. What parts say (`part.report` anywhere, `part.release`) reaches `hearPart`.
 */
export const formScreenSetup = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormInput,
    output: {} as FormOutput,
  },
  actors: {
    loadForm: fromPromise<LoadedForm, { id: string | null; row: Record<string, unknown> | null }>(async () => {
      throw new Error('not provided');
    }),
    saveRecord: fromPromise<unknown, SaveInput>(async () => {
      throw new Error('not provided');
    }),
    postalCodeLookup: postalCodeLookupMachine,
    readLogo: fromPromise<ReadLogo, { file: PickedFile }>(async () => {
      throw new Error('not provided');
    }),
    /** Provided by a form with a part of its own (a child it spawns with its own id). */
    formPart: noPart,
    /** Provided by a form whose parts hold it: a question over the form (e.g. reactivating a deleted record). */
    questionPart: noPart,
    /** … the removal of a saved row, asked first (e.g. a resident's phone). */
    rowRemoval: noPart,
    /** … a modal over the form (e.g. the residents' Excel import). */
    modalPart: noPart,
  },
  guards: {
    /** Provided by the rules: load to edit (default), or also when adding (dropdowns). */
    needsLoad: ({ context }) => context.id !== null,
    /** Provided by the rules: the values pass the shared schema. */
    isValid: () => false,
    /** Provided by the rules: the form has an address with a postal code. */
    hasPostalCode: () => false,
    /** Provided by the rules: the form has the optional logo. */
    hasLogo: () => false,
    /** Provided by the rules: these valid values ask a confirmation before they are sent (a repeated guest). */
    needsConfirmation: () => false,
    /** Provided by a form whose fields take changes only under its rules (e.g. the device's type rules). */
    acceptsField: () => true,
    /** Provided by a form with parts of its own: this gesture opens a part over the form, which is then held. */
    holdsForm: () => false,
    isPostalCodeField: ({ event }) => event.type === 'field.change' && event.name === 'cp',
    /** Jpeg or png (the browser's declared type; the server checks the content). */
    isAcceptableLogo: ({ event }) => event.type === 'logo.pick' && logoProblem(event.file) === null,
    isCurrentPostalCode: ({ context, event }) =>
      (event.type === 'postalCode.found' || event.type === 'postalCode.failed') &&
      event.cp === postalCodeOf(context.values.cp),
  },
  actions: {
    /** Provided by the rules: the values the form opens with. */
    prefill: () => {},
    /** Provided by the rules: each invalid field's message. */
    showFieldErrors: () => {},
    /** Provided by the rules: the schema's output of the values, to send. */
    acceptValues: () => {},
    /** Provided by the page: where it goes when the form ends. */
    leave: () => {},
    /** Provided by the page: an address lookup failure (`postalCode.failed`) is only logged. */
    logLookupFailure: () => {},
    /** Provided by a form with parts of its own: what follows a field change (after `editField`). */
    afterFieldChange: () => {},
    /** Provided by a form with parts of its own: what follows the load (e.g. spawning its `formPart`). */
    afterLoad: () => {},
    /** Provided by a form with parts of its own: what a gesture on a part does (`part.ask`). */
    askPart: () => {},
    /** Provided by a form with parts of its own: what a part's news means for the form (`part.report`, `part.release`). */
    hearPart: () => {},
    startParts: enqueueActions(({ check, enqueue }) => {
      if (check('hasPostalCode')) enqueue.spawnChild('postalCodeLookup', { id: 'postalCode' });
    }),
    editField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return withField(context, event.name, event.value);
    }),
    assignLoaded: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.load');
      const loaded = event.output ?? {};
      const preview = loaded.logoPreview ?? null;
      return {
        values: { ...context.values, ...loaded.values },
        colonies: loaded.colonies ?? [],
        options: loaded.options ?? {},
        logo: { ...noLogo, preview, original: preview !== null },
        record: loaded.record ?? {},
      };
    }),
    /** Tells the lookup child the postal code; a complete one is then awaited. */
    lookUpPostalCode: enqueueActions(({ context, check, enqueue }) => {
      if (!check('hasPostalCode')) return;
      enqueue.sendTo('postalCode', { type: 'cp.change', value: context.values.cp });
      enqueue.assign({ lookingUp: isPostalCodeComplete(context.values.cp) });
    }),
    /** Reads the picked file; a newer pick replaces a reading still running. */
    readPickedLogo: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'logo.pick');
      enqueue.stopChild('readLogo');
      enqueue.spawnChild('readLogo', { id: 'readLogo', input: { file: event.file } });
      enqueue.assign({ readingLogo: true });
    }),
    /** The lookup ended without colonies: nothing is being looked up any more. */
    endLookUp: assign({ lookingUp: false }),
    /** The server's answer to the save (a save answering nothing counts as saved). */
    keepResult: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.save');
      return { result: event.output ?? true };
    }),
    refusePickedLogo: assign(({ context, event }) => {
      assertEvent(event, 'logo.pick');
      return { errors: { ...context.errors, logo: logoProblem(event.file)! } };
    }),
    removeLogo: assign(({ context }) => ({
      logo: {
        ...context.logo,
        preview: null,
        file: null,
        change: context.logo.original ? ('remove' as const) : ('none' as const),
      },
    })),
    takeColonies: assign(({ context, event }) => {
      assertEvent(event, 'postalCode.found');
      return withColonies(context, event.addresses);
    }),
    takeLogo: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.readLogo');
      const { preview, file } = event.output;
      return {
        readingLogo: false,
        errors: withoutError(context.errors, 'logo'),
        logo: { ...context.logo, preview, file, change: 'new' as const },
      };
    }),
    refuseUnreadLogo: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.readLogo');
      return {
        readingLogo: false,
        errors: { ...context.errors, logo: failureDescription(event.error, 'No fue posible leer el archivo.') },
      };
    }),
    rememberFailure: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.load', 'xstate.error.actor.save']);
      const { error } = event;
      return { serverError: failureDescription(error), failure: isApiFailure(error) ? error : null };
    }),
    markServerFields: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.save');
      return { errors: serverFieldErrors(event.error, context.values) };
    }),
    forgetFailure: assign({ serverError: null, failure: null }),
  },
});

/** The skeleton under a form's own id (its states are then `<id>.editing`, …); forms extend it with `provide`. */
export const createFormScreen = (id: string) =>
  formScreenSetup.createMachine({
    id,
    context: ({ input }) => emptyForm(input),
    initial: 'boot',
    output: ({ context }) => ({ saved: context.result !== null, record: context.record }),
    on: {
      'postalCode.found': { guard: 'isCurrentPostalCode', actions: 'takeColonies' },
      'postalCode.failed': {
        guard: 'isCurrentPostalCode',
        actions: ['logLookupFailure', 'endLookUp'],
      },
      'xstate.done.actor.readLogo': { actions: 'takeLogo' },
      'xstate.error.actor.readLogo': { actions: 'refuseUnreadLogo' },
      'part.report': { actions: 'hearPart' },
    },
    states: {
      boot: {
        entry: ['prefill', 'startParts'],
        always: [{ guard: 'needsLoad', target: 'loading' }, { target: 'editing' }],
      },
      loading: {
        invoke: {
          id: 'load',
          src: 'loadForm',
          input: ({ context }) => ({ id: context.id, row: context.row }),
          // A stored address's colonies are looked up again, so the dropdown offers them all.
          onDone: {
            target: 'editing',
            actions: ['assignLoaded', 'lookUpPostalCode', 'afterLoad'],
          },
          onError: { target: 'loadFailed', actions: 'rememberFailure' },
        },
      },
      loadFailed: { on: { 'dialog.close': { target: 'closed' } } },
      editing: {
        on: {
          'field.change': [
            { guard: and(['hasPostalCode', 'isPostalCodeField']), actions: ['editField', 'lookUpPostalCode'] },
            { guard: 'acceptsField', actions: ['editField', 'afterFieldChange'] },
          ],
          'logo.pick': [
            { guard: and(['hasLogo', 'isAcceptableLogo']), actions: 'readPickedLogo' },
            { guard: 'hasLogo', actions: 'refusePickedLogo' },
          ],
          'logo.remove': { guard: 'hasLogo', actions: 'removeLogo' },
          'form.submit': [
            { guard: and(['isValid', 'needsConfirmation']), target: 'confirming', actions: 'acceptValues' },
            { guard: 'isValid', target: 'submitting', actions: 'acceptValues' },
            { target: 'invalid', actions: 'showFieldErrors' },
          ],
          'form.cancel': { target: 'closed' },
          'part.ask': [{ guard: 'holdsForm', target: 'held', actions: 'askPart' }, { actions: 'askPart' }],
        },
      },
      /** A part is open over the form (a question, a modal): the form's own events wait until it ends. */
      held: { on: { 'part.release': { target: 'editing', actions: 'hearPart' } } },
      /** 'Error' / 'Por favor, corrige los campos indicados.' over the form, fields marked. */
      invalid: { on: { 'dialog.close': { target: 'editing' } } },
      /** The values ask first (e.g. 'Estas seguro de agregar a este invitado nuevamente?'): nothing is sent until confirmed. */
      confirming: {
        on: {
          'form.confirm': { target: 'submitting' },
          'confirm.cancel': { target: 'editing' },
        },
      },
      submitting: {
        invoke: {
          id: 'save',
          src: 'saveRecord',
          input: ({ context }) => ({
            id: context.id,
            values: context.submitted,
            logo: logoToSend(context.logo),
            record: context.record,
          }),
          onDone: {
            target: 'succeeded',
            actions: 'keepResult',
          },
          onError: {
            target: 'failed',
            actions: ['rememberFailure', 'markServerFields'],
          },
        },
      },
      succeeded: { on: { 'dialog.close': { target: 'closed' } } },
      /** The error dialog; closing it returns to the form with everything the user typed. */
      failed: { on: { 'dialog.close': { target: 'editing', actions: 'forgetFailure' } } },
      closed: { type: 'final', entry: 'leave' },
    },
  });

export const formScreenMachine = createFormScreen('formScreen');
