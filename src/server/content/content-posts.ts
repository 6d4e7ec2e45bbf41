/**
 * Notices, newsletters and promotions share one table (`content_posts`, kind per row) and these
 * queries: the answer's columns, the list (title search, newest start first), who may read a post,
 * the image kept through the storage interface, and the writes. Each resource's route module
 * (notices, newsletters, promotions) declares its own routes over them.
 */
import type { Page } from '../../shared/platform/api-types.js';
import { AppError } from '../../shared/platform/errors.js';
import { roleOfType, type Role } from '../../shared/platform/roles.js';
import {
  CONTENT_EDITORS,
  CONTENT_READERS,
  newsletterTypeLabel,
  type ContentKind,
} from '../../shared/content/content-rules.js';
import type { Queryable } from '../platform/db/db.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import { pageQuery, type ListQuery } from '../platform/http/list-query.js';
import { requireCommunity } from '../platform/http/route.js';
import { asPlatform } from '../platform/db/row-scope.js';
import { USER_COMMUNITIES_SQL } from '../platform/http/sessions.js';
import type { FileStorage } from '../platform/services/storage.js';
import { COMMUNITY_TIME_ZONE } from '../dashboard/visit-stats.js';

export const KIND_OF: Record<ContentKind, 'NOTICE' | 'NEWSLETTER' | 'PROMOTION'> = {
  notices: 'NOTICE',
  newsletters: 'NEWSLETTER',
  promotions: 'PROMOTION',
};
export const NOT_FOUND: Record<ContentKind, string> = {
  notices: 'El aviso no existe.',
  newsletters: 'El boletín no existe.',
  promotions: 'La promoción no existe.',
};

export const dateText = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** The columns every kind answers; the image's `publicUrl` is the resource's own image route. */
const selectOf = (kind: ContentKind) => `p.id, p.uuid, p.title, p.description, p.contact_name AS "contactName",
  p.contact_phone AS "contactPhone", p.contact_email AS "contactEmail", p.contact_link AS "contactLink",
  ${dateText('p.start_date')} AS "startDate", ${dateText('p.end_date')} AS "endDate", p.file_id AS "fileId",
  CASE WHEN f.id IS NULL THEN NULL ELSE json_build_object('uuid', f.uuid, 'name', f.name, 'extension', f.extension,
    'mimeType', f.mime_type, 'publicUrl', '/api/${kind}/' || p.uuid || '/image/' || f.uuid) END AS file,
  p.newsletter_type AS "typeId", p.audience`;
export const FROM = 'content_posts p LEFT JOIN files f ON f.id = p.file_id';

/** A notice's segments, each list ordered by name (null for the whole community). */
const SEGMENTS = `
  (SELECT json_agg(json_build_object('idZone', z.id, 'uuid', z.uuid, 'name', z.name) ORDER BY z.name, z.id)
     FROM notice_zones x JOIN zones z ON z.id = x.zone_id WHERE x.post_id = p.id) AS zones,
  (SELECT json_agg(json_build_object('idStreet', s.id, 'uuid', s.uuid, 'name', s.name, 'idZone', s.zone_id) ORDER BY s.name, s.id)
     FROM notice_streets x JOIN streets s ON s.id = x.street_id WHERE x.post_id = p.id) AS streets,
  (SELECT json_agg(json_build_object('idResident', r.id, 'uuid', r.uuid, 'firstName', r.first_name, 'lastName', r.last_name,
     'idStreet', r.street_id) ORDER BY r.first_name, r.last_name, r.id)
     FROM notice_residents x JOIN residents r ON r.id = x.resident_id WHERE x.post_id = p.id) AS residents`;

/**
 * Where a resident account lives in a community: its live, active residents, their streets and
 * zones. A post is for it when current and addressed to the whole community, one of these zones,
 * streets, or residents (the segment tables' indexes find those posts).
 */
interface Home {
  residents: number[];
  streets: number[];
  zones: number[];
}
const homeOf = async (db: Queryable, userId: number, communityId: number): Promise<Home> =>
  (await db.one<Home>(
    `SELECT coalesce(array_agg(DISTINCT r.id), '{}') AS residents, coalesce(array_agg(DISTINCT r.street_id), '{}') AS streets,
            coalesce(array_agg(DISTINCT s.zone_id), '{}') AS zones
       FROM residents r JOIN streets s ON s.id = r.street_id
      WHERE r.user_id = $1 AND r.community_id = $2 AND r.deleted_at IS NULL AND r.status = 'ACTIVE'`,
    [userId, communityId],
  ))!;

