import { Field, Input, type InputProps } from '@chakra-ui/react';

export interface TextFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: string;
  value: string;
  error?: string;
  helper?: string;
  onValue: (value: string) => void;
}

/** A labelled input with its field error, as every form of the product shows them. */
export function TextField({ label, value, error, helper, onValue, required, ...input }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input value={value} onChange={(e) => onValue(e.target.value)} {...input} />
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
