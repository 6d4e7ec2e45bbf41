import { Field, NativeSelect } from '@chakra-ui/react';

export interface SelectOption { value: string; label: string }

/** A labelled native select with its field error (zone, street and other option lists). */
export function SelectField({ label, value, options, placeholder, error, helper, disabled, required, onValue }: {
  label: string;
  value: string;
  options: SelectOption[];
  placeholder: string;
  error?: string;
  helper?: string;
  disabled?: boolean;
  required?: boolean;
  onValue: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>{label}{required ? <Field.RequiredIndicator /> : null}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} placeholder={placeholder} onChange={(e) => onValue(e.currentTarget.value)}>
          {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
