/**
 * Short-lived signed links to a worker's files: the documents are private, so an answer that
 * shows a worker to someone allowed to see it (the community's staff, the contractor of the
 * site) carries links that work for a few minutes and name one file of one live worker and the
 * user they were given to. Each read checks again that this user may still see that worker (an
 * active account; staff of the worker's community, or the contractor of its site): a link outlives
 * nobody's access. Nothing else reads the bytes: no guessable path exists.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../shared/platform/errors.js';
import { UserType } from '../../shared/platform/roles.js';
import type { Queryable } from '../platform/db/db.js';
import { ACCOUNT_BLOCKED_SQL, USER_COMMUNITIES_SQL } from '../platform/http/sessions.js';
import { signingKey } from '../platform/services/app-secrets.js';

/** How long a link works (an open information modal re-reads the worker to get fresh ones). */
export const WORKER_FILE_LINK_SECONDS = 10 * 60;
const PURPOSE = 'worker-file';
/** Where links point (the token in the query: a path parameter is capped at 100 characters). */
export const WORKER_FILE_PATH = '/api/constructionWorkers/file?token=';

export const FileLinkMessages = {
  expired: 'El enlace del documento expiró. Vuelve a abrir la información del trabajador.',
  notFound: 'El documento no existe.',
} as const;

export const workerFileKey = (db: Queryable) => signingKey(db, 'worker_file_links');

/** What a link names: one file of one worker, for one user. */
export interface FileLink {
  fileUuid: string;
  workerUuid: string;
  userUuid: string;
}

/** A link to one file of one worker, for the user it is given to. */
export async function signFileLink(key: Uint8Array, link: FileLink, now = Date.now()): Promise<string> {
  const token = await new SignJWT({ purpose: PURPOSE, wrk: link.workerUuid, usr: link.userUuid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(link.fileUuid)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + WORKER_FILE_LINK_SECONDS)
    .sign(key);
  return `${WORKER_FILE_PATH}${token}`;
}

/** The file, worker and user a link names: 410 once expired, 404 when forged or without a user. */
export async function readFileLink(key: Uint8Array, token: string): Promise<FileLink> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (
      payload.purpose !== PURPOSE ||
      typeof payload.sub !== 'string' ||
      typeof payload.wrk !== 'string' ||
      typeof payload.usr !== 'string'
    ) {
      throw new AppError('not_found', FileLinkMessages.notFound);
    }
    return { fileUuid: payload.sub, workerUuid: payload.wrk, userUuid: payload.usr };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('gone', FileLinkMessages.expired);
    if (error instanceof AppError) throw error;
    throw new AppError('not_found', FileLinkMessages.notFound);
  }
}

/** Staff who see workers (WORKER_ADMINS' user types). */
const STAFF_TYPES = [UserType.generalAdmin, UserType.capturista, UserType.admin, UserType.integrator];

/**
 * The stored file a link names, while its worker is live and the link's user may still see it:
 * an active, unblocked account that is either staff of a community it works in (as sessions
 * reach them) holding the worker, or the contractor of the worker's site. Otherwise undefined
 * (404). The link has no session, so this reads as the platform (the route's platform path).
 */
export function linkedWorkerFile(db: Queryable, link: FileLink) {
  return db.one<{ storage_key: string; name: string; mime_type: string }>(
    `SELECT f.storage_key, f.name, f.mime_type
       FROM construction_workers w
       JOIN files f ON f.id IN (w.photo_file_id, w.identification_file_id, w.proof_of_address_file_id)
       JOIN constructions c ON c.id = w.construction_id
       JOIN users u ON u.uuid = $3 AND u.deleted_at IS NULL AND u.status = 'ACTIVE' AND NOT ${ACCOUNT_BLOCKED_SQL}
      WHERE f.uuid = $1 AND w.uuid = $2 AND w.deleted_at IS NULL
        AND ((u.user_type_id = $4 AND EXISTS (SELECT 1 FROM contractors k WHERE k.id = c.contractor_id AND k.user_id = u.id))
          OR (u.user_type_id = ANY($5::int[])
              AND w.community_id IN (SELECT id FROM (${USER_COMMUNITIES_SQL.replaceAll('$1', 'u.id')}) mine)))`,
    [link.fileUuid, link.workerUuid, link.userUuid, UserType.contractor, STAFF_TYPES],
  );
}
