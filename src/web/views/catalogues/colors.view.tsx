import type { NamedItem } from '../../../shared/catalogues/catalogue-types.js';
import { CatalogueNameSchema } from '../../../shared/catalogues/catalogue.schema.js';
import { colorsApi } from './colors.api.js';
import { CatalogueScreen } from './catalogue-screen.js';
import { NameField } from './name-field.js';
import { useCatalogueActions } from './use-catalogue-actions.js';

/** Colores (/colors, general administrator only). */
export function ColorsView({ api = colorsApi }: { api?: typeof colorsApi }) {
  return (
    <CatalogueScreen<NamedItem, { name: string }>
      title="Colores"
      searchPlaceholder="Buscar color"
      noun="color"
      columns={[{ header: 'Color', cell: (c) => c.name }]}
      saved={{ created: 'El color se registró correctamente.', updated: 'El color se actualizó correctamente.' }}
      api={api}
      actions={useCatalogueActions('global')}
      schema={CatalogueNameSchema}
      empty={{ name: '' }}
      valuesOf={(c) => ({ name: c.name })}
      fields={(form) => <NameField form={form} />}
    />
  );
}