/** SQL condition: the post is current (in the community's clock) and addressed to the home at `$n` (residents), `$n+1` (streets), `$n+2` (zones). */
const readableByResident = (n: number) => `
  p.start_date <= (now() AT TIME ZONE '${COMMUNITY_TIME_ZONE}') AND p.end_date >= (now() AT TIME ZONE '${COMMUNITY_TIME_ZONE}')
  AND (p.audience = 'COMMUNITY'
    OR (p.audience = 'ZONE' AND p.id IN (SELECT x.post_id FROM notice_zones x WHERE x.zone_id = ANY($${n + 2}::int[])))
    OR (p.audience = 'STREET' AND p.id IN (SELECT x.post_id FROM notice_streets x WHERE x.street_id = ANY($${n + 1}::int[])))
    OR (p.audience = 'RESIDENT' AND p.id IN (SELECT x.post_id FROM notice_residents x WHERE x.resident_id = ANY($${n}::int[]))))`;

/** A post's own texts and dates: what is stored, read back, and written. */
export interface PostText {
  title: string;
  description: string;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  contactLink: string | null;
  startDate: string;
  endDate: string;
}

interface PostRow extends PostText {
  id: number;
  uuid: string;
  fileId: number | null;
  file: { uuid: string; name: string; extension: string; mimeType: string; publicUrl: string } | null;
  typeId: number | null;
  audience: string;
  zones?: unknown[] | null;
  streets?: unknown[] | null;
  residents?: unknown[] | null;
}

/**
 * Who reads a notice's segment lists (its zones, streets and residents): the staff who write
 * them. Anyone else reads whether it is segmented and nothing of who else it went to (a notice
 * to three residents about their debts names no one to any of them).
 */
const seesSegments = (auth: AuthContext) => CONTENT_EDITORS.includes(auth.role);

/** A row as its kind answers it; a notice's segment lists only `withSegments`. */
function answerOf(kind: ContentKind, row: PostRow, withSegments: boolean) {
  const { id: _id, typeId, audience, zones, streets, residents, ...common } = row;
  if (kind === 'newsletters') return { ...common, typeId: typeId!, type: newsletterTypeLabel(typeId!) };
  if (kind === 'notices') {
    const segmented = audience !== 'COMMUNITY';
    const lists = segmented && withSegments;
    return {
      ...common,
      segmented,
      zones: lists ? (zones ?? []) : null,
      streets: lists ? (streets ?? []) : null,
      residents: lists ? (residents ?? []) : null,
    };
  }
  return common;
}

/** Who reads: a role, an account and the community it reads in. */
interface Reader {
  role: Role;
  userId: number;
  communityId: number;
}

/**
 * The conditions that scope a read to the caller: its community and kind, and for a resident
 * what is addressed to it now (nothing when it has no live, active resident there).
 */
function readScope(db: Queryable, kind: ContentKind, auth: AuthContext) {
  return readerScope(db, kind, { role: auth.role, userId: auth.userId, communityId: requireCommunity(auth) });
}

/** The same conditions for a reader of a role in a community (a signed link's user in the post's community). */
async function readerScope(db: Queryable, kind: ContentKind, reader: Reader) {
  const { communityId } = reader;
  const where = ['p.community_id = $1', 'p.kind = $2'];
  const params: unknown[] = [communityId, KIND_OF[kind]];
  if (reader.role === 'resident') {
    const home = await homeOf(db, reader.userId, communityId);
    if (!home.residents.length) where.push('false');
    params.push(home.residents, home.streets, home.zones);
    where.push(readableByResident(params.length - 2));
  }
  return { where, params };
}

const selectWithSegments = (kind: ContentKind, withSegments = true) =>
  kind === 'notices' && withSegments ? `${selectOf(kind)}, ${SEGMENTS}` : selectOf(kind);

/**
 * `GET api/{kind}`: searched case-insensitively on the title, newest start first. The answer's
 * columns (dates as text, the image, a notice's segments) are built for the page's rows only.
 */
