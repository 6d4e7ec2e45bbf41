import { Badge, Button, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import type { ListRow } from '../../../../machines/list-screen.machine.js';
import type { Page } from '../../../shared/api-types.js';
import type { Community } from '../../../shared/community-types.js';
import { addressLineOf } from '../../../shared/integrator-access.js';
import { fracsApi } from '../../api/fracs.api.js';
import { AddLinkButton } from '../../components/add-link-button.js';
import type { Column } from '../../components/list/data-table.js';
import { ListScreen } from '../../components/list/list-screen.js';
import { paths } from '../../paths.js';

type Row = Community & ListRow;

const columns: Column<Row>[] = [
  { header: 'Nombre', cell: (r) => r.name },
  { header: 'Dirección', cell: (r) => <Text whiteSpace="normal" minW="56">{addressLineOf({ street: r.street, number: r.extNumber, intNumber: r.intNumber, address: r.address })}</Text> },
  { header: 'Administrador', cell: (r) => r.user?.name ?? 'Sin administrador' },
  { header: 'Cantidad de licencias', cell: (r) => r.licenseTotal },
  { header: 'Estado', cell: (r) => (r.licenseExpired ? <Badge colorPalette="red">Deshabilitado</Badge> : <Badge colorPalette="green">Activo</Badge>) },
];

/** /fracs (spec 1 §2 'Communities list'): the integrator's communities, search by name, edit. */
export function FracsView({ api = fracsApi }: { api?: Pick<typeof fracsApi, 'list'> }) {
  const navigate = useNavigate();
  return (
    <ListScreen<Row>
      title="Fraccionamientos"
      tableCaption="Fraccionamientos registrados"
      searchPlaceholder="Buscar fraccionamiento"
      columns={columns}
      loadPage={(q) => api.list(q) as Promise<Page<Row>>}
      rowName={(row) => row.name}
      canEdit={false}
      toolbar={<AddLinkButton label="Alta fraccionamiento" to={paths.newFrac} />}
      rowActions={(row) => (
        <Button size="xs" variant="outline" onClick={() => navigate(`${paths.newFrac}?uuid=${encodeURIComponent(row.uuid)}`)}>Editar</Button>
      )}
    />
  );
}
