import { Button, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { integratorAccessMachine } from '../../../../machines/integrators/integrator-access.machine.js';
import type { ListRow } from '../../../../machines/platform/list-screen.machine.js';
import type { Page } from '../../../shared/platform/api-types.js';
import { INTEGRATOR_PAGE_WINDOW } from '../../../shared/platform/constants.js';
import {
  accessButtonOf,
  accessPromptOf,
  addressLineOf,
  integratorFullName,
} from '../../../shared/integrators/integrator-access.js';
import type { Integrator } from '../../../shared/integrators/integrator-types.js';
import { integratorsApi } from './integrators.api.js';
import { AddLinkButton } from '../../platform/components/add-link-button.js';
import { AccessDialogs } from '../../platform/components/access-dialogs.js';
import type { Column } from '../../platform/components/list/data-table.js';
import { ListScreen } from '../../platform/components/list/list-screen.js';
import { paths } from '../../paths.js';

type Row = Integrator & ListRow;

const columns: Column<Row>[] = [
  { header: 'Correo', cell: (r) => r.testUser.email },
  { header: 'Nombre', cell: (r) => integratorFullName(r) },
  {
    header: 'Dirección',
    cell: (r) => (
      <Text whiteSpace="normal" minW="56">
        {addressLineOf(r)}
      </Text>
    ),
  },
  { header: 'Teléfono', cell: (r) => r.phone || 'Sin teléfono' },
  { header: 'Cantidad de licencias', cell: (r) => r.licenses },
];

/** /integrators : the general administrator's integrators. */
export function IntegratorsView({
  api = integratorsApi,
}: {
  api?: Pick<typeof integratorsApi, 'list' | 'remove' | 'setAccess'>;
}) {
  const navigate = useNavigate();
  // Enable/disable runs as the list's row-action child: the list reloads when it changed the integrator.
  const access = useMemo(
    () =>
      integratorAccessMachine.provide({
        actors: { setAccess: fromPromise(({ input }) => api.setAccess(input.uuid, input.enable)) },
      }),
    [api],
  );

  return (
    <ListScreen<Row>
      title="Integradores"
      tableCaption="Integradores registrados"
      searchPlaceholder="Buscar integrador"
      blockEnter
      pageWindow={INTEGRATOR_PAGE_WINDOW}
      columns={columns}
      loadPage={(q) => api.list(q) as Promise<Page<Row>>}
      deleteRow={(row) => api.remove(row.uuid)}
      rowName={(row) => integratorFullName(row)}
      canEdit={false}
      toolbar={<AddLinkButton label="Alta integrador" to={paths.newIntegrator} />}
      rowAction={access}
      renderRowAction={(_row, actor) => <AccessDialogs actor={actor} promptOf={accessPromptOf} />}
      rowActions={(row, act) => {
        const button = accessButtonOf(row.enabled);
        return (
          <>
            <Button
              size="xs"
              variant="outline"
              onClick={() => navigate(`${paths.newIntegrator}?uuid=${encodeURIComponent(row.uuid)}`)}
            >
              Editar
            </Button>
            <Button
              size="xs"
              colorPalette={button.colorPalette}
              minW="10"
              aria-label={button.action}
              title={button.action}
              onClick={act}
            >
              {button.text}
            </Button>
          </>
        );
      }}
    />
  );
}
