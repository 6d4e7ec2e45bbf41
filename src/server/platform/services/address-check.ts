import { AppError } from '../../../shared/platform/errors.js';
import { COLONY_MESSAGE } from '../../../shared/platform/address-fields.schema.js';
import type { Queryable } from '../db/db.js';

export const COLONY_MISMATCH_MESSAGE = 'La colonia no corresponde al código postal.';

/** The chosen colony must exist and, when a postal code is sent, belong to it. */
export async function checkAddress(q: Queryable, idAddress: number, cp: string | null | undefined): Promise<number> {
  const row = await q.one<{ id: number; cp: string }>('SELECT id, cp FROM addresses WHERE id = $1', [idAddress]);
  if (!row) throw new AppError('invalid_request', COLONY_MESSAGE, { idAddress: COLONY_MESSAGE });
  if (cp && row.cp.trim() !== cp)
    throw new AppError('invalid_request', COLONY_MISMATCH_MESSAGE, { idAddress: COLONY_MISMATCH_MESSAGE });
  return row.id;
}
