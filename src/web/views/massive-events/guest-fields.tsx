import type { GuestFields } from '../../../shared/massive-events/massive-event.schema.js';
import type { FormBindings } from '../../platform/components/list/form-dialog.js';
import { TextField } from '../../platform/components/text-field.js';

type Values = GuestFields & Record<string, unknown>;

/** The guest's fields: Nombre, Apellidos, Teléfono, Correo electrónico. */
export function GuestFieldsView({ form }: { form: FormBindings<Values> }) {
  const { values, errors, set } = form;
  return (
    <>
      <TextField
        label="Nombre"
        required
        value={values.firstName}
        error={errors.firstName}
        maxLength={64}
        onValue={(v) => set('firstName', v)}
      />
      <TextField
        label="Apellidos"
        required
        value={values.lastName}
        error={errors.lastName}
        maxLength={64}
        onValue={(v) => set('lastName', v)}
      />
      <TextField
        label="Teléfono"
        inputMode="numeric"
        value={values.phone}
        error={errors.phone}
        maxLength={64}
        onValue={(v) => set('phone', v)}
      />
      <TextField
        label="Correo electrónico"
        type="email"
        value={values.email}
        error={errors.email}
        maxLength={64}
        onValue={(v) => set('email', v)}
      />
    </>
  );
}

export const emptyGuest = (): Values => ({ firstName: '', lastName: '', phone: '', email: '' });
