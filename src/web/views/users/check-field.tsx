import { Checkbox } from '@chakra-ui/react';

/** A labelled checkbox of the users modals (pre-registro, chatbot, uso de la app). */
export function CheckField({
  label,
  checked,
  disabled,
  onValue,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onValue: (checked: boolean) => void;
}) {
  return (
    <Checkbox.Root
      colorPalette="teal"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(d) => onValue(d.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
