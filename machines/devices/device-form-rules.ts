/**
 * The device modal's rules ('Dispositivos'): the values it starts
 * from, a stored device as form values, and which values the type rules keep.
 */
import { deviceFieldsShown, placeOfType } from '../../src/shared/devices/device-rules.js';
import type { DeviceAnswer, ParentOption } from '../../src/shared/devices/device-types.js';
import { DeviceSchema } from '../../src/shared/devices/device.schema.js';
import { formRules, type FormValues } from '../platform/form-rules.js';
import type { Option } from '../platform/form-screen.machine.js';

/** A new device: a BOOTH reading IN, nothing located. */
export const emptyDevice = (): FormValues => ({
  name: '',
  deviceType: 'BOOTH',
  scannerAccess: 'IN',
  scannerPlace: null,
  parents: [],
  zone: null,
  street: null,
  number: '',
});

/** A stored device (GET api/devices/{id}) as the modal's values. */
export const deviceFormValues = (d: DeviceAnswer): FormValues => ({
  name: d.name,
  deviceType: d.deviceType,
  scannerAccess: d.scannerAccess,
  scannerPlace: d.scannerPlace ?? (d.scannerType ? placeOfType(d.scannerType) : null),
  parents: d.parents.map((p) => ({ uuid: p.uuid })),
  zone: d.zone ? { uuid: d.zone.uuid } : null,
  street: d.street ? { uuid: d.street.uuid } : null,
  number: d.number ?? '',
});

/** Parent candidates (`searchParentDevice`) as the modal's options. */
export const parentOptions = (list: ParentOption[]): Option[] => list.map((p) => ({ value: p.uuid, label: p.name }));

/**
 * The values the type rules keep: a booth or hostess station has no scanner fields, an
 * OUT reader no parents, a ZONE location no street, and only a HOUSE a number.
 */
export function keepShownFields(values: FormValues): FormValues {
  const shown = deviceFieldsShown(values);
  return {
    ...values,
    ...(shown.scanner ? {} : { scannerPlace: null, zone: null }),
    ...(shown.parents ? {} : { parents: [] }),
    ...(shown.street ? {} : { street: null }),
    ...(shown.number ? {} : { number: '' }),
  };
}

/** The device modal's rules for the skeleton: the shared schema, and it loads when adding too (the parents). */
export const deviceRules = (initial: () => FormValues = emptyDevice) =>
  formRules({
    schema: DeviceSchema,
    initial: (row) => (row ? { ...initial(), name: row.name } : initial()),
    loadsWhenAdding: true,
  });
