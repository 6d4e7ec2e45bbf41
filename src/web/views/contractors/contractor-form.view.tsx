import { SimpleGrid } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { ContractorTexts } from '../../../shared/contractors/construction-rules.js';
import {
  ContractorEditFormSchema,
  ContractorFormSchema,
  ContractorLimits as L,
  type ContractorForm,
} from '../../../shared/contractors/contractor.schema.js';
import { addressesApi } from '../../platform/api/addresses.api.js';
import { contractorFormValues, contractorsApi, emptyContractorForm } from './contractors.api.js';
import { AddressFormPage } from '../../platform/components/address-form/address-form-page.js';
import { useAddressForm } from '../../platform/components/address-form/use-address-form.js';
import { TextField } from '../../platform/components/text-field.js';
import { paths } from '../../paths.js';

export interface ContractorFormApis {
  contractors: Pick<typeof contractorsApi, 'get' | 'create' | 'update'>;
  addresses: Pick<typeof addressesApi, 'lookup'>;
}

/**
 * /createContractor: 'Registrar contratista', or 'Editar contratista' with ?token={id}: the form
 * skeleton with the address parts and the postal-code lookup (the first result fills
 * the city); the email is not editable on edit.
 */
export function ContractorFormView({
  api = { contractors: contractorsApi, addresses: addressesApi },
}: {
  api?: ContractorFormApis;
}) {
  const [query] = useSearchParams();
  const id = query.get('token');
  const editing = id !== null;
  const { state, send, lookingUp } = useAddressForm({
    id,
    initial: emptyContractorForm,
    schema: editing ? ContractorEditFormSchema : ContractorFormSchema,
    leaveTo: paths.contractors,
    loadForm: async (uuid) => ({ values: contractorFormValues(await api.contractors.get(uuid!)) }),
    saveRecord: ({ id: uuid, values }) =>
      uuid ? api.contractors.update(uuid, values as ContractorForm) : api.contractors.create(values as ContractorForm),
    lookup: (cp) => api.addresses.lookup(cp),
  });

  return (
    <AddressFormPage
      state={state}
      send={send}
      texts={{
        title: editing ? ContractorTexts.edit : ContractorTexts.create,
        submitText: editing ? 'Guardar' : 'Registrar',
        successTitle: editing ? ContractorTexts.updated : ContractorTexts.created,
        successDetail: editing ? undefined : 'Enviamos al contratista un correo con su enlace de acceso.',
        failureTitle: 'Ha ocurrido un error',
      }}
    >
      {(form) => (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              label="Nombre"
              name="firstName"
              value={form.values.firstName}
              error={form.errors.firstName}
              required
              maxLength={L.name}
              autoComplete="given-name"
              onValue={(value) => form.set('firstName', value)}
            />
            <TextField
              label="Apellidos"
              name="lastName"
              value={form.values.lastName}
              error={form.errors.lastName}
              required
              maxLength={L.name}
              autoComplete="family-name"
              onValue={(value) => form.set('lastName', value)}
            />
            <TextField
              label="Correo electrónico"
              name="email"
              type="email"
              value={form.values.email}
              error={form.errors.email}
              required={!editing}
              readOnly={editing}
              bg={editing ? 'gray.50' : undefined}
              maxLength={L.email}
              autoComplete="email"
              helper={editing ? 'El correo no se puede cambiar.' : undefined}
              onValue={(value) => form.set('email', value)}
            />
            <TextField
              label="Teléfono"
              name="phone"
              type="tel"
              value={form.values.phone}
              error={form.errors.phone}
              maxLength={L.phone}
              inputMode="numeric"
              autoComplete="tel-national"
              helper="Opcional, 10 dígitos"
              onValue={(value) => form.set('phone', value)}
            />
            <TextField
              label="Empresa"
              name="enterprise"
              value={form.values.enterprise}
              error={form.errors.enterprise}
              required
              maxLength={L.enterprise}
              autoComplete="organization"
              onValue={(value) => form.set('enterprise', value)}
            />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              label="Código postal"
              name="cp"
              value={form.values.cp}
              error={form.errors.cp}
              required
              maxLength={L.postalCode}
              inputMode="numeric"
              autoComplete="postal-code"
              helper={lookingUp ? 'Buscando la ciudad…' : undefined}
              onValue={(value) => form.set('cp', value)}
            />
            <TextField
              label="Ciudad"
              name="city"
              value={form.values.city}
              error={form.errors.city}
              required
              maxLength={L.city}
              autoComplete="address-level2"
              onValue={(value) => form.set('city', value)}
            />
            <TextField
              label="Calle"
              name="street"
              value={form.values.street}
              error={form.errors.street}
              required
              maxLength={L.street}
              autoComplete="address-line1"
              onValue={(value) => form.set('street', value)}
            />
            <TextField
              label="Número"
              name="number"
              value={form.values.number}
              error={form.errors.number}
              required
              maxLength={L.number}
              onValue={(value) => form.set('number', value)}
            />
          </SimpleGrid>
        </>
      )}
    </AddressFormPage>
  );
}
