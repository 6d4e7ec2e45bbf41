import { Badge, HStack, Text } from '@chakra-ui/react';
import type { UserTypeItem } from '../../../shared/catalogues/catalogue-types.js';
import { CatalogueNameSchema } from '../../../shared/catalogues/catalogue.schema.js';
import { userTypesApi } from './user-types.api.js';
import { CatalogueScreen } from '../catalogues/catalogue-screen.js';
import { NameField } from '../catalogues/name-field.js';
import { useCatalogueActions } from '../catalogues/use-catalogue-actions.js';

/** Tipos de usuario (/users-types, general administrator only). */
export function UserTypesView({ api = userTypesApi }: { api?: typeof userTypesApi }) {
  return (
    <CatalogueScreen<UserTypeItem, { name: string }>
      title="Tipos de usuario"
      searchPlaceholder="Buscar tipo de usuario"
      noun="tipo de usuario"
      columns={[
        {
          header: 'Tipo de usuario',
          cell: (t) => (
            <HStack gap="2">
              <Text>{t.name}</Text>
              {/* The server keeps the types the roles are built on (it refuses their deletion). */}
              {t.system ? (
                <Badge colorPalette="gray" variant="subtle">
                  Del sistema
                </Badge>
              ) : null}
            </HStack>
          ),
        },
      ]}
      saved={{
        created: 'El tipo de usuario se registró correctamente.',
        updated: 'El tipo de usuario se actualizó correctamente.',
      }}
      api={api}
      actions={useCatalogueActions('global')}
      schema={CatalogueNameSchema}
      empty={{ name: '' }}
      valuesOf={(t) => ({ name: t.name })}
      fields={(form) => <NameField form={form} />}
    />
  );
}
