/**
 * The residents' Excel import end to end: the file checked by
 * content, the sheet checked whole before anything is created, then rows a batch at a time: each
 * batch validated, its emails checked, its licences counted under the community's lock and its
 * valid rows inserted in bulk in one transaction; between batches the event loop is let go.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { AppError } from '../../shared/platform/errors.js';
import {
  RESIDENT_IMPORT_HEADERS,
  type ImportDone,
  type ImportPartial,
} from '../../shared/residents/resident-import.js';
import { licenceLimitMessage } from '../../shared/residents/resident-rules.js';
import type { Db } from '../platform/db/db.js';
import { errorWorkbook, type FailedRow } from './resident-error-workbook.js';
import { checkXlsxFile } from './resident-import-file.js';
import { readWorkbook, rowBatches } from './resident-import-read.js';
import { ImportRowMessages, loadAddressBook, residentFromRow } from './resident-import-rows.js';
import { codeSigningKey, issueCodes, type IssuedCode } from './resident-codes.js';
import { insertResidents, lockLicences, takenEmails, type NewResident } from './resident-writes.js';

/**
 * Rows per transaction. PGlite runs in this thread, so a batch's statements hold the event loop:
 * smaller batches there keep other requests answered (lag p99 < 100 ms).
 */
export const importBatchRows = (db: Db) => (db.kind === 'pglite' ? 250 : 1000);
export const EMAIL_TAKEN_REASON = 'Correo ya existente.';

export type ImportResult = { kind: 'done'; answer: ImportDone } | { kind: 'partial'; answer: ImportPartial };

export const importedText = (created: number) =>
  created === 1 ? 'Se registró 1 residente.' : `Se registraron ${created} residentes.`;

/**
 * A large import changes the residents table faster than statistics follow (the embedded database
 * has no autovacuum): with stale ones the email check and the licence count walk every resident
 * instead of their index. Refreshed, as the tables' owner (`porton_analyze`), each time the rows
 * created double.
 */
async function refreshStatistics(db: Db, created: number): Promise<number> {
  for (const table of ['residents', 'resident_phones']) await db.query('SELECT porton_analyze($1)', [table]);
  return created;
}

/**
 * Imports `data` into the community. `onCodes` receives each committed batch's registration
 * codes (the caller mails them without blocking the answer).
 */
export async function importResidents(
  db: Db,
  communityId: number,
  data: Buffer,
  onCodes: (codes: IssuedCode[]) => void,
): Promise<ImportResult> {
  await checkXlsxFile(data);
  const rows = await readWorkbook(data);
  const room = await db.one<{ licences: number; used: number }>(
    `SELECT c.license_total AS licences, (SELECT count(*)::int FROM residents r WHERE r.community_id = c.id AND r.deleted_at IS NULL) AS used
       FROM communities c WHERE c.id = $1`,
    [communityId],
  );
  if (!room) throw new AppError('not_found', 'No tienes un fraccionamiento activo.');
  if (room.used >= room.licences) throw new AppError('conflict', licenceLimitMessage(room.licences));

  const key = await codeSigningKey(db); // before any transaction: PGlite has one connection
  const book = await loadAddressBook(db, communityId);
  const seen = new Set<string>();
  const failed: FailedRow[] = [];
  let created = 0;
  let analyzedAt = 500;

  for (const batch of rowBatches(rows, importBatchRows(db))) {
    const candidates: { number: number; cells: string[]; resident: NewResident }[] = [];
    const batchFailed: (FailedRow & { number: number })[] = [];
    for (const { number, cells } of batch) {
      const outcome = residentFromRow(cells, book, RESIDENT_IMPORT_HEADERS);
      if (!outcome.ok) batchFailed.push({ number, cells, reason: outcome.reason });
      else if (seen.has(outcome.resident.email))
        batchFailed.push({ number, cells, reason: ImportRowMessages.duplicate });
      else {
        seen.add(outcome.resident.email);
        candidates.push({ number, cells, resident: outcome.resident });
      }
    }
    if (candidates.length) {
      const { count, codes, refused } = await db.tx(async (q) => {
        const refused: typeof batchFailed = [];
        const taken = await takenEmails(
          q,
          candidates.map((c) => c.resident.email),
        );
        await yieldToLoop(); // PGlite runs statements in this thread: let other work in between them
        const limits = await lockLicences(q, communityId);
        let free = limits.licences - limits.used;
        const accepted: NewResident[] = [];
        for (const c of candidates) {
          if (taken.has(c.resident.email))
            refused.push({ number: c.number, cells: c.cells, reason: EMAIL_TAKEN_REASON });
          else if (free <= 0)
            refused.push({ number: c.number, cells: c.cells, reason: licenceLimitMessage(limits.licences) });
          else {
            free--;
            accepted.push(c.resident);
          }
        }
        const ids = await insertResidents(q, communityId, accepted, limits.club);
        await yieldToLoop();
        const withApp = ids.filter((_, i) => accepted[i].useapp);
        const uuids = withApp.length
          ? await q.query<{ id: number; uuid: string; email: string; firstName: string }>(
              'SELECT id, uuid, email, first_name AS "firstName" FROM residents WHERE id = ANY($1::int[])',
              [withApp],
            )
          : [];
        return { count: ids.length, codes: await issueCodes(key, q, uuids), refused };
      });
      batchFailed.push(...refused);
      created += count;
      if (created >= analyzedAt * 2) analyzedAt = await refreshStatistics(db, created);
      if (codes.length) onCodes(codes);
    }
    // Errores.xlsx keeps the sheet's order.
    for (const { cells, reason } of batchFailed.sort((a, b) => a.number - b.number)) failed.push({ cells, reason });
    await yieldToLoop(); // other requests are answered between batches
  }

  if (!failed.length) return { kind: 'done', answer: { description: importedText(created), created } };
  const file = (await errorWorkbook(failed)).toString('base64');
  const description = `${importedText(created)} ${failed.length === 1 ? '1 registro falló' : `${failed.length} registros fallaron`}: descarga el archivo para ver el motivo.`;
  return { kind: 'partial', answer: { description, created, failed: failed.length, file } };
}
