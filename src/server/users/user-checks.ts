import { AppError } from '../../shared/platform/errors.js';
import { UserMessages } from '../../shared/users/user.schema.js';
import type { Queryable } from '../platform/db/db.js';

/** 409 for a live duplicate, 410 when the email or code belongs to a deleted user. */
export const DuplicateMessages = {
  email: 'El correo ya existe',
  code: 'El código ya existe',
  emailGone: 'Correo no disponible',
  codeGone: 'Código no disponible',
} as const;

export const CP_MISMATCH = 'El código postal no corresponde a la colonia seleccionada.';

/** `field` prefixes the field keys (e.g. `0.` for the first user of a list). */
export async function assertEmailFree(q: Queryable, email: string, exceptUserId: number | null, field = '') {
  const row = await q.one<{ live: boolean }>(
    `SELECT (deleted_at IS NULL) AS live FROM users WHERE lower(email) = lower($1) AND id <> $2
      ORDER BY (deleted_at IS NULL) DESC LIMIT 1`,
    [email, exceptUserId ?? 0],
  );
  if (row?.live)
    throw new AppError('conflict', DuplicateMessages.email, { [`${field}email`]: DuplicateMessages.email });
  if (row) throw new AppError('gone', DuplicateMessages.emailGone, { [`${field}email`]: DuplicateMessages.emailGone });
}

/** Guard codes are unique within a community (case-insensitive). */
export async function assertCodeFree(
  q: Queryable,
  communityId: number,
  code: string,
  exceptUserId: number | null,
  field = '',
) {
  const row = await q.one<{ live: boolean }>(
    `SELECT (deleted_at IS NULL) AS live FROM users
      WHERE code_community_id = $1 AND lower(vigilant_code) = lower($2) AND id <> $3
      ORDER BY (deleted_at IS NULL) DESC LIMIT 1`,
    [communityId, code, exceptUserId ?? 0],
  );
  if (row?.live)
    throw new AppError('conflict', DuplicateMessages.code, { [`${field}vigilantCode`]: DuplicateMessages.code });
  if (row)
    throw new AppError('gone', DuplicateMessages.codeGone, { [`${field}vigilantCode`]: DuplicateMessages.codeGone });
}

/** The colony chosen after the postal-code lookup must exist and match the postal code sent. */
export async function assertAddress(q: Queryable, idAddress: number, cp: string | null, field = '') {
  const row = await q.one<{ cp: string }>('SELECT cp FROM addresses WHERE id = $1', [idAddress]);
  if (!row) throw new AppError('invalid_request', UserMessages.colony, { [`${field}idAddress`]: UserMessages.colony });
  if (cp !== null && row.cp !== cp) throw new AppError('invalid_request', CP_MISMATCH, { [`${field}cp`]: CP_MISMATCH });
}

/** A unique-index race lost to another request answers like the check: 409. */
export function duplicateError(error: unknown): AppError | null {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  const which = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (which.includes('users_code_live_idx')) return new AppError('conflict', DuplicateMessages.code);
  if (which.includes('users_email_live_idx')) return new AppError('conflict', DuplicateMessages.email);
  return null;
}

export async function administrativeResidentConfigured(q: Queryable, communityId: number | null): Promise<boolean> {
  if (communityId === null) return false;
  return !!(await q.one('SELECT 1 FROM administrative_residents WHERE community_id = $1', [communityId]));
}
