import * as v from 'valibot';
import type { FormBindings } from '../../platform/components/list/form-dialog.js';
import { TextField } from '../../platform/components/text-field.js';

/**
 * The catalogue modal's name field. With `validWhen` (the shared schema's own name rule), a
 * typed name that passes it shows 'Correcto' as the zone modal does.
 */
export function NameField({
  form,
  label = 'Nombre',
  validWhen,
}: {
  form: FormBindings<{ name: string }>;
  label?: string;
  validWhen?: v.GenericSchema<unknown, unknown>;
}) {
  const value = String(form.values.name ?? '');
  const valid = validWhen !== undefined && value.trim() !== '' && v.safeParse(validWhen, value).success;
  return (
    <TextField
      label={label}
      name="name"
      value={value}
      error={form.errors.name}
      required
      autoFocus
      maxLength={80}
      helper={valid ? 'Correcto' : undefined}
      onValue={(text) => form.set('name', text)}
    />
  );
}
