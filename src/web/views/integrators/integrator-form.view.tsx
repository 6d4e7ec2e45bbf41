import { SimpleGrid } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import type { CreatedIntegrator } from '../../../shared/integrators/integrator-types.js';
import { IntegratorFormSchema, type IntegratorForm } from '../../../shared/integrators/integrator.schema.js';
import { addressesApi, ownColony } from '../../platform/api/addresses.api.js';
import { emptyIntegratorForm, integratorFormValues, integratorsApi } from './integrators.api.js';
import { AddressFields } from '../../platform/components/address-form/address-fields.js';
import { AddressFormPage } from '../../platform/components/address-form/address-form-page.js';
import { useAddressForm } from '../../platform/components/address-form/use-address-form.js';
import { TextField } from '../../platform/components/text-field.js';
import { paths } from '../../paths.js';

export interface IntegratorFormApis {
  integrators: Pick<typeof integratorsApi, 'get' | 'create' | 'update'>;
  addresses: typeof addressesApi;
}

/** /newIntegrator: 'Alta integrador', or 'Editar integrador' with ?uuid=. */
export function IntegratorFormView({
  api = { integrators: integratorsApi, addresses: addressesApi },
}: {
  api?: IntegratorFormApis;
}) {
  const [query] = useSearchParams();
  const id = query.get('uuid');
  const { state, send, lookingUp } = useAddressForm({
    id,
    initial: emptyIntegratorForm,
    schema: IntegratorFormSchema,
    leaveTo: paths.integrators,
    loadForm: async (uuid) => {
      const integrator = await api.integrators.get(uuid!);
      return { values: integratorFormValues(integrator), colonies: ownColony(integrator.address) };
    },
    saveRecord: ({ id: uuid, values }) =>
      uuid ? api.integrators.update(uuid, values as IntegratorForm) : api.integrators.create(values as IntegratorForm),
    lookup: (cp) => api.addresses.lookup(cp),
  });
  const ctx = state.context;
  const created = ctx.result as CreatedIntegrator | null;
  const editing = id !== null;

  return (
    <AddressFormPage
      state={state}
      send={send}
      texts={{
        title: editing ? 'Editar integrador' : 'Alta integrador',
        submitText: editing ? 'Guardar' : 'Registrar',
        successTitle: editing ? 'Integrador actualizado correctamente' : 'Integrador creado correctamente',
        successDetail: !editing && created?.user ? `Codigo de accesso: ${created.user.oldPassword}` : undefined,
        failureTitle: editing ? 'No se pudo actualizar' : 'No es posible registrar al integrador',
      }}
    >
      {(form) => (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              label="Nombre"
              name="name"
              value={form.values.name}
              error={form.errors.name}
              required
              maxLength={64}
              autoComplete="given-name"
              onValue={(value) => form.set('name', value)}
            />
            <TextField
              label="Apellidos"
              name="lastName"
              value={form.values.lastName}
              error={form.errors.lastName}
              required
              maxLength={64}
              autoComplete="family-name"
              onValue={(value) => form.set('lastName', value)}
            />
            <TextField
              label="Correo electrónico"
              name="email"
              type="email"
              value={form.values.email}
              error={form.errors.email}
              required
              maxLength={64}
              autoComplete="email"
              onValue={(value) => form.set('email', value)}
            />
            <TextField
              label="Teléfono"
              name="phone"
              type="tel"
              value={form.values.phone}
              error={form.errors.phone}
              required
              maxLength={10}
              inputMode="numeric"
              autoComplete="tel-national"
              onValue={(value) => form.set('phone', value)}
            />
          </SimpleGrid>
          <AddressFields form={form} colonies={ctx.colonies} lookingUp={lookingUp} numberField="number" />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              label="Cantidad de licencias"
              name="licenses"
              value={form.values.licenses}
              error={form.errors.licenses}
              required
              maxLength={8}
              inputMode="numeric"
              onValue={(value) => form.set('licenses', value)}
            />
          </SimpleGrid>
        </>
      )}
    </AddressFormPage>
  );
}
