import { Button } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import type { ListRow } from '../../../../machines/platform/list-screen.machine.js';
import type { Page } from '../../../shared/platform/api-types.js';
import {
  CONSTRUCTIONS_PAGE_SIZE,
  constructionEditPath,
  ConstructionTexts,
  sitePeriod,
} from '../../../shared/contractors/construction-rules.js';
import type { Construction } from '../../../shared/contractors/contractor-types.js';
import { PAGE_LINKS } from '../../../shared/massive-events/massive-event-rules.js';
import { constructionsApi } from './contractors.api.js';
import { AddLinkButton } from '../../platform/components/add-link-button.js';
import { ListScreen, type ListColumn } from '../../platform/components/list/list-screen.js';
import { paths } from '../../paths.js';

type Row = Construction & ListRow;

/** Site name, contractor name, estimated period, street, number. */
const columns: ListColumn<Row>[] = [
  { header: 'Obra', cell: (r) => r.name },
  { header: 'Contratista', cell: (r) => `${r.contractor.firstName} ${r.contractor.lastName}` },
  { header: 'Periodo estimado', cell: (r) => sitePeriod(r) },
  { header: 'Calle', cell: (r) => r.street.name },
  { header: 'Número', cell: (r) => r.streetNumber },
];

/** /constructions 'Obras' (the administrator's view): the shared list, 10 per page. */
export function ConstructionsView({
  api = constructionsApi,
}: {
  api?: Pick<typeof constructionsApi, 'list' | 'remove'>;
}) {
  const navigate = useNavigate();
  return (
    <ListScreen<Row>
      title={ConstructionTexts.title}
      tableCaption="Obras registradas"
      searchPlaceholder="Buscar por obra, contratista o calle"
      pageWindow={PAGE_LINKS}
      columns={columns}
      loadPage={(q) => api.list({ ...q, size: CONSTRUCTIONS_PAGE_SIZE }) as Promise<Page<Row>>}
      deleteRow={(row) => api.remove(row.uuid)}
      rowName={(row) => `la obra ${row.name}`}
      deletedText={() => ConstructionTexts.deleted}
      canEdit={false}
      toolbar={<AddLinkButton label={ConstructionTexts.create} to={paths.createConstruction} />}
      rowActions={(row) => (
        <Button size="xs" variant="outline" onClick={() => navigate(constructionEditPath(row.uuid))}>
          Editar
        </Button>
      )}
    />
  );
}
