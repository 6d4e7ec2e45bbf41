/**
 * The guest form of /guests (add or edit a guest): the form skeleton's rules for a
 * guest. It reads the event's guests when it opens; a name already on the list (the guest being
 * edited aside) asks 'Estas seguro de agregar a este invitado nuevamente?' before it is sent.
 */
import { repeatsGuest } from '../../src/shared/massive-events/massive-event-rules.js';
import type { Guest } from '../../src/shared/massive-events/massive-event-types.js';
import { GuestFieldsSchema, type GuestFields } from '../../src/shared/massive-events/massive-event.schema.js';
import { formRules } from '../platform/form-rules.js';
import type { FormValues } from '../platform/form-screen.machine.js';

/** The form's values: a listed guest's, or empty to add. */
export const guestFormValues = (row: Record<string, unknown> | null): FormValues =>
  row
    ? { firstName: row.firstName, lastName: row.lastName, phone: row.phone, email: row.email }
    : { firstName: '', lastName: '', phone: '', email: '' };

/** The loaded record holds the event's guests (`guests`), which the repeated-name question reads. */
export const guestFormRules = () =>
  formRules({
    schema: GuestFieldsSchema,
    initial: guestFormValues,
    loadsWhenAdding: true,
    confirmWhen: (values, record, id) =>
      repeatsGuest(values as GuestFields, (record.guests as Guest[] | undefined) ?? [], id),
  });
