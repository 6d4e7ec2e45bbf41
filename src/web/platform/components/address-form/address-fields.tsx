import { SimpleGrid } from '@chakra-ui/react';
import type { FormContext } from '../../../../../machines/platform/form-screen.machine.js';
import { SelectField } from '../select-field.js';
import { TextField } from '../text-field.js';
import type { FormBindings } from './address-form-page.js';

/**
 * Postal code (lookup at 5 digits), read-only city and state, colony dropdown, street and
 * numbers. `numberField` is the exterior number's name ('number' or 'extNumber').
 */
export function AddressFields({
  form,
  colonies,
  lookingUp,
  numberField,
}: {
  form: FormBindings;
  colonies: FormContext['colonies'];
  lookingUp: boolean;
  numberField: 'number' | 'extNumber';
}) {
  const { values, errors, set } = form;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <TextField
        label="Código postal"
        name="cp"
        value={values.cp}
        error={errors.cp}
        required
        maxLength={5}
        inputMode="numeric"
        autoComplete="postal-code"
        onValue={(value) => set('cp', value)}
        helper={lookingUp ? 'Buscando colonias…' : undefined}
      />
      <SelectField
        label="Colonia"
        value={values.idAddress}
        error={errors.idAddress}
        required
        disabled={colonies.length === 0}
        placeholder={lookingUp ? 'Buscando…' : colonies.length ? 'Selecciona una colonia' : 'Escribe el código postal'}
        options={colonies.map((c) => ({ value: String(c.idAddress), label: c.colony }))}
        onValue={(value) => set('idAddress', value)}
      />
      <TextField
        label="Ciudad"
        name="city"
        value={values.city}
        readOnly
        maxLength={20}
        bg="gray.50"
        onValue={() => {}}
      />
      <TextField
        label="Estado"
        name="state"
        value={values.state}
        readOnly
        maxLength={20}
        bg="gray.50"
        onValue={() => {}}
      />
      <TextField
        label="Calle"
        name="street"
        value={values.street}
        error={errors.street}
        required
        maxLength={100}
        onValue={(value) => set('street', value)}
      />
      <SimpleGrid columns={2} gap="4">
        <TextField
          label="Número exterior"
          name={numberField}
          value={values[numberField]}
          error={errors[numberField]}
          required
          maxLength={8}
          onValue={(value) => set(numberField, value)}
        />
        <TextField
          label="Número interior"
          name="intNumber"
          value={values.intNumber}
          error={errors.intNumber}
          maxLength={8}
          helper="Opcional"
          onValue={(value) => set('intNumber', value)}
        />
      </SimpleGrid>
    </SimpleGrid>
  );
}
