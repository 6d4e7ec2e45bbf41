import { Field, NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled dropdown with its helper and field error (zone, street, user type, colony, administrator). */
export function SelectField({
  label,
  value,
  options,
  placeholder,
  error,
  helper,
  required,
  disabled,
  onValue,
}: {
  label: string;
  value: string;
  options: SelectOption[];
  placeholder: string;
  error?: string;
  helper?: string;
  required?: boolean;
  disabled?: boolean;
  onValue: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field bg="white" value={value} onChange={(e) => onValue(e.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
