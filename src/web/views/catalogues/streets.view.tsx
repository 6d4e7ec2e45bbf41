import type { Street } from '../../../shared/catalogues/catalogue-types.js';
import { StreetSchema } from '../../../shared/catalogues/street.schema.js';
import { streetsApi } from './streets.api.js';
import { CatalogueScreen } from './catalogue-screen.js';
import { NameField } from './name-field.js';
import { useCatalogueActions } from './use-catalogue-actions.js';
import { locationOptionsApi, ZoneStreetFields, type LocationOptionsApi } from './zone-street-fields.js';

type StreetForm = { name: string; idZone: number | '' };

/** Calles (/streets): columns Calle, Zona, Fraccionamiento, Acciones; modal with zone selector and name. */
export function StreetsView({
  api = streetsApi,
  options = locationOptionsApi,
}: {
  api?: typeof streetsApi;
  options?: LocationOptionsApi;
}) {
  return (
    <CatalogueScreen<Street, StreetForm>
      title="Calles"
      searchPlaceholder="Buscar calle"
      noun="calle"
      columns={[
        { header: 'Calle', cell: (s) => s.name },
        { header: 'Zona', cell: (s) => s.testZone.name },
        { header: 'Fraccionamiento', cell: (s) => s.testZone.testFrac.name },
      ]}
      saved={{ created: 'La calle se registró correctamente.', updated: 'La calle se actualizó correctamente.' }}
      api={api}
      actions={useCatalogueActions('location')}
      schema={StreetSchema}
      empty={{ name: '', idZone: '' }}
      valuesOf={(s) => ({ name: s.name, idZone: s.idZone })}
      fields={(form) => (
        <>
          <ZoneStreetFields form={form} withStreets={false} api={options} />
          <NameField form={form} />
        </>
      )}
    />
  );
}
