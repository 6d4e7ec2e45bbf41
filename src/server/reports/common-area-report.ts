/**
 * The common-area report:
 * filters by resident, guest, entry date, common area and entry mode; a page with its total, and
 * the rows of reporte_areas_comunes.xlsx.
 */
import { AppError } from '../../shared/platform/errors.js';
import { NO_EXIT, REPORT_TIME_ZONE, ReportMessages } from '../../shared/reports/report-rules.js';
import type { CommonAreaReportQuery } from '../../shared/reports/visit-report.schema.js';
import type { CommonAreaVisitRow } from '../../shared/reports/report-types.js';
import type { Db, Queryable } from '../platform/db/db.js';
import { orderedBatches } from '../platform/services/ordered-batches.js';
import {
  addContains,
  addDateRange,
  addEquals,
  addResidentName,
  filterOf,
  whereSql,
  type Filter,
} from './report-filters.js';
import { excelDate, textCell, type SheetColumn } from './report-workbook.js';

export async function commonAreaFilter(q: Queryable, communityId: number, f: CommonAreaReportQuery): Promise<Filter> {
  const filter = filterOf('v.community_id', communityId);
  if (f.commonArea) {
    const area = await q.one<{ id: number }>('SELECT id FROM common_areas WHERE community_id = $1 AND uuid = $2', [
      communityId,
      f.commonArea,
    ]);
    if (!area)
      throw new AppError('not_found', ReportMessages.commonAreaNotFound, {
        commonArea: ReportMessages.commonAreaNotFound,
      });
    addEquals(filter, 'v.common_area_id', area.id);
  }
  addDateRange(filter, 'v.entered_at', f.timein, f.timein);
  addContains(filter, 'v.search_text', f.invited);
  addResidentName(filter, 'v.resident_id', f.resident);
  if (f.withQr) addEquals(filter, 'v.created_with_qr', f.withQr === 'qr');
  return filter;
}

export const COMMON_AREA_JOINS = `JOIN common_areas ca ON ca.id = v.common_area_id
  LEFT JOIN residents r ON r.id = v.resident_id
  LEFT JOIN streets s ON s.id = r.street_id
  LEFT JOIN files f ON f.id = v.photo_file_id
  LEFT JOIN users ua ON ua.id = v.registered_by`;

export const COMMON_AREA_SELECT = `v.uuid,
  CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object('uuid', r.uuid, 'firstName', r.first_name, 'lastName', r.last_name,
    'number', r.number, 'street', s.name) END AS resident,
  v.first_name AS "firstName", v.last_name AS "lastName", f.uuid AS "photoUuid",
  to_json(v.entered_at) #>> '{}' AS timein, to_json(v.estimated_time_in) #>> '{}' AS "estimatedTimeIn",
  ca.name AS "commonArea", ca.uuid AS "commonAreaUuid", v.created_with_qr AS "createdWithQR",
  CASE WHEN ua.id IS NULL THEN NULL ELSE json_build_object('uuid', ua.uuid, 'name',
    coalesce(nullif(trim(ua.first_name || ' ' || ua.last_name), ''), ua.email, ua.vigilant_code, '')) END AS "userArrival"`;

type PageRow = Omit<CommonAreaVisitRow, 'file'> & { photoUuid: string | null };

export async function commonAreaPage(q: Queryable, filter: Filter, page: number, size: number) {
  const total =
    (
      await q.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM common_area_visits v WHERE ${whereSql(filter)}`,
        filter.params,
      )
    )?.n ?? 0;
  let rows: PageRow[] = [];
  if (page * size < total) {
    const n = filter.params.length;
    rows = await q.query<PageRow>(
      `WITH chosen AS (SELECT v.* FROM common_area_visits v WHERE ${whereSql(filter)}
          ORDER BY v.entered_at DESC, v.id DESC LIMIT $${n + 1} OFFSET $${n + 2})
       SELECT ${COMMON_AREA_SELECT} FROM chosen v ${COMMON_AREA_JOINS} ORDER BY v.entered_at DESC, v.id DESC`,
      [...filter.params, size, page * size],
    );
  }
  return { rows, total, totalPages: Math.ceil(total / size), pageNumber: page, size };
}

export interface CommonAreaExportRow {
  entered: string;
  estimated: string | null;
  guest: string;
  resident: string | null;
  address: string | null;
  common_area: string;
  with_qr: boolean;
  user_in: string | null;
}

const local = (column: string) => `to_char(${column} AT TIME ZONE '${REPORT_TIME_ZONE}', 'YYYY-MM-DD"T"HH24:MI:SS')`;

const EXPORT_SELECT = `${local('v.entered_at')} AS entered, ${local('v.estimated_time_in')} AS estimated,
  trim(v.first_name || ' ' || v.last_name) AS guest,
  nullif(trim(coalesce(r.first_name, '') || ' ' || coalesce(r.last_name, '')), '') AS resident,
  CASE WHEN r.id IS NULL THEN NULL ELSE trim(coalesce(s.name, '') || ' ' || r.number) END AS address,
  ca.name AS common_area, v.created_with_qr AS with_qr,
  coalesce(nullif(trim(ua.first_name || ' ' || ua.last_name), ''), ua.email, ua.vigilant_code) AS user_in`;

export function commonAreaExportBatches(db: Db, filter: Filter, batchSize: number) {
  return orderedBatches<CommonAreaExportRow>(
    db,
    {
      select: EXPORT_SELECT,
      table: 'common_area_visits v',
      joins: COMMON_AREA_JOINS,
      filter,
      at: 'v.entered_at',
      id: 'v.id',
    },
    batchSize,
  );
}

export const COMMON_AREA_SHEET_NAME = 'Áreas comunes';

export const commonAreaSheetColumns: SheetColumn<CommonAreaExportRow>[] = [
  { header: 'Fecha de entrada', width: 18, date: true, value: (r) => excelDate(r.entered) },
  { header: 'Hora estimada de entrada', width: 22, date: true, value: (r) => excelDate(r.estimated) ?? NO_EXIT },
  { header: 'Invitado', width: 28, value: (r) => textCell(r.guest) },
  { header: 'Residente', width: 28, value: (r) => textCell(r.resident) },
  { header: 'Domicilio', width: 26, value: (r) => textCell(r.address) },
  { header: 'Área común', width: 22, value: (r) => textCell(r.common_area) },
  { header: 'Modo de entrada', width: 16, value: (r) => (r.with_qr ? 'QR' : 'Manual') },
  { header: 'Registró', width: 22, value: (r) => textCell(r.user_in) },
];
