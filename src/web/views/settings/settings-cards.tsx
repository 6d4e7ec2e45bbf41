import { Card, Field, Heading, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { SettingsEditEvent, SettingsFlag } from '../../../../machines/settings/settings-edit.machine.js';
import {
  frequentChoiceKey,
  FREQUENT_VALIDITY_CHOICES,
  INVITATION_VALIDITY_HOURS,
  isAllSearch,
  messageCounter,
  OptionLabels,
  SEARCH_OPTIONS,
  SettingsTexts as T,
  VIEW_OPTIONS,
  type SettingsValues,
} from '../../../shared/settings/settings-rules.js';
import { CheckField } from '../users/check-field.js';

export interface CardProps {
  values: SettingsValues;
  errors: Record<string, string>;
  /** Read-only until 'Editar'. */
  disabled: boolean;
  send: (event: SettingsEditEvent) => void;
}

function SettingsCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Choice({
  label,
  name,
  value,
  options,
  disabled,
  error,
  onValue,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  disabled: boolean;
  error?: string;
  onValue: (v: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field name={name} bg="white" value={value} onChange={(e) => onValue(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The invitation message (at most 80 characters, with a counter; not empty). */
export function MessageCard({ values, errors, disabled, send }: CardProps) {
  return (
    <SettingsCard title="Mensaje de invitación">
      <Field.Root invalid={Boolean(errors.invitationMessage)} disabled={disabled}>
        <Field.Label>Mensaje que acompaña las invitaciones</Field.Label>
        <Textarea
          name="invitationMessage"
          rows={2}
          value={values.invitationMessage}
          disabled={disabled}
          onChange={(e) => send({ type: 'message.change', value: e.target.value })}
        />
        <Text fontSize="xs" color="gray.500" alignSelf="flex-end" data-testid="message-counter">
          {messageCounter(values.invitationMessage)}
        </Text>
        <Field.ErrorText>{errors.invitationMessage}</Field.ErrorText>
      </Field.Root>
    </SettingsCard>
  );
}

/** The invitation code's validity (8, 12 or 24 hours) and the frequent visits' (1 week to 1 year). */
export function ValidityCards({ values, errors, disabled, send }: CardProps) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
      <SettingsCard title="Vigencia del código de invitación">
        <Choice
          label="Vigencia"
          name="invitationValidity"
          disabled={disabled}
          value={String(values.invitationValidity)}
          error={errors.invitationValidity}
          options={INVITATION_VALIDITY_HOURS.map((h) => ({ value: String(h), label: `${h} horas` }))}
          onValue={(v) => send({ type: 'validity.choose', hours: Number(v) })}
        />
      </SettingsCard>
      <SettingsCard title="Vigencia de visitas frecuentes">
        <Choice
          label="Vigencia"
          name="frequentValidity"
          disabled={disabled}
          error={errors.frequentInvitationValidity}
          value={frequentChoiceKey(values.frequentInvitationChronoUnit, values.frequentInvitationValidity)}
          options={FREQUENT_VALIDITY_CHOICES.map((c) => ({
            value: frequentChoiceKey(c.unit, c.amount),
            label: c.label,
          }))}
          onValue={(v) => {
            const choice = FREQUENT_VALIDITY_CHOICES.find((c) => frequentChoiceKey(c.unit, c.amount) === v)!;
            send({ type: 'frequent.choose', unit: choice.unit, amount: choice.amount });
          }}
        />
      </SettingsCard>
    </SimpleGrid>
  );
}

/**
 * The guard app: folio usage ('Obligatorio'), what the guard sees, and how it
 * searches; 'Todo' shows on only when all five search options are.
 */
export function GuardAppCard({ values, disabled, send }: CardProps) {
  const toggle = (name: SettingsFlag) => (
    <CheckField
      key={name}
      label={OptionLabels[name]}
      checked={values[name]}
      disabled={disabled}
      onValue={(value) => send({ type: 'option.toggle', name, value })}
    />
  );
  return (
    <SettingsCard title="Configuración de la app de vigilancia">
      <Stack gap="2">
        <Text fontWeight="medium">{OptionLabels.folioRequired}</Text>
        <CheckField
          label={T.folioRequired}
          checked={values.folioRequired}
          disabled={disabled}
          onValue={(value) => send({ type: 'option.toggle', name: 'folioRequired', value })}
        />
      </Stack>
      <Stack gap="2">
        <Text fontWeight="medium">Visibilidad</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {VIEW_OPTIONS.map(toggle)}
        </SimpleGrid>
      </Stack>
      <Stack gap="2">
        <Text fontWeight="medium">Búsqueda</Text>
        {toggle('visitorSearch')}
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="2">
          <CheckField
            label="Todo"
            checked={isAllSearch(values)}
            disabled={disabled}
            onValue={(value) => send({ type: 'search.all', value })}
          />
          {SEARCH_OPTIONS.map(toggle)}
        </SimpleGrid>
      </Stack>
    </SettingsCard>
  );
}
