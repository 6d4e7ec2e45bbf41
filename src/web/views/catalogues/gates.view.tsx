import type { Gate } from '../../../shared/catalogues/catalogue-types.js';
import { CatalogueNameSchema } from '../../../shared/catalogues/catalogue.schema.js';
import { gatesApi } from './gates.api.js';
import { CatalogueScreen } from './catalogue-screen.js';
import { NameField } from './name-field.js';
import { useCatalogueActions } from './use-catalogue-actions.js';

/** Puertas de acceso (/gates): searchable by gate name, 15 per page. */
export function GatesView({ api = gatesApi }: { api?: typeof gatesApi }) {
  return (
    <CatalogueScreen<Gate, { name: string }>
      title="Puertas de acceso"
      searchPlaceholder="Buscar puerta de acceso"
      noun="puerta de acceso"
      columns={[
        { header: 'Puerta de acceso', cell: (g) => g.name },
        { header: 'Fraccionamiento', cell: (g) => g.testFrac.name },
      ]}
      saved={{
        created: 'La puerta de acceso se registró correctamente.',
        updated: 'La puerta de acceso se actualizó correctamente.',
      }}
      api={api}
      actions={useCatalogueActions('location')}
      schema={CatalogueNameSchema}
      empty={{ name: '' }}
      valuesOf={(g) => ({ name: g.name })}
      fields={(form) => <NameField form={form} />}
    />
  );
}
