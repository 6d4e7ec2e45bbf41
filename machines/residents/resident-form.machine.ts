import * as v from 'valibot';
import { and, assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { failureDescription, isApiFailure } from '../../src/shared/platform/api-failure.js';
import { isFormValid, validateForm, withoutError } from '../../src/shared/platform/form-validation.js';
import { ResidentTexts } from '../../src/shared/residents/resident-rules.js';
import type { ResidentAnswer } from '../../src/shared/residents/resident-types.js';
import { ResidentFormSchema, residentEmail } from '../../src/shared/residents/resident.schema.js';
import type { FormValues } from '../platform/form-rules.js';
import {
  emptyForm,
  type FormContext,
  type FormEvent,
  type FormInput,
  type FormOutput,
  type LoadedForm,
  type SaveInput,
} from '../platform/form-screen-context.js';
import { residentEmailCheckMachine, type EmailCheckReport } from './resident-email-check.machine.js';
import {
  canAddPhone,
  canRemovePhone,
  emptyResident,
  normalEmail,
  residentFailureTitle,
  residentFormValues,
  type PhoneRow,
} from './resident-form-rules.js';
import { residentImportMachine } from './resident-import.machine.js';

export interface ResidentFormContext extends FormContext {
  /** An email was given to the check child and its answer is awaited. */
  checkingEmail: boolean;
  /** Server checks that refuse the submit until the field changes (the email of a live resident). */
  checks: Record<string, string>;
  /** The deleted resident's email whose reactivation is offered. */
  reactivationEmail: string | null;
  /** The saved phone whose removal is being confirmed or sent. */
  phoneRemoval: { index: number; uuid: string } | null;
  /** The import modal is open (its child runs). */
  importing: boolean;
  /** The failure dialog's title. */
  failureTitle: string;
}

export type ResidentFormEvent =
  | FormEvent
  | EmailCheckReport
  | { type: 'email.blur' }
  | { type: 'phone.add' }
  | { type: 'phone.change'; index: number; value: string }
  | { type: 'phone.remove'; index: number }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'reactivation.confirm' }
  | { type: 'reactivation.cancel' }
  | { type: 'import.open' }
  | { type: 'import.closed' }
  | { type: 'xstate.done.actor.reactivate'; output: ResidentAnswer }
  | { type: 'xstate.error.actor.reactivate'; error: unknown }
  | { type: 'xstate.error.actor.removePhone'; error: unknown };

const phonesOf = (context: FormContext) => (context.values.phones as PhoneRow[] | undefined) ?? [];
/** Phone messages are keyed by their row ('phones.0.phone'); a changed list drops them. */
const withoutPhoneErrors = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith('phones')));
const isEmailReport = (e: ResidentFormEvent): e is EmailCheckReport => e.type.startsWith('email.') && 'email' in e;

/**
 * 'Alta residente' / 'Editar residente': a form with the skeleton's flow (load to edit, edit, the
 * invalid dialog, save, the success or error dialog; machines/platform/form-screen.machine.ts) and
 * its context as it opens (`emptyForm`), plus what only this form has: the email check child
 * (spawned like the postal-code lookup, it reports `email.free` / `taken` / `deleted` / `failed`),
 * the offer to reactivate a deleted resident, the phone rows (add up to 4; removing a saved one asks
 * and calls `DELETE api/phones/{uuid}`), and the Excel import modal, a child spawned when it opens.
 * It asks nothing before sending (the skeleton's `confirming` is the guest form's).
 */
