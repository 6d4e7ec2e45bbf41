import { HStack, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import type { AddressOption } from '../../../shared/platform/api-types.js';
import type { UserFormLayout, UserFormValues } from '../../../shared/users/user-form.js';
import { SelectField } from '../../platform/components/select-field.js';
import { TextField } from '../../platform/components/text-field.js';
import { CheckField } from './check-field.js';

export interface UserFieldsProps {
  values: UserFormValues;
  errors: Record<string, string>;
  layout: UserFormLayout;
  typeOptions: { id: number; name: string }[];
  addresses: AddressOption[];
  lookingUp: boolean;
  set: (name: keyof UserFormValues & string, value: unknown) => void;
}

/** The fields of the users modal; which ones show is `layout`'s decision. */
export function UserFormFields({ values, errors, layout, typeOptions, addresses, lookingUp, set }: UserFieldsProps) {
  const text = (name: keyof UserFormValues & string) => ({
    name,
    value: String(values[name] ?? ''),
    error: errors[name],
    onValue: (value: string) => set(name, value),
  });
  return (
    <>
      <SelectField
        label="Tipo de usuario"
        required
        value={values.idUsersTypes}
        placeholder="Selecciona un tipo de usuario"
        options={typeOptions.map((o) => ({ value: String(o.id), label: o.name }))}
        disabled={layout.typeLocked}
        error={errors.idUsersTypes}
        onValue={(value) => set('idUsersTypes', value)}
      />
      {layout.showPreRegistration ? (
        <CheckField
          label="Pre-registro"
          checked={values.preRegistration}
          disabled={layout.typeLocked}
          onValue={(checked) => set('preRegistration', checked)}
        />
      ) : null}
      {layout.showCode ? (
        <TextField
          label="Código"
          required
          maxLength={4}
          autoComplete="off"
          helper="Exactamente 4 caracteres"
          {...text('vigilantCode')}
        />
      ) : null}
      {layout.showEmail ? (
        <TextField
          label="Correo electrónico"
          type="email"
          required={!layout.showCode}
          maxLength={64}
          disabled={layout.emailLocked}
          autoComplete="off"
          {...text('email')}
        />
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label="Nombre" required maxLength={64} {...text('firstName')} />
        <TextField label="Apellidos" required maxLength={64} {...text('lastName')} />
      </SimpleGrid>
      {layout.showAddress ? (
        <>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <TextField label="Código postal" required maxLength={5} inputMode="numeric" {...text('cp')} />
            <TextField label="Ciudad" readOnly maxLength={20} {...text('city')} />
            <TextField label="Estado" readOnly maxLength={20} {...text('state')} />
          </SimpleGrid>
          {lookingUp ? (
            <HStack color="gray.600" fontSize="sm">
              <Spinner size="xs" />
              <Text>Buscando colonias…</Text>
            </HStack>
          ) : null}
          <SelectField
            label="Colonia"
            required
            value={values.idAddress}
            placeholder="Selecciona una colonia"
            options={addresses.map((a) => ({ value: String(a.idAddress), label: a.colony }))}
            disabled={addresses.length === 0}
            error={errors.idAddress}
            onValue={(value) => set('idAddress', value)}
            helper={addresses.length === 0 ? 'Escribe el código postal para ver sus colonias.' : undefined}
          />
          <TextField label="Calle" required maxLength={64} {...text('street')} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label="Número exterior" required maxLength={8} {...text('extNumber')} />
            <TextField label="Número interior" maxLength={8} helper="Opcional" {...text('intNumber')} />
          </SimpleGrid>
        </>
      ) : null}
      {layout.showChatbot ? (
        <CheckField label="Uso de chatbot" checked={values.useApp} onValue={(checked) => set('useApp', checked)} />
      ) : null}
      {layout.showPhone ? (
        <TextField
          label="Teléfono"
          required
          maxLength={10}
          inputMode="numeric"
          helper="10 dígitos"
          {...text('phoneNumber')}
        />
      ) : null}
    </>
  );
}
