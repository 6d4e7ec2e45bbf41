import { Button, Flex, Heading, IconButton, Stack } from '@chakra-ui/react';
import type { PhoneRow } from '../../../../machines/residents/resident-form-rules.js';
import { TextField } from '../../platform/components/text-field.js';

/**
 * The phone rows: the first is required, up to 4; 'Agregar teléfono' while fewer
 * than 4; a row can be removed while there is another (a saved one asks first).
 */
export function PhoneFields({
  phones,
  errors,
  canAdd,
  canRemove,
  send,
}: {
  phones: PhoneRow[];
  /** The machine's answer: another row may be added / a row may be removed. */
  canAdd: boolean;
  canRemove: boolean;
  errors: Record<string, string>;
  /** The form's gestures on its phone rows (`part.ask`). */
  send: (event: {
    type: 'part.ask';
    name: 'phone.add' | 'phone.change' | 'phone.remove';
    index?: number;
    value?: string;
  }) => void;
}) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="sm">
        Teléfonos
      </Heading>
      {phones.map((p, index) => (
        <Flex key={p.uuid ?? `new-${index}`} gap="2" align="flex-end">
          <TextField
            label={`Teléfono ${index + 1}`}
            name={`phones.${index}.phone`}
            value={p.phone}
            error={errors[`phones.${index}.phone`]}
            required={index === 0}
            inputMode="numeric"
            maxLength={10}
            onValue={(value) => send({ type: 'part.ask', name: 'phone.change', index, value })}
          />
          {canRemove ? (
            <IconButton
              aria-label={`Quitar teléfono ${index + 1}`}
              variant="outline"
              colorPalette="red"
              mb={errors[`phones.${index}.phone`] ? '6' : '0'}
              onClick={() => send({ type: 'part.ask', name: 'phone.remove', index })}
            >
              ✕
            </IconButton>
          ) : null}
        </Flex>
      ))}
      {canAdd ? (
        <Button
          alignSelf="flex-start"
          size="sm"
          variant="outline"
          colorPalette="teal"
          onClick={() => send({ type: 'part.ask', name: 'phone.add' })}
        >
          Agregar teléfono
        </Button>
      ) : null}
    </Stack>
  );
}