const residentFormSetup = setup({
  types: {
    context: {} as ResidentFormContext,
    events: {} as ResidentFormEvent,
    input: {} as FormInput,
    /** The children the page draws or tells, by id. */
    children: {} as { emailCheck: 'residentEmailCheck'; import: 'residentImport' },
    output: {} as FormOutput,
  },
  actors: {
    loadForm: fromPromise<LoadedForm, { id: string | null; row: Record<string, unknown> | null }>(async () => {
      throw new Error('not provided');
    }),
    saveRecord: fromPromise<unknown, SaveInput>(async () => {
      throw new Error('not provided');
    }),
    residentEmailCheck: residentEmailCheckMachine,
    residentImport: residentImportMachine,
    /** POST api/residents/reactivateEmail/: the resident brought back. */
    reactivateResident: fromPromise<ResidentAnswer, { email: string }>(async () => {
      throw new Error('not provided');
    }),
    /** DELETE api/phones/{uuid}. */
    removePhone: fromPromise<unknown, { uuid: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    /** Loads the stored resident to edit; adding starts from the starting values. */
    needsLoad: ({ context }) => context.id !== null,
    isValid: ({ context }) => isFormValid(ResidentFormSchema, context.values),
    noFailedChecks: ({ context }) => Object.keys(context.checks).length === 0,
    isEmailWellFormed: ({ context }) => v.is(residentEmail(), context.values.email),
    isCurrentEmail: ({ context, event }) => isEmailReport(event) && event.email === normalEmail(context.values.email),
    canAddPhone: ({ context }) => canAddPhone(phonesOf(context)),
    /** The first phone is required: a row can go while there is another. */
    canRemovePhone: ({ context }) => canRemovePhone(phonesOf(context)),
    isSavedPhone: ({ context, event }) => event.type === 'phone.remove' && !!phonesOf(context)[event.index]?.uuid,
    isImportClosed: ({ context }) => !context.importing,
  },
  actions: {
    /** Provided by the page: back to /residents when the form ends. */
    leave: () => {},
    /** Provided by the models: the values the form opens with (empty to add, with the first phone row). */
    prefill: assign(({ context }) => ({ values: { ...emptyResident(), ...context.values } })),
    acceptValues: assign(({ context }) => ({ errors: {}, submitted: v.parse(ResidentFormSchema, context.values) })),
    assignLoaded: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.load');
      const loaded = event.output ?? {};
      return {
        values: { ...context.values, ...loaded.values },
        colonies: loaded.colonies ?? [],
        options: loaded.options ?? {},
        record: loaded.record ?? {},
      };
    }),
    forgetFailure: assign({ serverError: null, failure: null }),
    /** Provided by the page: the reactivated resident is now edited (`/newResidents?uuid=…`, replacing the entry). */
    showEditMode: () => {},
    startParts: enqueueActions(({ enqueue }) => {
      enqueue.spawnChild('residentEmailCheck', { id: 'emailCheck' });
    }),
    editField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return {
        values: { ...context.values, [event.name]: event.value },
        errors: withoutError(context.errors, event.name),
        checks: withoutError(context.checks, event.name),
        checkingEmail: event.name === 'email' ? false : context.checkingEmail,
      };
    }),
    checkEmail: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('emailCheck', {
        type: 'email.check',
        email: normalEmail(context.values.email),
        residentUuid: context.id,
      });
      enqueue.assign({ checkingEmail: true });
    }),
    showEmailError: assign(({ context }) => {
      const [message] = Object.values(validateForm(residentEmail(), context.values.email));
      return { errors: { ...context.errors, email: message } };
    }),
    emailFree: assign(({ context }) => ({
      checkingEmail: false,
      errors: withoutError(context.errors, 'email'),
      checks: withoutError(context.checks, 'email'),
    })),
    emailTaken: assign(({ context }) => ({
      checkingEmail: false,
      errors: { ...context.errors, email: ResidentTexts.taken },
      checks: { ...context.checks, email: ResidentTexts.taken },
    })),
    emailFailed: assign(({ context }) => ({
      checkingEmail: false,
      errors: { ...context.errors, email: ResidentTexts.emailCheckFailed },
    })),
    offerReactivation: assign(({ event }) => {
      assertEvent(event, 'email.deleted');
      return { checkingEmail: false, reactivationEmail: event.email };
    }),
    takeReactivated: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.reactivate');
      const resident = event.output;
      return {
        id: resident.uuid,
        values: residentFormValues(resident),
        errors: {},
        checks: {},
        record: {},
        reactivationEmail: null,
      };
    }),
    /** The schema's messages, and the server checks still failing (the taken email). */
    showFieldErrors: assign(({ context }) => ({
      errors: { ...validateForm(ResidentFormSchema, context.values), ...context.checks },
    })),
    addPhone: assign(({ context }) => ({
      values: { ...context.values, phones: [...phonesOf(context), { phone: '' }] },
    })),
    editPhone: assign(({ context, event }) => {
      assertEvent(event, 'phone.change');
      const phones = phonesOf(context).map((p, i) => (i === event.index ? { ...p, phone: event.value } : p));
      return {
        values: { ...context.values, phones },
        errors: withoutError(context.errors, `phones.${event.index}.phone`),
      };
    }),
    dropPhone: assign(({ context, event }) => {
      assertEvent(event, 'phone.remove');
      return {
        values: { ...context.values, phones: phonesOf(context).filter((_, i) => i !== event.index) },
        errors: withoutPhoneErrors(context.errors),
      };
    }),
    askPhoneRemoval: assign(({ context, event }) => {
      assertEvent(event, 'phone.remove');
      return { phoneRemoval: { index: event.index, uuid: phonesOf(context)[event.index].uuid! } };
    }),
    dropRemovedPhone: assign(({ context }) => ({
      values: { ...context.values, phones: phonesOf(context).filter((p) => p.uuid !== context.phoneRemoval?.uuid) },
      errors: withoutPhoneErrors(context.errors),
      phoneRemoval: null,
    })),
    rememberFailure: assign(({ context, event }) => {
      assertEvent(event, [
        'xstate.error.actor.load',
        'xstate.error.actor.save',
        'xstate.error.actor.reactivate',
        'xstate.error.actor.removePhone',
      ]);
      const { error } = event;
      const failure = isApiFailure(error) ? error : null;
      return {
        serverError: failureDescription(error),
        failure,
        failureTitle: residentFailureTitle(failure, context.id !== null),
      };
    }),
    /** A save refused for a taken email marks the field as the check would. */
    markServerFields: assign(({ context }) =>
      context.failureTitle === ResidentTexts.taken
        ? {
            errors: { ...context.errors, email: ResidentTexts.taken },
            checks: { ...context.checks, email: ResidentTexts.taken },
          }
        : {},
    ),
    openImport: enqueueActions(({ enqueue }) => {
      enqueue.spawnChild('residentImport', { id: 'import' });
      enqueue.assign({ importing: true });
    }),
    closeImport: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('import');
      enqueue.assign({ importing: false });
    }),
  },
});

