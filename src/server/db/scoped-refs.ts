import { AppError } from '../../shared/errors.js';
import type { Queryable } from './db.js';

/**
 * Checks that every referenced id (`idZone`, `idStreet`, ...) is a row of the caller's community;
 * an id of another community answers 404 like an id that does not exist.
 */
export async function assertInCommunity(
  q: Queryable, table: 'zones' | 'streets', communityId: number, ids: number[], message: string,
): Promise<void> {
  const wanted = [...new Set(ids)];
  const found = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE community_id = $1 AND id = ANY($2::int[])`, [communityId, wanted]);
  if ((found?.n ?? 0) !== wanted.length) throw new AppError('not_found', message);
}
