/**
 * Registering visits at the gate: a visit's entry and exit (`visits`), and a guest's entry to a
 * common area (`common_area_visits`). Each write answers the visit as stored, read back by the
 * statement that wrote it or right after it, so it can be emitted as soon as it is stored.
 */
import type { CommonAreaVisitRow } from '../../shared/reports/report-types.js';
import type { Visit } from '../../shared/visits/visit-types.js';
import { type CommunityScope, type ReadBack, SqlValue } from '../platform/db/community-scope.js';
import { COMMON_AREA_JOINS, COMMON_AREA_SELECT } from '../reports/common-area-report.js';

const person = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('uuid', ${alias}.uuid, 'name', trim(${alias}.first_name || ' ' || ${alias}.last_name)) END`;
/** The gate of an entry or exit; a visit registered by a device carries the device as its gate. */
const gate = (column: string, alias: string, device: string) =>
  `CASE WHEN v.${column} IS NOT NULL THEN json_build_object('uuid', v.${column}, 'name', ${alias}.name)
        WHEN ${device}.id IS NOT NULL THEN json_build_object('uuid', ${device}.uuid, 'name', ${device}.name) END`;

const SELECT = `v.uuid, c.uuid AS "fracUuid", v.first_name AS "firstName", v.last_name AS "lastName", v.accredited,
  v.visitant_type AS "visitantType", v.access_mode AS "accessMode",
  to_json(v.entered_at) #>> '{}' AS timein, to_json(v.exited_at) #>> '{}' AS timeout,
  CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object('uuid', r.uuid, 'firstName', r.first_name, 'lastName', r.last_name, 'number', r.number) END AS "testResident",
  ${gate('gate_arrival_uuid', 'ga', 'de')} AS "testGateArrival", ${gate('gate_departure_uuid', 'gd', 'dx')} AS "testGateDeparture",
  ${person('ua')} AS "userArrival", ${person('ud')} AS "userDeparture",
  v.car_brand AS carbrand, v.color, v.plate, v.comments`;
/** The rows a visit's answer is read with, joined to the visit under the alias v. */
const JOINS = `JOIN communities c ON c.id = v.community_id
  LEFT JOIN residents r ON r.id = v.resident_id
  LEFT JOIN gates ga ON ga.uuid = v.gate_arrival_uuid AND ga.community_id = v.community_id
  LEFT JOIN gates gd ON gd.uuid = v.gate_departure_uuid AND gd.community_id = v.community_id
  LEFT JOIN users ua ON ua.id = v.registered_by LEFT JOIN users ud ON ud.id = v.exit_registered_by
  LEFT JOIN devices de ON de.id = v.entry_device_id LEFT JOIN devices dx ON dx.id = v.exit_device_id`;
/** An exit is never before its entry (a clock behind the entry's). */
const EXITED_NOW = new SqlValue('greatest(now(), entered_at)');
/** A visit just written, answered by the statement that wrote it. */
const READ_BACK: ReadBack = { select: SELECT, alias: 'v', joins: JOINS };

/** A visit's entry as registered: its fields, and who registered it (a user or a device). */
export interface NewVisit {
  firstName: string;
  lastName: string;
  accredited: unknown;
  visitantType: unknown;
  accessMode: unknown;
  gateUuid: string | null;
  residentId: number | null;
  carbrand?: unknown;
  color?: unknown;
  plate?: unknown;
  comments?: unknown;
  userId: number | null;
  deviceId: number | null;
  providerTypeId: number | null;
  photoFileId: number | null;
}

/** Inserts a visit's entry; one statement inserts it and reads it back. */
export function insertVisit(tx: CommunityScope, visit: NewVisit): Promise<Visit> {
  return tx.insertAndRead<Visit>(
    'visits',
    {
      first_name: visit.firstName,
      last_name: visit.lastName,
      accredited: visit.accredited,
      visitant_type: visit.visitantType,
      access_mode: visit.accessMode,
      gate_arrival_uuid: visit.gateUuid,
      resident_id: visit.residentId,
      car_brand: visit.carbrand,
      color: visit.color,
      plate: visit.plate,
      comments: visit.comments,
      registered_by: visit.userId,
      entry_device_id: visit.deviceId,
      provider_type_id: visit.providerTypeId,
      photo_file_id: visit.photoFileId,
    },
    READ_BACK,
  );
}

/**
 * Registers the exit of an open visit of the scope's community and answers it; undefined when the
 * visit is not there or is out already (only an open visit changes, so two exits cannot both succeed).
 */
export function registerVisitExit(
  scope: CommunityScope,
  uuid: string,
  exit: { gateUuid: string | null; userId: number | null; deviceId: number | null },
): Promise<Visit | undefined> {
  return scope.updateAndRead<Visit>(
    'visits',
    { uuid },
    {
      exited_at: EXITED_NOW,
      gate_departure_uuid: exit.gateUuid,
      exit_registered_by: exit.userId,
      exit_device_id: exit.deviceId,
    },
    READ_BACK,
    ['exited_at IS NULL'],
  );
}

/** A live resident of the scope's community by uuid, for a common-area visit; undefined otherwise. */
export async function commonAreaVisitResident(scope: CommunityScope, uuid: string): Promise<number | undefined> {
  const resident = await scope.first<{ id: number }>({
    select: 'r.id',
    from: { table: 'residents', alias: 'r' },
    where: ['r.uuid = $1', 'r.deleted_at IS NULL'],
    params: [uuid],
  });
  return resident?.id;
}

/** A guest's entry to a common area as registered. */
export interface NewCommonAreaVisit {
  commonAreaId: number;
  residentId: number | null;
  firstName: string;
  lastName: string;
  estimatedTimeIn: unknown;
  createdWithQR: unknown;
  photoFileId: number | null;
  userId: number;
}

/** Inserts a common-area visit and reads it back as the report shows it, with its community's uuid. */
export async function insertCommonAreaVisit(tx: CommunityScope, visit: NewCommonAreaVisit) {
  const id = await tx.insert('common_area_visits', {
    common_area_id: visit.commonAreaId,
    resident_id: visit.residentId,
    first_name: visit.firstName,
    last_name: visit.lastName,
    estimated_time_in: visit.estimatedTimeIn,
    created_with_qr: visit.createdWithQR,
    photo_file_id: visit.photoFileId,
    registered_by: visit.userId,
  });
  return (await tx.first<Omit<CommonAreaVisitRow, 'file'> & { photoUuid: string | null; fracUuid: string }>({
    select: `${COMMON_AREA_SELECT}, c.uuid AS "fracUuid"`,
    from: {
      table: 'common_area_visits',
      alias: 'v',
      joins: `${COMMON_AREA_JOINS} JOIN communities c ON c.id = v.community_id`,
    },
    where: ['v.id = $1'],
    params: [id],
  }))!;
}
