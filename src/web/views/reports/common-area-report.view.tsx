import { Text } from '@chakra-ui/react';
import {
  COMMON_AREA_RANGES,
  COMMON_AREA_REPORT_FILE,
  formatReportDateTime,
  ReportTexts,
} from '../../../shared/reports/report-rules.js';
import { downloadReport } from './report-export.api.js';
import { COMMON_AREA_REPORT_URL, reportsApi, type CommonAreaRow, type ReportsApi } from './reports.api.js';
import type { Column } from '../../platform/components/list/data-table.js';
import { PhotoButton } from './photo-viewer.js';
import type { ReportField } from './report-filters-form.js';
import { ReportScreen } from './report-screen.js';

/** The filters of resident, guest, entry date, common area, entry mode (QR, manual or all). */
export const commonAreaReportFields: ReportField[] = [
  { name: 'resident', label: 'Residente', kind: 'text' },
  { name: 'invited', label: 'Invitado', kind: 'text' },
  { name: 'timein', label: 'Fecha de entrada', kind: 'date' },
  { name: 'commonArea', label: 'Área común', kind: 'select', placeholder: 'Todas' },
  {
    name: 'withQr',
    label: 'Modo de entrada',
    kind: 'select',
    choices: [
      { value: 'qr', label: ReportTexts.qr },
      { value: 'manual', label: ReportTexts.manual },
    ],
  },
];

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

const columns: Column<CommonAreaRow>[] = [
  { header: 'Entrada', cell: (r) => formatReportDateTime(r.timein) },
  { header: 'Hora estimada', cell: (r) => (r.estimatedTimeIn ? formatReportDateTime(r.estimatedTimeIn) : '') },
  { header: 'Invitado', cell: (r) => fullName(r) },
  { header: 'Residente', cell: (r) => (r.resident ? fullName(r.resident) : '') },
  { header: 'Área común', cell: (r) => r.commonArea },
  {
    header: 'Modo de entrada',
    cell: (r) => <Text as="span">{r.createdWithQR ? ReportTexts.qr : ReportTexts.manual}</Text>,
  },
  { header: 'Registró', cell: (r) => r.userArrival?.name ?? '' },
  { header: 'Foto', cell: (r) => <PhotoButton url={r.file?.publicUrl} name={fullName(r)} /> },
];

/** The workbook is the report asked with isReport=true and the spreadsheet type in Accept (fetchWorkbook sends it). */
const exportCommonAreas = downloadReport({
  url: (q) => {
    q.set('isReport', 'true');
    return `${COMMON_AREA_REPORT_URL}?${q.toString()}`;
  },
  fileName: COMMON_AREA_REPORT_FILE,
});

/** 'Reporte áreas comunes' (/commonAreaVisitants). */
export function CommonAreaReportView({
  api = reportsApi,
  download = exportCommonAreas,
  today,
}: {
  api?: Pick<ReportsApi, 'commonAreaVisits' | 'commonAreas'>;
  download?: typeof exportCommonAreas;
  today?: string;
}) {
  return (
    <ReportScreen<CommonAreaRow>
      title={ReportTexts.commonAreasTitle}
      caption="Visitas a áreas comunes"
      fields={commonAreaReportFields}
      ranges={COMMON_AREA_RANGES}
      columns={columns}
      loadPage={api.commonAreaVisits}
      loadOptions={async () => ({
        commonArea: (await api.commonAreas()).map((a) => ({ value: a.uuid, label: a.name })),
      })}
      download={download}
      today={today}
    />
  );
}
