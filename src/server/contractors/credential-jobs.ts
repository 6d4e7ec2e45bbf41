/**
 * What the credentials of some workers need before any is drawn:
 * the workers within the caller's reach (another community's, or another contractor's: 404,
 * nothing drawn), all approved, their site, contractor and community,
 * and each worker's signed pass (kind 2, docs/features.md#passes): valid from the site's start date 00:00
 * to its end date 23:59:59, America/Mexico_City.
 */
import type { CredentialData } from '../../shared/contractors/credential-drawing.js';
import { AppError } from '../../shared/platform/errors.js';
import { EVENT_TIME_ZONE } from '../../shared/massive-events/massive-event-rules.js';
import { credentialRefusal, WorkerMessages } from '../../shared/contractors/worker-rules.js';
import type { Queryable } from '../platform/db/db.js';
import { issuePass, type PassKeys } from '../passes/passes.js';
import type { WorkerScope } from './worker-rows.js';

/** The site's window in Unix seconds, on `constructions c` (also read at the gate). */
export const SITE_WINDOW_SQL = `extract(epoch FROM (c.start_date::timestamp AT TIME ZONE '${EVENT_TIME_ZONE}'))::bigint AS "notBefore",
  extract(epoch FROM ((c.end_date + 1)::timestamp AT TIME ZONE '${EVENT_TIME_ZONE}'))::bigint - 1 AS "notAfter"`;

export interface CredentialJob {
  uuid: string;
  firstName: string;
  lastName: string;
  photoKey: string | null;
  pass: string;
  credential: Omit<CredentialData, 'photo' | 'qr'>;
}

interface Row {
  uuid: string;
  firstName: string;
  lastName: string;
  status: string;
  photoKey: string | null;
  contractorName: string;
  company: string;
  siteNumber: string;
  street: string;
  streetNumber: string;
  communityName: string;
  communityUuid: string;
  notBefore: string;
  notAfter: string;
}

/** The credentials of these workers, in the order asked (repeated uuids once). */
export async function credentialJobs(
  q: Queryable,
  keys: PassKeys,
  scope: WorkerScope,
  uuids: string[],
): Promise<CredentialJob[]> {
  const wanted = [...new Set(uuids.map((u) => u.toLowerCase()))];
  const rows = await q.query<Row>(
    `SELECT w.uuid::text AS uuid, w.first_name AS "firstName", w.last_name AS "lastName", w.status, f.storage_key AS "photoKey",
       k.first_name || ' ' || k.last_name AS "contractorName", k.enterprise AS company, c.street_number AS "siteNumber",
       s.name AS street, c.number AS "streetNumber", m.name AS "communityName", m.uuid::text AS "communityUuid", ${SITE_WINDOW_SQL}
     FROM construction_workers w JOIN constructions c ON c.id = w.construction_id JOIN contractors k ON k.id = c.contractor_id
       JOIN streets s ON s.id = c.street_id JOIN communities m ON m.id = w.community_id LEFT JOIN files f ON f.id = w.photo_file_id
     WHERE w.uuid = ANY($1::uuid[]) AND w.community_id = $2 AND w.deleted_at IS NULL AND ($3::int IS NULL OR c.contractor_id = $3)`,
    [wanted, scope.communityId, scope.contractorId],
  );
  if (rows.length !== wanted.length) throw new AppError('not_found', WorkerMessages.notFound);
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  return wanted.map((u) => {
    const r = byUuid.get(u)!;
    const refusal = credentialRefusal(r.status);
    if (refusal) throw new AppError('conflict', refusal);
    return {
      uuid: r.uuid,
      firstName: r.firstName,
      lastName: r.lastName,
      photoKey: r.photoKey,
      pass: issuePass(keys, {
        kind: 'workerCredential',
        community: r.communityUuid,
        subject: r.uuid,
        notBefore: Number(r.notBefore),
        notAfter: Number(r.notAfter),
      }),
      credential: {
        workerName: `${r.firstName} ${r.lastName}`.trim(),
        contractorName: r.contractorName,
        company: r.company,
        siteNumber: r.siteNumber,
        siteAddress: `${r.street} ${r.streetNumber}`.trim(),
        communityName: r.communityName,
      },
    };
  });
}
