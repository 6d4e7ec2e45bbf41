import { SimpleGrid } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import {
  ConstructionTexts,
  earliestStart,
  endPickerEnabled,
  SITE_DATE_CEILING,
  SITE_NAME_MAX,
  SITE_NUMBER_MAX,
  siteToday,
  TERRAIN_NUMBER_MAX,
} from '../../../shared/contractors/construction-rules.js';
import type { Construction } from '../../../shared/contractors/contractor-types.js';
import {
  constructionBodyOf,
  constructionFormSchema,
  type ConstructionForm,
} from '../../../shared/contractors/construction.schema.js';
import { constructionsApi, contractorsApi } from './contractors.api.js';
import { streetsApi } from '../catalogues/streets.api.js';
import { AddressFormPage } from '../../platform/components/address-form/address-form-page.js';
import { useAddressForm } from '../../platform/components/address-form/use-address-form.js';
import { SelectField } from '../../platform/components/select-field.js';
import { TextField } from '../../platform/components/text-field.js';
import { paths } from '../../paths.js';

export interface ConstructionFormApis {
  constructions: Pick<typeof constructionsApi, 'get' | 'create' | 'update'>;
  contractors: Pick<typeof contractorsApi, 'all'>;
  streets: Pick<typeof streetsApi, 'all'>;
}

const emptyForm = {
  name: '',
  contractor: '',
  street: '',
  number: '',
  streetNumber: '',
  startDate: '',
  endDate: '',
  keptStart: '',
};
const formValues = (c: Construction) => ({
  name: c.name,
  contractor: c.contractor.uuid,
  street: c.street.uuid,
  number: c.number,
  streetNumber: c.streetNumber,
  startDate: c.startDate,
  endDate: c.endDate,
  keptStart: c.startDate,
});

/**
 * /createConstruction: 'Registrar obra', or 'Editar obra' with ?token={id}: the form
 * skeleton loading the contractor and street options; the end picker waits for a start; the site
 * number is fixed on edit.
 */
export function ConstructionFormView({
  api = { constructions: constructionsApi, contractors: contractorsApi, streets: streetsApi },
}: {
  api?: ConstructionFormApis;
}) {
  const [query] = useSearchParams();
  const id = query.get('token');
  const editing = id !== null;
  const today = siteToday();
  const { state, send } = useAddressForm({
    id,
    initial: emptyForm,
    schema: constructionFormSchema(today),
    leaveTo: paths.constructions,
    postalCode: false,
    loadsWhenAdding: true,
    loadForm: async (uuid) => {
      const [contractors, streets, site] = await Promise.all([
        api.contractors.all(),
        api.streets.all(),
        uuid ? api.constructions.get(uuid) : Promise.resolve(null),
      ]);
      return {
        values: site ? formValues(site) : {},
        options: {
          contractor: contractors.map((c) => ({
            value: c.uuid,
            label: `${c.firstName} ${c.lastName} (${c.enterprise})`,
          })),
          street: streets.map((s) => ({ value: s.uuid, label: s.name })),
        },
      };
    },
    saveRecord: ({ id: uuid, values }) =>
      uuid
        ? api.constructions.update(uuid, constructionBodyOf(values as ConstructionForm, true))
        : api.constructions.create(constructionBodyOf(values as ConstructionForm, false)),
  });
  const options = state.context.options;

  return (
    <AddressFormPage
      state={state}
      send={send}
      texts={{
        title: editing ? ConstructionTexts.edit : ConstructionTexts.create,
        submitText: editing ? 'Guardar' : 'Registrar',
        successTitle: editing ? ConstructionTexts.updated : ConstructionTexts.created,
        failureTitle: 'Ha ocurrido un error',
      }}
    >
      {(form) => (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField
            label="Nombre de la obra"
            name="name"
            value={form.values.name}
            error={form.errors.name}
            required
            maxLength={SITE_NAME_MAX}
            onValue={(value) => form.set('name', value)}
          />
          <SelectField
            label="Contratista"
            value={form.values.contractor}
            error={form.errors.contractor}
            required
            placeholder="Selecciona un contratista"
            options={options.contractor ?? []}
            onValue={(value) => form.set('contractor', value)}
          />
          <SelectField
            label="Calle"
            value={form.values.street}
            error={form.errors.street}
            required
            placeholder="Selecciona una calle"
            options={options.street ?? []}
            onValue={(value) => form.set('street', value)}
          />
          <SimpleGrid columns={2} gap="4">
            <TextField
              label="Número de obra"
              name="streetNumber"
              value={form.values.streetNumber}
              error={form.errors.streetNumber}
              required
              maxLength={SITE_NUMBER_MAX}
              disabled={editing}
              helper={editing ? 'No se puede cambiar.' : undefined}
              onValue={(value) => form.set('streetNumber', value)}
            />
            <TextField
              label="Número de terreno"
              name="number"
              value={form.values.number}
              error={form.errors.number}
              required
              maxLength={TERRAIN_NUMBER_MAX}
              onValue={(value) => form.set('number', value)}
            />
          </SimpleGrid>
          <TextField
            label="Fecha de inicio"
            name="startDate"
            type="date"
            value={form.values.startDate}
            error={form.errors.startDate}
            required
            min={earliestStart(today, form.values.keptStart)}
            max={SITE_DATE_CEILING}
            onValue={(value) => form.set('startDate', value)}
          />
          <TextField
            label="Fecha de fin"
            name="endDate"
            type="date"
            value={form.values.endDate}
            error={form.errors.endDate}
            required
            disabled={!endPickerEnabled(form.values)}
            min={form.values.startDate || undefined}
            max={SITE_DATE_CEILING}
            helper={endPickerEnabled(form.values) ? undefined : 'Elige primero la fecha de inicio.'}
            onValue={(value) => form.set('endDate', value)}
          />
        </SimpleGrid>
      )}
    </AddressFormPage>
  );
}
