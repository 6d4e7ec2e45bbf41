import { Badge, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { fromCallback } from 'xstate';
import type { ListRow } from '../../../../machines/platform/list-screen.machine.js';
import type { Page } from '../../../shared/platform/api-types.js';
import {
  CONSTRUCTIONS_PAGE_SIZE,
  ConstructionTexts,
  siteAddWorkerPath,
  siteRequestStatus,
  siteStatusText,
  siteWorkersPath,
} from '../../../shared/contractors/construction-rules.js';
import type { Construction } from '../../../shared/contractors/contractor-types.js';
import { PAGE_LINKS } from '../../../shared/massive-events/massive-event-rules.js';
import { constructionsApi } from './contractors.api.js';
import { ListScreen, type ListColumn } from '../../platform/components/list/list-screen.js';
import { listenToWorkers } from './worker-events.js';

type Row = Construction & ListRow;

const statusPalette = { none: 'gray', approved: 'green', rejected: 'red', pending: 'orange' } as const;

/**
 * Name, number of workers (a link to its workers when there are some, otherwise a
 * link to add one), and the request status (only a worker not approved may be edited).
 */
const columns: ListColumn<Row>[] = [
  { header: 'Obra', cell: (r) => r.name },
  {
    header: 'Trabajadores',
    cell: (r) =>
      r.workerCount > 0 ? (
        <ChakraLink asChild color="teal.700">
          <Link to={siteWorkersPath(r.uuid)}>{r.workerCount} trabajadores</Link>
        </ChakraLink>
      ) : (
        <ChakraLink asChild color="teal.700">
          <Link to={siteAddWorkerPath(r.uuid)}>Agregar trabajador</Link>
        </ChakraLink>
      ),
  },
  {
    header: 'Estatus',
    cell: (r) => <Badge colorPalette={statusPalette[siteRequestStatus(r)]}>{siteStatusText(r)}</Badge>,
  },
];

/** The administrator's decisions reach the contractor's room: the statuses reload without a reload of the page. */
const liveSites = fromCallback<{ type: 'list.reload' }>(({ sendBack }) =>
  listenToWorkers({ onDecided: () => sendBack({ type: 'list.reload' }) }),
);

/** /constructions_contractor: the contractor's home, its own sites. */
export function ContractorSitesView({
  api = constructionsApi,
  live = liveSites,
}: {
  api?: Pick<typeof constructionsApi, 'mine'>;
  live?: typeof liveSites | null;
}) {
  return (
    <ListScreen<Row>
      title={ConstructionTexts.title}
      tableCaption="Mis obras"
      searchPlaceholder="Buscar obra"
      pageWindow={PAGE_LINKS}
      columns={columns}
      loadPage={(q) => api.mine({ ...q, size: CONSTRUCTIONS_PAGE_SIZE }) as Promise<Page<Row>>}
      rowName={(row) => row.name}
      canEdit={false}
      live={live ?? undefined}
    />
  );
}
