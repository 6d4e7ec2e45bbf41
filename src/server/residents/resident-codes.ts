/**
 * The registration code: single use, valid 15 minutes, its expiry carried
 * in a signed token (`testResidentRegistration.jwtToken`, HS256, `exp`). Issuing replaces a
 * pending code. The code is mailed to the resident; the resident app sends it back with the email
 * and a new password (`POST api/residents/register`), which makes the resident's account.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { AppError } from '../../shared/platform/errors.js';
import { UserType } from '../../shared/platform/roles.js';
import { communityScopeOf, NOW } from '../platform/db/community-scope.js';
import { REGISTRATION_CODE_TTL_MINUTES } from '../../shared/residents/resident-rules.js';
import type { Queryable } from '../platform/db/db.js';
import type { Mailer } from '../platform/services/mail.js';
import { revokeUserSessions } from '../platform/http/sessions.js';
import { signingKey } from '../platform/services/app-secrets.js';

/** No 0/O, 1/I/L: the code is read aloud and typed on a phone. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;

export const newCode = () => Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** This installation's signing key of registration codes (every process signs alike). */
export const codeSigningKey = (db: Queryable): Promise<Uint8Array> => signingKey(db, 'resident_code_jwt');

export interface IssuedCode {
  residentId: number;
  email: string;
  firstName: string;
  code: string;
  expiresAt: Date;
}

/**
 * Issues a fresh code to each resident (replacing a pending one), in one statement. The key comes
 * from `codeSigningKey(db)`, read before the caller's transaction opens.
 */
