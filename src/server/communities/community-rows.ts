import type { Community } from '../../shared/communities/community-types.js';
import type { Queryable } from '../platform/db/db.js';
import { type ListQuery, pageQuery } from '../platform/http/list-query.js';
import { asPlatform } from '../platform/db/row-scope.js';
import { USER_COMMUNITIES_SQL } from '../platform/http/sessions.js';

/** One community with its address, administrator and logo, flat as SQL answers it. */
export interface CommunityRow {
  id: number;
  uuid: string;
  name: string;
  street: string | null;
  ext_number: string | null;
  int_number: string | null;
  license_total: number;
  license_expired: boolean;
  club: boolean;
  address_id: number | null;
  address_uuid: string | null;
  cp: string | null;
  city: string | null;
  state: string | null;
  colony: string | null;
  admin_id: number | null;
  admin_uuid: string | null;
  admin_name: string | null;
  file_id: number | null;
  file_uuid: string | null;
  storage_key: string | null;
}

export const COMMUNITY_SELECT = `c.id, c.uuid, c.name, c.street, c.ext_number, c.int_number, c.license_total, c.license_expired, c.club,
  a.id AS address_id, a.uuid AS address_uuid, a.cp, a.city, a.state, a.colony,
  au.id AS admin_id, au.uuid AS admin_uuid, trim(au.first_name || ' ' || au.last_name) AS admin_name,
  f.id AS file_id, f.uuid AS file_uuid, f.storage_key`;
export const COMMUNITY_FROM = `communities c
  LEFT JOIN addresses a ON a.id = c.address_id
  LEFT JOIN users au ON au.id = c.admin_user_id
  LEFT JOIN files f ON f.id = c.logo_file_id`;

/** Where a community's logo is served; answers name it by a signed link of the caller's (image-links.ts). */
export const logoUrl = (communityUuid: string, fileUuid: string) => `/api/fracs/${communityUuid}/logo?v=${fileUuid}`;

export function communityOf(row: CommunityRow): Community {
  const cp = row.cp?.trim() ?? null;
  return {
    uuid: row.uuid,
    name: row.name,
    cp,
    city: row.city,
    state: row.state,
    idAddress: row.address_id,
    street: row.street,
    extNumber: row.ext_number,
    intNumber: row.int_number,
    idUser: row.admin_id,
    licenseTotal: row.license_total,
    starDate: '',
    endDate: '',
    idFile: row.file_id,
    user: row.admin_id === null ? null : { idUser: row.admin_id, uuid: row.admin_uuid!, name: row.admin_name! },
    file:
      row.file_id === null
        ? null
        : { publicUrl: logoUrl(row.uuid, row.file_uuid!), idFile: row.file_id, uuid: row.file_uuid! },
    address:
      row.address_id === null
        ? null
        : {
            cp: cp!,
            city: row.city!,
            state: row.state!,
            colony: row.colony!,
            idAddress: row.address_id,
            uuid: row.address_uuid!,
          },
    licenseExpired: row.license_expired,
    club: row.club,
  };
}

/** A community of this integrator, or undefined (another integrator's answers the same as none). */
export const ownCommunityRow = (q: Queryable, integratorId: number, uuid: string) =>
  q.one<CommunityRow>(`SELECT ${COMMUNITY_SELECT} FROM ${COMMUNITY_FROM} WHERE c.integrator_id = $1 AND c.uuid = $2`, [
    integratorId,
    uuid,
  ]);

/**
 * The stored logo of a community the account belongs to (any of its communities, not only the
 * active one: the platform resolves its memberships), or null.
 */
export function memberCommunityLogo(db: Queryable, userId: number, communityUuid: string) {
  return asPlatform('el logo de un fraccionamiento de la cuenta', () =>
    db.one<{ storage_key: string; mime_type: string }>(
      `SELECT f.storage_key, f.mime_type FROM communities c JOIN files f ON f.id = c.logo_file_id
      WHERE c.uuid = $2 AND c.id IN (SELECT id FROM (${USER_COMMUNITIES_SQL}) mine)`,
      [userId, communityUuid],
    ),
  );
}

/** The id of a live account by its uuid (the user a signed image link names), or undefined. */
export async function liveUserId(db: Queryable, userUuid: string) {
  const row = await asPlatform('la cuenta de un enlace firmado', () =>
    db.one<{ id: number }>(`SELECT id FROM users WHERE uuid = $1 AND deleted_at IS NULL AND status = 'ACTIVE'`, [
      userUuid,
    ]),
  );
  return row?.id;
}

/** One community by its id (it exists). */
export async function communityById(q: Queryable, id: number): Promise<Community> {
  return communityOf(
    (await q.one<CommunityRow>(`SELECT ${COMMUNITY_SELECT} FROM ${COMMUNITY_FROM} WHERE c.id = $1`, [id]))!,
  );
}

/** Marks a community's licence expired or renewed; with an integrator, only one of its own. The community's id, or null. */
export async function setLicenceExpired(
  q: Queryable,
  uuid: string,
  expired: boolean,
  integratorId: number | null,
): Promise<number | null> {
  const row = await q.one<{ id: number }>(
    `UPDATE communities SET license_expired = $1 WHERE uuid = $2 AND ($3::int IS NULL OR integrator_id = $3) RETURNING id`,
    [expired, uuid, integratorId],
  );
  return row?.id ?? null;
}

/** A page of an integrator's communities by name (`search`: the name, contains, case-insensitive). */
export const integratorCommunityPage = (q: Queryable, integratorId: number, query: ListQuery) =>
  pageQuery<CommunityRow>(
    q,
    {
      select: COMMUNITY_SELECT,
      from: COMMUNITY_FROM,
      where: ['c.integrator_id = $1'],
      params: [integratorId],
      searchColumns: ['c.name'],
      orderBy: 'c.name, c.id',
    },
    query,
  );
