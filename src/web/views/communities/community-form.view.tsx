import { SimpleGrid } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import type { LoadedForm } from '../../../../machines/platform/form-screen.machine.js';
import { CommunityFormSchema, type CommunityForm } from '../../../shared/communities/community.schema.js';
import { addressesApi, ownColony } from '../../platform/api/addresses.api.js';
import { communityFormValues, emptyCommunityForm, communitiesApi } from './communities.api.js';
import { AddressFields } from '../../platform/components/address-form/address-fields.js';
import { AddressFormPage } from '../../platform/components/address-form/address-form-page.js';
import { useAddressForm, type AddressFormOptions } from '../../platform/components/address-form/use-address-form.js';
import { SelectField } from '../../platform/components/select-field.js';
import { TextField } from '../../platform/components/text-field.js';
import { paths } from '../../paths.js';
import { CheckField } from '../users/check-field.js';
import { LogoField } from './logo-field.js';

export interface CommunityFormApis {
  fracs: Pick<typeof communitiesApi, 'get' | 'create' | 'update' | 'administrators' | 'logo'>;
  addresses: typeof addressesApi;
  /** Reads a picked logo (the browser's FileReader unless replaced). */
  readLogo?: AddressFormOptions['readLogo'];
}

/** /newFrac: 'Alta fraccionamiento', or 'Editar fraccionamiento' with ?uuid=. */
export function CommunityFormView({
  api = { fracs: communitiesApi, addresses: addressesApi },
}: {
  api?: CommunityFormApis;
}) {
  const [query] = useSearchParams();
  const id = query.get('uuid');
  const { state, send, lookingUp, readingLogo } = useAddressForm({
    id,
    initial: emptyCommunityForm,
    schema: CommunityFormSchema,
    leaveTo: paths.fracs,
    loadsWhenAdding: true,
    logo: true,
    loadForm: async (uuid): Promise<LoadedForm> => {
      const [community, admins] = await Promise.all([uuid ? api.fracs.get(uuid) : null, api.fracs.administrators()]);
      return {
        // idFile is echoed on save as the contract has it (the server decides the logo by `file`).
        record: { idFile: community?.idFile ?? null },
        values: community ? communityFormValues(community) : undefined,
        colonies: ownColony(community?.address ?? null),
        options: { idUser: admins.map((a) => ({ value: String(a.idUser), label: a.name })) },
        logoPreview: community?.file ? await api.fracs.logo(community.file.publicUrl) : null,
      };
    },
    saveRecord: ({ id: uuid, values, logo, record }) =>
      uuid
        ? api.fracs.update(uuid, values as CommunityForm, (record.idFile as number | null) ?? null, logo)
        : api.fracs.create(values as CommunityForm, logo),
    lookup: (cp) => api.addresses.lookup(cp),
    readLogo: api.readLogo,
  });
  const ctx = state.context;
  const editing = id !== null;

  return (
    <AddressFormPage
      state={state}
      send={send}
      texts={{
        title: editing ? 'Editar fraccionamiento' : 'Alta fraccionamiento',
        submitText: editing ? 'Guardar' : 'Registrar',
        successTitle: editing ? 'fraccionamiento actualizado correctamente' : 'fraccionamiento creado correctamente',
        failureTitle: editing ? 'No se pudo actualizar' : 'No es posible registrar al fraccionamiento',
      }}
    >
      {(form) => (
        <>
          <TextField
            label="Nombre del fraccionamiento"
            name="name"
            value={form.values.name}
            error={form.errors.name}
            required
            maxLength={64}
            onValue={(value) => form.set('name', value)}
          />
          <AddressFields form={form} colonies={ctx.colonies} lookingUp={lookingUp} numberField="extNumber" />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              label="Cantidad de licencias"
              name="licenseTotal"
              value={form.values.licenseTotal}
              error={form.errors.licenseTotal}
              required
              maxLength={8}
              inputMode="numeric"
              onValue={(value) => form.set('licenseTotal', value)}
            />
            <SelectField
              label="Administrador de fraccionamiento"
              value={form.values.idUser}
              error={form.errors.idUser}
              required
              placeholder="Selecciona un administrador"
              options={ctx.options.idUser ?? []}
              onValue={(value) => form.set('idUser', value)}
            />
          </SimpleGrid>
          <CheckField
            label="Es un club (muestra No. acción y la opción Hostess)"
            checked={(form.values as Record<string, unknown>).club === true}
            onValue={(checked) => form.set('club', checked)}
          />
          <LogoField
            logo={ctx.logo}
            error={form.errors.logo}
            reading={readingLogo}
            onPick={(file) => send({ type: 'logo.pick', file })}
            onRemove={() => send({ type: 'logo.remove' })}
          />
        </>
      )}
    </AddressFormPage>
  );
}
