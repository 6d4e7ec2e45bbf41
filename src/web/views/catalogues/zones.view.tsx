import type { Zone } from '../../../shared/catalogues/catalogue-types.js';
import { ZoneFormSchema } from '../../../shared/catalogues/zone.schema.js';
import { zonesApi } from './zones.api.js';
import { CatalogueScreen } from './catalogue-screen.js';
import { NameField } from './name-field.js';
import { useCatalogueActions } from './use-catalogue-actions.js';

/** Zonas (/zones): columns Zona, Fraccionamiento, Acciones; modal 'Agregar zona' / 'Editar zona'. */
export function ZonesView({ api = zonesApi }: { api?: typeof zonesApi }) {
  return (
    <CatalogueScreen<Zone, { name: string }>
      title="Zonas"
      searchPlaceholder="Buscar zona"
      noun="zona"
      columns={[
        { header: 'Zona', cell: (z) => z.name },
        { header: 'Fraccionamiento', cell: (z) => z.testFrac.name },
      ]}
      saved={{ created: 'La zona se registró correctamente.', updated: 'La zona se actualizó correctamente.' }}
      api={api}
      actions={useCatalogueActions('location')}
      schema={ZoneFormSchema}
      empty={{ name: '' }}
      valuesOf={(z) => ({ name: z.name })}
      fields={(form) => <NameField form={form} validWhen={ZoneFormSchema.entries.name} />}
    />
  );
}