/**
 * The resident form is a machine of its own: it adds context, events and states (the reactivation
 * and phone-removal dialogs and their calls), which the skeleton's `provide` cannot add.
 */
const residentFormBase = residentFormSetup.createMachine({
  id: 'residentForm',
  context: ({ input }) => ({
    ...emptyForm(input),
    checkingEmail: false,
    checks: {},
    reactivationEmail: null,
    phoneRemoval: null,
    importing: false,
    failureTitle: '',
  }),
  initial: 'boot',
  output: ({ context }) => ({ saved: context.result !== null, record: context.record }),
  on: {
    'email.free': { guard: 'isCurrentEmail', actions: 'emailFree' },
    'email.taken': { guard: 'isCurrentEmail', actions: 'emailTaken' },
    'email.failed': { guard: 'isCurrentEmail', actions: 'emailFailed' },
    // Outside the form (saving, a dialog open) a deleted owner is not offered: the answer only ends the check.
    'email.deleted': { guard: 'isCurrentEmail', actions: assign({ checkingEmail: false }) },
    'import.closed': { actions: 'closeImport' },
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
        onDone: { target: 'editing', actions: 'assignLoaded' },
        onError: { target: 'loadFailed', actions: 'rememberFailure' },
      },
    },
    loadFailed: { on: { 'dialog.close': { target: 'closed' } } },
    editing: {
      on: {
        'field.change': { actions: 'editField' },
        'form.submit': [
          { guard: and(['isValid', 'noFailedChecks']), target: 'submitting', actions: 'acceptValues' },
          { target: 'invalid', actions: 'showFieldErrors' },
        ],
        'email.blur': [{ guard: 'isEmailWellFormed', actions: 'checkEmail' }, { actions: 'showEmailError' }],
        'email.deleted': { guard: 'isCurrentEmail', target: 'offerReactivation', actions: 'offerReactivation' },
        'phone.add': { guard: 'canAddPhone', actions: 'addPhone' },
        'phone.change': { actions: 'editPhone' },
        'phone.remove': [
          { guard: and(['canRemovePhone', 'isSavedPhone']), target: 'confirmPhoneRemoval', actions: 'askPhoneRemoval' },
          { guard: 'canRemovePhone', actions: 'dropPhone' },
        ],
        'import.open': { guard: 'isImportClosed', actions: 'openImport' },
        // Discarding while the import modal is open is not possible (the modal covers the form).
        'form.cancel': { guard: 'isImportClosed', target: 'closed' },
      },
    },
    /** 'Error' / 'Por favor, corrige los campos indicados.' over the form, fields marked. */
    invalid: { on: { 'dialog.close': { target: 'editing' } } },
    submitting: {
      invoke: {
        id: 'save',
        src: 'saveRecord',
        input: ({ context }) => ({
          id: context.id,
          values: context.submitted,
          logo: undefined,
          record: context.record,
        }),
        onDone: { target: 'succeeded', actions: assign({ result: ({ event }) => event.output ?? true }) },
        onError: { target: 'failed', actions: ['rememberFailure', 'markServerFields'] },
      },
    },
    succeeded: { on: { 'dialog.close': { target: 'closed' } } },
    /** The error dialog; closing it returns to the form with everything the user typed. */
    failed: { on: { 'dialog.close': { target: 'editing', actions: 'forgetFailure' } } },
    closed: { type: 'final', entry: 'leave' },
    /** The email belongs to a deleted resident: reactivate it? */
    offerReactivation: {
      on: {
        'reactivation.confirm': { target: 'reactivating' },
        'reactivation.cancel': { target: 'editing', actions: assign({ reactivationEmail: null }) },
      },
    },
    reactivating: {
      invoke: {
        id: 'reactivate',
        src: 'reactivateResident',
        input: ({ context }) => ({ email: context.reactivationEmail ?? '' }),
        onDone: { target: 'editing', actions: ['takeReactivated', 'showEditMode'] },
        onError: { target: 'failed', actions: ['rememberFailure', assign({ reactivationEmail: null })] },
      },
    },
    /** Deleting a saved phone asks confirmation. */
    confirmPhoneRemoval: {
      on: {
        'removal.confirm': { target: 'removingPhone' },
        'removal.cancel': { target: 'editing', actions: assign({ phoneRemoval: null }) },
      },
    },
    removingPhone: {
      invoke: {
        id: 'removePhone',
        src: 'removePhone',
        input: ({ context }) => ({ uuid: context.phoneRemoval?.uuid ?? '' }),
        onDone: { target: 'editing', actions: 'dropRemovedPhone' },
        onError: { target: 'phoneRemovalFailed', actions: 'rememberFailure' },
      },
    },
    /** 'No es posible eliminar' with the server's text; the phone stays. */
    phoneRemovalFailed: {
      on: { 'dialog.close': { target: 'editing', actions: ['forgetFailure', assign({ phoneRemoval: null })] } },
    },
  },
});

/** The resident form with other starting values (the models' typed resident). */
export const withResidentRules = (initial: () => FormValues = emptyResident) =>
  residentFormBase.provide({
    actions: { prefill: assign(({ context }) => ({ values: { ...initial(), ...context.values } })) },
  });

/** What the page provides the calls and the navigation to. */
export const residentFormMachine = withResidentRules();
