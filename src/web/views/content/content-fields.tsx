import { Field, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  contentDateLimits,
  CONTACT_MAX,
  DESCRIPTION_MAX,
  descriptionCounter,
  TITLE_MAX,
  type ContentKind,
} from '../../../shared/content/content-rules.js';
import { TextField } from '../../platform/components/text-field.js';

export interface ContentBindings {
  values: Record<string, unknown>;
  errors: Record<string, string>;
  set: (name: string, value: unknown) => void;
}

/** A date-time picker: the contract's YYYY-MM-DDTHH:mm:ss, to the second. */
function DateTimeField({
  label,
  name,
  form,
  min,
  disabled,
}: {
  label: string;
  name: string;
  form: ContentBindings;
  min: string;
  disabled?: boolean;
}) {
  return (
    <Field.Root invalid={Boolean(form.errors[name])} required disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type="datetime-local"
        step="1"
        name={name}
        min={min}
        value={String(form.values[name] ?? '')}
        disabled={disabled}
        onChange={(e) => form.set(name, e.target.value)}
      />
      <Field.ErrorText>{form.errors[name]}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * The fields every content form has: title, description with its n/1500
 * counter, the contact fields and the start and end date-times with the date rules (the end is
 * disabled until a start is chosen and cannot be before it; the start's minimum is now, or the
 * stored start when editing).
 */
export function ContentFields({
  kind,
  form,
  editedStart,
}: {
  kind: ContentKind;
  form: ContentBindings;
  editedStart: string | null;
}) {
  const { values, errors, set } = form;
  const limits = contentDateLimits(kind, values.startDate, editedStart, new Date());
  const text = (name: string) => ({
    name,
    value: String(values[name] ?? ''),
    error: errors[name],
    onValue: (value: string) => set(name, value),
  });
  return (
    <Stack gap="5">
      <TextField label="Título" required maxLength={TITLE_MAX} {...text('title')} />
      <Field.Root invalid={Boolean(errors.description)} required>
        <Field.Label>
          Descripción
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          name="description"
          rows={5}
          maxLength={DESCRIPTION_MAX}
          value={String(values.description ?? '')}
          onChange={(e) => set('description', e.target.value)}
        />
        <Text fontSize="xs" color="gray.500" alignSelf="flex-end" data-testid="description-counter">
          {descriptionCounter(values.description)}
        </Text>
        <Field.ErrorText>{errors.description}</Field.ErrorText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <DateTimeField label="Fecha de inicio" name="startDate" form={form} min={limits.startMin} />
        <DateTimeField
          label="Fecha de término"
          name="endDate"
          form={form}
          min={limits.endMin}
          disabled={limits.endDisabled}
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label="Nombre de contacto" maxLength={CONTACT_MAX} helper="Opcional" {...text('contactName')} />
        <TextField label="Teléfono de contacto" maxLength={CONTACT_MAX} helper="Opcional" {...text('contactPhone')} />
        <TextField label="Correo de contacto" maxLength={CONTACT_MAX} helper="Opcional" {...text('contactEmail')} />
        {kind === 'notices' ? (
          <TextField label="Enlace" maxLength={CONTACT_MAX} helper="Opcional" {...text('contactLink')} />
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
