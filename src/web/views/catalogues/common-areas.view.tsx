import type { CommonArea } from '../../../shared/catalogues/catalogue-types.js';
import { CommonAreaFormSchema } from '../../../shared/catalogues/common-area.schema.js';
import { commonAreasApi } from './common-areas.api.js';
import { TextField } from '../../platform/components/text-field.js';
import { CatalogueScreen } from './catalogue-screen.js';
import { useCatalogueActions } from './use-catalogue-actions.js';
import { locationOptionsApi, ZoneStreetFields, type LocationOptionsApi } from './zone-street-fields.js';

type CommonAreaForm = { idZone: number | ''; idStreet: number | ''; number: string; name: string };

/** 'Calle Roble #12' (street name, '#', number). */
const addressOf = (a: CommonArea) => (a.number ? `${a.testStreet.name} #${a.number}` : a.testStreet.name);

/** Áreas comunes (/commonareas): zone, street, Número and Nombre in the modal. */
export function CommonAreasView({
  api = commonAreasApi,
  options = locationOptionsApi,
}: {
  api?: typeof commonAreasApi;
  options?: LocationOptionsApi;
}) {
  return (
    <CatalogueScreen<CommonArea, CommonAreaForm>
      title="Áreas comunes"
      searchPlaceholder="Buscar área común"
      noun="área común"
      columns={[
        { header: 'Área común', cell: (a) => a.name },
        { header: 'Dirección', cell: addressOf },
        { header: 'Zona', cell: (a) => a.testStreet.testZone.name },
        { header: 'Fraccionamiento', cell: (a) => a.testStreet.testZone.testFrac.name },
      ]}
      saved={{
        created: 'El área común se registró correctamente.',
        updated: 'El área común se actualizó correctamente.',
      }}
      api={api}
      actions={useCatalogueActions('location')}
      schema={CommonAreaFormSchema}
      empty={{ idZone: '', idStreet: '', number: '', name: '' }}
      valuesOf={(a) => ({ idZone: a.testStreet.testZone.idZone, idStreet: a.idStreet, number: a.number, name: a.name })}
      fields={(form) => (
        <>
          <ZoneStreetFields form={form} withStreets api={options} />
          <TextField
            label="Número"
            name="number"
            inputMode="numeric"
            maxLength={64}
            value={form.values.number}
            error={form.errors.number}
            onValue={(value) => form.set('number', value)}
          />
          <TextField
            label="Nombre"
            name="name"
            required
            maxLength={64}
            value={form.values.name}
            error={form.errors.name}
            onValue={(value) => form.set('name', value)}
          />
        </>
      )}
    />
  );
}
