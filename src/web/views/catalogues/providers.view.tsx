import type { NamedItem } from '../../../shared/catalogues/catalogue-types.js';
import { CatalogueNameSchema } from '../../../shared/catalogues/catalogue.schema.js';
import { providerTypesApi } from './provider-types.api.js';
import { CatalogueScreen } from './catalogue-screen.js';
import { NameField } from './name-field.js';
import { useCatalogueActions } from './use-catalogue-actions.js';

/** Proveedores (/providers): the community's provider types (api/providerTypes). */
export function ProvidersView({ api = providerTypesApi }: { api?: typeof providerTypesApi }) {
  return (
    <CatalogueScreen<NamedItem, { name: string }>
      title="Proveedores"
      searchPlaceholder="Buscar proveedor"
      noun="proveedor"
      columns={[{ header: 'Tipo de proveedor', cell: (p) => p.name }]}
      saved={{
        created: 'El proveedor se registró correctamente.',
        updated: 'El proveedor se actualizó correctamente.',
      }}
      api={api}
      actions={useCatalogueActions('providerType')}
      schema={CatalogueNameSchema}
      empty={{ name: '' }}
      valuesOf={(p) => ({ name: p.name })}
      fields={(form) => <NameField form={form} />}
    />
  );
}
