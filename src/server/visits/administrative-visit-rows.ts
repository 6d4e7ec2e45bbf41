/** The community's administrative-visit configuration ('Configuración visitas administrativas'), one per community. */
import { AppError } from '../../shared/platform/errors.js';
import {
  AdministrativeResidentMessages,
  type AdministrativeResidentInput,
} from '../../shared/users/administrative-resident.schema.js';
import type { AdministrativeResident } from '../../shared/users/user-management-types.js';
import { NOW, type CommunityScope, type ScopedFrom } from '../platform/db/community-scope.js';
import { withConstraints } from '../platform/db/db-errors.js';

export const ALREADY_CONFIGURED = 'La visita administrativa ya está configurada; actualízala.';
export const NOT_CONFIGURED = 'La visita administrativa no está configurada.';
export const ZONE_MISMATCH = 'La calle no pertenece a la zona seleccionada.';

const SELECT = `r.uuid, r.first_name AS "firstName", r.last_name AS "lastName", r.email, c.id AS "idFrac", c.uuid AS "fracUuid",
  s.id AS "idStreet", z.id AS "idZone", r.number, r.int_number AS "intNumber", r.useapp, r.action, r.notresident,
  json_build_object('uuid', s.uuid, 'idStreet', s.id, 'name', s.name,
    'testZone', json_build_object('uuid', z.uuid, 'idZone', z.id, 'name', z.name)) AS "testStreet"`;
const FROM: ScopedFrom = {
  table: 'administrative_residents',
  alias: 'r',
  joins:
    'JOIN communities c ON c.id = r.community_id JOIN streets s ON s.id = r.street_id JOIN zones z ON z.id = s.zone_id',
};

/** The community's one configuration (a unique index on its community). */
export const readAdministrativeResident = (scope: CommunityScope) =>
  scope.first<AdministrativeResident>({ select: SELECT, from: FROM });

/** The street (and the zone, when sent) must be of the caller's community; otherwise 404 like a missing one. */
async function assertStreet(scope: CommunityScope, body: AdministrativeResidentInput) {
  const street = await scope.first<{ zone_id: number }>({
    select: 's.zone_id',
    from: { table: 'streets', alias: 's' },
    where: ['s.id = $1'],
    params: [body.idStreet],
  });
  if (!street)
    throw new AppError('not_found', AdministrativeResidentMessages.street, {
      idStreet: AdministrativeResidentMessages.street,
    });
  if (body.idZone !== null && body.idZone !== street.zone_id) {
    throw new AppError('invalid_request', ZONE_MISMATCH, { idStreet: ZONE_MISMATCH });
  }
}

const values = (b: AdministrativeResidentInput) => ({
  street_id: b.idStreet,
  first_name: b.firstName,
  last_name: b.lastName,
  email: b.email,
  number: b.number,
  int_number: b.intNumber,
  action: b.action,
  useapp: !!b.useapp,
  notresident: !!b.notresident,
});

/** Creates the community's configuration; a second one is refused by its unique index (409), also between two requests at once. */
export function createAdministrativeResident(
  community: CommunityScope,
  body: AdministrativeResidentInput,
): Promise<AdministrativeResident> {
  return withConstraints({ duplicate: ALREADY_CONFIGURED }, () =>
    community.tx(async (scope) => {
      await assertStreet(scope, body);
      await scope.insert('administrative_residents', values(body));
      return (await readAdministrativeResident(scope))!;
    }),
  );
}

/** Updates the community's configuration (404 when there is none yet). */
export function updateAdministrativeResident(
  community: CommunityScope,
  body: AdministrativeResidentInput,
): Promise<AdministrativeResident> {
  return community.tx(async (scope) => {
    await assertStreet(scope, body);
    const row = await scope.first<{ id: number }>({
      select: 'r.id',
      from: { table: 'administrative_residents', alias: 'r' },
      forUpdate: true,
    });
    if (!row) throw new AppError('not_found', NOT_CONFIGURED);
    await scope.update('administrative_residents', { id: row.id }, { ...values(body), updated_at: NOW });
    return (await readAdministrativeResident(scope))!;
  });
}
