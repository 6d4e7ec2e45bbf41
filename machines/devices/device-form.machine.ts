import { assertEvent, enqueueActions } from 'xstate';
import { deviceFieldsShown } from '../../src/shared/devices/device-rules.js';
import { withoutError } from '../../src/shared/platform/form-validation.js';
import type { FormValues } from '../platform/form-rules.js';
import {
  createFormScreen,
  type formScreenMachine,
  type FormContext,
  type FormEvent,
} from '../platform/form-screen.machine.js';
import { deviceRules, keepShownFields } from './device-form-rules.js';
import { zoneStreetPickerMachine } from '../catalogues/zone-street-picker.machine.js';

const TYPE_FIELDS = ['deviceType', 'scannerAccess', 'scannerPlace'];
const nameOf = (event: FormEvent) => (event.type === 'field.change' ? event.name : undefined);
const shown = (context: FormContext) => deviceFieldsShown(context.values);
/** Messages of fields the type rules just hid go with them. */
const errorsOfShown = (errors: Record<string, string>, values: FormValues) => {
  const kept = deviceFieldsShown(values);
  const hidden = [
    ...(kept.scanner ? [] : ['scannerPlace', 'scannerType', 'zone']),
    ...(kept.parents ? [] : ['parents']),
    ...(kept.street ? [] : ['street']),
    ...(kept.number ? [] : ['number']),
  ];
  return hidden.reduce(withoutError, errors);
};

const deviceForm = createFormScreen('deviceForm');

/** The type rules: a change reaches a field only while the device's type shows it. */
const acceptsField = (context: FormContext, event: FormEvent) => {
  const name = nameOf(event) ?? '';
  if (TYPE_FIELDS.includes(name) || name === 'name') return true;
  const kept = shown(context);
  return (
    (name === 'zone' && kept.scanner) ||
    (name === 'street' && kept.street) ||
    (name === 'number' && kept.number) ||
    (name === 'parents' && kept.parents)
  );
};

/**
 * The device modal: the one form skeleton with the device's rules,
 * which loads its parent candidates (`searchParentDevice`) when adding too, plus what only this
 * form has: the type rules as guards (the location fields take changes only for a SCANNER, the
 * parents only for an IN reader, the street unless the location is ZONE, the number only for
 * HOUSE; a type change drops what it hides) and the zone-then-street child (`picker`, the shared
 * zoneStreetPicker): choosing a zone loads its streets.
 */
const deviceImplementations = {
  actors: { formPart: zoneStreetPickerMachine },
  guards: {
    acceptsField: ({ context, event }: { context: FormContext; event: FormEvent }) => acceptsField(context, event),
  },
  actions: {
    /** The zone-then-street child, once the stored device (its zone) is known. */
    afterLoad: enqueueActions(({ context, enqueue }) => {
      const idZone = context.record.idZone;
      enqueue.spawnChild('formPart', {
        id: 'picker',
        input: { withStreets: true, idZone: typeof idZone === 'number' ? idZone : null },
      });
    }),
    /**
     * A type change keeps only the fields the new type shows (and their messages); choosing a zone
     * clears the street and loads the zone's streets.
     */
    afterFieldChange: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'field.change');
      if (TYPE_FIELDS.includes(event.name)) {
        const values = keepShownFields(context.values);
        enqueue.assign({ values, errors: errorsOfShown(context.errors, values) });
      }
      if (event.name === 'zone') {
        const uuid = (event.value as { uuid?: string } | null)?.uuid ?? '';
        enqueue.sendTo('picker', { type: 'zone.choose', uuid });
        enqueue.assign({ values: { ...context.values, street: null }, errors: withoutError(context.errors, 'street') });
      }
    }),
  },
} satisfies Parameters<typeof formScreenMachine.provide>[0];

/** The device form with its rules (machines/devices/device-form-rules.ts; the models give other starting values). */
export const withDeviceRules = (initial?: () => FormValues) => {
  const rules = deviceRules(initial);
  return deviceForm.provide({
    actors: deviceImplementations.actors,
    guards: { ...rules.guards, ...deviceImplementations.guards },
    actions: { ...rules.actions, ...deviceImplementations.actions },
  });
};

/** What the list provides the calls to. */
export const deviceFormMachine = withDeviceRules();
