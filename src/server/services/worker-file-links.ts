/**
 * Short-lived signed links to a worker's files (issue 14): the documents are private, so an
 * answer that shows a worker to someone allowed to see it (the community's administrators, the
 * contractor of the site) carries links that work for a few minutes and name one file of one
 * live worker. Nothing else reads the bytes: no guessable path exists.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../shared/errors.js';
import type { Queryable } from '../db/db.js';
import { signingKey } from './app-secrets.js';

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

/** A link to one file of one worker. */
export async function signFileLink(key: Uint8Array, fileUuid: string, workerUuid: string, now = Date.now()): Promise<string> {
  const token = await new SignJWT({ purpose: PURPOSE, wrk: workerUuid }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(fileUuid).setIssuedAt(Math.floor(now / 1000)).setExpirationTime(Math.floor(now / 1000) + WORKER_FILE_LINK_SECONDS).sign(key);
  return `${WORKER_FILE_PATH}${token}`;
}

/** The file and worker a link names: 410 once expired, 404 when forged. */
export async function readFileLink(key: Uint8Array, token: string): Promise<{ fileUuid: string; workerUuid: string }> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (payload.purpose !== PURPOSE || typeof payload.sub !== 'string' || typeof payload.wrk !== 'string') throw new AppError('not_found', FileLinkMessages.notFound);
    return { fileUuid: payload.sub, workerUuid: payload.wrk };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('gone', FileLinkMessages.expired);
    if (error instanceof AppError) throw error;
    throw new AppError('not_found', FileLinkMessages.notFound);
  }
}
