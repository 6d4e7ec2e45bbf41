/**
 * The visit report: the filters as SQL,
 * a page (newest entry first) with its total, and the rows of the export.
 */
import type { VisitReportFilters } from '../../shared/reports/visit-report.schema.js';
import type { VisitReportRow } from '../../shared/reports/report-types.js';
import { REPORT_TIME_ZONE } from '../../shared/reports/report-rules.js';
import type { Db, Queryable } from '../platform/db/db.js';
import { orderedBatches } from '../platform/services/ordered-batches.js';
import {
  addContains,
  addDateRange,
  addEquals,
  addResidentName,
  filterOf,
  gateUuidOf,
  whereSql,
  type Filter,
} from './report-filters.js';
import { signPhotoLink } from '../visits/photo-links.js';
import {
  ENTRY_REGISTRAR_JSON,
  ENTRY_REGISTRAR_TEXT,
  EXIT_REGISTRAR_JSON,
  EXIT_REGISTRAR_TEXT,
  REGISTRAR_JOINS,
} from '../visits/visit-registrar.js';

/** The report's filters as clauses over `visits v` of the community. */
export async function visitFilter(q: Queryable, communityId: number, f: VisitReportFilters): Promise<Filter> {
  const filter = filterOf('v.community_id', communityId);
  if (f.idGateArrival) addEquals(filter, 'v.gate_arrival_uuid', await gateUuidOf(q, communityId, f.idGateArrival));
  addDateRange(filter, 'v.entered_at', f.timeInFilter, f.timeInEndFilter);
  addDateRange(filter, 'v.exited_at', f.timeOutFilter, f.timeOutEndFilter);
  addContains(filter, 'v.search_text', f.nameFilter);
  addResidentName(filter, 'v.resident_id', f.residentFilter);
  addContains(filter, 'visit_vehicle_text(v.car_brand, v.color, v.plate)', f.vehicleFilter);
  return filter;
}

/** What a visit row joins to (the visit is `v`). */
export const VISIT_JOINS = `LEFT JOIN residents r ON r.id = v.resident_id
  LEFT JOIN streets s ON s.id = r.street_id
  LEFT JOIN gates ga ON ga.uuid = v.gate_arrival_uuid AND ga.community_id = v.community_id
  LEFT JOIN gates gd ON gd.uuid = v.gate_departure_uuid AND gd.community_id = v.community_id
  LEFT JOIN provider_types pt ON pt.id = v.provider_type_id
  LEFT JOIN files f ON f.id = v.photo_file_id
  ${REGISTRAR_JOINS}`;

/** The gate of the entry / exit; a visit registered by a device carries the device as its gate. */
const gateRef = (column: string, alias: string, device: string) =>
  `CASE WHEN v.${column} IS NOT NULL THEN json_build_object('uuid', v.${column}, 'name', coalesce(${alias}.name, ''))
        WHEN ${device}.id IS NOT NULL THEN json_build_object('uuid', ${device}.uuid, 'name', ${device}.name) END`;

const PAGE_SELECT = `v.uuid,
  CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object('uuid', r.uuid, 'firstName', r.first_name, 'lastName', r.last_name,
    'number', r.number, 'street', s.name) END AS "testResident",
  v.first_name AS "firstName", v.last_name AS "lastName", v.accredited, f.uuid AS "photoUuid",
  v.visitant_type AS "visitantType", pt.uuid AS "providerTypeId", pt.name AS "providerType",
  to_json(v.entered_at) #>> '{}' AS timein, to_json(v.exited_at) #>> '{}' AS timeout,
  ${gateRef('gate_arrival_uuid', 'ga', 'da')} AS "testGateArrival", ${gateRef('gate_departure_uuid', 'gd', 'dd')} AS "testGateDeparture",
  ${ENTRY_REGISTRAR_JSON} AS "userArrival", ${EXIT_REGISTRAR_JSON} AS "userDeparture",
  v.access_mode AS "accessMode", v.car_brand AS carbrand, v.color, v.plate, v.comments`;

