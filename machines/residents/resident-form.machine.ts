import * as v from 'valibot';
import { assertEvent, assign, enqueueActions } from 'xstate';
import { isApiFailure } from '../../src/shared/platform/api-failure.js';
import { isFormValid, validateForm, withoutError } from '../../src/shared/platform/form-validation.js';
import { ResidentErrorTitles, ResidentTexts } from '../../src/shared/residents/resident-rules.js';
import { ResidentFormSchema, residentEmail } from '../../src/shared/residents/resident.schema.js';
import type { FormValues } from '../platform/form-rules.js';
import { formScreenMachine, type FormContext, type FormEvent } from '../platform/form-screen.machine.js';
import { residentEmailCheckMachine } from './resident-email-check.machine.js';
import {
  canAddPhone,
  canRemovePhone,
  emptyResident,
  normalEmail,
  residentFailureTitle,
  type PhoneRow,
} from './resident-form-rules.js';
import { residentImportMachine } from './resident-import.machine.js';
import { residentPhoneRemovalMachine } from './resident-phone-removal.machine.js';
import { residentReactivationMachine } from './resident-reactivation.machine.js';

const phonesOf = (context: FormContext) => (context.values.phones as PhoneRow[] | undefined) ?? [];
/** Phone messages are keyed by their row ('phones.0.phone'); a changed list drops them. */
const withoutPhoneErrors = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith('phones')));
const isSavedPhone = (context: FormContext, index: number | undefined) =>
  index !== undefined && !!phonesOf(context)[index]?.uuid;
/** A gesture that opens a part over the form: the import modal, the reactivation offer, removing a saved phone. */
const holdsForm = (context: FormContext, event: FormEvent) =>
  event.type === 'part.ask' &&
  (event.name === 'import' ||
    event.name === 'reactivation' ||
    (event.name === 'phone.remove' && canRemovePhone(phonesOf(context)) && isSavedPhone(context, event.index)));

/**
 * 'Alta residente' / 'Editar residente': the form skeleton (machines/platform/form-screen.machine.ts:
 * load to edit, edit, the invalid dialog, save, the success or error dialog) with the resident's
 * rules and its parts. The email check (`emailCheck`, machines/residents/resident-email-check.machine.ts)
 * is spawned beside the fields: leaving the email asks it, and its answers mark the field (a live
 * owner refuses the submit until the email changes) or, while adding, offer to reactivate a deleted
 * resident (`reactivation`, resident-reactivation.machine.ts, over the form). The phone rows: up to
 * 4, the first required; removing a saved one asks first (`phoneRemoval`,
 * resident-phone-removal.machine.ts, which calls `DELETE api/phones/{uuid}`). 'Importar Excel' opens
 * the import modal (`import`, resident-import.machine.ts). It asks nothing before sending.
 * `withResidentRules` gives other starting values (the models' typed resident).
 */