export async function issueCodes(
  key: Uint8Array,
  q: Queryable,
  residents: { id: number; uuid: string; email: string; firstName: string }[],
  now = Date.now(),
): Promise<IssuedCode[]> {
  if (!residents.length) return [];
  const expiresAt = new Date(now + REGISTRATION_CODE_TTL_MINUTES * 60_000);
  const issued = await Promise.all(
    residents.map(async (r) => ({
      residentId: r.id,
      email: r.email,
      firstName: r.firstName,
      code: newCode(),
      expiresAt,
      token: await new SignJWT({ purpose: 'resident-registration' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(r.uuid)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    })),
  );
  await q.query('DELETE FROM resident_codes WHERE resident_id = ANY($1::int[]) AND used_at IS NULL', [
    issued.map((c) => c.residentId),
  ]);
  await q.query(
    `INSERT INTO resident_codes (resident_id, code, jwt_token, expires_at)
     SELECT t.id, t.code, t.token, $4 FROM unnest($1::int[], $2::text[], $3::text[]) AS t(id, code, token)`,
    [issued.map((c) => c.residentId), issued.map((c) => c.code), issued.map((c) => c.token), expiresAt],
  );
  return issued.map(({ token: _token, ...code }) => code);
}

/** The resident who redeems a code, as the registration reads it. */
export interface RedeemingResident {
  id: number;
  community_id: number;
  first_name: string;
  last_name: string;
  user_id: number | null;
  status: string;
  useapp: boolean;
}

/**
 * The live resident an email names, locked, in whichever community it lives (a live resident's
 * email is unique across communities). Redeeming a code comes before any session: this lookup is
 * what finds the community (the route is `platform`); everything after it goes through that
 * community's scope (`communityScopeOf`).
 */
export function redeemingResident(q: Queryable, email: string): Promise<RedeemingResident | undefined> {
  return q.one<RedeemingResident>(
    `SELECT id, community_id, first_name, last_name, user_id, status, useapp FROM residents
      WHERE lower(email) = $1 AND deleted_at IS NULL FOR UPDATE`,
    [email],
  );
}

/** Whether the resident has a code issued and not used yet. */
export async function hasPendingCode(q: Queryable, residentId: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM resident_codes WHERE resident_id = $1 AND used_at IS NULL', [residentId]));
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type Redemption = 'registered' | 'invalid' | 'used' | 'expired';

/**
 * Redeems a code in the caller's transaction: the live resident the email names, with app use,
 * whose pending code matches (compared in constant time) and has not expired, gets its account
 * (a new resident account, or a returning resident's password set), the membership and the link in
 * its community; the code is consumed and the account's open sessions end. A staff account of the
 * same email answers 409 'Correo ya existente.'.
 */
export async function redeemCode(
  q: Queryable,
  body: { email: string; code: string },
  passwordHash: string,
): Promise<Redemption> {
  const resident = await redeemingResident(q, body.email);
  if (resident?.status !== 'ACTIVE' || !resident.useapp) return 'invalid';
  const code = await q.one<{ id: number; code: string; expired: boolean }>(
    'SELECT id, code, expires_at <= now() AS expired FROM resident_codes WHERE resident_id = $1 AND used_at IS NULL',
    [resident.id],
  );
  if (!code || !sameCode(code.code, body.code)) {
    const used = await q.one(
      'SELECT 1 FROM resident_codes WHERE resident_id = $1 AND used_at IS NOT NULL AND code = $2',
      [resident.id, body.code],
    );
    return used ? 'used' : 'invalid';
  }
  if (code.expired) return 'expired';
  const account = await q.one<{ id: number; user_type_id: number }>(
    'SELECT id, user_type_id FROM users WHERE lower(email) = $1 AND deleted_at IS NULL',
    [body.email],
  );
  if (account && account.user_type_id !== UserType.resident) throw new AppError('conflict', 'Correo ya existente.');
  const userId = account
    ? (await q.one<{ id: number }>(
        `UPDATE users SET password_hash = $2, status = 'ACTIVE', first_name = $3, last_name = $4, active_community_id = $5
          WHERE id = $1 RETURNING id`,
        [account.id, passwordHash, resident.first_name, resident.last_name, resident.community_id],
      ))!.id
    : (await q.one<{ id: number }>(
        `INSERT INTO users (email, first_name, last_name, password_hash, user_type_id, status, active_community_id)
         VALUES ($1, $2, $3, $4, $5, 'ACTIVE', $6) RETURNING id`,
        [body.email, resident.first_name, resident.last_name, passwordHash, UserType.resident, resident.community_id],
      ))!.id;
  // The resident's community, named by the email and its code: the membership and the link are written there.
  const community = communityScopeOf(q, resident.community_id);
  await community.insertRow('user_communities', { user_id: userId }, { ifAbsent: true });
  await community.update('residents', { id: resident.id }, { user_id: userId, updated_at: NOW });
  await q.query('UPDATE resident_codes SET used_at = now() WHERE id = $1', [code.id]);
  await revokeUserSessions(q, userId);
  return 'registered';
}

/** Drops a resident's pending code (app use turned off, resident disabled or deleted). */
export async function dropPendingCode(q: Queryable, residentId: number) {
  await q.query('DELETE FROM resident_codes WHERE resident_id = $1 AND used_at IS NULL', [residentId]);
}

export function codeMail(c: IssuedCode, communityName: string) {
  return {
    to: c.email,
    subject: 'Portón: tu código de registro',
    text:
      `Hola, ${c.firstName}.\n\nLa administración de ${communityName} te dio de alta en Portón.\n\n` +
      `Tu código de registro es: ${c.code}\n\nEscríbelo en la app de Portón con este correo y elige tu contraseña. ` +
      `Vence en ${REGISTRATION_CODE_TTL_MINUTES} minutos y sirve una sola vez; si vence, pide a la administración que te lo reenvíe.`,
  };
}

/** Mails the codes one after another; a failed mail is logged and does not stop the others. */
export async function mailCodes(
  mailer: Mailer,
  codes: IssuedCode[],
  communityName: string,
  log: (error: unknown) => void,
) {
  for (const c of codes) {
    try {
      await mailer.send(codeMail(c, communityName));
    } catch (error) {
      log(error);
    }
  }
}