type PageRow = Omit<VisitReportRow, 'file'> & { photoUuid: string | null };

/** Signs each row's photo for the caller (a short-lived link; the photo is never public). */
export const withPhotoLinks = <R extends { photoUuid: string | null }>(rows: R[], key: Buffer, userUuid: string) =>
  rows.map(({ photoUuid, ...row }) => ({ ...row, file: photoUuid ? signPhotoLink(key, photoUuid, userUuid) : null }));

/** The total: kept per community when nothing filters, counted through the indexes otherwise. */
async function totalOf(q: Queryable, filter: Filter): Promise<number> {
  if (!filter.filtered) {
    const row = await q.one<{ total: string | number }>(
      'SELECT total FROM visit_totals WHERE community_id = $1',
      filter.params,
    );
    return Number(row?.total ?? 0);
  }
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM visits v WHERE ${whereSql(filter)}`,
    filter.params,
  );
  return row?.n ?? 0;
}

/** One page (0-based) of `size` rows and the total; a page past the end answers no rows without reading. */
export async function visitPage(q: Queryable, filter: Filter, page: number, size: number) {
  const total = await totalOf(q, filter);
  let rows: PageRow[] = [];
  if (page * size < total) {
    const n = filter.params.length;
    rows = await q.query<PageRow>(
      `WITH chosen AS (SELECT v.* FROM visits v WHERE ${whereSql(filter)}
          ORDER BY v.entered_at DESC, v.id DESC LIMIT $${n + 1} OFFSET $${n + 2})
       SELECT ${PAGE_SELECT} FROM chosen v ${VISIT_JOINS} ORDER BY v.entered_at DESC, v.id DESC`,
      [...filter.params, size, page * size],
    );
  }
  return { rows, total, totalPages: Math.ceil(total / size), pageNumber: page, size };
}

/** A row of the export: local date-times as `YYYY-MM-DDTHH:MM:SS`, names as text. */
export interface VisitExportRow {
  entered: string;
  exited: string | null;
  guest: string;
  visitant_type: string;
  provider_type: string | null;
  resident: string | null;
  address: string | null;
  accredited: string | null;
  gate_in: string | null;
  gate_out: string | null;
  user_in: string | null;
  user_out: string | null;
  access_mode: string;
  car_brand: string | null;
  color: string | null;
  plate: string | null;
  comments: string | null;
}

const local = (column: string) => `to_char(${column} AT TIME ZONE '${REPORT_TIME_ZONE}', 'YYYY-MM-DD"T"HH24:MI:SS')`;

const EXPORT_SELECT = `${local('v.entered_at')} AS entered, ${local('v.exited_at')} AS exited,
  trim(v.first_name || ' ' || v.last_name) AS guest, v.visitant_type, pt.name AS provider_type,
  nullif(trim(coalesce(r.first_name, '') || ' ' || coalesce(r.last_name, '')), '') AS resident,
  CASE WHEN r.id IS NULL THEN NULL ELSE trim(coalesce(s.name, '') || ' ' || r.number || coalesce(' int. ' || r.int_number, '')) END AS address,
  v.accredited, coalesce(ga.name, da.name) AS gate_in, coalesce(gd.name, dd.name) AS gate_out, ${ENTRY_REGISTRAR_TEXT} AS user_in, ${EXIT_REGISTRAR_TEXT} AS user_out,
  v.access_mode, v.car_brand, v.color, v.plate, v.comments`;

/** The export's rows in batches, newest first (a cursor on PostgreSQL, keyset pages on PGlite). */
export function visitExportBatches(db: Db, filter: Filter, batchSize: number) {
  return orderedBatches<VisitExportRow>(
    db,
    {
      select: EXPORT_SELECT,
      table: 'visits v',
      joins: VISIT_JOINS,
      filter,
      at: 'v.entered_at',
      id: 'v.id',
    },
    batchSize,
  );
}
