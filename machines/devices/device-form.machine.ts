import { and, assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { deviceFieldsShown } from '../../src/shared/devices/device-rules.js';
import { withoutError } from '../../src/shared/platform/form-validation.js';
import type { FormValues } from '../platform/form-rules.js';
import { formScreenMachine, type FormContext, type FormEvent, type FormInput, type FormOutput, type LoadedForm, type SaveInput } from '../platform/form-screen.machine.js';
import { deviceRules, keepShownFields } from './device-form-rules.js';
import { zoneStreetPickerMachine } from '../catalogues/zone-street-picker.machine.js';

const TYPE_FIELDS = ['deviceType', 'scannerAccess', 'scannerPlace'];
const nameOf = (event: unknown) => (event as { name?: string }).name;
const shown = (context: FormContext) => deviceFieldsShown(context.values);
/** Messages of fields the type rules just hid go with them. */
const errorsOfShown = (errors: Record<string, string>, values: FormValues) => {
  const kept = deviceFieldsShown(values);
  const hidden = [...(kept.scanner ? [] : ['scannerPlace', 'scannerType', 'zone']), ...(kept.parents ? [] : ['parents']),
    ...(kept.street ? [] : ['street']), ...(kept.number ? [] : ['number'])];
  return hidden.reduce(withoutError, errors);
};

const skeleton = formScreenMachine.config as any;
const skeletonImpl = formScreenMachine.implementations as any;

/**
 * The device modal (spec 3 §2, §4, §5, §8; issue 9): the one form skeleton with the device's rules,
 * which loads its parent candidates (`searchParentDevice`) when adding too, plus what only this
 * form has: the type rules as guards (the location fields take changes only for a SCANNER, the
 * parents only for an IN reader, the street unless the location is ZONE, the number only for
 * HOUSE; a type change drops what it hides) and the zone-then-street child (`picker`, the shared
 * zoneStreetPicker): choosing a zone loads its streets.
 */
const deviceFormSkeleton = setup({
  types: { context: {} as FormContext, events: {} as FormEvent, input: {} as FormInput, output: {} as FormOutput },
  actors: {
    ...(skeletonImpl.actors as {}),
    loadForm: fromPromise<LoadedForm, { id: string | null; row: Record<string, unknown> | null }>(async () => { throw new Error('not provided'); }),
    saveRecord: fromPromise<unknown, SaveInput>(async () => { throw new Error('not provided'); }),
    zoneStreetPicker: zoneStreetPickerMachine,
  },
  guards: {
    ...(skeletonImpl.guards as {}),
    isValid: () => false,
    isTypeField: ({ event }) => TYPE_FIELDS.includes(nameOf(event) ?? ''),
    isNameField: ({ event }) => nameOf(event) === 'name',
    isZoneField: ({ event }) => nameOf(event) === 'zone',
    isStreetField: ({ event }) => nameOf(event) === 'street',
    isNumberField: ({ event }) => nameOf(event) === 'number',
    isParentsField: ({ event }) => nameOf(event) === 'parents',
    showsScanner: ({ context }) => shown(context).scanner,
    showsStreet: ({ context }) => shown(context).street,
    showsNumber: ({ context }) => shown(context).number,
    showsParents: ({ context }) => shown(context).parents,
  },
  actions: {
    ...(skeletonImpl.actions as {}),
    startParts: () => {},
    /** The zone-then-street child, once the stored device (its zone) is known. */
    startPicker: enqueueActions(({ context, enqueue }) => {
      const idZone = context.record.idZone;
      enqueue.spawnChild('zoneStreetPicker', { id: 'picker', input: { withStreets: true, idZone: typeof idZone === 'number' ? idZone : null } });
    }),
    /** A type change keeps only the fields the new type shows (and their messages). */
    applyTypeRules: assign(({ context }) => {
      const values = keepShownFields(context.values);
      return { values, errors: errorsOfShown(context.errors, values) };
    }),
    /** Choosing a zone clears the street and loads the zone's streets. */
    chooseZone: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'field.change');
      const uuid = (event.value as { uuid?: string } | null)?.uuid ?? '';
      enqueue.sendTo('picker', { type: 'zone.choose', uuid });
      enqueue.assign({ values: { ...context.values, street: null }, errors: withoutError(context.errors, 'street') });
    }),
  },
}).createMachine({
  ...skeleton,
  id: 'deviceForm',
  states: {
    ...skeleton.states,
    loading: {
      invoke: {
        ...skeleton.states.loading.invoke,
        onDone: { target: 'editing', actions: ['assignLoaded', 'startPicker'] },
      },
    },
    editing: {
      on: {
        ...skeleton.states.editing.on,
        // The type rules: a change reaches a field only while the device's type shows it.
        'field.change': [
          { guard: 'isTypeField', actions: ['editField', 'applyTypeRules'] },
          { guard: 'isNameField', actions: 'editField' },
          { guard: and(['isZoneField', 'showsScanner']), actions: ['editField', 'chooseZone'] },
          { guard: and(['isStreetField', 'showsStreet']), actions: 'editField' },
          { guard: and(['isNumberField', 'showsNumber']), actions: 'editField' },
          { guard: and(['isParentsField', 'showsParents']), actions: 'editField' },
        ],
      },
    },
  },
} as any);

/** The device form with its rules (machines/devices/device-form-rules.ts; the models give other starting values). */
export const withDeviceRules = (initial?: () => FormValues) =>
  deviceFormSkeleton.provide(deviceRules(initial) as never);

/** What the list provides the calls to. */
export const deviceFormMachine = withDeviceRules();
