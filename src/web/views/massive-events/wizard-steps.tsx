import { Button, Field, HStack, IconButton, Input, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import type { EventWizardContext, EventWizardEvent } from '../../../../machines/massive-events/event-wizard.machine.js';
import { GUEST_TEMPLATE_PATH } from '../../../shared/massive-events/guest-import.js';
import {
  EVENT_DATE_CEILING,
  EVENT_INFO_MAX,
  EVENT_TITLE_MAX,
  eventEnd,
  localNow,
} from '../../../shared/massive-events/massive-event-rules.js';
import { SelectField } from '../../platform/components/select-field.js';
import { TextField } from '../../platform/components/text-field.js';

type Send = (event: EventWizardEvent) => void;

/** Step 1: title, place, resident (fixed for a resident), date from today, time (24 h), end = start + 12 h, information with its counter. */
export function StepEvent({ ctx, send }: { ctx: EventWizardContext; send: Send }) {
  const { values, errors, options } = ctx;
  const set = (name: string) => (value: string) => send({ type: 'field.change', name, value });
  const end =
    /^\d{4}-\d{2}-\d{2}$/.test(values.date) && /^\d{2}:\d{2}$/.test(values.time)
      ? eventEnd(`${values.date}T${values.time}`)
      : null;
  return (
    <Stack gap="4" maxW="2xl">
      <TextField
        label="Título del evento"
        required
        value={values.title}
        error={errors.title}
        maxLength={EVENT_TITLE_MAX}
        onValue={set('title')}
      />
      <SelectField
        label="Lugar"
        required
        value={values.place}
        placeholder="Selecciona el lugar"
        options={options.places}
        error={errors.place}
        onValue={set('place')}
      />
      <SelectField
        label="Residente"
        required
        value={values.resident}
        placeholder="Selecciona un residente"
        options={options.residents}
        error={errors.resident}
        disabled={ctx.role === 'resident'}
        onValue={set('resident')}
      />
      <HStack gap="4" align="flex-start" wrap="wrap">
        <TextField
          label="Fecha"
          required
          type="date"
          value={values.date}
          error={errors.date}
          min={localNow().slice(0, 10)}
          max={EVENT_DATE_CEILING}
          onValue={set('date')}
        />
        <TextField
          label="Hora (24 horas)"
          required
          type="time"
          value={values.time}
          error={errors.time}
          step={60}
          onValue={set('time')}
        />
        <Field.Root readOnly>
          <Field.Label>Termina</Field.Label>
          <Input
            value={end ? `${end.slice(8, 10)}/${end.slice(5, 7)}/${end.slice(0, 4)} ${end.slice(11, 16)}` : ''}
            readOnly
            aria-label="Termina"
          />
        </Field.Root>
      </HStack>
      <Field.Root invalid={Boolean(errors.additionalInformation)}>
        <Field.Label>Información adicional</Field.Label>
        <Textarea
          value={values.additionalInformation}
          maxLength={EVENT_INFO_MAX}
          onChange={(e) => set('additionalInformation')(e.target.value)}
        />
        <Field.HelperText>Te quedan {EVENT_INFO_MAX - values.additionalInformation.length} caracteres</Field.HelperText>
        <Field.ErrorText>{errors.additionalInformation}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}

/** Step 2 'Agregar invitados': the manual form, the table with edit and delete, the import and the template. */
export function StepGuests({ ctx, send }: { ctx: EventWizardContext; send: Send }) {
  const set = (name: string) => (value: string) => send({ type: 'guest.change', name, value });
  const e = ctx.draftErrors;
  return (
    <Stack gap="5">
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          send({ type: 'guest.submit' });
        }}
        noValidate
        aria-label="Invitado"
      >
        <Stack gap="3">
          <HStack gap="3" align="flex-start" wrap="wrap">
            <TextField
              label="Nombre"
              required
              value={ctx.draft.firstName}
              error={e.firstName}
              maxLength={64}
              onValue={set('firstName')}
            />
            <TextField
              label="Apellidos"
              required
              value={ctx.draft.lastName}
              error={e.lastName}
              maxLength={64}
              onValue={set('lastName')}
            />
            <TextField
              label="Teléfono"
              inputMode="numeric"
              value={ctx.draft.phone}
              error={e.phone}
              maxLength={64}
              onValue={set('phone')}
            />
            <TextField
              label="Correo electrónico"
              type="email"
              value={ctx.draft.email}
              error={e.email}
              maxLength={64}
              onValue={set('email')}
            />
          </HStack>
          <HStack gap="2" wrap="wrap">
            <Button type="submit" colorPalette="teal" size="sm">
              {ctx.editing === null ? 'Agregar invitado' : 'Guardar cambios'}
            </Button>
            {ctx.editing !== null ? (
              <Button size="sm" variant="outline" onClick={() => send({ type: 'guest.cancel' })}>
                Cancelar
              </Button>
            ) : null}
            <Button size="sm" variant="outline" onClick={() => send({ type: 'import.open' })}>
              Importar desde plantilla
            </Button>
            <a
              href={GUEST_TEMPLATE_PATH}
              download="plantilla_invitados.xlsx"
              style={{ color: '#0f766e', textDecoration: 'underline', fontSize: '0.875rem' }}
            >
              Descargar plantilla
            </a>
          </HStack>
        </Stack>
      </form>
      <Table.ScrollArea borderWidth="1px" rounded="lg" bg="white">
        <Table.Root size="sm" aria-label="Invitados del evento">
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader>Nombre</Table.ColumnHeader>
              <Table.ColumnHeader>Apellidos</Table.ColumnHeader>
              <Table.ColumnHeader>Teléfono</Table.ColumnHeader>
              <Table.ColumnHeader>Correo electrónico</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Acciones</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {ctx.guests.map((g, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: guests not yet saved have no uuid; their position tells them apart
              <Table.Row key={`${g.uuid}-${i}`}>
                <Table.Cell>{g.firstName}</Table.Cell>
                <Table.Cell>{g.lastName}</Table.Cell>
                <Table.Cell>{g.phone}</Table.Cell>
                <Table.Cell>{g.email}</Table.Cell>
                <Table.Cell textAlign="end">
                  <HStack justify="flex-end" gap="1">
                    <IconButton
                      size="xs"
                      variant="outline"
                      aria-label={`Editar a ${g.firstName} ${g.lastName}`}
                      onClick={() => send({ type: 'guest.edit', index: i })}
                    >
                      ✎
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Eliminar a ${g.firstName} ${g.lastName}`}
                      onClick={() => send({ type: 'guest.remove', index: i })}
                    >
                      ✕
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Text fontSize="sm" color="gray.600">
        {ctx.guests.length} invitados
      </Text>
    </Stack>
  );
}
