/** The columns of reporte_visitas.xlsx. */
import { NO_EXIT } from '../../shared/reports/report-rules.js';
import { VisitantTypeLabel, type VisitantType } from '../../shared/visits/visit.schema.js';
import { excelDate, textCell, type SheetColumn } from './report-workbook.js';
import type { VisitExportRow } from './visit-report.js';

export const VISIT_SHEET_NAME = 'Visitas';

export const visitSheetColumns: SheetColumn<VisitExportRow>[] = [
  { header: 'Fecha de entrada', width: 18, date: true, value: (r) => excelDate(r.entered) },
  { header: 'Fecha de salida', width: 18, date: true, value: (r) => excelDate(r.exited) ?? NO_EXIT },
  { header: 'Visitante', width: 28, value: (r) => textCell(r.guest) },
  {
    header: 'Tipo de visitante',
    width: 16,
    value: (r) => VisitantTypeLabel[r.visitant_type as VisitantType] ?? r.visitant_type,
  },
  { header: 'Tipo de proveedor', width: 16, value: (r) => textCell(r.provider_type) },
  { header: 'Residente', width: 28, value: (r) => textCell(r.resident) },
  { header: 'Domicilio', width: 26, value: (r) => textCell(r.address) },
  { header: 'Autorizó', width: 22, value: (r) => textCell(r.accredited) },
  { header: 'Puerta de entrada', width: 18, value: (r) => textCell(r.gate_in) },
  { header: 'Puerta de salida', width: 18, value: (r) => textCell(r.gate_out) },
  { header: 'Registró entrada', width: 22, value: (r) => textCell(r.user_in) },
  { header: 'Registró salida', width: 22, value: (r) => textCell(r.user_out) },
  { header: 'Acceso', width: 10, value: (r) => (r.access_mode === 'QR' ? 'QR' : 'Manual') },
  { header: 'Marca', width: 14, value: (r) => textCell(r.car_brand) },
  { header: 'Color', width: 12, value: (r) => textCell(r.color) },
  { header: 'Placas', width: 12, value: (r) => textCell(r.plate) },
  { header: 'Comentarios', width: 36, value: (r) => textCell(r.comments) },
];
