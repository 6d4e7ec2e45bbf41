import { Badge, Button, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { integratorAccessMachine } from '../../../../machines/integrators/integrator-access.machine.js';
import type { ListRow } from '../../../../machines/platform/list-screen.machine.js';
import type { Page } from '../../../shared/platform/api-types.js';
import type { Community } from '../../../shared/communities/community-types.js';
import {
  accessButtonOf,
  addressLineOf,
  communityAccessPromptOf,
  communityAccessRow,
} from '../../../shared/integrators/integrator-access.js';
import { communitiesApi } from './communities.api.js';
import { AccessDialogs } from '../../platform/components/access-dialogs.js';
import { AddLinkButton } from '../../platform/components/add-link-button.js';
import type { Column } from '../../platform/components/list/data-table.js';
import { ListScreen } from '../../platform/components/list/list-screen.js';
import { paths } from '../../paths.js';

type Row = Community & ListRow & { enabled: boolean };

const columns: Column<Row>[] = [
  { header: 'Nombre', cell: (r) => r.name },
  {
    header: 'Dirección',
    cell: (r) => (
      <Text whiteSpace="normal" minW="56">
        {addressLineOf({ street: r.street, number: r.extNumber, intNumber: r.intNumber, address: r.address })}
      </Text>
    ),
  },
  { header: 'Administrador', cell: (r) => r.user?.name ?? 'Sin administrador' },
  { header: 'Cantidad de licencias', cell: (r) => r.licenseTotal },
  {
    header: 'Estado',
    cell: (r) =>
      r.licenseExpired ? <Badge colorPalette="red">Deshabilitado</Badge> : <Badge colorPalette="green">Activo</Badge>,
  },
];

/**
 * /fracs : the integrator's communities, search by name, edit, and
 * enabling or disabling (`licenseExpired`) as the list's row-action child,
 * the same confirm-then-call machine as the integrators' access; the list reloads when it changed.
 */
export function CommunitiesView({ api = communitiesApi }: { api?: Pick<typeof communitiesApi, 'list' | 'setAccess'> }) {
  const navigate = useNavigate();
  const access = useMemo(
    () =>
      integratorAccessMachine.provide({
        actors: { setAccess: fromPromise(({ input }) => api.setAccess(input.uuid, input.enable)) },
      }),
    [api],
  );
  return (
    <ListScreen<Row>
      title="Fraccionamientos"
      tableCaption="Fraccionamientos registrados"
      searchPlaceholder="Buscar fraccionamiento"
      columns={columns}
      loadPage={async (q) => {
        const page = await api.list(q);
        return { ...page, content: page.content.map(communityAccessRow) } as Page<Row>;
      }}
      rowName={(row) => row.name}
      canEdit={false}
      toolbar={<AddLinkButton label="Alta fraccionamiento" to={paths.newFrac} />}
      rowAction={access}
      renderRowAction={(_row, actor) => <AccessDialogs actor={actor} promptOf={communityAccessPromptOf} />}
      rowActions={(row, act) => {
        const button = accessButtonOf(row.enabled);
        return (
          <>
            <Button
              size="xs"
              variant="outline"
              onClick={() => navigate(`${paths.newFrac}?uuid=${encodeURIComponent(row.uuid)}`)}
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
