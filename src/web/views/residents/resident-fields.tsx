import { SimpleGrid, Stack } from '@chakra-ui/react';
import { TextField } from '../../platform/components/text-field.js';
import { ZoneStreetFields, locationOptionsApi, type LocationOptionsApi } from '../catalogues/zone-street-fields.js';
import { CheckField } from '../users/check-field.js';

export interface ResidentBindings {
  // biome-ignore lint/suspicious/noExplicitAny: the form's values of every field kind, bound to text, select and check fields
  values: Record<string, any>;
  errors: Record<string, string>;
  set: (name: string, value: unknown) => void;
}

/**
 * The resident's own fields: names, email (checked on blur), zone then street,
 * numbers, the action (club communities only) and the two flags.
 */
export function ResidentFields({
  form,
  club,
  onEmailBlur,
  checkingEmail,
  locations = locationOptionsApi,
  pickerKey,
}: {
  form: ResidentBindings;
  club: boolean;
  onEmailBlur: () => void;
  checkingEmail: boolean;
  locations?: LocationOptionsApi;
  /** A new resident loaded into the form (reactivation) starts the zone selector again. */
  pickerKey: string;
}) {
  const { values, errors, set } = form;
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField
          label="Nombre"
          name="firstName"
          value={values.firstName}
          error={errors.firstName}
          required
          maxLength={64}
          onValue={(value) => set('firstName', value)}
        />
        <TextField
          label="Apellidos"
          name="lastName"
          value={values.lastName}
          error={errors.lastName}
          required
          maxLength={64}
          onValue={(value) => set('lastName', value)}
        />
      </SimpleGrid>
      <TextField
        label="Correo electrónico"
        name="email"
        type="email"
        value={values.email}
        error={errors.email}
        required
        maxLength={64}
        helper={checkingEmail ? 'Validando correo…' : undefined}
        onValue={(value) => set('email', value)}
        onBlur={onEmailBlur}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <ZoneStreetFields key={pickerKey} form={form} withStreets api={locations} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: club ? 3 : 2 }} gap="4">
        <TextField
          label="Número exterior"
          name="number"
          value={values.number}
          error={errors.number}
          required
          maxLength={8}
          onValue={(value) => set('number', value)}
        />
        <TextField
          label="Número interior"
          name="intNumber"
          value={values.intNumber}
          error={errors.intNumber}
          maxLength={8}
          onValue={(value) => set('intNumber', value)}
        />
        {club ? (
          <TextField
            label="Acción"
            name="action"
            value={values.action}
            error={errors.action}
            maxLength={64}
            onValue={(value) => set('action', value)}
          />
        ) : null}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <CheckField label="Usa la app" checked={values.useapp === true} onValue={(checked) => set('useapp', checked)} />
        <CheckField
          label="No residente"
          checked={values.notresident === true}
          onValue={(checked) => set('notresident', checked)}
        />
      </SimpleGrid>
    </Stack>
  );
}
