import { AppError } from '../../../shared/platform/errors.js';

/** SQLSTATE of a database error (node-postgres and PGlite both expose `code`). */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export interface ConstraintMessages {
  /** Unique violation (23505): the name already exists in its scope. */
  duplicate?: string;
  /** Foreign-key violation (23503): the row is still referenced, e.g. on delete. */
  inUse?: string;
  /**
   * Row-level security refused a row (42501): the write reached a row of another community that
   * the route's own checks cannot see (e.g. a unique key taken there). Without this message it
   * answers 404, as any record of another community does (plugins/errors.ts).
   */
  otherCommunity?: string;
}

/**
 * Whether the database refused a row under row-level security ("new row violates row-level
 * security policy"): a write aimed at a row of another community. Not a missing grant, which is
 * the same SQLSTATE and stays a server error.
 */
export function isRowSecurityViolation(error: unknown): boolean {
  return (
    sqlState(error) === '42501' && /row-level security/i.test(String((error as { message?: unknown }).message ?? ''))
  );
}

/**
 * Runs a write and turns constraint violations into 409s with a Spanish description, so a race
 * between two requests answers the same as the check that lost it.
 */
export async function withConstraints<T>(messages: ConstraintMessages, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const state = sqlState(error);
    if (state === '23505' && messages.duplicate) throw new AppError('conflict', messages.duplicate);
    if (state === '23503' && messages.inUse) throw new AppError('conflict', messages.inUse);
    if (messages.otherCommunity && isRowSecurityViolation(error))
      throw new AppError('conflict', messages.otherCommunity);
    throw error;
  }
}