export async function listPosts(
  db: Queryable,
  kind: ContentKind,
  auth: AuthContext,
  query: ListQuery,
): Promise<Page<unknown>> {
  const scope = await readScope(db, kind, auth);
  // The page's ids first (the total counts every matching row, so nothing else is computed for them), then its 15 rows.
  const page = await pageQuery<{ id: number }>(
    db,
    {
      select: 'p.id',
      from: 'content_posts p',
      where: scope.where,
      params: scope.params,
      searchColumns: ['p.title'],
      orderBy: 'p.start_date DESC, p.id DESC',
    },
    query,
  );
  const ids = page.content.map((row) => row.id);
  const segments = seesSegments(auth);
  const rows = ids.length
    ? await db.query<PostRow>(`SELECT ${selectWithSegments(kind, segments)} FROM ${FROM} WHERE p.id = ANY($1::int[])`, [
        ids,
      ])
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { ...page, content: ids.map((id) => answerOf(kind, byId.get(id)!, segments)) };
}

/** One post the caller may read, or 404. */
export async function readPost(db: Queryable, kind: ContentKind, auth: AuthContext, uuid: string) {
  const scope = await readScope(db, kind, auth);
  scope.params.push(uuid);
  const segments = seesSegments(auth);
  const row = await db.one<PostRow>(
    `SELECT ${selectWithSegments(kind, segments)} FROM ${FROM} WHERE ${scope.where.join(' AND ')} AND p.uuid = $${scope.params.length}`,
    scope.params,
  );
  if (!row) throw new AppError('not_found', NOT_FOUND[kind]);
  return answerOf(kind, row, segments);
}

export async function postById(q: Queryable, kind: ContentKind, id: number) {
  // Only the staff who write posts reach this (create and update answer the post as saved).
  return answerOf(
    kind,
    (await q.one<PostRow>(`SELECT ${selectWithSegments(kind)} FROM ${FROM} WHERE p.id = $1`, [id]))!,
    true,
  );
}

/** The image bytes of a post the caller may read (404 otherwise). */
export async function readPostImage(
  db: Queryable,
  storage: FileStorage,
  kind: ContentKind,
  auth: AuthContext,
  uuid: string,
  fileUuid: string,
) {
  return imageBytes(storage, await scopedImage(db, await readScope(db, kind, auth), uuid, fileUuid));
}

/** The stored image of the post `uuid` within `scope`, or undefined. */
async function scopedImage(
  db: Queryable,
  scope: { where: string[]; params: unknown[] },
  uuid: string,
  fileUuid: string,
) {
  const params = [...scope.params, uuid, fileUuid];
  const n = params.length;
  return db.one<{ storage_key: string; mime_type: string }>(
    `SELECT f.storage_key, f.mime_type FROM content_posts p JOIN files f ON f.id = p.file_id
      WHERE ${scope.where.join(' AND ')} AND p.uuid = $${n - 1} AND f.uuid = $${n}`,
    params,
  );
}

async function imageBytes(storage: FileStorage, row: { storage_key: string; mime_type: string } | undefined) {
  const data = row ? await storage.get(row.storage_key) : null;
  if (!row || !data) throw new AppError('not_found', 'La imagen no existe.');
  return { data, mimeType: row.mime_type };
}

/**
 * A post's image by a signed link: the link's user (by id) must still belong to the post's
 * community and read the post as its session would there (a resident only while the post is
 * current and addressed to them: a notice moved to other segments closes the links already
 * handed out). The link has no session, so these statements read as the platform (named).
 */
export async function linkedPostImage(
  db: Queryable,
  storage: FileStorage,
  kind: ContentKind,
  userId: number,
  uuid: string,
  fileUuid: string,
) {
  const row = await asPlatform('la imagen de una publicación por enlace firmado', async () => {
    const post = await db.one<{ community_id: number; user_type_id: number }>(
      `SELECT p.community_id, u.user_type_id FROM content_posts p JOIN users u ON u.id = $1
        WHERE p.kind = $2 AND p.uuid = $3
          AND p.community_id IN (SELECT id FROM (${USER_COMMUNITIES_SQL}) mine)`,
      [userId, KIND_OF[kind], uuid],
    );
    if (!post) return undefined;
    const role = roleOfType(post.user_type_id);
    if (!CONTENT_READERS.includes(role)) return undefined;
    // The link's user reads it as its session would: a resident only while it is current and addressed to them.
    const scope = await readerScope(db, kind, { role, userId, communityId: post.community_id });
    return scopedImage(db, scope, uuid, fileUuid);
  });
  return imageBytes(storage, row);
}

/** The fields every kind writes. */
