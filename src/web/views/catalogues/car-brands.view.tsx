import type { NamedItem } from '../../../shared/catalogues/catalogue-types.js';
import { CatalogueNameSchema } from '../../../shared/catalogues/catalogue.schema.js';
import { carBrandsApi } from './car-brands.api.js';
import { CatalogueScreen } from './catalogue-screen.js';
import { NameField } from './name-field.js';
import { useCatalogueActions } from './use-catalogue-actions.js';

/** Marcas de vehículos (/carbrands, general administrator only; the table is 'Marcas de automovil'). */
export function CarBrandsView({ api = carBrandsApi }: { api?: typeof carBrandsApi }) {
  return (
    <CatalogueScreen<NamedItem, { name: string }>
      title="Marcas de vehículos"
      tableCaption="Marcas de automovil"
      searchPlaceholder="Buscar marca"
      noun="marca"
      columns={[{ header: 'Marca', cell: (b) => b.name }]}
      saved={{ created: 'La marca se registró correctamente.', updated: 'La marca se actualizó correctamente.' }}
      api={api}
      actions={useCatalogueActions('global')}
      schema={CatalogueNameSchema}
      empty={{ name: '' }}
      valuesOf={(b) => ({ name: b.name })}
      fields={(form) => <NameField form={form} />}
    />
  );
}