export const withResidentRules = (initial: () => FormValues = emptyResident) =>
  formScreenMachine.provide({
    actors: {
      formPart: residentEmailCheckMachine,
      questionPart: residentReactivationMachine,
      rowRemoval: residentPhoneRemovalMachine,
      modalPart: residentImportMachine,
    },
    guards: {
      /** The schema passes and no server check still refuses (the email of a live resident). */
      isValid: ({ context }) =>
        isFormValid(ResidentFormSchema, context.values) && Object.keys(context.checks).length === 0,
      holdsForm: ({ context, event }) => holdsForm(context, event),
    },
    actions: {
      prefill: assign(({ context }) => ({ values: { ...initial(), ...context.values } })),
      acceptValues: assign(({ context }) => ({ errors: {}, submitted: v.parse(ResidentFormSchema, context.values) })),
      /** The schema's messages, and the server checks still failing (the taken email). */
      showFieldErrors: assign(({ context }) => ({
        errors: { ...validateForm(ResidentFormSchema, context.values), ...context.checks },
      })),
      startParts: enqueueActions(({ enqueue }) => {
        enqueue.spawnChild('formPart', { id: 'emailCheck' });
      }),
      /** A save refused for a taken email marks the field as the check would. */
      markServerFields: assign(({ context, event }) => {
        assertEvent(event, 'xstate.error.actor.save');
        const failure = isApiFailure(event.error) ? event.error : null;
        if (residentFailureTitle(failure, context.id !== null) !== ResidentErrorTitles.taken) return {};
        return {
          errors: { ...context.errors, email: ResidentTexts.taken },
          checks: { ...context.checks, email: ResidentTexts.taken },
        };
      }),
      askPart: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'part.ask');
        const phones = phonesOf(context);
        const index = event.index ?? -1;
        switch (event.name) {
          // Leaving the email: a well-formed one is checked with the server (with the resident edited).
          case 'email':
            if (v.is(residentEmail(), context.values.email)) {
              enqueue.sendTo('emailCheck', {
                type: 'email.check',
                email: normalEmail(context.values.email),
                residentUuid: context.id,
              });
              enqueue.assign({ checking: 'email' });
            } else {
              const [message] = Object.values(validateForm(residentEmail(), context.values.email));
              enqueue.assign({ errors: { ...context.errors, email: message } });
            }
            return;
          case 'phone.add':
            if (canAddPhone(phones))
              enqueue.assign({ values: { ...context.values, phones: [...phones, { phone: '' }] } });
            return;
          case 'phone.change':
            enqueue.assign({
              values: {
                ...context.values,
                phones: phones.map((p, i) => (i === index ? { ...p, phone: event.value ?? '' } : p)),
              },
              errors: withoutError(context.errors, `phones.${index}.phone`),
            });
            return;
          // The first phone is required: a row can go while there is another; a saved one asks first.
          case 'phone.remove':
            if (!canRemovePhone(phones)) return;
            if (isSavedPhone(context, index))
              enqueue.spawnChild('rowRemoval', {
                id: 'phoneRemoval',
                input: { index, uuid: phones[index].uuid ?? '', phone: phones[index].phone },
              });
            else
              enqueue.assign({
                values: { ...context.values, phones: phones.filter((_, i) => i !== index) },
                errors: withoutPhoneErrors(context.errors),
              });
            return;
          case 'reactivation':
            enqueue.spawnChild('questionPart', { id: 'reactivation', input: { email: event.value ?? '' } });
            return;
          case 'import':
            enqueue.spawnChild('modalPart', { id: 'import' });
            return;
        }
      }),
      hearPart: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, ['part.report', 'part.release']);
        if (event.type === 'part.release') enqueue.stopChild(event.part);
        if (event.part === 'emailCheck') {
          // Only the answer for the email in the field counts.
          if (event.value !== normalEmail(context.values.email)) return;
          const errors = withoutError(context.errors, 'email');
          const checks = withoutError(context.checks, 'email');
          if (event.outcome === 'free') enqueue.assign({ checking: null, errors, checks });
          else if (event.outcome === 'taken')
            enqueue.assign({
              checking: null,
              errors: { ...errors, email: ResidentTexts.taken },
              checks: { ...checks, email: ResidentTexts.taken },
            });
          else if (event.outcome === 'failed')
            enqueue.assign({ checking: null, errors: { ...errors, email: ResidentTexts.emailCheckFailed } });
          else {
            // A deleted owner is offered for reactivation while the form is being edited; elsewhere the answer only ends the check.
            enqueue.assign({ checking: null });
            enqueue.raise({ type: 'part.ask', name: 'reactivation', value: event.value });
          }
        }
        if (event.part === 'reactivation' && event.outcome === 'reactivated' && event.id && event.values)
          enqueue.assign({ id: event.id, values: event.values, errors: {}, checks: {}, record: {} });
        if (event.part === 'phoneRemoval' && event.outcome === 'removed')
          enqueue.assign({
            values: { ...context.values, phones: phonesOf(context).filter((p) => p.uuid !== event.value) },
            errors: withoutPhoneErrors(context.errors),
          });
      }),
    },
  });

/** What the page provides the calls and the navigation to. */
export const residentFormMachine = withResidentRules();
