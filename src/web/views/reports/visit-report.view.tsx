import { Stack, Text } from '@chakra-ui/react';
import {
  NO_EXIT,
  ReportTexts,
  VISIT_REPORT_FILE,
  VISIT_REPORT_RANGES,
  formatReportDateTime,
} from '../../../shared/reports/report-rules.js';
import { VisitantTypeLabel } from '../../../shared/visits/visit.schema.js';
import { downloadReport } from './report-export.api.js';
import { reportsApi, VISIT_EXPORT_URL, type ReportsApi, type VisitRow } from './reports.api.js';
import type { Column } from '../../platform/components/list/data-table.js';
import { PhotoButton } from './photo-viewer.js';
import type { ReportField } from './report-filters-form.js';
import { ReportScreen } from './report-screen.js';

/** The filters of resident, guest, entry range, exit range, vehicle, entry gate. */
export const visitReportFields: ReportField[] = [
  { name: 'residentFilter', label: 'Residente', kind: 'text' },
  { name: 'nameFilter', label: 'Invitado', kind: 'text' },
  { name: 'timeInFilter', label: 'Entrada desde', kind: 'date' },
  { name: 'timeInEndFilter', label: 'Entrada hasta', kind: 'date' },
  { name: 'timeOutFilter', label: 'Salida desde', kind: 'date' },
  { name: 'timeOutEndFilter', label: 'Salida hasta', kind: 'date' },
  { name: 'vehicleFilter', label: 'Vehículo', kind: 'text' },
  { name: 'idGateArrival', label: 'Puerta de entrada', kind: 'select', placeholder: 'Todas' },
];

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

const columns: Column<VisitRow>[] = [
  { header: 'Entrada', cell: (r) => formatReportDateTime(r.timein) },
  {
    header: 'Salida',
    cell: (r) =>
      r.timeout ? (
        formatReportDateTime(r.timeout)
      ) : (
        <Text as="span" color="orange.700" fontWeight="medium">
          {NO_EXIT}
        </Text>
      ),
  },
  { header: 'Visitante', cell: (r) => fullName(r) },
  {
    header: 'Tipo',
    cell: (r) =>
      r.providerType ? `${VisitantTypeLabel[r.visitantType]} · ${r.providerType}` : VisitantTypeLabel[r.visitantType],
  },
  {
    header: 'Residente',
    cell: (r) =>
      r.testResident ? (
        <Stack gap="0">
          <Text>{fullName(r.testResident)}</Text>
          <Text fontSize="xs" color="gray.600">
            {[r.testResident.street, r.testResident.number].filter(Boolean).join(' ')}
          </Text>
        </Stack>
      ) : (
        ''
      ),
  },
  { header: 'Puerta de entrada', cell: (r) => r.testGateArrival?.name ?? '' },
  { header: 'Acceso', cell: (r) => (r.accessMode === 'QR' ? ReportTexts.qr : ReportTexts.manual) },
  { header: 'Vehículo', cell: (r) => [r.carbrand, r.color, r.plate].filter(Boolean).join(' ') },
  { header: 'Registró', cell: (r) => r.userArrival?.name ?? '' },
  { header: 'Foto', cell: (r) => <PhotoButton url={r.file?.publicUrl} name={fullName(r)} /> },
];

const exportVisits = downloadReport({ url: (q) => `${VISIT_EXPORT_URL}?${q.toString()}`, fileName: VISIT_REPORT_FILE });

/** 'Reportes' (/visitants and /visitantes): the visit report with its filters, table and export. */
export function VisitReportView({
  api = reportsApi,
  download = exportVisits,
  today,
}: {
  api?: Pick<ReportsApi, 'visits' | 'gates'>;
  download?: typeof exportVisits;
  today?: string;
}) {
  return (
    <ReportScreen<VisitRow>
      title={ReportTexts.visitsTitle}
      caption="Visitas registradas"
      fields={visitReportFields}
      ranges={VISIT_REPORT_RANGES}
      columns={columns}
      loadPage={api.visits}
      loadOptions={async () => ({ idGateArrival: (await api.gates()).map((g) => ({ value: g.uuid, label: g.name })) })}
      download={download}
      today={today}
    />
  );
}
